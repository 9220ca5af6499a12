/**
 * Recorder selectors, resolved on the page as a person would see it. Each step carries
 * alternatives (aria, text, css, xpath, pierce); the first that finds an element wins, as in
 * DevTools' own replay. Written by hand because `@puppeteer/replay` resolves them through
 * puppeteer's CDP query handlers, which do not exist in a content script.
 *
 * Formats (https://developer.chrome.com/docs/devtools/recorder/reference#selector):
 * - `aria/Name[role="button"]`: accessible name (and role), by dom-accessibility-api;
 * - `text/Send reply`: the innermost visible element whose text contains it (exact first);
 * - `xpath///div[@id="x"]`, `pierce/.cls` (CSS through open shadow roots), else plain CSS;
 * - a `string[]`: a path, each part inside the previous one's shadow root or frame.
 */
import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import { queryAll } from '../query.ts';
import { collectRoots, frameDocument } from '../roots.ts';
import { squash } from '../text.ts';
import { elementVisible } from '../visible.ts';
import { fill, type Selector } from './steps.ts';

type Scope = Document | ShadowRoot | Element;

/** Implicit roles' elements, so an aria selector does not compute a role for every node. */
const ROLE_TAGS: Record<string, string> = {
  button: 'button, input[type=button], input[type=submit], input[type=reset], input[type=image], summary',
  link: 'a[href], area[href]',
  textbox: 'input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=url], input[type=search], input[type=number], textarea, [contenteditable]:not([contenteditable="false"])',
  searchbox: 'input[type=search]',
  combobox: 'select, input[list]',
  listbox: 'select[multiple], select[size]',
  option: 'option',
  checkbox: 'input[type=checkbox]',
  radio: 'input[type=radio]',
  listitem: 'li',
  menuitem: 'li, a, button',
  heading: 'h1, h2, h3, h4, h5, h6',
  tab: 'a, button, li',
};

export interface AriaQuery {
  name: string;
  role?: string;
}

/** `Name[role="button"]` → its parts (Puppeteer's ARIA query syntax). */
export function parseAria(body: string): AriaQuery {
  let rest = body;
  let role: string | undefined;
  let name: string | undefined;
  for (;;) {
    const m = /\[(role|name)="((?:[^"\\]|\\.)*)"\]$/.exec(rest);
    if (!m) break;
    const v = m[2]!.replace(/\\(.)/g, '$1');
    if (m[1] === 'role') role = v;
    else name = v;
    rest = rest.slice(0, m.index);
  }
  return { name: squash(name ?? rest), ...(role ? { role } : {}) };
}

function byAria(scope: Scope, q: AriaQuery): Element[] {
  const css = q.role ? `${ROLE_TAGS[q.role] ? `${ROLE_TAGS[q.role]}, ` : ''}[role="${q.role.replace(/"/g, '')}"]` : '*';
  const out: Element[] = [];
  for (const root of collectRoots(scope instanceof ShadowRoot ? (scope.host as Element) : (scope as Document | Element), 50)) {
    for (const el of queryAll(root as Document | Element, css)) {
      if (q.role && getRole(el) !== q.role) continue;
      if (q.name && squash(computeAccessibleName(el)) !== q.name) continue;
      out.push(el);
    }
  }
  return out;
}

function textOf(el: Element): string {
  return squash((el as HTMLElement).innerText ?? el.textContent ?? '');
}

/** Innermost elements whose text holds `t`; those whose whole text is `t` come first. */
function byText(scope: Scope, t: string): Element[] {
  const want = squash(t).toLowerCase();
  if (!want) return [];
  const hits: Element[] = [];
  for (const root of collectRoots(scope instanceof ShadowRoot ? (scope.host as Element) : (scope as Document | Element), 50)) {
    for (const el of queryAll(root as Document | Element, 'body *')) {
      if (el.closest('script, style, template, noscript')) continue;
      const text = textOf(el).toLowerCase();
      if (!text.includes(want)) continue;
      if ([...el.children].some((c) => textOf(c).toLowerCase().includes(want))) continue;
      hits.push(el);
    }
  }
  const exact = hits.filter((el) => textOf(el).toLowerCase() === want);
  return [...exact, ...hits.filter((el) => !exact.includes(el))];
}

