/**
 * Buttons as people find them: by their text, `value`, `aria-label` or `title` (icon-only
 * buttons), in Chinese and English — looked for first in the smallest container around
 * where the work happens (the form, the dialog, the composer's box) that holds a button of
 * that kind, then outward to the whole page. A disabled button is reported, never clicked.
 */
import { collectRoots } from '../roots.ts';
import { matchScore } from '../synonyms.ts';
import { isVisible, normLabel } from '../text.ts';

// `[data-dropdown]`: jQuery-era icon buttons that open a menu (osTicket's sticky bar "Assign ▾").
const BUTTONS = 'button, [role=button], input[type=submit], input[type=button], input[type=reset], input[type=image], a[href], a[role=button], [role=menuitem], [role=link], [data-dropdown]';

/** Below this a text is not a name of the button kind. */
const MIN_SCORE = 0.6;

export interface FoundButton {
  el: HTMLElement;
  /** The name it matched by. */
  label: string;
  disabled: boolean;
  /** The container it was found in (for reports). */
  within: Element | Document;
}

/** Every name a button carries, best first. */
export function buttonNames(el: Element): string[] {
  const names = [
    el.getAttribute('aria-label'),
    el instanceof HTMLInputElement ? el.value : null,
    el.textContent,
    el.getAttribute('title'),
    el.querySelector('img[alt]')?.getAttribute('alt'),
    el.getAttribute('data-original-title') ?? el.getAttribute('data-tooltip'),
  ];
  const out = names.map((n) => normLabel(n ?? '')).filter((n) => n && n.length <= 60);
  // "转接 · 物流配送 ▾", "Assign: Li Na": the button's name, then its current value.
  const lead = out.map((n) => n.split(/\s+[·•|:]\s+|\s*[▾▼⌄]/)[0]!.trim()).filter((n, i) => n && n !== out[i]);
  return [...out, ...lead];
}

export function isDisabled(el: Element): boolean {
  return (el as HTMLButtonElement).disabled === true || el.matches(':disabled') || el.closest('[aria-disabled=true]') !== null || el.closest('fieldset:disabled') !== null;
}

function score(el: Element, synonyms: readonly string[]): { score: number; label: string } {
  let best = { score: 0, label: '' };
  for (const name of buttonNames(el)) {
    // "取消指派" / "Unassign" undoes the act its words contain: never that act's button.
    const undoes = UNDOES.test(name);
    const s = matchScore(name, undoes ? synonyms.filter((w) => UNDOES.test(w)) : synonyms);
    if (s > best.score) best = { score: s, label: name };
  }
  return best;
}

/** A name that undoes or refuses what follows it (Chinese has no word gaps: 取消指派 holds 指派). */
const UNDOES = /^(取消|撤销|撤回|移除|解除|删除|不再|un(?=[a-z])|remove\b|cancel\b|clear\b|undo\b|revoke\b|stop\b)/i;

/** Every button named like `synonyms` inside `container` (its shadow roots and frames too), best first. */
export function findButtonsIn(container: Document | Element, synonyms: readonly string[], includeHidden = false): (FoundButton & { score: number })[] {
  const out: (FoundButton & { score: number })[] = [];
  for (const root of collectRoots(container)) {
    for (const el of Array.from(root.querySelectorAll<HTMLElement>(BUTTONS))) {
      if (!includeHidden && !isVisible(el)) continue;
      const s = score(el, synonyms);
      if (s.score < MIN_SCORE) continue;
      const disabled = isDisabled(el);
      // An enabled button beats a disabled one of the same name; a better name beats both.
      out.push({ el, label: s.label, disabled, within: container, score: s.score + (disabled ? 0 : 0.001) });
    }
  }
  // Stable: among equals the first in document order stays first.
  return out.sort((a, b) => b.score - a.score);
}

/** The best button named like `synonyms` inside `container` (its shadow roots and frames too). */
export function findButtonIn(container: Document | Element, synonyms: readonly string[], includeHidden = false): FoundButton | null {
  const best = findButtonsIn(container, synonyms, includeHidden)[0];
  if (!best) return null;
  const { score: _s, ...found } = best;
  return found;
}

/**
 * From `from` (a field, a composer, a form) outward: the first ancestor that holds a button
 * of this kind wins, so a dialog's "Assign" beats the page toolbar's. `stop` bounds the search.
 * A button that submits another form is never `from`'s (an assignee picker outside any form
 * is not saved by the comment form's 提交 below it).
 */
export function findButtonNear(from: Element, synonyms: readonly string[], stop: Element | Document = from.ownerDocument): FoundButton | null {
  const own = formOf(from);
  // Another form's button is not ours; a form inside `from` (a panel or frame body given as
  // the place to look) is.
  const ours = (b: FoundButton) => {
    const theirs = formOf(b.el);
    return !theirs || theirs === own || from.contains(theirs);
  };
  const first = (where: Element | Document) => findButtonsIn(where, synonyms).find(ours) ?? null;
  for (let cur: Element | null = from; cur; cur = cur.parentElement) {
    const hit = first(cur);
    if (hit) return { el: hit.el, label: hit.label, disabled: hit.disabled, within: hit.within };
    if (cur === stop) return null;
  }
  const hit = stop.nodeType === Node.DOCUMENT_NODE ? first(stop) : null;
  return hit ? { el: hit.el, label: hit.label, disabled: hit.disabled, within: hit.within } : null;
}

/** The form an element belongs to: a control's own (its `form` attribute too), else the one around it. */
function formOf(el: Element): Element | null {
  if (el.tagName === 'FORM') return el;
  // `.form` of a control; other elements have none (and a realm check would fail across iframes).
  const assoc = /^(BUTTON|INPUT|SELECT|TEXTAREA|FIELDSET|OUTPUT|OBJECT)$/.test(el.tagName) ? (el as HTMLButtonElement).form : null;
  return assoc ?? el.closest('form');
}

/**
 * A link that takes the agent to another page (a sidebar folder "Assigned", a nav tab) rather
 * than acting here: a real address that is neither this page nor a hash route, with none of
 * the marks of an in-page action (a button role, a dropdown/modal/dialog trigger, a handler).
 * An in-page job (open the assign menu, the transfer dialog) never presses one.
 */
export function leavesPage(el: Element): boolean {
  if (el.tagName !== 'A' || !el.hasAttribute('href')) return false;
  if (el.matches('[role=button], [role=menuitem], [onclick], [aria-haspopup], [aria-controls]')) return false;
  if (Array.from(el.attributes).some((a) => /^data-(bs-)?(toggle|trigger|target|modal|dropdown|action)/.test(a.name))) return false;
  const href = el.getAttribute('href') ?? '';
  if (!href || href.startsWith('#') || /^javascript:/i.test(href)) return false;
  try {
    const to = new URL(href, el.ownerDocument.baseURI);
    const here = new URL(el.ownerDocument.URL);
    return to.origin !== here.origin || to.pathname !== here.pathname || to.search !== here.search;
  } catch {
    return false;
  }
}
