/**
 * Executes an approved prepared call: the only code that calls a send tool's `deliver`
 * or runs a high-risk write. It is reached from the confirmation path (service worker ->
 * content script after a person confirmed in the side panel), never from `invoke`.
 *
 * Before acting it re-checks everything it can: the fingerprint recomputed from the call,
 * the input against the tool's schema, the tool's grade in code, and — by re-reading the
 * page — that the record is still the one the person saw (seed 004: 确认前后仍要校验).
 */
import { z } from './zod.ts';
import { errorSpec, failWith, fromThrown, toolError, type ErrorSpec } from './errors.ts';
import { unclearOutcome } from './policy.ts';
import { recomputeFingerprint } from './prepared.ts';
import { recordDrift } from './card.ts';
import { badStoredInput, noDelivery, outcomeUnknown } from './refusals.ts';
import { previewOf, type DeliveryVault, type Registry, type StoredTool } from './registry.ts';
import { runWithDeadline } from './timeout.ts';
import type { PreparedCall, RunCtx, RunResult, ToolError } from './types.ts';

/** What happened when an approved call was carried out (DESIGN.md outcomes). */
export type ExecOutcome =
  | { status: 'executed'; data: unknown }
  | { status: 'failed'; error: ToolError }
  | { status: 'uncertain'; error: ToolError };

