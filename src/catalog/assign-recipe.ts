/**
 * Assigning by the profile's recipe (issue 20): a dropdown of people, or "… → Move → a
 * dialog with a select → Move", replayed up to the commit. The choice is made by its visible
 * name (`{assignee}` / `{queue}`); the queue allow-list is checked on what was chosen before
 * the commit is pressed; a refusal or a missing name closes what the recipe opened.
 */
import { computeAccessibleName } from 'dom-accessibility-api';
import { key } from '../dom/controls/events.ts';
import { squash } from '../dom/text.ts';
import type { OptionLike } from '../dom/set-value.ts';
import type { RecipeParts } from '../page/recipes.ts';
import { RECIPE_JOBS, type RecipeJob } from '../profiles/recipe.ts';
import { fail } from '../tools/errors.ts';
import type { RunCtx, RunResult } from '../tools/types.ts';
import type { AssignKind } from './assign.ts';
import type { CatalogDeps } from './deps.ts';
import { deliver } from './landed.ts';
import { isFailure, replay } from './recipe.ts';
import { recordIdOf } from './composer.ts';

export const jobOf = (k: AssignKind): RecipeJob => (k.key === 'queue' ? 'transfer' : 'assign');

/** Escape, as a person closes a menu or dialog they opened and will not use. */
function close(): void {
  key(document.activeElement ?? document.body, 'Escape');
}

/** What was chosen: the option a recipe's select now shows, else the commit's own name. */
function chosen(p: RecipeParts, elements: ReadonlyMap<number, Element>, commit: HTMLElement): OptionLike {
  for (let i = p.commit - 1; i >= 0; i--) {
    const el = elements.get(i);
    if (el?.tagName === 'SELECT') {
      const o = (el as HTMLSelectElement).selectedOptions[0];
      if (o) return { value: o.value, text: squash(o.text) };
    }
  }
  const name = squash(computeAccessibleName(commit) || commit.textContent || '');
  return { value: name, text: name };
}

/** The steps that hold the job's parameter (the option set, the item clicked by name). */
function choosesAt(p: RecipeParts): number[] {
  return p.flow.steps.flatMap((s, i) => (/\{(assignee|queue)\}/.test(JSON.stringify(s)) ? [i] : []));
}

export async function assignByRecipe(deps: CatalogDeps, k: AssignKind, p: RecipeParts, wanted: string, ctx: RunCtx): Promise<RunResult<unknown>> {
  const job = jobOf(k);
  const params = { [RECIPE_JOBS[job][0]]: wanted };
  const elements = new Map<number, Element>();
  const r = await replay(deps, job, p, { from: 0, to: p.commit, commit: true }, params, ctx.signal, elements);
  if (isFailure(r)) {
    close();
    // The step that chooses by name is the one that failed: the console has no such choice.
    const e = 'error' in r ? r.error : null;
    const code = e?.code === 'RECIPE_STEP' && choosesAt(p).includes(Number(e.params?.step)) ? (k.key === 'queue' ? 'UNKNOWN_QUEUE' : 'UNKNOWN_AGENT') : null;
    return code ? fail('validation', code, `The console shows no ${k.key} "${wanted}" where the recipe chooses it. It was closed; nothing was changed.`, 'Check the name as the console lists it.') : r;
  }
  const commit = r.commit!;
  const option = chosen(p, elements, commit);
  const refused = k.refuse?.(deps, option);
  if (refused) {
    close();
    return fail('forbidden', 'QUEUE_NOT_ALLOWED', `${refused.detail} It was closed; nothing was changed.`, refused.suggestion);
  }
  const data = { assigned: option.value || option.text, to: option.text, message: '', conversationId: recordIdOf(deps) };
  return deliver(deps, { tool: k.key === 'queue' ? 'queue.assign' : 'ticket.assign', button: commit, record: 'same', words: k.words, data, fromNotice: (n) => ({ message: n }), timeoutMs: deps.observeMs ?? 5_000 }, ctx);
}