function byXpath(scope: Scope, expr: string): Element[] {
  const doc = scope.nodeType === Node.DOCUMENT_NODE ? (scope as Document) : scope.ownerDocument!;
  try {
    const r = doc.evaluate(expr, scope, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
    const out: Element[] = [];
    for (let i = 0; i < r.snapshotLength; i++) {
      const n = r.snapshotItem(i);
      if (n && n.nodeType === Node.ELEMENT_NODE) out.push(n as Element);
    }
    return out;
  } catch {
    return [];
  }
}

function byPierce(scope: Scope, css: string): Element[] {
  const start = scope instanceof ShadowRoot ? (scope.host as Element) : (scope as Document | Element);
  return collectRoots(start, 100).flatMap((root) => queryAll(root as Document | Element, css));
}

/** One selector part in one scope. Parameters are filled only in name selectors (aria, text). */
export function queryPart(scope: Scope, part: string, params: Readonly<Record<string, string>>): Element[] | null {
  if (part.startsWith('aria/')) {
    const body = fill(part.slice(5), params);
    return body === null ? null : byAria(scope, parseAria(body));
  }
  if (part.startsWith('text/')) {
    const body = fill(part.slice(5), params);
    return body === null ? null : byText(scope, body);
  }
  if (part.startsWith('xpath/')) return byXpath(scope, part.slice(6));
  if (part.startsWith('pierce/')) return byPierce(scope, part.slice(7));
  return queryAll(scope as Document | Element, part);
}

/** Where a path's next part is looked for: the element's shadow root, its frame's document, or itself. */
function inside(el: Element): Scope {
  if (el.shadowRoot) return el.shadowRoot;
  if (el.localName === 'iframe' || el.localName === 'frame') return frameDocument(el as HTMLIFrameElement) ?? el;
  return el;
}

/** Every element one selector (or path) finds; null when a parameter has no value. */
export function resolveSelector(doc: Document, selector: Selector, params: Readonly<Record<string, string>>): Element[] | null {
  const parts = typeof selector === 'string' ? [selector] : selector;
  let scopes: Scope[] = [doc];
  for (const [i, part] of parts.entries()) {
    const found: Element[] = [];
    for (const s of scopes) {
      const r = queryPart(s, part, params);
      if (r === null) return null;
      found.push(...r);
    }
    if (i === parts.length - 1) return [...new Set(found)];
    scopes = found.map(inside);
  }
  return [];
}

export interface Resolved {
  el: Element;
  /** Which alternative found it (its index in the step's selectors). */
  via: number;
  /** More than one visible element answered the winning alternative. */
  ambiguous: boolean;
}

/**
 * The element a step acts on: the first alternative that finds a visible element (or any,
 * for `visible: false`). Among several, one that `fresh` prefers (it appeared during this
 * run: the menu item of the menu just opened) comes first.
 */
export function resolveStep(
  doc: Document,
  selectors: readonly Selector[],
  params: Readonly<Record<string, string>>,
  opts: { visible?: boolean; fresh?: (el: Element) => boolean } = {},
): Resolved | null {
  for (const [via, sel] of selectors.entries()) {
    const all = resolveSelector(doc, sel, params) ?? [];
    const shown = opts.visible === false ? all : all.filter(elementVisible);
    if (!shown.length) continue;
    const fresh = opts.fresh ? shown.filter(opts.fresh) : [];
    const pool = fresh.length ? fresh : shown;
    return { el: pool[0]!, via, ambiguous: pool.length > 1 };
  }
  return null;
}
