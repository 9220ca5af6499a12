/**
 * Fixed flows started by a person (hotkey or side-panel button), run here under the `plan`
 * caller. Progress goes to the side panel (through the service worker's session storage)
 * and to the toast; Stop cancels between steps; the generate step asks the service worker,
 * which alone may reach the model endpoint. Before a step that announces itself (quick
 * ticket's submit) the page counts down with what it will do (countdown.ts: Esc or Stop ends
 * the run as stopped by the agent), or, where the console's profile asks for it, the step is
 * put on a card in the side panel.
 */
import { postToBackground } from '../messages/client.ts';
import { FlowHandoverSchema, type FlowHandover, type PlanRun } from '../messages/schemas.ts';
import { plans } from '../plans/index.ts';
import { runPlan, stepFailed, type AgentStep, type Announced, type Plan, type PlanResult, type RunPlanOptions, type StepEntry } from '../tools/plan.ts';
import { errorSpec, type ErrorSpec } from '../tools/errors.ts';
import { onLeaving } from './next-page.ts';
import { verdictFor } from './verdict.ts';
import { flowTitle, stepSummary, stepTitle } from '../ui/describe.ts';
import { t } from '../ui/i18n.ts';
import type { Host } from './host.ts';
import { toBackground } from '../messages/client.ts';
import { generateInWorker } from './generate.ts';
import { toast } from './toast.ts';
import { countdown } from './countdown.ts';

const running = new Map<string, AbortController>();
/** Runs the agent stopped (the panel's Stop, the countdown's Esc or Stop): their end says "stopped by you". */
const stoppedByAgent = new Set<string>();

export function stopFlow(runId: string): boolean {
  const ac = running.get(runId);
  if (ac) stoppedByAgent.add(runId);
  ac?.abort();
  return !!ac;
}

export async function runFlow(host: Host, name: 'quickTicket', lang: () => 'zh' | 'en', resume?: FlowHandover): Promise<PlanResult> {
  const plan = plans(lang, () => host.model.current())[name]!;
  const ac = new AbortController();
  // What the panel and the toast show is in the agent's language; the plan's own titles are for developers.
  const title = flowTitle(name, plan.title);
  const state: PlanRun = resume
    ? { ...resume.run, status: 'running' }
    : {
        runId: crypto.randomUUID(),
        plan: name,
        title,
        status: 'running',
        steps: plan.steps.map((s, i) => ({ id: s.id, title: stepTitle(name, s.id, s.title), status: i === 0 ? 'running' : 'pending', summary: '', durationMs: 0 })),
        startedAt: Date.now(),
        updatedAt: Date.now(),
      };
  running.set(state.runId, ac);
  // The record this run is about; every step (and the page that resumes it) re-checks it.
  const about = resume?.about ?? { recordId: await recordHere(host) };
  const publish = () => void toBackground({ type: 'plan.progress', run: { ...state, updatedAt: Date.now() } });
  const trail: Trail = { traceId: resume?.traceId ?? crypto.randomUUID(), at: resume?.at ?? 0, steps: (resume?.steps ?? []) as unknown as StepEntry[], outputs: { ...(resume?.outputs ?? {}) } };
  // Once handed over, this page's part is over: the next page reports (a late step result
  // here — the press's own "the page is going" — must not reach the panel or the toast).
  let handed = false;
  const onStep = (entry: StepEntry, i: number, output: unknown) => {
    if (handed) return;
    trail.steps[i] = entry;
    if (output !== undefined) trail.outputs[entry.id] = output;
    trail.at = i + 1;
    const stepName = state.steps[i]!.title;
    state.steps[i] = { id: entry.id, title: stepName, status: entry.status, summary: stepSummary(name, entry, output).slice(0, 1_000), durationMs: entry.durationMs };
    const next = state.steps[i + 1];
    if (next && (entry.status === 'done' || entry.status === 'planned')) next.status = 'running';
    publish();
    toast(t('flowStep', title, i + 1, plan.steps.length, stepName), stepFailed(entry.status) ? 'error' : 'info', 60_000);
  };
  // A step that sets form values is handed over as soon as the page starts to go; a step whose
  // submit hands a check on, with that check (announced from the submit's own beforeunload).
  const handOff = (checkId: string | null) => {
    if (handed || !handOver(name, plan, state, trail, checkId, about)) return;
    handed = true;
    ac.abort();
  };
  const hide = () => handOff(null);
  const offLeaving = onLeaving((checkId, check) => check.traceId === trail.traceId && handOff(checkId));
  window.addEventListener('beforeunload', hide);
  publish();
  toast(resume ? t('flowResumed', title) : t('flowStarted', title), 'info', 60_000);
  // Before the submit: what will be submitted, and a countdown the agent can stop (or a card, where the profile asks).
  const announce = async (step: AgentStep, said: Record<string, string>, signal: AbortSignal | undefined): Promise<Announced> => {
    if (host.model.current().profile?.quickTicket?.confirm) return 'confirm';
    const text = submitSoon(said);
    const at = state.steps.findIndex((s) => s.id === step.id);
    if (at >= 0) {
      state.steps[at] = { ...state.steps[at]!, status: 'running', summary: text };
      publish();
    }
    const end = await countdown({ text, left: (n) => t('flowSubmitIn', n), stop: t('flowStopSubmit') }, host.settings().flows.submitCountdownS, signal);
    if (end === 'stopped') stoppedByAgent.add(state.runId);
    return end;
  };
  const result = await goOn(host, plan, trail, resume, ac.signal, onStep, () => sameRecord(host, about), announce);
  window.removeEventListener('beforeunload', hide);
  offLeaving();
  running.delete(state.runId);
  if (handed) {
    // Still here a while later: the page did not go after all (its "leave page?" was answered
    // Stay). The flow is taken back and ends here as stopped, never resumed by a later page.
    setTimeout(() => void takeBack(title, state, result, publish), STAYED_MS);
    return result;
  }
  return finish(title, state, stoppedByAgent.delete(state.runId) ? { ...result, stoppedBy: 'agent' } : result, publish, host.settings().hotkeys.openPanel);
}

