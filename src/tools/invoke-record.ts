/**
 * How one invoke becomes its audit record (DESIGN.md "Audit"): the result's status, masked
 * input, a short summary. Unvalidated input is logged only when it is small plain data.
 */
import { auditRecord, sanitiseInput, summarise, type AuditRecord, type AuditStatus } from './audit.ts';
import type { InvokeCtx, ToolResult } from './types.ts';
import { checkShape } from './validate.ts';
import type { StoredTool } from './vault.ts';

export interface Invoked {
  result: ToolResult;
  /** The result's JSON text, when already computed (the summary reuses it). */
  text?: string;
  tool?: StoredTool | undefined;
  /** The validated input, when validation passed. */
  input?: Record<string, unknown>;
}

export function invokeRecord(name: string, input: unknown, ctx: InvokeCtx, traceId: string, durationMs: number, o: Invoked): AuditRecord {
  const r = o.result;
  const error = 'error' in r ? r.error : undefined;
  const call = r.status === 'needs_confirmation' ? r.call : undefined;
  return auditRecord({
    kind: 'invoke',
    traceId,
    toolCallId: ctx.toolCallId ?? traceId,
    tool: String(name).slice(0, 100),
    caller: ctx.caller,
    ctx: { sessionId: ctx.sessionId ?? null, model: ctx.model ?? null },
    input: sanitiseInput(o.input ?? safeInput(input), o.tool?.sensitiveFields),
    sideEffect: o.tool?.sideEffect ?? null,
    risk: o.tool?.risk ?? null,
    status: statusOf(r),
    errorCode: error?.code ?? null,
    summary: error ? error.detail : call ? `prepared ${call.actionId}` : summarise(o.text ?? ('data' in r ? r.data : '')),
    durationMs,
    dryRun: r.status === 'dry_run',
    actionId: call?.actionId ?? null,
  });
}

function statusOf(r: ToolResult): AuditStatus {
  return 'error' in r && r.error.type === 'cancelled' ? 'cancelled' : r.status;
}

function safeInput(input: unknown): unknown {
  if (checkShape(input ?? {}) !== null) return '[refused input not logged]';
  return input ?? {};
}
