/**
 * Fixed flows as data (seed 000: "编排器只需要一个 AgentStep[] 数组"). A plan runs its steps
 * in order under the `plan` caller, stops at the first failure or at a confirmation, and
 * reports one entry per step. The AI part of a flow only generates text (a `generate`
 * step validated by zod); it never decides what runs next.
 *
 * From the bridge the same plan is a dry run: read steps run, every other step is reported
 * as planned, and no generator (LLM request) is ever called.
 */
import { z } from './zod.ts';
import { auditRecord, sanitiseInput, summarise, type AuditSink, type AuditStatus } from './audit.ts';
import { errorSpec, toolError, type ErrorSpec } from './errors.ts';
import { fieldIssues } from './validate.ts';
import type { Registry } from './registry.ts';
import type { InvokeCtx, PreparedCall, ToolError } from './types.ts';

export interface PlanEnv {
  input: Record<string, unknown>;
  outputs: Record<string, unknown>;
}

export interface GenerateRequest {
  system: string;
  user: string;
}

/** Injected text generator (the LLM client in the extension, a stub in unit tests). */
export type Generator = (req: GenerateRequest, signal: AbortSignal) => Promise<string>;

/** `fields`: the field keys a failed check is about (a person sees their names). */
export type CheckResult = { status: 'passed'; summary?: string } | { status: 'failed'; detail: string; suggestion: string; fields?: string[] };

interface StepBase {
  id: string;
  title: string;
}

export type AgentStep =
  /**
   * `optional`: its failure is recorded and the flow goes on without its output. `again`: the
   * step only sets form values (idempotent), so when the console reloads the page while it
   * runs (a customer lookup that reloads the form) it runs again on the new page.
   */
  | (StepBase & {
      kind: 'tool';
      tool: string;
      input?: (env: PlanEnv) => Record<string, unknown>;
      optional?: boolean;
      again?: boolean;
      /**
       * A step someone outside will see at once (quick ticket's submit): before it runs, what it
       * is about to do in a few words the agent reads (the ticket's title and category), for the
       * runner's `announce` to show and decide on.
       */
      announce?: (env: PlanEnv) => Record<string, string>;
    })
  | (StepBase & { kind: 'generate'; prompt: (env: PlanEnv) => GenerateRequest; schema: z.core.$ZodType })
  | (StepBase & { kind: 'check'; check: (env: PlanEnv) => CheckResult });

export interface Plan {
  name: string;
  title: string;
  description: string;
  input: z.core.$ZodObject;
  steps: readonly AgentStep[];
}

/** A step's status: a tool step's is its result's (`dry_run` shows as `planned`), or `cancelled`. */
export type StepStatus = 'done' | 'planned' | 'needs_confirmation' | 'refused' | 'failed' | 'uncertain' | 'cancelled';
export const STEP_STATUSES = ['done', 'planned', 'needs_confirmation', 'refused', 'failed', 'uncertain', 'cancelled'] as const satisfies readonly StepStatus[];

/** A step that ended the flow unless it was optional. */
export const stepFailed = (s: StepStatus): boolean => s === 'refused' || s === 'failed' || s === 'uncertain';

export interface StepEntry {
  id: string;
  kind: AgentStep['kind'];
  name: string;
  title: string;
  status: StepStatus;
  durationMs: number;
  summary: string;
  error?: ToolError;
}

export type PlanStatus = 'completed' | 'failed' | 'needs_confirmation' | 'cancelled' | 'dry_run';

/** What the runner's `announce` decided: go on, a person stopped the flow, or a person confirms the step on a card. */
export type Announced = 'go' | 'stopped' | 'confirm';

export interface PlanResult {
  plan: string;
  status: PlanStatus;
  /** `cancelled` because the agent stopped it (the announced step's Esc or Stop). */
  stoppedBy?: 'agent';
  steps: StepEntry[];
  prepared?: PreparedCall;
  outputs: Record<string, unknown>;
  traceId: string;
}