export interface ExecuteOptions {
  approvedBy: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export class Executor {
  constructor(
    private readonly registry: Registry,
    private readonly vault: DeliveryVault,
  ) {}

  async execute(call: PreparedCall, opts: ExecuteOptions): Promise<ExecOutcome> {
    const failed = (spec: ErrorSpec): ExecOutcome => ({ status: 'failed', error: { ...spec, traceId: call.traceId } });
    const tool = this.registry.definition(call.tool);
    const refusal = tool ? await this.refusal(tool, call) : call.definition !== undefined ? toolGone(call.tool) : noDelivery(call.tool);
    if (refusal) return failed(refusal);
    const t = tool!;
    const parsed = z.safeParse(t.prepared ?? t.input, call.input);
    if (!parsed.success) return failed(badStoredInput(call.tool));
    const input = parsed.data;
    const timed = await runWithDeadline(
      async (abort) => {
        const ctx: RunCtx = { caller: call.caller, facets: null, traceId: call.traceId, signal: abort.signal };
        const changed = await this.recordChanged(t, input, call, ctx);
        if (changed) return { ...failWith(changed), touched: false };
        const res = await this.act(t, input, call, ctx);
        return { ...res, touched: true };
      },
      opts.timeoutMs ?? t.timeoutMs ?? 15_000,
      opts.signal,
    );
    return classify(call, timed);
  }

  private async refusal(tool: StoredTool, call: PreparedCall): Promise<ErrorSpec | null> {
    if (tool.sideEffect !== call.sideEffect || tool.risk !== call.risk || (tool.requiredRole ?? undefined) !== call.requiredRole) {
      return errorSpec('failed', 'POLICY_CHANGED', `${call.tool} is no longer graded as when this action was prepared.`, 'Nothing was done. Start the action again.');
    }
    // A page-declared tool that the page re-declared or changed since this was prepared is not
    // the tool the person was shown: its code may now do something else.
    if ((tool.declared?.definition ?? undefined) !== call.definition) {
      return errorSpec('failed', 'TOOL_CHANGED', `The console changed or removed its tool ${call.tool} after this action was prepared.`, 'Nothing was done. Start the action again.');
    }
    if ((await recomputeFingerprint(call)) !== call.fingerprint) {
      return errorSpec('failed', 'FINGERPRINT_MISMATCH', 'The stored action does not match its fingerprint.', 'Nothing was done. Start the action again.');
    }
    return null;
  }

  /** Re-reads the page: is this still the conversation/record the person approved? */
  private async recordChanged(
    tool: StoredTool,
    input: unknown,
    call: PreparedCall,
    ctx: RunCtx,
  ): Promise<ErrorSpec | null> {
    // Only calls whose preview named a record are bound to one.
    if (!call.binding.recordId) return null;
    const preview = await previewOf(tool, input, ctx);
    // The tool itself will not do it on this page now (its control is another job's): say that, not "another record".
    if (preview.status !== 'done' && preview.error.type === 'forbidden') return preview.error;
    const now = preview.status === 'done' ? preview.data.recordId : undefined;
    const drift = preview.status === 'done' ? recordDrift(call.provenance, preview.data.provenance ?? []) : null;
    if (now === call.binding.recordId && !drift) return null;
    if (drift && now === call.binding.recordId) {
      return errorSpec(
        'failed',
        'RECORD_CHANGED',
        `The page's ${drift.source} now names ${drift.now ? `"${drift.now}"` : 'no record'}, not "${drift.was ?? call.binding.recordId}" as when this was approved.`,
        'Nothing was done. Open the right conversation and start the action again.',
        { params: { record: call.binding.recordId, ...(drift.now ? { now: drift.now } : {}) } },
      );
    }
    return errorSpec(
      'failed',
      'RECORD_CHANGED',
      `The console now shows ${now ? `"${now}"` : 'no matching record'}, not "${call.binding.recordId}" that was approved.`,
      'Nothing was done. Open the right conversation and start the action again.',
      { params: { record: call.binding.recordId, ...(now ? { now } : {}) } },
    );
  }

  private act(tool: StoredTool, input: unknown, call: PreparedCall, ctx: RunCtx): Promise<RunResult<unknown>> {
    if (tool.sideEffect === 'send') {
      const deliver = this.vault.get(tool.name);
      if (!deliver) return Promise.resolve(failWith(noDelivery(tool.name)));
      return deliver(input as never, call, ctx);
    }
    return (tool.run as (i: unknown, c: RunCtx) => Promise<RunResult<unknown>>)(input, ctx);
  }
}

const toolGone = (name: string): ErrorSpec =>
  errorSpec('failed', 'TOOL_CHANGED', `The console no longer declares the tool ${name}.`, 'Nothing was done. Start the action again.');

type Timed = Awaited<ReturnType<typeof runWithDeadline<RunResult<unknown> & { touched: boolean }>>>;

/**
 * A clear refusal from the console is `failed`. A timeout, a throw or a retryable error
 * after the tool started acting is `uncertain`: the action may have happened, so it is
 * never retried blindly (seed 004: EXECUTION_UNCERTAIN).
 */
function classify(call: PreparedCall, timed: Timed): ExecOutcome {
  const traceId = call.traceId;
  switch (timed.kind) {
    case 'done': {
      const r = timed.value;
      if (r.status === 'done') return { status: 'executed', data: r.data };
      const error = { ...r.error, traceId };
      if (r.touched && (r.error.retryable || r.error.type === 'uncertain' || r.error.type === 'timeout')) {
        // Risk decides how an unclear failure is classified; a send is seen outside at once.
        if (unclearOutcome(call.sideEffect, call.risk) === 'failed') {
          return { status: 'failed', error: { ...error, type: 'failed', retryable: false, suggestion: `${error.suggestion} Low-risk: look at the console and redo it by hand if needed.` } };
        }
        return { status: 'uncertain', error: { ...error, type: 'uncertain', retryable: false } };
      }
      return { status: 'failed', error };
    }
    case 'threw':
      return { status: 'uncertain', error: { ...fromThrown(timed.error), type: 'uncertain', traceId } };
    case 'timeout':
      return { status: 'uncertain', error: toolError(outcomeUnknown(call.title, 'did not report back in time'), traceId) };
    case 'cancelled':
      return { status: 'uncertain', error: toolError(outcomeUnknown(call.title, 'was interrupted'), traceId) };
  }
}
