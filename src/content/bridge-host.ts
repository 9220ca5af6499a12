/**
 * The isolated-world end of the developer bridge, in the kit (bridge-listen.ts is the eager
 * listener that hands requests here). Every message is page input: only
 * `event.source === window` from this origin (bridge-listen.ts), a validated request shape (anything that
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
import { BRIDGE_TAG as TAG } from './bridge-listen.ts';

const BridgeRequest = z.lazy(() => z.strictObject({
  tag: z.literal(TAG),
  kind: z.literal('request'),
  id: z.string().check(z.regex(/^[0-9a-f]{8,64}$/)),
  op: z.enum(['list', 'invoke', 'runPlan']),
  name: z.optional(z.string().check(z.maxLength(100))),
  input: z.optional(z.unknown()),
}));

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

/** The bridge host's own refusals (off, rate-limited, malformed): nothing reached a tool. */
function err(code: string, type: ToolError['type'], detail: string, suggestion: string, retryable = false): ToolResult {
  return { status: 'refused', error: toolError(errorSpec(type, code, detail, suggestion, { retryable }), '') };
}

/** Takes the requests bridge-listen.ts let through: parsed in full, rate-limited, answered by postMessage. */
export function bridgeHandler(host: Host): (data: unknown) => void {
  const bucket = new TokenBucket();
  const origin = location.origin;
  const reply = (id: string, result: unknown) => window.postMessage({ tag: TAG, kind: 'reply', id, result }, origin);
  return (data: unknown) => {
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
