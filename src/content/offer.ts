/**
 * Offers deskhand's tools to the browser's agent through WebMCP (issue 24 item 3), on the
 * console origins the agent or the admin listed (`settings.webmcp.offerOrigins`; off by default).
 * A tool registered from the isolated world is listed to the page too, so any page script may
 * call it: every call goes through THE registry under the `bridge` caller — reads run,
 * everything else is a dry run that changes nothing and stores no confirmation — and is audited
 * as such (session `webmcp`). The console's own declared tools are not offered back.
 */
import { DECLARED_DOMAIN } from '../tools/declared-name.ts';
import { toWire } from '../tools/wire.ts';
import { modelContextOf, OFFER_PREFIX } from '../dom/webmcp.ts';
import type { Host } from './host.ts';

export const WEBMCP_SESSION = 'webmcp';

/** Registers the offered tools when the setting says so, and withdraws them when it stops. */
export function offerTools(host: Host, doc: Document = document): { update(): void } {
  const mc = modelContextOf(doc);
  let offered: AbortController | null = null;
  const update = () => {
    const on = host.settings().webmcp.offerOrigins.includes(location.origin);
    if (!on || !mc?.registerTool) {
      offered?.abort();
      offered = null;
      return;
    }
    if (offered) return;
    offered = new AbortController();
    const registry = host.core.registry;
    const schemas = registry.toFunctionSchemas(host.ctx('bridge'));
    for (const info of registry.list(host.ctx('bridge'))) {
      if (!info.available || info.name.startsWith(`${DECLARED_DOMAIN}.`)) continue;
      const schema = schemas.find((f) => f.function.name === toWire(info.name));
      if (!schema) continue;
      const read = info.sideEffect === 'read';
      try {
        mc.registerTool(
          {
            name: `${OFFER_PREFIX}${toWire(info.name)}`,
            description: `${info.description}${read ? '' : ' Called from here it is a dry run: it reports what it would do and changes nothing; the support agent does it in deskhand.'}`,
            inputSchema: schema.function.parameters,
            annotations: { readOnlyHint: read, ...(info.sideEffect === 'send' || info.risk === 'high' || info.risk === 'critical' ? { destructiveHint: true } : {}) },
            execute: async (input) => {
              const result = await registry.invoke(info.name, input ?? {}, host.ctx('bridge', { sessionId: WEBMCP_SESSION, traceId: crypto.randomUUID() }));
              return { content: [{ type: 'text', text: JSON.stringify(result) }] };
            },
          },
          { signal: offered.signal },
        );
      } catch {
        // A name the page already took: that tool is not offered.
      }
    }
  };
  return { update };
}