/** The announcement before the submit, in the agent's words: the ticket's title and category as the form shows them. */
function submitSoon(said: Record<string, string>): string {
  if (said.title && said.category) return t('flowSubmitSoon', said.title, said.category);
  if (said.title) return t('flowSubmitSoonTitle', said.title);
  return t('flowSubmitSoonBare');
}

/** How long a page that started to unload may still be here before its flow counts as stopped. */
const STAYED_MS = 5_000;

async function takeBack(title: string, state: PlanRun, result: PlanResult, publish: () => void): Promise<void> {
  const r = await toBackground<{ handover: unknown }>({ type: 'flow.resume' });
  if (r.ok && r.handover) finish(title, state, { ...result, status: 'cancelled' }, publish, '');
}

/** Where a run is: the step it is at, what the steps so far gave. */
interface Trail {
  traceId: string;
  at: number;
  steps: StepEntry[];
  outputs: Record<string, unknown>;
}

/**
 * The page goes while the flow runs. A step that only sets form values runs again on the
 * next page; a step whose submit handed a check on waits there for that check's verdict;
 * anything else is not resumed (the flow ends with the page, never runs a step twice).
 */
function handOver(name: 'quickTicket', plan: Plan, state: PlanRun, trail: Trail, checkId: string | null, about: FlowHandover['about']): boolean {
  const step = plan.steps[trail.at];
  if (!step) return false;
  const again = step.kind === 'tool' && !!step.again;
  // Run again (whatever the check), or wait for the check's verdict; else it ends with the page.
  if (!again && !checkId) return false;
  const handover: FlowHandover = {
    name,
    run: state,
    at: trail.at,
    steps: trail.steps.slice(0, trail.at) as unknown as FlowHandover['steps'],
    outputs: JSON.parse(JSON.stringify(trail.outputs)) as Record<string, unknown>,
    traceId: trail.traceId,
    ...(!again && checkId ? { checkId } : {}),
    about,
  };
  // Not awaited: the page is going; the message is queued before it goes.
  postToBackground({ type: 'flow.handover', handover });
  return true;
}

