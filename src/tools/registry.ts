/**
 * THE registry: every caller (hotkey, ui, plan, llm, bridge) goes through `invoke`, and
 * every gate of DESIGN.md "Gates" lives here. `invoke` never throws.
 *
 * Send tools' delivery functions are moved into a vault at registration; this module never
 * calls them (only the executor does, after a person confirmed in the side panel).
 */
import { z } from './zod.ts';
import { isoNow, RingAuditSink, sanitiseInput, summarise, type AuditRecord, type AuditSink, type AuditStatus } from './audit.ts';
import { CircuitBreaker } from './breaker.ts';
import { clipResult, DEFAULT_CLIP_CHARS } from './clip.ts';
import { fromThrown, toolError, type ErrorSpec } from './errors.ts';
import { decide, needsConfirmation, unclearOutcome, type PolicyOptions } from './policy.ts';
import { inputJsonSchema } from './input-schema.ts';
import { prepareCall } from './prepared.ts';
import { runWithDeadline, type LazyAbort } from './timeout.ts';
import { traceIds } from './trace-id.ts';
import {
  FACETS,
  RISKS,
  type DryRunReport,
  type FunctionSchema,
  type InvokeCtx,
  type PolicyDecision,
  type PreparedCall,
  type ReadTool,
  type RunCtx,
  type RunResult,
  type SendTool,
  type Tool,
  type ToolError,
  type ToolInfo,
  type ToolInput,
  type ToolPreview,
  type ToolResult,
  type WriteTool,
} from './types.ts';
import { checkShape, DEFAULT_CAPS, fieldIssues, isStrictObject, type InputCaps } from './validate.ts';
import { fromWire, nameProblem, toWire } from './wire.ts';

export class RegistrationError extends Error {
  override name = 'RegistrationError';
}

/** A tool as the registry keeps it: a send tool without its delivery function. */
export type StoredTool = ReadTool | WriteTool | Omit<SendTool, 'deliver'>;
export type DeliverFn = SendTool['deliver'];

/** Holds delivery functions apart from the registry; only the executor reads it. */
export class DeliveryVault {
  private readonly fns = new Map<string, DeliverFn>();
  put(name: string, fn: DeliverFn): void {
    this.fns.set(name, fn);
  }
  get(name: string): DeliverFn | undefined {
    return this.fns.get(name);
  }
}

export interface RegistryOptions {
  now?: () => number;
  newId?: () => string;
  clipChars?: number;
  caps?: InputCaps;
  defaultTimeoutMs?: number;
  breaker?: { threshold: number; coolDownMs: number };
  audit?: AuditSink;
  /** Read at every call: settings may change while the page is open. */
  policy?: () => PolicyOptions;
  /** Stores a prepared call (the ledger). If it fails, no confirmation is reported. */
  onPrepared?: (call: PreparedCall) => Promise<void>;
}

export type Availability = { ok: true } | { ok: false; code: 'FEATURE_OFF' | 'WRONG_PAGE'; reason: string };

const DEFAULT_TIMEOUT_MS = 10_000;

export class Registry {
  private readonly tools = new Map<string, StoredTool>();
  private readonly breaker: CircuitBreaker;
  private readonly now: () => number;
  private readonly newId: () => string;
  readonly audit: AuditSink;

  constructor(
    private readonly opts: RegistryOptions = {},
    private readonly vault: DeliveryVault = new DeliveryVault(),
  ) {
    this.now = opts.now ?? Date.now;
    this.newId = opts.newId ?? traceIds();
    this.audit = opts.audit ?? new RingAuditSink();
    this.breaker = new CircuitBreaker({ threshold: 3, coolDownMs: 30_000, ...opts.breaker, now: this.now });
  }

  // ---------------------------------------------------------------- registration

