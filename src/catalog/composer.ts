/**
 * The reply composer and the note box as tools use them: found (or opened through the
 * console's Reply / Note control), the record they belong to, and text counted in the thread.
 */
import { detectEditor } from '../dom/editors/index.ts';
import { kindOf, type FoundField } from '../dom/find.ts';
import { observe, quiet, waitFor } from '../dom/observe.ts';
import { squash } from '../dom/text.ts';
import { elementOf, type RecipeParts } from '../page/recipes.ts';
import type { RunResult } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { isFailure, replay } from './recipe.ts';

/** The open record's id (what prepared calls bind to). */
export function recordIdOf(deps: CatalogDeps): string | null {
  return deps.model().current().identity().recordId;
}

/** The composer of a kind as a fillable field: its element and how set-value writes it. */
export function composerOf(deps: CatalogDeps, kind: 'reply' | 'note', includeHidden = false): FoundField | null {
  const c = deps.model().current().composer(kind, includeHidden);
  if (!c || (c.activate && !includeHidden && c.el === c.activate)) return null;
  if (c.field) return c.field;
  const el = c.el;
  const fieldKind = el.tagName === 'TEXTAREA' ? 'textarea' : el.tagName === 'INPUT' ? 'text' : 'editable';
  return { key: kind, el, kind: fieldKind, via: c.via === 'profile' ? 'label' : 'nearby', label: c.via, score: 1 };
}

const EDITABLE = 'textarea, input, [contenteditable]:not([contenteditable="false"])';

/**
 * How many elements outside the composer show exactly this text (a landed message or note).
 * Text inside an editable field (a draft the console put back after a failed post) never counts.
 */
export function textCount(root: Element, text: string, composer?: Element): number {
  let n = 0;
  for (const el of Array.from(root.querySelectorAll('li, p, div, [role=article], [role=listitem], article, td, span'))) {
    if (composer && (composer.contains(el) || el.contains(composer))) continue;
    if (el.closest(EDITABLE) || el.querySelector(EDITABLE)) continue;
    if (el.childElementCount > 3) continue;
    if (squash(el.textContent ?? '') === text) n += 1;
  }
  return n;
}

/**
 * The composer, shown: when it sits behind a tab (osTicket's "Post Internal Note"), the tab is
 * clicked as a person would and the composer awaited. Null when there is none to show.
 */
export async function openComposer(deps: CatalogDeps, kind: 'reply' | 'note', signal: AbortSignal): Promise<FoundField | null | RunResult<never>> {
  const recipe = deps.model().current().recipe(kind);
  if (recipe && recipe.text >= 0) return openByRecipe(deps, kind, recipe, signal);
  const c = deps.model().current().composer(kind);
  if (!c?.activate) return composerOf(deps, kind);
  c.activate.click();
  // The box is shown already and shared with the reply: the tab switched its mode; the box
  // stays the one found (its button now says what the mode is, and note.add looks for that).
  if (c.el !== c.activate) return (await quiet(document.documentElement, 100, 1_000, signal), composerOf(deps, kind));
  const seen = await observe<FoundField>(
    document.documentElement,
    () => {
      const now = deps.model().current().composer(kind);
      const f = now && !now.activate ? composerOf(deps, kind) : null;
      return f ? { kind: 'done', value: f } : null;
    },
    3_000,
    signal,
  );
  return seen.kind === 'done' ? seen.value : null;
}

const SHOWN_MS = 3_000;

function fieldOf(el: Element, kind: 'reply' | 'note'): FoundField {
  const target = detectEditor(el)?.editable ?? el;
  return { key: kind, el: target, kind: kindOf(target), via: 'label', label: 'profile recipe', score: 1 };
}

/**
 * The recipe's way to the editor: every step before its text step, replayed each time (the
 * Reply / Note button also puts a shared editor in its mode, so it is pressed even when the
 * editor shows). A button that toggles, and closed what was open, is pressed once more.
 */
async function openByRecipe(deps: CatalogDeps, kind: 'reply' | 'note', p: RecipeParts, signal: AbortSignal): Promise<FoundField | null | RunResult<never>> {
  const shownBefore = !!elementOf(document, p, p.text);
  for (let round = 0; round < 2; round++) {
    const r = await replay(deps, kind, p, { from: 0, to: p.text }, {}, signal);
    if (isFailure(r)) return r;
    const el = await waitFor(() => elementOf(document, p, p.text), shownBefore && round === 0 ? 400 : SHOWN_MS, signal);
    if (el) return fieldOf(el, kind);
    if (!shownBefore) break;
  }
  return null;
}

/**
 * After the text is in: the recipe's steps between its text and its commit (a status chosen,
 * "CC me" ticked), then its commit, found but not pressed.
 */
export async function recipeCommit(deps: CatalogDeps, kind: 'reply' | 'note', signal: AbortSignal): Promise<{ commit?: HTMLElement } | RunResult<never> | null> {
  const p = deps.model().current().recipe(kind);
  if (!p || p.text < 0) return null;
  return replay(deps, kind, p, { from: p.text + 1, to: p.commit, commit: true }, {}, signal);
}