async function goOn(
  host: Host,
  plan: Plan,
  trail: Trail,
  resume: FlowHandover | undefined,
  signal: AbortSignal,
  onStep: (entry: StepEntry, i: number, output: unknown) => void,
  guard: () => Promise<ErrorSpec | null>,
  announce: NonNullable<RunPlanOptions['announce']>,
): Promise<PlanResult> {
  const opts = {
    guard,
    announce,
    registry: host.core.registry,
    ctx: host.ctx('plan', { traceId: trail.traceId }),
    signal,
    audit: host.core.registry.audit,
    generate: (req: { system: string; user: string }, sig: AbortSignal) => generateInWorker(req, sig),
    onStep,
  };
  if (!resume) return runPlan(plan, {}, opts);
  if (resume.checkId) {
    // The step that submitted: its verdict comes from this page (src/content/verdict.ts).
    const step = plan.steps[resume.at]!;
    const verdict = await verdictFor(resume.checkId, NEXT_PAGE_WAIT_MS);
    const base = { id: step.id, kind: step.kind, title: step.title, name: step.kind === 'tool' ? step.tool : step.id, durationMs: 0 };
    const entry: StepEntry =
      verdict.status === 'done'
        ? { ...base, status: 'done', summary: 'shown on the next page' }
        : { ...base, status: verdict.status, summary: verdict.error.detail, error: { ...verdict.error, traceId: trail.traceId } };
    onStep(entry, resume.at, verdict.status === 'done' ? verdict.data : undefined);
    if (verdict.status !== 'done' || resume.at + 1 >= plan.steps.length) {
      return { plan: plan.name, status: verdict.status === 'done' ? 'completed' : 'failed', steps: trail.steps, outputs: trail.outputs, traceId: trail.traceId };
    }
  }
  return runPlan(plan, {}, { ...opts, resume: { at: trail.at, steps: trail.steps, outputs: trail.outputs, traceId: trail.traceId } });
}

/** A submit's next page answers within the worker's own wait (next-page.ts NEXT_PAGE_MS). */
const NEXT_PAGE_WAIT_MS = 25_000;

function finish(title: string, state: PlanRun, result: PlanResult, publish: () => void, panelKey: string): PlanResult {
  state.status = result.status;
  if (result.status === 'cancelled' && result.stoppedBy) state.stoppedBy = result.stoppedBy;
  // The submit waits on a card in the side panel (the console's profile asks for one); the worker settles the run.
  if (result.status === 'needs_confirmation' && result.prepared) state.waitingFor = result.prepared.actionId;
  const failedAt = result.steps.findIndex((s) => stepFailed(s.status));
  if (failedAt >= 0) state.error = t('flowStepFailed', state.steps[failedAt]!.title, state.steps[failedAt]!.summary);
  for (const s of state.steps) if (s.status === 'running' || (s.status === 'pending' && result.status === 'cancelled')) s.status = 'cancelled';
  publish();
  const ticketId = (result.outputs.submit as { ticketId?: string } | undefined)?.ticketId;
  if (result.status === 'completed') toast(ticketId ? t('flowDoneTicket', title, ticketId) : t('flowDone', title), 'ok', 6_000);
  else if (result.status === 'cancelled') toast(result.stoppedBy ? t('flowStoppedByYou', title) : t('flowCancelled', title), 'warn', 6_000);
  else if (result.status === 'needs_confirmation') toast(t('flowAwaitConfirm', title, panelKey), 'info', 12_000);
  else toast(t('flowFailed', title, state.error ?? ''), 'error', 8_000);
  return result;
}

/**
 * The record this page is about: the one it shows, else — a ticket form on a page of its own —
 * the one the extension saw this tab show before (src/messages/came-from.ts), else none.
 */
async function recordHere(host: Host): Promise<string | null> {
  const id = host.model.current().identity().recordId;
  if (id) return id;
  return (await host.model.cameFromRecord())?.recordId ?? null;
}

/**
 * Why the flow may not go on here: the tab moved to another record (or to a record from a form
 * about none) since it started. Checked before every step, on this page and on a page that resumes it.
 */
async function sameRecord(host: Host, about: FlowHandover['about']): Promise<ErrorSpec | null> {
  const here = await recordHere(host);
  if (here === about.recordId) return null;
  const was = about.recordId ?? 'no record';
  return errorSpec(
    'forbidden',
    'FLOW_RECORD_CHANGED',
    `The flow started on ${was}; this page is about ${here ?? 'no record'}. It stopped here; nothing more was done.`,
    `Go back to ${was} and run it again.`,
    { params: { record: was, ...(here ? { now: here } : {}) } },
  );
}

/**
 * On a console page that loaded in the middle of a flow: go on with what the worker handed
 * back (`flow.resume`, asked by the eager loader; parsed here, where the schema is).
 */
export async function resumeFlow(host: Host, lang: () => 'zh' | 'en', handover: unknown): Promise<void> {
  const parsed = FlowHandoverSchema.safeParse(handover);
  if (parsed.success) await runFlow(host, parsed.data.name, lang, parsed.data);
}
