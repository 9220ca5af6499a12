/**
 * Reading text the way a person sees it: visible elements only, invisible Unicode removed
 * and counted (DESIGN.md "The chat loop": page text is untrusted data).
 */

// The character rule is shared with the knowledge base (src/kb), so it lives in the pure core.
import { stripInvisible, type CleanText } from '../tools/unicode.ts';

export { stripInvisible, type CleanText };

export const squash = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Label-ish text for matching: no invisible chars, no trailing colons or asterisks, lower case. */
/**
 * An element's id attribute. `form.id` is the form's control named "id" when it has one (DOM
 * clobbering: osTicket's reply form carries `<input type=hidden name="id">`), so ids are read
 * as attributes wherever the element may be a form.
 */
export const idOf = (el: Element): string => el.getAttribute('id') ?? '';

export function normLabel(s: string): string {
  return squash(stripInvisible(s).text)
    .replace(/[：:*＊()（）]/g, ' ')
    .trim()
    .toLowerCase();
}

/** Hidden (display:none, visibility, opacity 0, zero size, off-screen, aria-hidden subtree) elements are not read. */
export function isVisible(el: Element): boolean {
  if (!el.isConnected) return false;
  if (el.closest('[hidden],[aria-hidden="true"]')) return false;
  // Native and fast (Chrome 105+): display:none ancestors, visibility and opacity in one call.
  // https://developer.mozilla.org/docs/Web/API/Element/checkVisibility
  if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
  const rect = el.getBoundingClientRect();
  if (rect.width < 1 || rect.height < 1) return false;
  // Far off-screen (the classic "left:-9999px" hiding trick) counts as hidden.
  return rect.right > -1000 && rect.bottom > -1000 && rect.left > -5000 && rect.top > -5000;
}

/** Text of an element without the text inside `exclude` (e.g. a wrapping label's own control). */
export function ownText(el: Element, exclude?: Element): string {
  let out = '';
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const parent = n.parentElement;
    if (exclude && (parent === exclude || exclude.contains(n))) continue;
    if (parent && ['SELECT', 'OPTION', 'SCRIPT', 'STYLE', 'TEXTAREA'].includes(parent.tagName)) continue;
    out += n.textContent ?? '';
  }
  return squash(out);
}

/** Visible text of an element, invisible characters removed and counted. */
export function visibleText(el: Element): CleanText {
  if (!isVisible(el)) return { text: '', removedChars: 0 };
  const text = el instanceof el.ownerDocument.defaultView!.HTMLElement ? el.innerText : (el.textContent ?? '');
  const clean = stripInvisible(text);
  return { text: clean.text.trim(), removedChars: clean.removedChars };
}
