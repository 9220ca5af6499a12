/**
 * Sections of a page (a form, a panel, a card, a dialog, a tab) and the names a person reads
 * for them: aria-label(ledby), title, legend, the section's own heading even when nested a
 * few levels down, a dialog's title, a tab's label, and else the nearest heading above it —
 * in the document, open shadow roots and same-origin iframes.
 */
import { collectRoots, byIdNear, frameDocument } from './roots.ts';
import { matchScore } from './synonyms.ts';
import { idOf, isVisible, normLabel, ownText } from './text.ts';

const HEADING = 'h1, h2, h3, h4, h5, h6, [role=heading], legend, .ui-dialog-title, [class*=title]';
const TAG_CANDIDATES = 'form, section, aside, main, fieldset, article, dialog, iframe, frame, [role=region], [role=form], [role=dialog], [role=alertdialog], [role=tabpanel], [role=complementary], [role=main], [role=group], [role=log], [aria-label], [aria-labelledby]';

/** aria-label on a control names the control, not a section. */
const CONTROL = 'input, textarea, select, button, a, option, [role=button], [role=textbox], [role=combobox], [role=option], [role=tab], [contenteditable], [role=menuitem]';

export interface SectionOptions {
  includeHidden?: boolean;
  within?: Document | Element;
  /** Words beyond the built-in synonyms (from the console profile). */
  extra?: readonly string[];
}

/** Every name of a section, best first. */
export function sectionNames(el: Element): string[] {
  const names: string[] = [];
  const push = (s: string | null | undefined) => {
    const t = normLabel(s ?? '');
    if (t && t.length <= 80) names.push(t);
  };
  push(el.getAttribute('aria-label'));
  for (const id of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) push(byIdNear(el, id)?.textContent);
  push(el.getAttribute('title'));
  if (el.tagName === 'FIELDSET') push(el.querySelector(':scope > legend')?.textContent);
  push(ownHeading(el)?.textContent);
  push(tabLabel(el));
  return names;
}

/**
 * A tab's label, for a tab pane shown by an in-page link (`<a href="#refund">Refund</a>` over
 * `<form id="refund">`, as jQuery-era consoles build their tabs).
 */
function tabLabel(el: Element): string {
  const id = idOf(el);
  if (!id) return '';
  const root = el.getRootNode() as Document | ShadowRoot;
  const link = Array.from(root.querySelectorAll('a[href^="#"]')).find((a) => a.getAttribute('href') === `#${id}`);
  return link ? ownText(link) : '';
}

/** A section without a name of its own is named by the nearest heading above it (weaker). */
function scoredNames(el: Element): { name: string; weight: number }[] {
  const own = sectionNames(el);
  if (own.length) return own.map((name) => ({ name, weight: 1 }));
  const above = normLabel(headingAbove(el)?.textContent ?? '');
  return above && above.length <= 80 ? [{ name: above, weight: 0.9 }] : [];
}

/** The first heading inside the section, before its first control, at most 5 levels down. */
function ownHeading(el: Element): Element | null {
  const root = el.shadowRoot ?? el;
  const first = root.firstElementChild;
  if (first && first.childElementCount === 0 && /(^|[-_\s])(title|heading|caption)([-_\s]|$)/i.test(first.getAttribute('class') ?? '') && (first.textContent ?? '').trim().length <= 40) return first;
  for (const h of Array.from(root.querySelectorAll(HEADING)).slice(0, 5)) {
    if (depthBelow(h, el) > 5) continue;
    if (h.matches('[class*=title]') && !/^(H\d|LEGEND)$/.test(h.tagName) && (h.textContent ?? '').trim().length > 60) continue;
    const firstControl = root.querySelector('input:not([type=hidden]), select, textarea, [contenteditable=true]');
    if (firstControl && firstControl.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING) continue;
    return h;
  }
  return null;
}

function depthBelow(node: Element, ancestor: Element): number {
  let d = 0;
  for (let cur: Element | null = node; cur && cur !== ancestor; cur = cur.parentElement) d++;
  return d;
}

