/**
 * Pressing a console's submit and reading its answer (src/dom/outcome.ts): the button
 * nearest the form, waiting for it to enable, and the console's words turned into a result.
 */
import { findButtonNear, isDisabled } from '../dom/controls/button.ts';
import { press } from '../dom/controls/events.ts';
import { describeEl } from '../dom/describe.ts';
import { waitFor } from '../dom/observe.ts';
import { noticeBaseline, watchOutcome, type Outcome } from '../dom/outcome.ts';
import { fail, ok } from '../tools/errors.ts';
import type { RunResult } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { commitProblem, type Job } from '../page/owners.ts';

/**
 * Presses a console's submit and reads what it says (src/dom/outcome.ts): the profile's
 * signals first, then success/error notices anywhere on the page, then the tool's own
 * evidence; nothing in time is uncertain.
 */
export async function pressAndWatch(
  deps: CatalogDeps,
  button: HTMLElement,
  timeoutMs: number,
  signal: AbortSignal,
  evidence?: () => string | null,
  onLeave?: () => void,
  acts?: readonly string[],
): Promise<Outcome> {
  const signals = deps.model().current().signals();
  const before = noticeBaseline(document, signals);
  press(button);
  return watchOutcome(before, { timeoutMs, signal, ...(signals ? { signals } : {}), ...(evidence ? { evidence } : {}), ...(onLeave ? { onLeave } : {}), ...(acts ? { acts } : {}) });
}

/** The submit-like button nearest to `from` (its form, dialog or box first, then outward). */
export function buttonNear(
  from: Element,
  words: readonly string[],
  opts: { disabledOk?: boolean } = {},
): { ok: true; el: HTMLElement; label: string } | { ok: false; detail: string } {
  const hit = findButtonNear(from, words);
  if (!hit) return { ok: false, detail: `no button named ${words.slice(0, 6).map((w) => `"${w}"`).join(', ')} (by text, value, aria-label, title) in ${describeEl(from)} or any container around it` };
  if (hit.disabled && !opts.disabledOk) return { ok: false, detail: `the "${hit.label}" button is disabled, so it was not pressed` };
  return { ok: true, el: hit.el, label: hit.label };
}

/** How long a composer's button may take to enable itself once its box holds text. */
const ENABLE_MS = 2_000;

/**
 * Composers built on React/Vue state keep their button disabled while the box is empty
 * (`disabled={editor.isEmpty}`): it is found before the fill and pressed only once the
 * console has enabled it. Still disabled after that is the console's own "no".
 */
export async function enabledAfterFill(el: HTMLElement, signal: AbortSignal): Promise<boolean> {
  return (await waitFor(() => (isDisabled(el) ? null : true), ENABLE_MS, signal, 50)) === true;
}

/** Codes and hints a tool gives for each way its console can answer. */
export interface OutcomeWords {
  /** Code for a clear refusal (an error notice the console showed). */
  refused: string;
  /** Code for an unclear error (5xx-like) and for silence. */
  unclear: string;
  silent: string;
  fix: string;
  check: string;
  /**
   * Words a notice uses for this very act ("note", 备注; "moved", 移动): a yellow "Note added"
   * is success when it says that (src/dom/outcome.ts classify).
   */
  acts?: readonly string[];
}

/** An error notice that means "the console broke", not "the console refused". */
const BROKE = /\b5\d\d\b|internal (server )?error|server error|timed? ?out|network error|try again later|服务器错误|网络错误|超时|稍后再试/i;

/** The tool's result from what the console said: data on success, failed/uncertain otherwise, the notice text always carried. */
export function fromOutcome<T>(o: Outcome, data: (notice: string) => T, w: OutcomeWords): RunResult<T & { notice: string; seen: string }> {
  if (o.kind === 'success') return ok({ ...data(o.notice), notice: o.notice, seen: o.via });
  if (o.kind === 'failure') {
    // A console that shows an error said no (failed) — unless the error says it broke (5xx-like): then it may have happened.
    const kind = BROKE.test(o.notice) ? 'uncertain' : 'failed';
    return fail(kind, kind === 'failed' ? w.refused : w.unclear, `The console answered: ${o.notice}`, kind === 'failed' ? w.fix : w.check);
  }
  return fail('uncertain', w.silent, `The console showed no result (${o.via}: no success or error notice, no other sign).`, w.check);
}

/**
 * Refuses to press another job's control (src/page/owners.ts): a profile may say where a
 * job's button is, never make a reply's Send press the refund form's submit.
 */
export function foreignCommit(deps: CatalogDeps, job: Job, button: Element): RunResult<never> | null {
  const p = commitProblem(deps.model().current(), job, button);
  if (!p) return null;
  return fail('forbidden', 'FOREIGN_CONTROL', `Nothing was pressed: ${p.detail}.`, 'The console profile points this job at a control that is not its own. Check the profile under "This console" (or remove it) and do this by hand.', {
    params: { job, ...(p.owner ? { owner: p.owner } : {}) },
  });
}
