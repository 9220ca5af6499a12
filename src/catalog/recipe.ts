/**
 * Tools doing a job the way the profile's recipe says (issue 20): the steps before the commit
 * are replayed by the in-page runner (src/dom/replay/run.ts); the commit is returned, never
 * pressed here — each tool presses it through its own checks (ownership, delivery, notices).
 */
import { describeEl } from '../dom/describe.ts';
import { findSteps, runSteps, STEP_MS, type RunEnd, type StepReport } from '../dom/replay/run.ts';
import { selectorsOf } from '../dom/replay/steps.ts';
import { preCommitGuard, type RecipeParts } from '../page/recipes.ts';
import type { RecipeJob } from '../profiles/recipe.ts';
import { fail } from '../tools/errors.ts';
import type { RunResult } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';

export function recipeOf(deps: CatalogDeps, job: RecipeJob): RecipeParts | null {
  return deps.model().current().recipe(job);
}

/** A run that stopped, as the tool's failure: nothing was committed. */
export function stepFailure(job: RecipeJob, end: Exclude<RunEnd, { kind: 'done' }>, reports: readonly StepReport[]): RunResult<never> {
  const done = reports.filter((r) => r.status === 'done').length;
  // Which step (0-based), for the tools that tell "no such person" from a broken recipe.
  const opts = { params: { job, step: String(end.at) } };
  const where = `The console profile's "${job}" recipe stopped at step ${end.at + 1}`;
  const after = done ? ` after ${done} step${done === 1 ? '' : 's'}` : '';
  if (end.kind === 'leaves') return fail('not_found', 'RECIPE_OTHER_PAGE', `${where}: it goes on on another page (${end.url ?? 'the next page'})${after}. Nothing was saved or sent.`, 'Open that page, then try again.', opts);
  if (end.kind === 'refused') return fail('forbidden', 'RECIPE_FORBIDDEN_STEP', `${where}${after}: ${end.detail}. Nothing was pressed.`, 'The console profile\'s recipe does something this job may not. Check it under "This console" (or remove it) and do this by hand.', opts);
  if (end.kind === 'missing_param') return fail('validation', 'RECIPE_PARAM', `${where}: ${end.detail}. Nothing was saved or sent.`, 'Give the missing value.', opts);
  return fail(end.kind === 'not_found' ? 'not_found' : 'failed', 'RECIPE_STEP', `${where}${after}: ${end.detail}. Nothing was saved or sent.`, 'Do it by hand, or teach the job again under "This console".', opts);
}

/**
 * Replays `[from, to)`. With `commit`, then waits for the commit step's element (a button
 * shown or enabled once there is text) and returns it, unpressed. A name that answers twice
 * (two "Jing Chen" among the shown items) is refused: a commit is never a guess.
 */
export async function replay(
  deps: CatalogDeps,
  job: RecipeJob,
  p: RecipeParts,
  range: { from: number; to: number; commit?: boolean },
  params: Record<string, string>,
  signal: AbortSignal,
  /** Filled with the element each step acted on (what a select was set to, for the allow-list). */
  elements?: Map<number, Element>,
): Promise<{ commit?: HTMLElement } | RunResult<never>> {
  const r = await runSteps(p.flow.steps, range.from, range.to, { params, signal, stepMs: p.flow.timeout ?? STEP_MS, guard: preCommitGuard(job), ...(range.commit ? { findAfter: p.commit } : {}) });
  deps.model().invalidate();
  for (const [i, el] of r.elements) elements?.set(i, el);
  if (r.end.kind !== 'done') return stepFailure(job, r.end, r.reports);
  if (!range.commit) return {};
  const step = p.flow.steps[p.commit]!;
  if (!r.next) return fail('not_found', 'RECIPE_STEP', `The console profile's "${job}" recipe: its last step (${step.type}) finds nothing on the page: ${JSON.stringify(selectorsOf(step)[0] ?? '')}. Nothing was saved or sent.`, 'Do it by hand, or teach the job again under "This console".', { params: { job, step: String(p.commit) } });
  if (r.next.ambiguous) return fail('failed', 'RECIPE_AMBIGUOUS', `The console profile's "${job}" recipe: its last step matches more than one element (${describeEl(r.next.el)} and others). Nothing was pressed.`, 'Do it by hand, or teach the job again with a clearer choice.');
  return { commit: r.next.el as HTMLElement };
}

export const isFailure = (r: object): r is RunResult<never> => 'status' in r;

/**
 * For a dry run: what each of the recipe's steps, the commit included, finds on the page now,
 * without acting. A step after one that opens something (the editor behind Reply) is found
 * only once that step runs: "later", not broken.
 */
export function recipeSteps(p: RecipeParts, params: Record<string, string>): { step: number; type: string; finds: string }[] {
  let opened = false;
  return findSteps(p.flow.steps, 0, p.commit + 1, params).map((r) => {
    const finds = r.status === 'found' ? (r.what ?? 'found') : r.status === 'skipped' ? 'nothing to find' : opened ? 'shown by an earlier step' : 'not on the page';
    if (r.status === 'found' && (r.type === 'click' || r.type === 'doubleClick')) opened = true;
    return { step: r.index + 1, type: r.type, finds };
  });
}
