/**
 * The isolated-world end of the developer bridge. Every message is page input: only
 * `event.source === window` from this origin, a validated request shape (anything that
 * claims to be a reply, a confirmation or the side panel is ignored), a token bucket, and
 * the `bridge` caller, so reads run and everything else is a dry run. No bridge call can
 * create a pending confirmation, reach delivery, or start a model request.
 */
import { z } from '../tools/zod.ts';
import { uiLang } from '../ui/i18n.ts';
import { toolSource } from '../page/sources.ts';
import { toolRow } from '../ui/tool-rows.ts';
import { plans } from '../plans/index.ts';
import { runPlan } from '../tools/plan.ts';
import { errorSpec, toolError } from '../tools/errors.ts';
import type { ToolError, ToolResult } from '../tools/types.ts';
import type { Host } from './host.ts';

const TAG = 'deskhand/bridge/v1';

const BridgeRequest = z.strictObject({
  tag: z.literal(TAG),
  kind: z.literal('request'),
  id: z.string().check(z.regex(/^[0-9a-f]{8,64}$/)),
  op: z.enum(['list', 'invoke', 'runPlan']),
  name: z.optional(z.string().check(z.maxLength(100))),
  input: z.optional(z.unknown()),
});

/** 50 calls at once, then 100 a second: a DevTools loop is fine, a flood is refused cheaply. */
export class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly capacity = 50,
    private readonly perSecond = 100,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = capacity;
    this.last = now();
  }
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

function isRequestLike(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { tag?: unknown }).tag === TAG && (data as { kind?: unknown }).kind === 'request';
}

/** The bridge host's own refusals (off, rate-limited, malformed): nothing reached a tool. */
function err(code: string, type: ToolError['type'], detail: string, suggestion: string, retryable = false): ToolResult {
  return { status: 'refused', error: toolError(errorSpec(type, code, detail, suggestion, { retryable }), '') };
}

export function installBridgeHost(host: Host, enabledHere: () => boolean): () => void {
  const bucket = new TokenBucket();
  // A document's origin never changes; reading location from the isolated world costs per read.
  const origin = location.origin;
  const reply = (id: string, result: unknown) => window.postMessage({ tag: TAG, kind: 'reply', id, result }, origin);
  const onMessage = (e: MessageEvent) => {
    // Off: behave as if nothing listens, before touching e.data (reading it deserialises the
    // message in this world, a cost every message of the page would pay).
    if (e.source !== window || e.origin !== origin || !enabledHere()) return;
    const data: unknown = e.data;
    // Every message in the window comes here, our own replies too: what cannot be a request is
    // dropped before zod (a failing parse builds an error with its messages). Requests are
    // still parsed in full.
    if (!isRequestLike(data)) return;
    const parsed = BridgeRequest.safeParse(data);
    if (!parsed.success) return; // replies, confirmations, panel messages, noise: not ours to answer
    const req = parsed.data;
    if (!bucket.take()) {
      reply(req.id, err('RATE_LIMITED', 'unavailable', 'Too many bridge calls; this one was not run.', 'Slow down (about 100 calls a second) and try again.', true));
      return;
    }
    void handle(host, req).then(
      (result) => reply(req.id, result),
      (e2: unknown) => reply(req.id, err('BRIDGE_FAILED', 'internal', String(e2), 'Report this.')),
    );
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

async function handle(host: Host, req: z.infer<typeof BridgeRequest>): Promise<unknown> {
  const ctx = host.ctx('bridge');
  switch (req.op) {
    case 'list': {
      // Each row says where its capability comes from here: the console profile or the heuristics.
      const s = host.model.current();
      return { status: 'done', tools: host.core.registry.list(ctx).map((t) => toolRow(t, toolSource(t.name, s))) };
    }
    case 'invoke':
      return host.core.registry.invoke(String(req.name ?? ''), req.input, ctx);
    case 'runPlan': {
      const all = plans(uiLang, () => host.model.current());
      const plan = all[String(req.name ?? '')];
      if (!plan) return err('UNKNOWN_PLAN', 'not_found', `There is no plan named "${String(req.name ?? '').slice(0, 60)}".`, `Plans here: ${Object.keys(all).join(', ')}.`);
      // Caller `bridge`: read steps run, other steps are planned, no generator is passed.
      return runPlan(plan, req.input, { registry: host.core.registry, ctx });
    }
  }
}
