/**
 * The reply composer and the note box as tools use them: found (or opened through the
 * console's Reply / Note control), the record they belong to, and text counted in the thread.
 */
import { press } from '../dom/controls/events.ts';
import { leavesPage } from '../dom/controls/button.ts';
import { isToggle, modeControls, setMode } from '../dom/composer-mode.ts';
import { detectEditor } from '../dom/editors/index.ts';
import { fail } from '../tools/errors.ts';
import { kindOf, type FoundField } from '../dom/find.ts';
import { observe, quiet, waitFor } from '../dom/observe.ts';
import { isVisible, squash } from '../dom/text.ts';
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

/**
 * The reply box as it is now, for a prepare: the reply composer, or an editor left in note
 * mode that has a control to switch it back (the send switches it before typing).
 */
export function replyBoxNow(deps: CatalogDeps): FoundField | null {
  const reply = composerOf(deps, 'reply', true);
  if (reply) return reply;
  const note = composerOf(deps, 'note');
  const m = note ? modeControls(note.el) : null;
  return note && m && (m.reply || isToggle(m.note)) ? { ...note, key: 'reply' } : null;
}

/**
 * The control a write presses first because the composer is not shown yet (FreeScout's Reply,
 * a Note tab): its name, for dry runs and cards ("would open the reply box with Reply").
 */
export function openerName(deps: CatalogDeps, kind: 'reply' | 'note'): string | null {
  const c = deps.model().current().composer(kind);
  if (!c?.activate) return null;
  const a = c.activate;
  const name = (a.textContent ?? '').replace(/\s+/g, ' ').trim() || a.getAttribute('aria-label') || a.getAttribute('data-original-title') || a.title || '';
  return name.slice(0, 40) || kind;
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
  const f = await shownComposer(deps, kind, signal);
  if (!f || isFailure(f)) return f;
  // One editor for both: it is put in this kind's mode before anything is typed, or nothing is.
  const mode = await setMode(f.el, kind, signal);
  if (mode === 'failed') {
    const other = kind === 'reply' ? 'internal-note' : 'reply';
    return fail('failed', 'COMPOSER_MODE', `The editor is in ${other} mode and could not be switched to ${kind === 'reply' ? 'reply' : 'internal note'} mode, so nothing was written.`, `Switch the editor to ${kind === 'reply' ? 'Reply' : 'Note'} by hand and try again.`);
  }
  // The "mode" control was a tab over a box of its own (Bootstrap tab panes: Reply | Note, a
  // form each): the box held before is hidden now, and this kind's is the one the tab showed.
  if (!shows(f.el)) return (await waitFor(() => visibleBox(deps, kind), 2_000, signal)) ?? null;
  return f;
}

/** An editor a person sees (an iframe editor by its frame). */
const shows = (el: Element) => isVisible(detectEditor(el)?.frame ?? el);

function visibleBox(deps: CatalogDeps, kind: 'reply' | 'note'): FoundField | null {
  const f = composerOf(deps, kind);
  return f && shows(f.el) ? f : null;
}

async function shownComposer(deps: CatalogDeps, kind: 'reply' | 'note', signal: AbortSignal): Promise<FoundField | null | RunResult<never>> {
  const recipe = deps.model().current().recipe(kind);
  if (recipe && recipe.text >= 0) return openByRecipe(deps, kind, recipe, signal);
  const c = deps.model().current().composer(kind);
  // One editor for both, with mode controls beside it: the other kind's box is this kind's once
  // its mode is set (openComposer sets it). A mode control wins over a tab named like a note
  // elsewhere on the page (a thread's "Notes only" filter).
  if (!c || (kind === 'note' && c.activate)) {
    const shared = await sharedBox(deps, kind, !c, signal);
    if (shared || !c) return shared;
  }
  if (!c?.activate) return composerOf(deps, kind);
  // A link to another page: pressing it here would unload the call; the caller carries the job there (carry.ts).
  if (leavesPage(c.activate)) return null;
  // The whole press: component kits open on pointerdown / mousedown, not click alone.
  press(c.activate);
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

/**
 * A box of one kind found as the other kind's, where one editor is both: the note box of a
 * console whose editor appears after Reply is pressed and has a Note switch (`open`: press
 * Reply first), or the reply box of an editor left in note mode. It serves only when the
 * editor has a control that puts it in this kind's mode; else there is no such box.
 */
async function sharedBox(deps: CatalogDeps, kind: 'reply' | 'note', open: boolean, signal: AbortSignal): Promise<FoundField | null | RunResult<never>> {
  const other = kind === 'note' ? 'reply' : 'note';
  const box = open && kind === 'note' ? await shownComposer(deps, 'reply', signal) : composerOf(deps, other);
  if (!box || isFailure(box)) return box;
  if (kind === 'note' && open) {
    const note = composerOf(deps, 'note');
    if (note) return note;
  }
  const m = modeControls(box.el);
  const switchable = kind === 'note' ? !!m.note : !!m.reply || isToggle(m.note);
  return switchable ? { ...box, key: kind } : null;
}

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
