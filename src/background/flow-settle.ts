/**
 * A fixed flow whose last step waits on a card (quick ticket's submit, where the console's
 * profile asks for a confirmation): the card's decision ends the run the side panel shows.
 * The content script that ran the flow hears nothing of a decision; the worker, which decides,
 * settles the run it keeps for the tab (`plan:<tabId>` in session storage).
 */
import type { PlanRun } from '../messages/schemas.ts';
import type { LedgerEntry } from '../tools/ledger.ts';

type RunStatus = PlanRun['status'];
type StepStatus = PlanRun['steps'][number]['status'];

/** The run's and the waiting step's status after the card's outcome; null while it is not decided. */
const SETTLED: Partial<Record<LedgerEntry['state'], [RunStatus, StepStatus]>> = {
  executed: ['completed', 'done'],
  failed: ['failed', 'failed'],
  uncertain: ['failed', 'uncertain'],
  rejected: ['cancelled', 'cancelled'],
  expired: ['cancelled', 'cancelled'],
};

export async function settleFlow(entry: LedgerEntry | undefined): Promise<void> {
  const tabId = entry?.call.binding.tabId;
  const settled = entry && SETTLED[entry.state];
  if (tabId === undefined || !settled) return;
  const key = `plan:${tabId}`;
  const run = (await chrome.storage.session.get(key))[key] as PlanRun | undefined;
  if (!run || run.status !== 'needs_confirmation' || run.waitingFor !== entry.call.actionId) return;
  const [status, step] = settled;
  const data = entry.outcome?.status === 'executed' ? (entry.outcome.data as { ticketId?: unknown } | null) : null;
  const ticketId = typeof data?.ticketId === 'string' ? data.ticketId : '';
  const { waitingFor: _w, ...rest } = run;
  const next: PlanRun = {
    ...rest,
    status,
    // A person said no on the card: the run was stopped by them.
    ...(entry.state === 'rejected' ? { stoppedBy: 'agent' as const } : {}),
    steps: run.steps.map((s) => (s.status === 'needs_confirmation' ? { ...s, status: step, summary: ticketId || s.summary } : s)),
    updatedAt: Date.now(),
  };
  await chrome.storage.session.set({ [key]: next });
}