  register<S extends ToolInput, O>(def: Tool<S, O>): void {
    const tool = def as Tool;
    const problem = definitionProblem(tool, this.tools);
    if (problem) throw new RegistrationError(`Cannot register "${String(tool?.name)}": ${problem}`);
    if (tool.sideEffect === 'send') {
      const { deliver, ...rest } = tool;
      this.vault.put(tool.name, deliver);
      this.tools.set(tool.name, Object.freeze(rest));
    } else {
      this.tools.set(tool.name, Object.freeze({ ...tool }));
    }
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** The definition (never a delivery function). For the executor and for tests. */
  definition(name: string): StoredTool | undefined {
    return this.tools.get(name);
  }

  // ---------------------------------------------------------------- discovery

  isAvailable(tool: StoredTool | string, ctx: InvokeCtx): Availability {
    const t = typeof tool === 'string' ? this.tools.get(tool) : tool;
    if (!t) return { ok: false, code: 'WRONG_PAGE', reason: 'No such tool.' };
    if (t.featureFlag && ctx.features[t.featureFlag] !== true) {
      return { ok: false, code: 'FEATURE_OFF', reason: `The feature "${t.featureFlag}" is turned off in settings.` };
    }
    // Null facets = unknown page (or an iframe): never blocks. Wrapping must not tighten.
    if (t.facets && ctx.facets !== null && !t.facets.some((f) => ctx.facets!.includes(f))) {
      return {
        ok: false,
        code: 'WRONG_PAGE',
        reason: `Needs a page with ${t.facets.join(' or ')}; this page has ${ctx.facets.join(', ') || 'none of them'}.`,
      };
    }
    return { ok: true };
  }

  /** Tools this caller can see. Feature-off tools are hidden; the model sees reads only. */
  list(ctx: InvokeCtx): ToolInfo[] {
    const out: ToolInfo[] = [];
    for (const t of this.tools.values()) {
      const policy = decide(ctx.caller, t.sideEffect, t.risk, this.policyOpts());
      if (policy === 'forbidden') continue;
      const avail = this.isAvailable(t, ctx);
      if (!avail.ok && avail.code === 'FEATURE_OFF') continue;
      out.push({
        name: t.name,
        title: t.title,
        description: t.description,
        domain: t.name.split('.')[0]!,
        sideEffect: t.sideEffect,
        risk: t.risk ?? null,
        requiredRole: t.requiredRole ?? null,
        available: avail.ok,
        reason: avail.ok ? policyNote(policy) : avail.reason,
        policy,
      });
    }
    return out;
  }

  /** OpenAI `tools`: wire names, descriptions, JSON Schema from zod. For `llm`: available reads. */
  toFunctionSchemas(ctx: InvokeCtx): FunctionSchema[] {
    return this.list(ctx)
      .filter((info) => info.available && (ctx.caller !== 'llm' || info.sideEffect === 'read'))
      .map((info) => {
        const t = this.tools.get(info.name)!;
        return { type: 'function', function: { name: toWire(t.name), description: t.description, parameters: inputJsonSchema(t.name, t.input) } };
      });
  }

  // ---------------------------------------------------------------- invoke

  async invoke(name: string, input: unknown, ctx: InvokeCtx): Promise<ToolResult> {
    const started = this.now();
    const traceId = ctx.traceId ?? this.newId();
    try {
      const outcome = await this.gateAndRun(name, input, ctx, traceId);
      this.finish(name, input, ctx, traceId, started, outcome);
      return outcome.result;
    } catch (e) {
      // Defence in depth: nothing above should throw, but invoke must not.
      const result: ToolResult = { ok: false, error: toolError(fromThrown(e), traceId) };
      this.finish(name, input, ctx, traceId, started, { result, tool: this.tools.get(name) });
      return result;
    }
  }

  private async gateAndRun(name: string, input: unknown, ctx: InvokeCtx, traceId: string): Promise<Outcome> {
    const tool = this.tools.get(name);
    const err = (spec: ErrorSpec): Outcome => ({ result: { ok: false, error: toolError(spec, traceId) }, tool });
    if (!tool) return err(this.unknownName(name, ctx));
    const avail = this.isAvailable(tool, ctx);
    if (!avail.ok) return err(unavailable(avail));
    const policy = decide(ctx.caller, tool.sideEffect, tool.risk, this.policyOpts());
    if (policy === 'forbidden') return err(this.forbidden(tool, ctx));
    const blocked = this.breaker.blockedFor(name);
    if (blocked > 0) return err(circuitOpen(name, blocked));
    const parsed = this.validate(tool, input);
    if (!parsed.ok) return err(parsed.error);
    const runCtx = (abort: LazyAbort): RunCtx => new ToolRunCtx(ctx.caller, ctx.facets, traceId, abort);
    const timeoutMs = tool.timeoutMs ?? this.opts.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timed = await runWithDeadline(
      (abort) => this.dispatch(tool, policy, parsed.data, ctx, runCtx(abort), traceId),
      timeoutMs,
      ctx.signal,
    );
    switch (timed.kind) {
      case 'done':
        return { ...timed.value, tool, input: parsed.data };
      case 'threw':
        return err(fromThrown(timed.error));
      case 'timeout':
        // A write that timed out may have happened: from MEDIUM up that is uncertain, not retryable.
        if (unclearOutcome(tool.sideEffect, tool.risk) === 'uncertain') return { ...err(uncertainTimeout(name, timeoutMs)), breaker: 'retryable_failure' };
        return { ...err(timeoutError(name, timeoutMs)), breaker: 'retryable_failure' };
      case 'cancelled':
        return err(cancelledError(name));
    }
  }

  private validate(
    tool: StoredTool,
    input: unknown,
  ): { ok: true; data: Record<string, unknown> } | { ok: false; error: ErrorSpec } {
    const value = input === undefined ? {} : input;
    const shape = checkShape(value, this.opts.caps ?? DEFAULT_CAPS);
    if (shape) {
      return {
        ok: false,
        error: {
          type: 'validation',
          code: shape.code,
          detail: shape.detail,
          suggestion: 'Send a small JSON object with only the fields the tool declares.',
          retryable: false,
        },
      };
    }
    const parsed = z.safeParse(tool.input, value);
    if (parsed.success) return { ok: true, data: parsed.data as Record<string, unknown> };
    const fields = fieldIssues(parsed.error, Object.keys(tool.input._zod.def.shape));
    return {
      ok: false,
      error: {
        type: 'validation',
        code: 'INVALID_INPUT',
        detail: `Input for ${tool.name} is not valid: ${fields.map((f) => `${f.path || '(input)'}: ${f.message}`).join('; ')}`,
        suggestion: 'Fix the fields listed in `fields` and call again.',
        retryable: false,
        fields,
      },
    };
  }

  /** Not async on purpose: returning the inner promise saves microtask hops per invoke. */
  private dispatch(
    tool: StoredTool,
    policy: PolicyDecision,
    input: Record<string, unknown>,
    ctx: InvokeCtx,
    runCtx: RunCtx,
    traceId: string,
  ): Promise<Outcome> {
    if (policy === 'run') return this.runTool(tool, input, runCtx);
    return this.confirmOrDryRun(tool, policy, input, ctx, runCtx, traceId);
  }

  private async confirmOrDryRun(
    tool: StoredTool,
    policy: PolicyDecision,
    input: Record<string, unknown>,
    ctx: InvokeCtx,
    runCtx: RunCtx,
    traceId: string,
  ): Promise<Outcome> {
    const preview = await previewOf(tool, input, runCtx);
    if (!preview.ok) return { result: { ok: false, error: toolError(preview.error, traceId) }, breaker: breakerOutcome(preview.error) };
    const confirmable = needsConfirmation(tool.sideEffect, tool.risk);
    const prepared = confirmable ? await this.prepare(tool, input, ctx, preview.data, traceId) : undefined;
    if (policy === 'dry_run') {
      const report: DryRunReport = {
        dryRun: true,
        tool: tool.name,
        wouldRun: confirmable ? 'confirm' : 'run',
        input,
        preview: preview.data,
        ...(prepared ? { prepared } : {}),
      };
      return { result: { ok: true, dryRun: true, data: report } };
    }
    const call = prepared!;
    if (this.opts.onPrepared) {
      try {
        await this.opts.onPrepared(call);
      } catch (e) {
        const spec: ErrorSpec = {
          type: 'unavailable',
          code: 'CONFIRMATION_NOT_STORED',
          detail: `The confirmation for ${tool.name} could not be stored: ${e instanceof Error ? e.message : String(e)}`,
          suggestion: 'Nothing was done. Reload the console tab and try again.',
          retryable: true,
        };
        return { result: { ok: false, error: toolError(spec, traceId) } };
      }
    }
    return { result: { ok: false, requiresConfirm: true, confirmPayload: call } };
  }

  private async runTool(tool: StoredTool, input: Record<string, unknown>, runCtx: RunCtx): Promise<Outcome> {
    const run = tool.run as (i: unknown, c: RunCtx) => Promise<RunResult<unknown>>;
    const res = await run(input, runCtx);
    if (!res.ok) {
      return { result: { ok: false, error: toolError(res.error, runCtx.traceId) }, breaker: breakerOutcome(res.error) };
    }
    const projected = tool.project ? (tool.project as (d: unknown, i: unknown) => unknown)(res.data, input) : res.data;
    const clipped = clipResult(projected, this.opts.clipChars ?? DEFAULT_CLIP_CHARS);
    const result: ToolResult = clipped.truncated
      ? { ok: true, data: clipped.value, truncated: clipped.truncated }
      : { ok: true, data: clipped.value };
    return { result, breaker: 'success', ...(clipped.text !== undefined ? { text: clipped.text } : {}) };
  }

  private prepare(
    tool: StoredTool,
    input: Record<string, unknown>,
    ctx: InvokeCtx,
    preview: ToolPreview,
    traceId: string,
  ): Promise<PreparedCall> {
    return prepareCall({
      tool: tool.name,
      title: tool.title,
      sideEffect: tool.sideEffect,
      risk: tool.risk!,
      ...(tool.requiredRole ? { requiredRole: tool.requiredRole } : {}),
      ...(tool.sensitiveFields ? { sensitiveFields: tool.sensitiveFields } : {}),
      input,
      caller: ctx.caller,
      binding: { ...ctx.binding, ...(preview.recordId ? { recordId: preview.recordId } : {}) },
      // The card shows the input and these page values (with their sources), nothing else.
      ...(preview.provenance ? { provenance: preview.provenance } : {}),
      traceId,
      now: this.now(),
    });
  }

  // ---------------------------------------------------------------- refusals

  private callableNames(ctx: InvokeCtx): string[] {
    return this.list(ctx)
      .filter((t) => t.available)
      .map((t) => t.name);
  }

  private unknownName(name: string, ctx: InvokeCtx): ErrorSpec {
    const names = this.callableNames(ctx);
    const dotted = fromWire(String(name));
    const hint = dotted !== name && this.tools.has(dotted) ? ` Did you mean "${dotted}"?` : '';
    return {
      type: 'not_found',
      code: 'UNKNOWN_TOOL',
      detail: `There is no tool named "${String(name).slice(0, 80)}".${hint}`,
      suggestion: `Use one of: ${names.join(', ')}.`,
      retryable: false,
    };
  }

  private forbidden(tool: StoredTool, ctx: InvokeCtx): ErrorSpec {
    const reads = this.callableNames(ctx);
    return {
      type: 'forbidden',
      code: 'NOT_ALLOWED_FOR_CALLER',
      detail: `${tool.name} is a ${tool.sideEffect} tool; the ${ctx.caller} caller may only use read tools.`,
      suggestion: `Read tools you may use: ${reads.join(', ')}. Tell the agent what you would do instead; a person acts through the console or a hotkey.`,
      retryable: false,
    };
  }

  // ---------------------------------------------------------------- bookkeeping

  private policyOpts(): PolicyOptions {
    return this.opts.policy?.() ?? {};
  }

  private finish(name: string, input: unknown, ctx: InvokeCtx, traceId: string, started: number, o: Outcome): void {
    if (o.breaker && o.tool) this.breaker.record(o.tool.name, o.breaker);
    const record = auditRecord(name, o.input ?? input, ctx, traceId, this.now() - started, o);
    try {
      const pending = this.audit.write(record);
      if (pending) pending.catch(() => {});
    } catch {
      // A broken audit sink must not turn a result into a throw.
    }
  }
}

/**
 * What a tool would touch, without touching it (dry runs, prepared calls, and the executor's
 * re-read before acting). A send tool's `run` is exactly that: it only prepares.
 */
export async function previewOf(tool: StoredTool, input: unknown, ctx: RunCtx): Promise<RunResult<ToolPreview>> {
  if (tool.sideEffect === 'send') {
    return (tool.run as (i: unknown, c: RunCtx) => Promise<RunResult<ToolPreview>>)(input, ctx);
  }
  if (!tool.preview) return { ok: true, data: { display: input as Record<string, unknown> } };
  const preview = tool.preview as (i: unknown, c: RunCtx) => Promise<ToolPreview>;
  return { ok: true, data: await preview(input, ctx) };
}

/** What `run` gets. A class, not a literal with a getter: cheaper to create on every invoke. */
class ToolRunCtx implements RunCtx {
  constructor(
    readonly caller: RunCtx['caller'],
    readonly facets: RunCtx['facets'],
    readonly traceId: string,
    private readonly abort: LazyAbort,
  ) {}
  get signal(): AbortSignal {
    return this.abort.signal;
  }
}

interface Outcome {
  result: ToolResult;
  /** The result's JSON text, when already computed (the audit summary reuses it). */
  text?: string;
  tool?: StoredTool | undefined;
  input?: Record<string, unknown>;
  breaker?: 'success' | 'retryable_failure' | 'other';
}

function breakerOutcome(error: ErrorSpec): Outcome['breaker'] {
  return error.retryable ? 'retryable_failure' : 'other';
}

function policyNote(policy: PolicyDecision): string | null {
  if (policy === 'confirm') return 'Runs after a person confirms in the side panel.';
  if (policy === 'dry_run') return 'Dry run from here: reports what it would do, changes nothing.';
  return null;
}

function unavailable(avail: Exclude<Availability, { ok: true }>): ErrorSpec {
  return {
    type: 'unavailable',
    code: avail.code,
    detail: avail.reason,
    suggestion:
      avail.code === 'FEATURE_OFF'
        ? 'Ask your team lead to turn the feature on in deskhand settings.'
        : 'Open the right console page and try again, or use another tool.',
    retryable: false,
  };
}

function circuitOpen(name: string, ms: number): ErrorSpec {
  return {
    type: 'unavailable',
    code: 'CIRCUIT_OPEN',
    detail: `${name} failed 3 times in a row and is paused for ${Math.ceil(ms / 1000)} s.`,
    suggestion: 'Use another tool or try again after the pause; check that the console is reachable.',
    retryable: true,
    retryAfterMs: ms,
  };
}

function timeoutError(name: string, ms: number): ErrorSpec {
  return {
    type: 'timeout',
    code: 'TIMEOUT',
    detail: `${name} did not finish within ${ms} ms and was stopped.`,
    suggestion: 'Try again with a smaller request (a lower `limit`), or use another tool.',
    retryable: true,
  };
}

function uncertainTimeout(name: string, ms: number): ErrorSpec {
  return {
    type: 'uncertain',
    code: 'TIMEOUT_UNCERTAIN',
    detail: `${name} did not finish within ${ms} ms; it may or may not have taken effect.`,
    suggestion: 'Check on the console before doing it again; it is not retried automatically.',
    retryable: false,
  };
}

function cancelledError(name: string): ErrorSpec {
  return {
    type: 'cancelled',
    code: 'CANCELLED',
    detail: `${name} was cancelled before it finished.`,
    suggestion: 'Nothing more will happen for this call.',
    retryable: false,
  };
}

function auditStatus(result: ToolResult): AuditStatus {
  if (result.ok) return 'success';
  if ('requiresConfirm' in result) return 'requires_confirmation';
  return result.error.type === 'cancelled' ? 'cancelled' : 'error';
}

function auditRecord(
  name: string,
  input: unknown,
  ctx: InvokeCtx,
  traceId: string,
  durationMs: number,
  o: Outcome,
): AuditRecord {
  const r = o.result;
  const error: ToolError | undefined = !r.ok && 'error' in r ? r.error : undefined;
  const prepared = !r.ok && 'confirmPayload' in r ? r.confirmPayload : undefined;
  return {
    kind: 'invoke',
    traceId,
    toolCallId: ctx.toolCallId ?? traceId,
    tool: String(name).slice(0, 100),
    caller: ctx.caller,
    ctx: { sessionId: ctx.sessionId ?? null, model: ctx.model ?? null },
    input: sanitiseInput(o.input ?? safeInput(input), o.tool?.sensitiveFields),
    sideEffect: o.tool?.sideEffect ?? null,
    risk: o.tool?.risk ?? null,
    status: auditStatus(r),
    errorCode: error?.code ?? null,
    summary: error ? error.detail : r.ok ? summarise(o.text ?? r.data) : `prepared ${prepared?.actionId}`,
    durationMs,
    timestamp: isoNow(),
    dryRun: r.ok && r.dryRun === true,
    humanApproved: false,
    approvedBy: null,
    actionId: prepared?.actionId ?? null,
    timeToDecisionMs: null,
  };
}

/** Unvalidated input goes to the log only when it is small plain data. */
function safeInput(input: unknown): unknown {
  if (checkShape(input ?? {}) !== null) return '[refused input not logged]';
  return input ?? {};
}

/** Everything `register` refuses, each with what to fix. */
function definitionProblem(tool: Tool, existing: Map<string, StoredTool>): string | null {
  if (!tool || typeof tool !== 'object') return 'a tool must be an object.';
  const name = nameProblem(String(tool.name));
  if (name) return name;
  if (existing.has(tool.name)) return 'a tool with this name is already registered; names must be unique.';
  if (typeof tool.title !== 'string' || !tool.title.trim()) return 'give it a short `title` for people.';
  if (typeof tool.description !== 'string' || !tool.description.trim()) {
    return 'give it a `description` for the model: when to use it, when not, what it returns.';
  }
  // JSON Schema export is checked by the catalog meta-test, not here: it is the slowest part
  // of registration and registration runs on every console page load.
  if (!isStrictObject(tool.input)) return '`input` must be a strict zod object (z.strictObject({...})).';
  if (!['read', 'write', 'send'].includes(tool.sideEffect)) return '`sideEffect` must be read, write or send.';
  if (tool.sideEffect === 'read' && tool.risk !== undefined) return 'a read tool has no `risk`; remove it.';
  if (tool.sideEffect !== 'read' && !RISKS.includes(tool.risk as never)) {
    return `a ${tool.sideEffect} tool needs a \`risk\` (${RISKS.join(' | ')}).`;
  }
  if (tool.sideEffect === 'send' && typeof (tool as SendTool).deliver !== 'function') {
    return 'a send tool needs a separate `deliver` function; its `run` only prepares.';
  }
  if (tool.sideEffect !== 'send' && 'deliver' in tool) return 'only send tools have `deliver`.';
  if (typeof tool.run !== 'function') return 'it needs a `run(input, ctx)` function.';
  const badFacet = tool.facets?.find((f) => !FACETS.includes(f));
  if (badFacet) return `unknown facet "${badFacet}" (known: ${FACETS.join(', ')}).`;
  return null;
}
