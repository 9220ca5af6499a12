/**
 * Fixed flows from the panel: a button starts quickTicket in the console tab; its progress
 * is shown step by step from session storage (written by the service worker), with Stop.
 * Titles and step lines are words in the agent's language (the content script writes the
 * step lines with src/ui/describe.ts); ids stay in data attributes. A run the agent stopped
 * (Stop here, or Esc / Stop on the page's countdown before the submit) says so.
 */
import { useEffect, useState } from 'preact/hooks';
import type { PlanRun } from '../messages/schemas.ts';
import { toTab } from '../messages/client.ts';
import { flowTitle, stepTitle } from '../ui/describe.ts';
import { t } from '../ui/i18n.ts';

export function Flows({ tabId }: { tabId: number }) {
  const [run, setRun] = useState<PlanRun | null>(null);
  const key = `plan:${tabId}`;
  useEffect(() => {
    const load = () => void chrome.storage.session.get(key).then((g) => setRun((g[key] as PlanRun | undefined) ?? null));
    load();
    const onChange = (changes: Record<string, unknown>, area: string) => area === 'session' && key in changes && load();
    chrome.storage.onChanged.addListener(onChange);
    return () => chrome.storage.onChanged.removeListener(onChange);
  }, [key]);

  const active = run?.status === 'running';
  return (
    <section class="flows" aria-label={t('flows')}>
      <div class="flow-actions">
        <button class="run-quick-ticket" disabled={active} onClick={() => void toTab(tabId, { type: 'plan.run', name: 'quickTicket' })}>
          {t('runQuickTicket')}
        </button>
        {active && (
          <button class="stop-flow" onClick={() => void toTab(tabId, { type: 'plan.stop', runId: run!.runId })}>
            {t('stop')}
          </button>
        )}
      </div>
      {run && (
        <div class={`flow-run run-${run.status}`} data-run-status={run.status} data-run-id={run.runId} data-stopped-by={run.stoppedBy ?? ''}>
          {/* A finished flow folds to its title line: its steps are there on demand (issue 23 item 2). */}
          {active ? (
            <>
              <FlowTitle run={run} />
              <Steps run={run} />
            </>
          ) : (
            <details class="flow-done">
              <summary>
                <FlowTitle run={run} />
              </summary>
              <Steps run={run} />
            </details>
          )}
          {run.error && (
            <p class="error" role="alert">
              {run.error}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function FlowTitle({ run }: { run: PlanRun }) {
  return (
    <p class="flow-title">
      <strong>{flowTitle(run.plan, run.title)}</strong> · <span class="run-status">{run.status === 'cancelled' && run.stoppedBy === 'agent' ? t('runStoppedByYou') : t(`run_${run.status}`)}</span>
    </p>
  );
}

function Steps({ run }: { run: PlanRun }) {
  return (
    <ol class="flow-steps">
      {run.steps.map((s) => (
        <li class={`step step-${s.status}`} data-step={s.id} data-status={s.status}>
          <span class="step-title">{stepTitle(run.plan, s.id, s.title)}</span> <span class="step-status">{t(`step_${s.status}`)}</span>
          {s.summary && s.status !== 'pending' && <span class="step-summary">{s.summary}</span>}
        </li>
      ))}
    </ol>
  );
}
