/**
 * THE registry: every caller (hotkey, ui, plan, llm, bridge) goes through `invoke`, and
 * every gate of DESIGN.md "Gates" lives here. `invoke` never throws.
 *
 * Send tools' delivery functions are moved into a vault at registration; this module never
 * calls them (only the executor does, after a person confirmed in the side panel).
 */
import { RingAuditSink, type AuditSink } from './audit.ts';
import { CircuitBreaker } from './breaker.ts';
import { clipResult, DEFAULT_CLIP_CHARS } from './clip.ts';
import { definitionProblem } from './definition.ts';
import { fromThrown, ok, toolError, type ErrorSpec } from './errors.ts';
import { inputJsonSchema } from './input-schema.ts';
import { invokeRecord, type Invoked } from './invoke-record.ts';
import { confirmedIfAsked, decide, needsConfirmation, unclearOutcome, type PolicyOptions } from './policy.ts';
import { prepareCall } from './prepared.ts';
import { cancelled, circuitOpen, notForCaller, notStored, timedOut, timedOutUncertain, unavailable, unknownTool, type UnavailableCode } from './refusals.ts';
import { runWithDeadline, type LazyAbort } from './timeout.ts';
import { traceIds } from './trace-id.ts';
import type {
  DryRunReport,
  ErrorStatus,
  FunctionSchema,
  InvokeCtx,
  PolicyDecision,
  PreparedCall,
  RunCtx,
  RunResult,
  Tool,
  ToolInfo,
  ToolInput,
  ToolPreview,
  ToolResult,
} from './types.ts';
import { DEFAULT_CAPS, validateInput, type InputCaps } from './validate.ts';
import { DeliveryVault, type StoredTool } from './vault.ts';
import { fromWire, toWire } from './wire.ts';

export { DeliveryVault, type DeliverFn, type StoredTool } from './vault.ts';

export class RegistrationError extends Error {
  override name = 'RegistrationError';
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

export type Availability = { status: 'available' } | { status: 'unavailable'; code: UnavailableCode; reason: string };

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

  /**
   * Puts the page's declared tools (WebMCP) in place of the ones declared before: only tools
   * marked `declared` are ever removed, so a page can neither drop nor shadow deskhand's own.
   * Returns the problems of those that could not be registered, by name.
   */
  replaceDeclared(defs: readonly Tool[]): { name: string; problem: string }[] {
    for (const [name, t] of this.tools) if (t.declared) this.tools.delete(name);
    const problems: { name: string; problem: string }[] = [];
    for (const def of defs) {
      if (!def.declared || def.sideEffect === 'send') {
        problems.push({ name: def.name, problem: 'only a declared read or write can be registered here.' });
        continue;
      }
      try {
        this.register(def);
      } catch (e) {
        problems.push({ name: def.name, problem: e instanceof Error ? e.message : String(e) });
      }
    }
    return problems;
  }

