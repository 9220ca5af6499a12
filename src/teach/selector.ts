/**
 * Selectors for one picked element, and the compound selector several examples share.
 *
 * Unique selectors come from @medv/finder (measured against css-selector-generator on the
 * teach fixture, fixtures/teach/measure.ts: 1.6 KB vs 4.3 KB gzipped, and with the same
 * stability filters it anchors on the nearest stable ancestor — `.pp > div:nth-of-type(1)` —
 * where the other falls back to a `:root > :nth-child(…)` chain that a notice above the page
 * breaks). Its filters are ours (stable.ts). What finder lacks is generalisation: a selector
 * for what several examples have in common (a message list's entries), which is below.
 */
import { finder } from '@medv/finder';
import { positional, stableAttrName, stableAttrValue, stableClass, stableId } from './stable.ts';
import { hrefBeforeId } from './url-shape.ts';

const FINDER = { idName: stableId, className: stableClass, attr: stableAttrValue, tagName: () => true, timeoutMs: 300, maxNumberOfPathChecks: 4_000 };

export interface Unique {
  css: string;
  /** Steps that count siblings (at most one is kept, right under a stable ancestor). */
  positional: boolean;
}

const esc = (s: string) => CSS.escape(s);

/** How many positional steps a selector has. */
function positionalSteps(css: string): number {
  return (css.match(/:nth-(child|of-type)\(/g) ?? []).length;
}

/** A selector that finds exactly this element on this page; never a chain of positions. */
export function uniqueSelector(el: Element): Unique | null {
  const doc = el.ownerDocument;
  const own = ownStable(el);
  if (own && count(doc, own) === 1) return { css: own, positional: false };
  let css: string;
  try {
    css = finder(el, { ...FINDER, root: doc.body ?? doc.documentElement });
  } catch {
    return null;
  }
  if (bareTags(css)) return underStableAncestor(el);
  if (positionalSteps(css) > 1) return null;
  return { css, positional: positional(css) };
}

/** `tbody` alone names nothing: anchor it on the nearest ancestor that has a stable name (`table.history tbody`). */
function underStableAncestor(el: Element): Unique | null {
  const doc = el.ownerDocument;
  for (let a = el.parentElement, i = 0; a && i < 6; a = a.parentElement, i++) {
    const own = ownStable(a);
    if (!own) continue;
    const css = `${own} ${el.localName}`;
    if (count(doc, css) === 1 && doc.querySelector(css) === el) return { css, positional: false };
  }
  return null;
}

/**
 * Only tag names (`p`, `div > span`): nothing in it names the thing, so any other paragraph the
 * page adds above it (a notice, a day separator) takes its place.
 */
export function bareTags(css: string): boolean {
  return !/[.#[]/.test(css);
}

/** The element's own most telling stable selector (id, a data/aria attribute, classes). */
export function ownStable(el: Element): string | null {
  const id = el.getAttribute('id');
  if (id && stableId(id)) return `#${esc(id)}`;
  const compound = compoundOf([el]);
  return compound === el.localName ? null : compound;
}

/**
 * What every example shares, as one compound selector: the tag when they agree, the stable
 * classes all of them carry, stable attribute values they all have, and `data-*` names they
 * all have (presence only: their values are often data). Matches every example by construction.
 */
export function compoundOf(els: readonly Element[]): string {
  const [first, ...rest] = els;
  if (!first) return '*';
  const tag = rest.every((e) => e.localName === first.localName) ? first.localName : '';
  const classes = Array.from(first.classList).filter((c) => stableClass(c) && rest.every((e) => e.classList.contains(c)));
  const attrs: string[] = [];
  for (const a of Array.from(first.attributes)) {
    if (stableAttrValue(a.name, a.value) && rest.every((e) => e.getAttribute(a.name) === a.value)) attrs.push(`[${esc(a.name)}="${esc(a.value)}"]`);
    else if (stableAttrName(a.name) && rest.every((e) => e.hasAttribute(a.name))) attrs.push(`[${esc(a.name)}]`);
  }
  return `${tag}${classes.slice(0, 3).map((c) => `.${esc(c)}`).join('')}${attrs.slice(0, 2).join('')}` || '*';
}

/** Stable classes and attribute marks of one element (what a role difference can be made of). */
export function marks(el: Element): string[] {
  const out = Array.from(el.classList).filter(stableClass).map((c) => `.${esc(c)}`);
  for (const a of Array.from(el.attributes)) if (stableAttrValue(a.name, a.value) && a.name !== 'type') out.push(`[${esc(a.name)}="${esc(a.value)}"]`);
  return out;
}

export function count(scope: Document | Element, css: string): number {
  try {
    return scope.querySelectorAll(css).length;
  } catch {
    return 0;
  }
}

/** The lowest element that contains all of them. */
export function commonAncestor(els: readonly Element[]): Element | null {
  const [first, ...rest] = els;
  for (let a: Element | null = first?.parentElement ?? null; a; a = a.parentElement) {
    if (rest.every((e) => a!.contains(e))) return a;
  }
  return null;
}

/** The child of `ancestor` on the way down to `el`. */
export function childOnPath(ancestor: Element, el: Element): Element | null {
  let cur: Element | null = el;
  while (cur && cur.parentElement !== ancestor) cur = cur.parentElement;
  return cur;
}

/**
 * A selector for `parts[i]` inside `entries[i]` that picks exactly that part in each example:
 * the compound the parts share, else that compound under the shared compound of the part's
 * parent. Null when nothing stable tells the part apart.
 */
export function partSelector(entries: readonly Element[], parts: readonly Element[]): string | null {
  if (parts.some((p, i) => p === entries[i])) return null;
  const tries = [compoundOf(parts)];
  const parents = parts.map((p) => p.parentElement!);
  if (parents.every((p, i) => p !== entries[i] && entries[i]!.contains(p))) tries.push(`${compoundOf(parents)} > ${tries[0]}`);
  return tries.find((css) => css !== '*' && entries.every((e, i) => first(e, css) === parts[i])) ?? null;
}

function first(scope: Element, css: string): Element | null {
  try {
    return scope.querySelector(css);
  } catch {
    return null;
  }
}

/**
 * Where a picked example is on this very page, to find it again after the page reloads in the
 * middle of teaching (same record, same markup): the unique stable selector when there is one,
 * else any unique path, positions included. Never a rule, only a way back to the example.
 */
export function locatorOf(el: Element): string | null {
  const u = uniqueSelector(el);
  if (u) return u.css;
  try {
    return finder(el, { root: el.ownerDocument.body ?? el.ownerDocument.documentElement, timeoutMs: 300 });
  } catch {
    return null;
  }
}

/**
 * A link to this record's customer page as it is on every record: by its address up to the id
 * (`a[href^="users.php?id="]`), with the link's own marks or under a stable ancestor where
 * links to other such pages are on the page too. Null when no such selector finds links to
 * this address alone, or the address names no id.
 */
export function followLinkSelector(a: Element): string | null {
  const href = a.getAttribute('href') ?? '';
  const head = hrefBeforeId(href);
  if (!head) return null;
  const quoted = head.replace(/["\\]/g, '\\$&');
  const base = `a[href^="${quoted}"]`;
  const doc = a.ownerDocument;
  const to = (a as HTMLAnchorElement).href;
  // Several links to the same page (the name and a "Manage" item) are one link here.
  const only = (css: string) => {
    try {
      const all = Array.from(doc.querySelectorAll(css));
      return all.includes(a) && all.every((x) => (x as HTMLAnchorElement).href === to);
    } catch {
      return false;
    }
  };
  const tries = [base, ...marks(a).map((m) => `a${m}[href^="${quoted}"]`)];
  for (let up = a.parentElement, i = 0; up && i < 6; up = up.parentElement, i++) {
    const own = ownStable(up);
    if (own && count(doc, own) === 1) tries.push(`${own} ${base}`);
  }
  return tries.find(only) ?? null;
}