export interface RunPlanOptions {
  registry: Registry;
  /** caller is forced to `plan`, except from the bridge, where everything is a dry run. */
  ctx: InvokeCtx;
  generate?: Generator;
  signal?: AbortSignal;
  /** After each step, with what the step produced (for a person-readable summary). */
  onStep?: (entry: StepEntry, index: number, output: unknown) => void;
  now?: () => number;
  generateTimeoutMs?: number;
  /** Generate and check steps are audited here (tool steps are audited by the registry). */
  audit?: AuditSink;
  /**
   * Go on with a run the console's page reload interrupted: its steps so far and their
   * outputs, starting at step `at` (src/content/flows.ts decides which step may run again).
   */
  resume?: { at: number; steps: StepEntry[]; outputs: Record<string, unknown>; traceId: string };
  /**
   * Asked before each step of a real run: why the flow may not go on here (the page now shows
   * another record than the one it started on), or null. A flow never carries one record's
   * text and customer onto another (issue 19 item 3).
   */
  guard?: () => Promise<ErrorSpec | null>;
  /**
   * Asked before a step that announces itself, in a real run (src/content/flows.ts shows the
   * countdown). Without it the step runs as any other.
   */
  announce?: (step: AgentStep, said: Record<string, string>, signal: AbortSignal | undefined) => Promise<Announced>;
}

export async function runPlan(plan: Plan, rawInput: unknown, opts: RunPlanOptions): Promise<PlanResult> {
  const now = opts.now ?? Date.now;
  const traceId = opts.resume?.traceId ?? opts.ctx.traceId ?? crypto.randomUUID();
  const dry = opts.ctx.caller === 'bridge';
  const ctx: InvokeCtx = { ...opts.ctx, caller: dry ? 'bridge' : 'plan', traceId };
  const from = opts.resume && !dry ? opts.resume : null;
  const result: PlanResult = { plan: plan.name, status: 'completed', steps: from ? from.steps.slice(0, from.at) : [], outputs: from ? { ...from.outputs } : {}, traceId };
  const parsed = z.safeParse(plan.input, rawInput ?? {});
  if (!parsed.success) {
    result.status = 'failed';
    result.steps.push(inputStep(plan, parsed.error, traceId));
    return result;
  }
  const env: PlanEnv = { input: parsed.data as Record<string, unknown>, outputs: result.outputs };
  for (const [index, step] of plan.steps.entries()) {
    if (from && index < from.at) continue;
    const started = now();
    // Announced first, then the guard: the page may move on while the agent reads the announcement.
    const said = !dry && !opts.signal?.aborted ? saidBy(step, env) : null;
    const heard: Announced = said && opts.announce ? await opts.announce(step, said, opts.signal) : 'go';
    const stop = !dry && !opts.signal?.aborted && heard !== 'stopped' && opts.guard ? await opts.guard() : null;
    const entry =
      heard === 'stopped'
        ? stoppedByAgent(step, traceId)
        : opts.signal?.aborted
          ? cancelled(step, traceId)
          : stop
            ? guarded(step, stop, traceId)
            : await runStep(step, env, { ...opts, ctx: heard === 'confirm' ? { ...ctx, confirm: true } : ctx }, dry, traceId, (r) => (result.prepared = r));
    entry.durationMs = now() - started;
    result.steps.push(entry);
    if (step.kind !== 'tool') auditStep(opts.audit, plan, entry, ctx);
    // A tool step that never reached the registry is logged here: the agent stopped it.
    else if (heard === 'stopped') auditStopped(opts, step, entry, ctx, said ?? {});
    opts.onStep?.(entry, index, env.outputs[step.id]);
    if (stepFailed(entry.status) && !(step.kind === 'tool' && step.optional)) return { ...result, status: 'failed' };
    if (heard === 'stopped') return { ...result, status: 'cancelled', stoppedBy: 'agent' };
    if (entry.status === 'cancelled') return { ...result, status: 'cancelled' };
    if (entry.status === 'needs_confirmation') return { ...result, status: 'needs_confirmation' };
  }
  result.status = dry ? 'dry_run' : 'completed';
  return result;
}