  /** Each declared tool's definition hash by name (the worker's stale check compares a card's). */
  declaredDefinitions(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, t] of this.tools) if (t.declared) out[name] = t.declared.definition;
    return out;
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
    if (!t) return { status: 'unavailable', code: 'WRONG_PAGE', reason: 'No such tool.' };
    if (t.featureFlag && ctx.features[t.featureFlag] !== true) {
      return { status: 'unavailable', code: 'FEATURE_OFF', reason: `The feature "${t.featureFlag}" is turned off in settings.` };
    }
    // Null facets = unknown page (or an iframe): never blocks. Wrapping must not tighten.
    if (t.facets && ctx.facets !== null && !t.facets.some((f) => ctx.facets!.includes(f))) {
      return {
        status: 'unavailable',
        code: 'WRONG_PAGE',
        reason: `Needs a page with ${t.facets.join(' or ')}; this page has ${ctx.facets.join(', ') || 'none of them'}.`,
      };
    }
    return { status: 'available' };
  }

  /** Tools this caller can see. Feature-off tools are hidden; the model sees reads only. */
  list(ctx: InvokeCtx): ToolInfo[] {
    const out: ToolInfo[] = [];
    for (const t of this.tools.values()) {
      const policy = decide(ctx.caller, t.sideEffect, t.risk, this.policyOpts());
      if (policy === 'forbidden') continue;
      const avail = this.isAvailable(t, ctx);
      if (avail.status === 'unavailable' && avail.code === 'FEATURE_OFF') continue;
      out.push({
        name: t.name,
        title: t.title,
        description: t.description,
        domain: t.name.split('.')[0]!,
        sideEffect: t.sideEffect,
        risk: t.risk ?? null,
        requiredRole: t.requiredRole ?? null,
        available: avail.status === 'available',
        reason: avail.status === 'available' ? policyNote(policy) : avail.reason,
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
        const parameters = t.jsonSchema ? (JSON.parse(JSON.stringify(t.jsonSchema)) as Record<string, unknown>) : inputJsonSchema(t.name, t.input);
        return { type: 'function', function: { name: toWire(t.name), description: t.description, parameters } };
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
      const result: ToolResult = { status: 'failed', error: toolError(fromThrown(e), traceId) };
      this.finish(name, input, ctx, traceId, started, { result, tool: this.tools.get(name) });
      return result;
    }
  }

  private async gateAndRun(name: string, input: unknown, ctx: InvokeCtx, traceId: string): Promise<Outcome> {
    const tool = this.tools.get(name);
    const end = (status: ErrorStatus, spec: ErrorSpec): Outcome => ({ result: { status, error: toolError(spec, traceId) }, tool });
    // A gate that says no: nothing of the tool ran.
    const refuse = (spec: ErrorSpec): Outcome => end('refused', spec);
    if (!tool) return refuse(this.unknownName(name, ctx));
    const avail = this.isAvailable(tool, ctx);
    if (avail.status === 'unavailable') return refuse(unavailable(avail.code, avail.reason));
    const policy = confirmedIfAsked(decide(ctx.caller, tool.sideEffect, tool.risk, this.policyOpts()), tool.sideEffect, ctx.confirm);
    if (policy === 'forbidden') return refuse(notForCaller(tool.name, tool.sideEffect, ctx.caller, this.callableNames(ctx)));
    const blocked = this.breaker.blockedFor(name);
    if (blocked > 0) return refuse(circuitOpen(name, blocked));
    const parsed = validateInput(tool.name, tool.input, input, this.opts.caps ?? DEFAULT_CAPS);
    if (parsed.status === 'invalid') return refuse(parsed.error);
    const runCtx = (abort: LazyAbort): RunCtx => new ToolRunCtx(ctx.caller, ctx.facets, traceId, abort);
    const timeoutMs = tool.timeoutMs ?? this.opts.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timed = await runWithDeadline(
      (abort) => this.dispatch(tool, policy, parsed.data, ctx, runCtx(abort), traceId),
      timeoutMs,
      ctx.signal,
    );
    switch (timed.kind) {
      case 'done':
        // A tool that completed its input from the page reports that input (audited as prepared).
        return { tool, input: parsed.data, ...timed.value };
      case 'threw':
        return end('failed', fromThrown(timed.error));
      case 'timeout':
        // A write that timed out may have happened: from MEDIUM up that is uncertain, not retryable.
        if (unclearOutcome(tool.sideEffect, tool.risk) === 'uncertain') return { ...end('uncertain', timedOutUncertain(name, timeoutMs)), breaker: 'retryable_failure' };
        return { ...end('failed', timedOut(name, timeoutMs)), breaker: 'retryable_failure' };
      case 'cancelled':
        return end('failed', cancelled(name));
    }
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
    if (preview.status !== 'done') return { result: { status: preview.status, error: toolError(preview.error, traceId) }, breaker: breakerOutcome(preview.error) };
    if (preview.data.input || tool.prepared) {
      // What the tool read from the page becomes the input, through the same gate as a
      // caller's, against what a prepared call must hold.
      const completed = validateInput(tool.name, tool.prepared ?? tool.input, preview.data.input ?? input, this.opts.caps ?? DEFAULT_CAPS);
      if (completed.status === 'invalid') return { result: { status: 'refused', error: toolError(completed.error, traceId) } };
      input = completed.data;
    }
    const confirmable = policy === 'confirm' || needsConfirmation(tool.sideEffect, tool.risk);
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
      return { result: { status: 'dry_run', data: report }, input };
    }
    const call = prepared!;
    if (this.opts.onPrepared) {
      try {
        await this.opts.onPrepared(call);
      } catch (e) {
        return { result: { status: 'failed', error: toolError(notStored(tool.name, e), traceId) } };
      }
    }
    return { result: { status: 'needs_confirmation', call }, input };
  }

  private async runTool(tool: StoredTool, input: Record<string, unknown>, runCtx: RunCtx): Promise<Outcome> {
    const run = tool.run as (i: unknown, c: RunCtx) => Promise<RunResult<unknown>>;
    const res = await run(input, runCtx);
    if (res.status !== 'done') {
      return { result: { status: res.status, error: toolError(res.error, runCtx.traceId) }, breaker: breakerOutcome(res.error) };
    }
    const projected = tool.project ? (tool.project as (d: unknown, i: unknown) => unknown)(res.data, input) : res.data;
    const clipped = clipResult(projected, this.opts.clipChars ?? DEFAULT_CLIP_CHARS);
    const result: ToolResult = clipped.truncated
      ? { status: 'done', data: clipped.value, truncated: clipped.truncated }
      : { status: 'done', data: clipped.value };
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
      ...(tool.declared ? { definition: tool.declared.definition } : {}),
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
    const dotted = fromWire(String(name));
    const hint = dotted !== name && this.tools.has(dotted) ? ` Did you mean "${dotted}"?` : '';
    return unknownTool(name, this.callableNames(ctx), hint);
  }

  // ---------------------------------------------------------------- bookkeeping

  private policyOpts(): PolicyOptions {
    return this.opts.policy?.() ?? {};
  }

  private finish(name: string, input: unknown, ctx: InvokeCtx, traceId: string, started: number, o: Outcome): void {
    if (o.breaker && o.tool) this.breaker.record(o.tool.name, o.breaker);
    const record = invokeRecord(name, input, ctx, traceId, this.now() - started, o);
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
  if (!tool.preview) return ok({ display: input as Record<string, unknown> });
  const preview = tool.preview as (i: unknown, c: RunCtx) => Promise<ToolPreview>;
  return ok(await preview(input, ctx));
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

interface Outcome extends Invoked {
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
