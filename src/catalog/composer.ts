/**
 * The reply composer and the note box as tools use them: found (or opened through the
 * console's Reply / Note control), the record they belong to, and text counted in the thread.
 */
import { type FoundField } from '../dom/find.ts';
import { observe, quiet } from '../dom/observe.ts';
import { squash } from '../dom/text.ts';
import type { CatalogDeps } from './deps.ts';

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
export async function openComposer(deps: CatalogDeps, kind: 'reply' | 'note', signal: AbortSignal): Promise<FoundField | null> {
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
