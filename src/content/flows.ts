/**
 * Fixed flows started by a person (hotkey or side-panel button), run here under the `plan`
 * caller. Progress goes to the side panel (through the service worker's session storage)
 * and to the toast; Stop cancels between steps; the generate step asks the service worker,
 * which alone may reach the model endpoint.
 */
import type { PlanRun } from '../messages/schemas.ts';
import { plans } from '../plans/index.ts';
import { runPlan, type PlanResult } from '../tools/plan.ts';
import { t } from '../ui/i18n.ts';
import type { Host } from './host.ts';
import { toBackground } from '../ui/api.ts';
import { toast } from './toast.ts';

const running = new Map<string, AbortController>();

export function stopFlow(runId: string): boolean {
  const ac = running.get(runId);
  ac?.abort();
  return !!ac;
}

/**
 * The generate step runs in the worker; Stop (the step's AbortSignal) cancels the worker's
 * request to the model and ends the step at once, so the flow ends `cancelled`.
 */
async function generateInWorker(req: { system: string; user: string }, signal: AbortSignal): Promise<string> {
  const requestId = crypto.randomUUID();
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => {
      void toBackground({ type: 'llm.cancel', requestId });
      reject(new DOMException('The flow was stopped.', 'AbortError'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  const r = await Promise.race([toBackground<{ text: string }>({ type: 'llm.generate', requestId, system: req.system, user: req.user }), aborted]);
  if (!r.ok) throw new Error(r.error.detail);
  return r.text;
}

export async function runFlow(host: Host, name: 'quickTicket', lang: () => 'zh' | 'en'): Promise<PlanResult> {
  const plan = plans(lang, () => host.model.current())[name]!;
  const runId = crypto.randomUUID();
  const ac = new AbortController();
  running.set(runId, ac);
  const state: PlanRun = {
    runId,
    plan: name,
    title: plan.title,
    status: 'running',
    steps: plan.steps.map((s, i) => ({ id: s.id, title: s.title, status: i === 0 ? 'running' : 'pending', summary: '', durationMs: 0 })),
    startedAt: Date.now(),
    updatedAt: Date.now(),
  };
  const publish = () => void toBackground({ type: 'plan.progress', run: { ...state, updatedAt: Date.now() } });
  publish();
  toast(t('flowStarted', plan.title), 'info', 60_000);
  const result = await runPlan(plan, {}, {
    registry: host.core.registry,
    ctx: host.ctx('plan'),
    signal: ac.signal,
    audit: host.core.registry.audit,
    generate: (req, signal) => generateInWorker(req, signal),
    onStep: (entry, i) => {
      state.steps[i] = { id: entry.id, title: entry.title, status: entry.status, summary: (entry.error?.detail ?? entry.summary).slice(0, 1_000), durationMs: entry.durationMs };
      const next = state.steps[i + 1];
      if (next && (entry.status === 'ok' || entry.status === 'planned')) next.status = 'running';
      publish();
      toast(t('flowStep', plan.title, i + 1, plan.steps.length, entry.title), entry.status === 'error' ? 'error' : 'info', 60_000);
    },
  });
  running.delete(runId);
  state.status = result.status;
  const failed = result.steps.find((s) => s.status === 'error');
  if (failed?.error) state.error = `${failed.title}: ${failed.error.detail}`;
  for (const s of state.steps) if (s.status === 'running' || (s.status === 'pending' && result.status === 'cancelled')) s.status = 'cancelled';
  publish();
  const ticketId = (result.outputs.submit as { ticketId?: string } | undefined)?.ticketId;
  if (result.status === 'completed') toast(t('flowDone', plan.title, ticketId ?? ''), 'ok', 6_000);
  else if (result.status === 'cancelled') toast(t('flowCancelled', plan.title), 'warn', 6_000);
  else toast(t('flowFailed', plan.title, state.error ?? ''), 'error', 8_000);
  return result;
}