async function runStep(
  step: AgentStep,
  env: PlanEnv,
  opts: RunPlanOptions,
  dry: boolean,
  traceId: string,
  onPrepared: (p: PreparedCall) => void,
): Promise<StepEntry> {
  const base = { id: step.id, kind: step.kind, title: step.title, durationMs: 0 };
  switch (step.kind) {
    case 'tool':
      return runToolStep(step, env, opts, dry, onPrepared);
    case 'generate':
      if (dry) return { ...base, name: step.id, status: 'planned', summary: 'would ask the model (not called from a dry run)' };
      return runGenerate(step, env, opts, traceId);
    case 'check': {
      let res: CheckResult;
      try {
        res = step.check(env);
      } catch (e) {
        if (dry) return { ...base, name: step.id, status: 'planned', summary: 'depends on steps that did not run' };
        return { ...base, name: step.id, status: 'failed', summary: 'check failed', error: stepError('CHECK_THREW', String(e), traceId) };
      }
      if (res.status === 'passed') {
        env.outputs[step.id] = true;
        return { ...base, name: step.id, status: 'done', summary: res.summary ?? 'passed' };
      }
      const fields = res.fields?.map((path) => ({ path, message: 'check failed' }));
      const error = toolError(errorSpec('validation', 'CHECK_FAILED', res.detail, res.suggestion, fields ? { fields } : {}), traceId);
      return { ...base, name: step.id, status: dry ? 'planned' : 'refused', summary: res.detail, ...(dry ? {} : { error }) };
    }
  }
}

async function runToolStep(
  step: Extract<AgentStep, { kind: 'tool' }>,
  env: PlanEnv,
  opts: RunPlanOptions,
  dry: boolean,
  onPrepared: (p: PreparedCall) => void,
): Promise<StepEntry> {
  const base = { id: step.id, kind: step.kind, title: step.title, name: step.tool, durationMs: 0 };
  let input: Record<string, unknown>;
  try {
    input = step.input ? step.input(env) : {};
  } catch (e) {
    if (dry) return { ...base, status: 'planned', summary: 'input depends on steps that did not run' };
    const error = stepError('STEP_INPUT', `Could not build the input: ${String(e)}`, opts.ctx.traceId!);
    return { ...base, status: 'failed', summary: error.detail, error };
  }
  const res = await opts.registry.invoke(step.tool, input, { ...opts.ctx, ...(opts.signal ? { signal: opts.signal } : {}) });
  switch (res.status) {
    case 'dry_run':
      env.outputs[step.id] = res.data;
      return { ...base, status: 'planned', summary: summarise(res.data.preview) };
    case 'done':
      env.outputs[step.id] = res.data;
      return { ...base, status: 'done', summary: summarise(res.data) };
    case 'needs_confirmation':
      onPrepared(res.call);
      return { ...base, status: 'needs_confirmation', summary: `waiting for confirmation (${res.call.actionId})` };
    default: {
      const status = res.error.type === 'cancelled' ? 'cancelled' : res.status;
      return { ...base, status, summary: res.error.detail, error: res.error };
    }
  }
}

