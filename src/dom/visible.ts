/**
 * Text as a person sees it, at any depth: descendants that are display:none,
 * visibility:hidden, opacity 0, font-size ~0, clipped to nothing, zero-sized, off-screen,
 * aria-hidden or coloured like their background are dropped, invisible Unicode is stripped,
 * and what was removed is counted (DESIGN.md "The chat loop": page text is untrusted data;
 * hidden text inside a visible message is the prompt-injection path this closes).
 *
 * Hand-written because no library does this: `innerText` honours display/visibility only,
 * and accessibility-name libraries compute names, not visible message bodies.
 */
import { clippedAway, MIN_FONT_PX, MIN_OPACITY, rgb, sameColor, transparentColor as transparent } from '../tools/css-hiding.ts';
import { stripInvisible } from './text.ts';

export interface VisibleText {
  text: string;
  /** Characters of text that was present in the DOM but not visible. */
  hiddenChars: number;
  /** Zero-width, bidi and tag characters removed from visible text. */
  invisibleChars: number;
}

export interface VisibleOptions {
  /** Subtrees to leave out (headers, toolbars, quoted history). */
  skip?: (el: Element) => boolean;
}

const NEVER_TEXT = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA', 'INPUT', 'SELECT', 'OPTION', 'BUTTON', 'SVG', 'svg', 'IMG', 'VIDEO', 'AUDIO', 'CANVAS', 'IFRAME', 'OBJECT']);
const BLOCK = /^(block|flex|grid|list-item|table|table-row|table-caption|flow-root)$/;

interface Walk {
  out: string;
  /** Line breaks owed before the next text (innerText's "required line break count"). */
  pending: number;
  hidden: number;
  invisible: number;
  range: Range;
  scrollX: number;
  scrollY: number;
  opts: VisibleOptions;
}

export function visibleTextOf(root: Element, opts: VisibleOptions = {}): VisibleText {
  const doc = root.ownerDocument;
  const view = doc.defaultView;
  if (!view || !root.isConnected) return { text: '', hiddenChars: 0, invisibleChars: 0 };
  const w: Walk = { out: '', pending: 0, hidden: 0, invisible: 0, range: doc.createRange(), scrollX: view.scrollX, scrollY: view.scrollY, opts };
  if (ancestorHides(root)) return { text: '', hiddenChars: textLength(root), invisibleChars: 0 };
  walkElement(root, w, true);
  return { text: tidy(w.out), hiddenChars: w.hidden, invisibleChars: w.invisible };
}

/** Is the element itself visible at all (for "is this entry on screen")? */
export function elementVisible(el: Element): boolean {
  if (!el.isConnected || ancestorHides(el)) return false;
  const style = getComputedStyle(el);
  if (hidesSubtree(el, style)) return false;
  const rect = el.getBoundingClientRect();
  return rect.width >= 1 && rect.height >= 1 && !offScreen(rect, el.ownerDocument.defaultView!);
}

function ancestorHides(el: Element): boolean {
  if (el.closest('[aria-hidden="true"],[inert]')) return true;
  // display:none ancestors, ancestors' visibility and opacity in one native call (Chrome 105+).
  // https://developer.mozilla.org/docs/Web/API/Element/checkVisibility
  return !el.checkVisibility({ opacityProperty: true, visibilityProperty: false, contentVisibilityAuto: true });
}

function walkElement(el: Element, w: Walk, isRoot = false): void {
  // Not text (controls, media) or not body (the caller's header/toolbar): left out, not "hidden".
  if (!isRoot && (NEVER_TEXT.has(el.tagName) || w.opts.skip?.(el))) return;
  const style = getComputedStyle(el);
  if (!isRoot && (style.display === 'none' || hidesSubtree(el, style))) {
    w.hidden += textLength(el);
    return;
  }
  if (el.tagName === 'BR') {
    emit(w, '\n');
    return;
  }
  // Out-of-flow boxes (absolute, fixed) break no lines where they sit in the source.
  const inFlow = style.position !== 'absolute' && style.position !== 'fixed';
  const breaks = !inFlow ? 0 : el.tagName === 'P' ? 2 : BLOCK.test(style.display) ? 1 : 0;
  w.pending = Math.max(w.pending, breaks);
  const children = childrenOf(el);
  for (const node of children) {
    if (node.nodeType === Node.TEXT_NODE) walkText(node as Text, style, w);
    else if (node.nodeType === Node.ELEMENT_NODE) walkElement(node as Element, w);
  }
  w.pending = Math.max(w.pending, breaks);
  // Cells of a row read apart, as innerText's tab between cells.
  if (style.display === 'table-cell' && !w.pending && w.out && !w.out.endsWith(' ')) w.out += ' ';
}

