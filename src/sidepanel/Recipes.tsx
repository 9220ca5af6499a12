/**
 * "How jobs are done here": the profile's recipes (issue 20), one row per job — whether the
 * console's way of doing it is known, and a DevTools Recorder file in or out. An imported
 * recording goes through the same review as an imported profile (ThisConsole's ImportReview:
 * what it finds here, conflicts block it) before it is saved as this console's taught
 * profile; a team lead records a flow in DevTools Recorder, exports it as JSON, imports it here.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { toTab } from '../messages/client.ts';
import { classifySender, ToBackground } from '../messages/index.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import { JOB_NAMES, type RecipeJob, type Step } from '../profiles/recipe.ts';
import { exportRecording, importRecording } from '../profiles/recorder.ts';
import { saveTaught } from '../profiles/store.ts';
import { newDraft } from '../profiles/taught.ts';
import type { Problem } from '../tools/problems.ts';
import { t } from '../ui/i18n.ts';
import { Problems } from '../ui/Problems.tsx';

interface Props {
  tabId: number;
  origin: string;
  /** The taught profile of this origin, if any: recipes are added to it. */
  taught: ConsoleProfile | null;
  /** The profile in use (a built-in one): a new taught draft starts from its rules. */
  base: ConsoleProfile | null;
  locked: boolean;
  /** Shows the profile with the new recipe for the agent to accept (ThisConsole's review). */
  onReview(profile: ConsoleProfile): void;
  /** The person's own recording: kept at once unless the check finds a conflict (then reviewed). */
  onRecorded(profile: ConsoleProfile, job: RecipeJob, steps: number): void;
  onSaved(): void;
}

function withRecipe(p: Props, job: RecipeJob, flow: NonNullable<ConsoleProfile['recipes']>[RecipeJob] | undefined): ConsoleProfile {
  const draft = p.taught ?? newDraft(p.origin, p.base);
  const recipes = { ...draft.recipes, [job]: flow };
  if (!flow) delete recipes[job];
  const { recipes: _r, ...rest } = draft;
  return Object.keys(recipes).length ? { ...rest, recipes } : rest;
}

/**
 * A recording in progress: the steps the console tab's content script heard (trusted input
 * only), pushed as they happen; a page load in between is kept on the click before it, and
 * recording goes on in the tab's new page.
 */
function useRecording(tabId: number, job: RecipeJob | null, onCommitted: (job: RecipeJob) => void) {
  const [steps, setSteps] = useState<Step[]>([]);
  useEffect(() => {
    setSteps([]);
    if (!job) return;
    const start = () => void toTab(tabId, { type: 'teach.record', op: 'start', job });
    const onMessage = (raw: unknown, sender: chrome.runtime.MessageSender) => {
      // The tab the browser stamped, never what the message says; the worker answers it.
      const from = classifySender(sender, chrome.runtime.id, chrome.runtime.getURL(''));
      if (from.kind !== 'content' || from.tabId !== tabId || from.frameId !== 0) return;
      const m = ToBackground.safeParse(raw);
      if (m.success && m.data.type === 'teach.committed' && m.data.job === job) return onCommitted(job);
      const msg = m.success && m.data.type === 'teach.recorded' ? m.data : null;
      if (msg && msg.job === job) setSteps((all) => [...all, msg.step as Step]);
    };
    const onUpdated = (id: number, change: chrome.tabs.OnUpdatedInfo) => {
      if (id !== tabId) return;
      if (change.url) setSteps((all) => markNavigation(all, change.url!));
      if (change.status === 'complete') setTimeout(start, 150);
    };
    chrome.runtime.onMessage.addListener(onMessage);
    chrome.tabs.onUpdated.addListener(onUpdated);
    start();
    return () => {
      chrome.runtime.onMessage.removeListener(onMessage);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      void toTab(tabId, { type: 'teach.record', op: 'stop' });
    };
  }, [tabId, job]);
  return steps;
}

/** The click that loaded `url` asserts that navigation (Recorder's `assertedEvents`). */
function markNavigation(steps: Step[], url: string): Step[] {
  const i = steps.map((s) => s.type).lastIndexOf('click');
  if (i < 0) return steps;
  const out = [...steps];
  out[i] = { ...out[i]!, assertedEvents: [{ type: 'navigation', url }] };
  return out;
}