/** The nearest heading before the section among its and its parents' previous siblings. */
function headingAbove(el: Element): Element | null {
  let cur: Element | null = el;
  for (let level = 0; cur && level < 3; level++, cur = cur.parentElement) {
    for (let sib = cur.previousElementSibling; sib; sib = sib.previousElementSibling) {
      if (sib.matches('h1, h2, h3, h4, h5, h6, [role=heading]')) return sib;
      const stop = 'input, select, textarea, form, section, [role=combobox], [role=listbox], [contenteditable=true]';
      if (sib.matches(stop) || sib.querySelector(stop)) return null;
      const inner = sib.querySelectorAll('h1, h2, h3, h4, h5, h6, [role=heading]');
      if (inner.length) return inner[inner.length - 1]!;
      // Content between the heading and this element (a list, a table, text) is what the heading names.
      if (sib.matches('ul, ol, table, dl, article') || (sib.textContent ?? '').trim().length > 40) return null;
    }
  }
  return null;
}

/** A result notice a page puts above its content ("Error: Email is required"): not what the panel is. */
const NOTICE_FIRST = '[role=alert], [role=status], [id*=msg], [class*=error], [class*=notice], [class*=alert], [class*=banner]';

/** Divs that read as panels: a heading among their first children (after a notice), or a shadow root. */
function isPanelish(el: Element): boolean {
  if (el.shadowRoot) return true;
  let first = el.firstElementChild;
  if (first?.matches(NOTICE_FIRST) && !first.querySelector('h1, h2, h3, h4, h5, h6')) first = first.nextElementSibling;
  // A panel has a heading and something under it; a heading alone (a title bar) is not a section.
  if (!first || el.childElementCount < 2) return false;
  if (first.matches('h1, h2, h3, h4, h5, h6, [role=heading], header') || !!first.firstElementChild?.matches('h1, h2, h3, h4, h5, h6, [role=heading]')) return true;
  // A card title written as a div (`<div class="card-title">`): short text, a title word in its markup.
  return first.childElementCount === 0 && (first.textContent ?? '').trim().length <= 40 && /(^|[-_\s])(title|heading|header|caption)([-_\s]|$)/i.test(first.getAttribute('class') ?? '');
}

/** The best-named, smallest section for one of `synonyms`. */
export function findNamedSection(synonyms: readonly string[], opts: SectionOptions = {}): Element | null {
  const words = [...synonyms, ...(opts.extra ?? [])];
  let best: { el: Element; score: number } | null = null;
  for (const root of collectRoots(opts.within ?? document)) {
    const tagged = Array.from(root.querySelectorAll(TAG_CANDIDATES));
    const panels = Array.from(root.querySelectorAll('div, li')).filter(isPanelish);
    for (const el of [...tagged, ...panels]) {
      if (el.matches(CONTROL) || (!opts.includeHidden && !isVisible(el))) continue;
      const score = Math.max(0, ...scoredNames(el).map((n) => matchScore(n.name, words) * n.weight));
      if (score < 0.6) continue;
      if (!best || score > best.score || (score === best.score && best.el.contains(el))) best = { el, score };
    }
  }
  if (best && (best.el.tagName === 'IFRAME' || best.el.tagName === 'FRAME')) return loadedFrameBody(best.el as HTMLIFrameElement);
  return best?.el ?? null;
}

/** A frame's body once its own page is there (not the about:blank a frame starts with). */
function loadedFrameBody(frame: HTMLIFrameElement): HTMLElement | null {
  const doc = frameDocument(frame);
  if (!doc?.body) return null;
  const wantsPage = !!frame.getAttribute('src') && !/^about:/.test(frame.getAttribute('src') ?? '');
  if (wantsPage && (doc.URL === 'about:blank' || doc.readyState === 'loading')) return null;
  return doc.body;
}

/** The section's own visible heading text (for reports). */
export function sectionTitle(el: Element): string {
  const h = ownHeading(el);
  return h ? ownText(h) : '';
}

const FILLABLE = 'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=search]), select, textarea, [contenteditable=true], [contenteditable=""]';

/**
 * A section that names a form but holds no field is the form's title bar ("New
 * Conversation" over its toolbar, FreeScout): the form it names is the first form after it
 * with two fields or more, not a search box. Any other section is its own form.
 */
export function formNamedBy(section: Element): Element {
  if (section.querySelector(FILLABLE)) return section;
  const doc = section.ownerDocument;
  const after = Array.from(doc.querySelectorAll('form')).find(
    (f) => !!(section.compareDocumentPosition(f) & Node.DOCUMENT_POSITION_FOLLOWING) && !f.matches('[role=search]') && f.querySelectorAll(FILLABLE).length >= 2,
  );
  return after ?? section;
}