async function runGenerate(
  step: Extract<AgentStep, { kind: 'generate' }>,
  env: PlanEnv,
  opts: RunPlanOptions,
  traceId: string,
): Promise<StepEntry> {
  const base = { id: step.id, kind: step.kind, title: step.title, name: step.id, durationMs: 0 };
  const fail = (code: string, detail: string, params?: Record<string, string>): StepEntry => {
    const error = { ...stepError(code, detail, traceId), ...(params ? { params } : {}) };
    return { ...base, status: 'failed', summary: detail, error };
  };
  if (!opts.generate) return fail('NO_GENERATOR', 'No model is configured for this flow.');
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), opts.generateTimeoutMs ?? 60_000);
  try {
    const text = await opts.generate(step.prompt(env), controller.signal);
    const parsed = parseJsonLoose(text);
    if (parsed === undefined) return fail('GENERATED_NOT_JSON', 'The model did not return JSON.');
    const checked = z.safeParse(step.schema, parsed);
    if (!checked.success) {
      const fields = fieldIssues(checked.error, []);
      return fail('GENERATED_INVALID', `The model's JSON is not valid: ${fields.map((f) => `${f.path}: ${f.message}`).join('; ')}`);
    }
    env.outputs[step.id] = checked.data;
    return { ...base, status: 'done', summary: summarise(checked.data) };
  } catch (e) {
    if (opts.signal?.aborted) return { ...base, status: 'cancelled', summary: 'cancelled' };
    const reason = e instanceof Error ? e.message : String(e);
    return fail('GENERATE_FAILED', `The model request failed: ${reason}`, { reason: reason.slice(0, 500) });
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

/** Models often wrap JSON in a ```json fence; accept that, nothing looser. */
function parseJsonLoose(text: string): unknown {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  try {
    return JSON.parse(fenced ? fenced[1]! : text);
  } catch {
    return undefined;
  }
}

function stepError(code: string, detail: string, traceId: string): ToolError {
  return toolError(errorSpec('failed', code, detail, 'Nothing after this step ran. Fix the cause and start the flow again.'), traceId);
}

/** A step the guard stopped before it ran. */
function guarded(step: AgentStep, stop: ErrorSpec, traceId: string): StepEntry {
  const error = toolError(stop, traceId);
  return { id: step.id, kind: step.kind, name: step.kind === 'tool' ? step.tool : step.id, title: step.title, status: 'refused', durationMs: 0, summary: error.detail, error };
}

/** What an announcing step says it is about to do, or null (it does not announce). A throw says nothing but still announces. */
function saidBy(step: AgentStep, env: PlanEnv): Record<string, string> | null {
  if (step.kind !== 'tool' || !step.announce) return null;
  try {
    return step.announce(env);
  } catch {
    return {};
  }
}

/** A step the agent stopped as it was announced: nothing of it ran. */
function stoppedByAgent(step: AgentStep, traceId: string): StepEntry {
  return {
    ...cancelled(step, traceId),
    summary: 'stopped by the agent before it ran',
    error: toolError(errorSpec('cancelled', 'STOPPED_BY_AGENT', 'The agent stopped the flow before this step; nothing of it was done.', 'Start it again when ready.'), traceId),
  };
}

/** The audit record of an announced tool step the agent stopped: the tool, what it would have done, who stopped it. */
function auditStopped(opts: RunPlanOptions, step: Extract<AgentStep, { kind: 'tool' }>, entry: StepEntry, ctx: InvokeCtx, said: Record<string, string>): void {
  if (!opts.audit) return;
  const tool = opts.registry.definition(step.tool);
  try {
    void Promise.resolve(
      opts.audit.write(
        auditRecord({
          kind: 'invoke',
          traceId: ctx.traceId ?? '',
          toolCallId: `${ctx.traceId ?? ''}:${entry.id}`,
          tool: step.tool,
          caller: ctx.caller,
          ctx: { sessionId: ctx.sessionId ?? null, model: ctx.model ?? null },
          input: sanitiseInput(said, tool?.sensitiveFields),
          sideEffect: tool?.sideEffect ?? null,
          risk: tool?.risk ?? null,
          status: 'cancelled',
          errorCode: entry.error?.code ?? null,
          summary: summarise(entry.summary),
          durationMs: entry.durationMs,
        }),
      ),
    ).catch(() => {});
  } catch {
    // the flow's outcome stands even if the log cannot take it
  }
}

function cancelled(step: AgentStep, traceId: string): StepEntry {
  return {
    id: step.id,
    kind: step.kind,
    name: step.kind === 'tool' ? step.tool : step.id,
    title: step.title,
    status: 'cancelled',
    durationMs: 0,
    summary: 'cancelled before this step',
    error: toolError(errorSpec('cancelled', 'CANCELLED', 'The flow was stopped.', 'Start it again when ready.'), traceId),
  };
}

function inputStep(plan: Plan, error: z.core.$ZodError, traceId: string): StepEntry {
  const fields = fieldIssues(error, Object.keys(plan.input._zod.def.shape));
  return {
    id: 'input',
    kind: 'check',
    name: plan.name,
    title: 'input',
    status: 'refused',
    durationMs: 0,
    summary: 'invalid plan input',
    error: toolError(errorSpec('validation', 'INVALID_INPUT', `Input for plan ${plan.name} is not valid.`, 'Fix the fields listed in `fields` and run it again.', { fields }), traceId),
  };
}

/** One audit record per generate/check step, so a flow's every step is in the log. */
function auditStep(audit: AuditSink | undefined, plan: Plan, entry: StepEntry, ctx: InvokeCtx): void {
  if (!audit) return;
  const status: AuditStatus = entry.status === 'planned' ? 'dry_run' : entry.status;
  try {
    void Promise.resolve(
      audit.write(
        auditRecord({
          kind: 'invoke',
          traceId: ctx.traceId ?? '',
          toolCallId: `${ctx.traceId ?? ''}:${entry.id}`,
          tool: `plan:${plan.name}/${entry.id}`,
          caller: ctx.caller,
          ctx: { sessionId: ctx.sessionId ?? null, model: ctx.model ?? null },
          input: {},
          status,
          errorCode: entry.error?.code ?? null,
          summary: summarise(entry.summary),
          durationMs: entry.durationMs,
          dryRun: entry.status === 'planned',
        }),
      ),
    ).catch(() => {});
  } catch {
    // the flow's outcome stands even if the log cannot take it
  }
}