export function Recipes(p: Props) {
  const [problems, setProblems] = useState<{ job: RecipeJob; list: Problem[] } | null>(null);
  const [recording, setRecording] = useState<RecipeJob | null>(null);
  // The panel's own "point at it" and an Alt+click on the page end a recording the same way.
  const finishRef = useRef<(job: RecipeJob) => void>(() => {});
  const steps = useRecording(p.tabId, recording, (job) => finishRef.current(job));
  const [link, setLink] = useState<{ job: RecipeJob; href: string } | null>(null);
  const recipes = (p.taught ?? p.base)?.recipes ?? {};

  const importFile = async (job: RecipeJob, file: File | undefined) => {
    setProblems(null);
    if (!file) return;
    const r = importRecording(await file.text(), job, p.origin);
    if (!r.ok) return setProblems({ job, list: r.problems });
    p.onReview(withRecipe(p, job, r.flow));
  };
  const exportFile = (job: RecipeJob) => {
    const flow = recipes[job];
    if (!flow) return;
    if (link) URL.revokeObjectURL(link.href);
    setLink({ job, href: URL.createObjectURL(new Blob([exportRecording(flow, p.origin)], { type: 'application/json' })) });
    setTimeout(() => document.querySelector<HTMLAnchorElement>(`a.recipe-export-link[data-job="${job}"]`)?.click(), 0);
  };
  const finish = async (job: RecipeJob) => {
    setProblems(null);
    const r = await toTab<{ commit?: Step; before?: Step[]; cancelled?: boolean }>(p.tabId, { type: 'teach.record', op: 'commit', job });
    if (!r.ok || !r.commit) return;
    // `before`: what was typed last, handed over with the commit (never after it).
    const flow = { title: `deskhand: ${job}`, steps: [...steps, ...(r.before ?? []), r.commit] };
    setRecording(null);
    const res = importRecording(JSON.stringify(flow), job, p.origin);
    if (!res.ok) return setProblems({ job, list: res.problems });
    p.onRecorded(withRecipe(p, job, res.flow), job, res.flow.steps.length);
  };
  finishRef.current = (job) => void finish(job);
  const remove = async (job: RecipeJob) => {
    const saved = await saveTaught(p.origin, withRecipe(p, job, undefined));
    if (!saved.ok) return setProblems({ job, list: saved.problems });
    p.onSaved();
  };

  return (
    <section class="recipes" aria-label={t('recipesTitle')}>
      <h3>{t('recipesTitle')}</h3>
      <p class="meta">{t('recipesHint')}</p>
      {recording && (
        <div class="notice recording" role="status" data-job={recording} data-steps={steps.length}>
          <p>{t('recordingNow', t(`recipeJob_${recording}`))}</p>
          <p class="meta">{t('recordingSteps', steps.length)}</p>
          <button class="confirm finish-recording" onClick={() => void finish(recording)}>
            {t('recordPickCommit')}
          </button>
          <button class="cancel-recording" onClick={() => setRecording(null)}>
            {t('importCancel')}
          </button>
        </div>
      )}
      <table class="recipe-table">
        <tbody>
          {JOB_NAMES.map((job) => {
            const flow = recipes[job];
            return (
              <tr class="recipe-row" data-job={job} data-known={String(!!flow)}>
                <th scope="row">{t(`recipeJob_${job}`)}</th>
                <td class="recipe-state">{flow ? t('recipeSteps', flow.steps.length) : t('recipeNone')}</td>
                <td class="recipe-actions">
                  {!p.locked && !recording && (
                    <button class="record-recipe" onClick={() => setRecording(job)}>
                      {t('recipeRecord')}
                    </button>
                  )}
                  {!p.locked && (
                    <label class="import-recipe">
                      {t('recipeImport')}
                      <input type="file" accept="application/json,.json" name={`import-recipe-${job}`} onChange={(e) => void importFile(job, (e.currentTarget as HTMLInputElement).files?.[0])} />
                    </label>
                  )}
                  {flow && (
                    <button class="export-recipe" onClick={() => exportFile(job)}>
                      {t('recipeExport')}
                    </button>
                  )}
                  {flow && p.taught?.recipes?.[job] && !p.locked && (
                    <button class="remove-recipe" onClick={() => void remove(job)}>
                      {t('recipeRemove')}
                    </button>
                  )}
                  {link?.job === job && (
                    <a class="recipe-export-link" data-job={job} href={link.href} download={`deskhand-${job}-recording.json`} hidden>
                      {t('recipeExport')}
                    </a>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {problems && (
        <div class="error recipe-error" role="alert" data-job={problems.job}>
          <p>{t('recipeImportInvalid', t(`recipeJob_${problems.job}`))}</p>
          <Problems problems={problems.list} />
        </div>
      )}
    </section>
  );
}