function emit(w: Walk, text: string): void {
  if (w.pending && w.out) w.out += '\n'.repeat(w.pending);
  w.pending = 0;
  w.out += text;
}

/** Rendered children: an open shadow root's content, a slot's assigned nodes, else light DOM. */
function childrenOf(el: Element): Node[] {
  if (el.shadowRoot) return Array.from(el.shadowRoot.childNodes);
  if (el.tagName === 'SLOT') {
    const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true });
    if (assigned.length) return assigned;
  }
  return Array.from(el.childNodes);
}

/** Properties that hide an element and everything in it, whatever the children say. */
function hidesSubtree(el: Element, style: CSSStyleDeclaration): boolean {
  if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert')) return true;
  if (Number.parseFloat(style.opacity) < MIN_OPACITY) return true;
  if (clippedAway(style.clip, style.clipPath)) return true;
  if (style.overflow !== 'visible' && style.display !== 'inline' && style.display !== 'contents') {
    const rect = el.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) return true;
  }
  return false;
}

function walkText(node: Text, parentStyle: CSSStyleDeclaration, w: Walk): void {
  const raw = node.data;
  if (!raw) return;
  if (!raw.trim()) {
    if (!w.pending) w.out += ' ';
    return;
  }
  if (!textShown(node, parentStyle, w)) {
    w.hidden += raw.trim().length;
    return;
  }
  const clean = stripInvisible(raw);
  w.invisible += clean.removedChars;
  // Source line breaks are spaces unless the console preserves them (emails shown pre-wrap).
  const ws = parentStyle.whiteSpace;
  const kept = ws.startsWith('pre') || ws === 'break-spaces' ? clean.text : clean.text.replace(/\s+/g, ' ');
  emit(w, kept);
}

function textShown(node: Text, style: CSSStyleDeclaration, w: Walk): boolean {
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return false;
  if (Number.parseFloat(style.fontSize) < MIN_FONT_PX) return false;
  if (transparent(style.color) || sameAsBackground(node.parentElement, style)) return false;
  w.range.selectNodeContents(node);
  const rects = Array.from(w.range.getClientRects()).filter((r) => r.width >= 1 && r.height >= 1);
  if (rects.length === 0) return false;
  const view = node.ownerDocument.defaultView!;
  return rects.some((r) => !offScreen(r, view, w.scrollX, w.scrollY));
}

/** Left of or above the document's origin can never be scrolled into view. */
function offScreen(r: DOMRect, view: Window, sx = view.scrollX, sy = view.scrollY): boolean {
  return r.right + sx <= 0 || r.bottom + sy <= 0;
}

/** Text coloured exactly like the nearest painted background (cheap to tell, common trick). */
function sameAsBackground(el: Element | null, style: CSSStyleDeclaration): boolean {
  const fg = rgb(style.color);
  if (!fg) return false;
  for (let cur: Element | null = el, depth = 0; cur && depth < 12; cur = cur.parentElement, depth++) {
    const s = cur === el ? style : getComputedStyle(cur);
    if (s.backgroundImage && s.backgroundImage !== 'none') return false;
    const bg = s.backgroundColor;
    if (!bg || transparent(bg)) continue;
    const b = rgb(bg);
    return !!b && sameColor(fg, b);
  }
  return false;
}

function textLength(el: Element): number {
  return (el.textContent ?? '').replace(/\s+/g, '').length;
}

/** Spaces folded within lines, lines trimmed, at most one blank line in a row. */
function tidy(s: string): string {
  return s
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0\f\r]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
