/**
 * Reads a KB search page the way a person does: the results list (repeated items, each a
 * link with a title and usually a snippet), or the page saying there is nothing ("The search
 * did not match any FAQs.", "没有找到相关文章"). A provider config may name the result, title,
 * snippet and link selectors; without them the reader finds the list by itself. Works on a
 * parsed Document (DOMParser: nothing is inserted into the live page, no script runs).
 */
import type { HtmlProviderConfig } from './config.ts';
import { hiddenParts, type StyleTree } from './hidden.ts';
import { absoluteHttp } from './http.ts';
import { answerExcerpt, cutAt, SNIPPET_CHARS, squash } from './text.ts';
import type { KbHit } from './types.ts';

const NO_RESULTS = [
  /no (matching )?(results|articles|faqs|entries|matches)/i,
  /did not match any/i,
  /nothing (was )?found/i,
  /\b0 (results|articles|faqs)\b/i,
  /(没有|未)(找到|搜索到|检索到)/,
  /(无|暂无)(相关)?(结果|文章|内容|匹配)/,
  /没有(相关|匹配)/,
  /找不到/,
];
const CHROME_TAGS = 'nav, header, footer, aside, form, script, style, template, noscript, [role=navigation], [role=banner], [role=contentinfo], [role=search], [aria-hidden=true], [hidden]';
const CHROME_NAMES = /(^|[-_ ])(nav|navbar|menu|header|footer|sidebar|breadcrumbs?|pagination|pager|toolbar|tabs?|dropdown)([-_ ]|$)/i;
const STOP = 'main, body, [role=main], #content, form, table, ul, ol';

export type ReadResult = { kind: 'results'; hits: KbHit[] } | { kind: 'empty' } | { kind: 'login' } | { kind: 'unreadable' };

const domTree = (doc: Document): StyleTree<Element> => ({
  tag: (el) => el.localName,
  attr: (el, name) => el.getAttribute(name),
  children: (el) => [...el.children],
  selectAll: (selector) => {
    try {
      return [...doc.querySelectorAll(selector)];
    } catch {
      return []; // a selector this browser does not know: it matches nothing
    }
  },
});

/**
 * Removes from a parsed page what a person would not see there (hidden.ts): hidden elements,
 * and the text of elements whose text is invisible. Call once on a fetched page, before reading.
 */
export function pruneHidden(doc: Document): Document {
  const root = doc.documentElement;
  if (!root) return doc;
  const css = [...doc.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  const { drop, mute } = hiddenParts(domTree(doc), [root], css);
  for (const el of mute) for (const n of [...el.childNodes]) if (n.nodeType === 3) n.remove();
  for (const el of drop) el.remove();
  return doc;
}

export function readResults(doc: Document, cfg: Pick<HtmlProviderConfig, 'result' | 'title' | 'snippet' | 'link'>, pageUrl: string, limit: number): ReadResult {
  const items = cfg.result ? [...doc.querySelectorAll(cfg.result)] : findItems(doc);
  const hits: KbHit[] = [];
  for (const item of items) {
    const hit = readItem(item, cfg, pageUrl);
    if (hit && !hits.some((h) => h.url === hit.url && h.title === hit.title)) hits.push(hit);
    if (hits.length >= limit) break;
  }
  if (hits.length) return { kind: 'results', hits };
  const text = squash(mainText(doc));
  if (NO_RESULTS.some((re) => re.test(text))) return { kind: 'empty' };
  if (doc.querySelector('input[type=password]')) return { kind: 'login' };
  return { kind: 'unreadable' };
}

function readItem(item: Element, cfg: Pick<HtmlProviderConfig, 'title' | 'snippet' | 'link'>, pageUrl: string): KbHit | null {
  const link = (cfg.link ? item.querySelector(cfg.link) : null) ?? (item.matches('a[href]') ? item : articleLinks(item)[0]) ?? null;
  const titleEl = (cfg.title ? item.querySelector(cfg.title) : null) ?? link;
  const title = squash(titleEl?.textContent ?? '').slice(0, 120);
  const url = absoluteHttp(link?.getAttribute('href') ?? '', pageUrl);
  if (!title || !url) return null;
  const snippetEl = cfg.snippet ? item.querySelector(cfg.snippet) : null;
  const rest = (snippetEl ? blockText(snippetEl) : textWithout(item, titleEl)).replace(/^[-–—:：·|]\s*/, '');
  return { id: url, title, snippet: cutAt(rest, SNIPPET_CHARS), url };
}

/** Links that can be articles: not "#", not javascript:, not inside page chrome. */
function articleLinks(scope: Element): Element[] {
  return [...scope.querySelectorAll('a[href]')].filter((a) => {
    const href = a.getAttribute('href') ?? '';
    return href && !href.startsWith('#') && !/^(javascript|mailto|tel):/i.test(href) && squash(a.textContent ?? '').length > 1 && !inChrome(a);
  });
}

function inChrome(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e.matches(CHROME_TAGS)) return true;
    if (CHROME_NAMES.test(`${e.id} ${e.getAttribute('class') ?? ''}`)) return true;
  }
  return false;
}

/**
 * The results list: article links grouped by their item element, items grouped by their
 * parent; the largest group wins, ties going to the one whose items carry more text.
 */
function findItems(doc: Document): Element[] {
  const groups = new Map<Element, Set<Element>>();
  const links = articleLinks(doc.body ?? doc.documentElement);
  for (const a of links) {
    const item = itemOf(a, links);
    const parent = item.parentElement;
    if (!parent) continue;
    const set = groups.get(parent) ?? new Set<Element>();
    set.add(item);
    groups.set(parent, set);
  }
  let best: Element[] = [];
  let bestScore = 0;
  for (const set of groups.values()) {
    const items = [...set];
    const text = items.reduce((n, i) => n + (i.textContent ?? '').trim().length, 0);
    const score = items.length * 100 + Math.min(text, 5_000) / 50;
    if (score > bestScore) [best, bestScore] = [items, score];
  }
  return best;
}

/**
 * A result item: the largest ancestor that holds this one article (one distinct link target),
 * stopping below the list itself: <li> in a list, <tr> in a table, <div class=result>.
 */
function itemOf(a: Element, links: readonly Element[]): Element {
  const href = a.getAttribute('href');
  let item: Element = a;
  for (let up = a.parentElement, depth = 0; up && depth < 6 && !up.matches(STOP); up = up.parentElement, depth++) {
    if (links.some((l) => l.getAttribute('href') !== href && up!.contains(l))) break;
    item = up;
  }
  return item;
}

function textWithout(item: Element, skip: Element | null): string {
  const clone = item.cloneNode(true) as Element;
  if (skip) {
    const path = pathTo(item, skip);
    const twin = path && follow(clone, path);
    twin?.remove();
  }
  return blockText(clone);
}

const BLOCK = /^(P|DIV|LI|BR|H[1-6]|TR|TD|TH|DT|DD|SECTION|ARTICLE|UL|OL|TABLE|BLOCKQUOTE|PRE|HR)$/;

/** Text with a space between blocks ("<p>a</p><p>b</p>" -> "a b"), unlike textContent. */
export function blockText(root: Node): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === 3) parts.push(n.nodeValue ?? '');
    else if (n.nodeType === 1 || n.nodeType === 11) {
      const block = n.nodeType === 1 && BLOCK.test((n as Element).tagName);
      if (block) parts.push(' ');
      for (const c of [...n.childNodes]) walk(c);
      if (block) parts.push(' ');
    }
  };
  walk(root);
  return squash(parts.join(''));
}

const pathTo = (root: Element, el: Element): number[] | null => {
  const path: number[] = [];
  for (let e: Element | null = el; e && e !== root; e = e.parentElement) {
    if (!e.parentElement) return null;
    path.unshift([...e.parentElement.children].indexOf(e));
  }
  return path;
};
const follow = (root: Element, path: number[]): Element | null => path.reduce<Element | null>((e, i) => e?.children[i] ?? null, root);

/** The page's text without its chrome (menus, header, footer, forms). */
export function mainText(doc: Document): string {
  const root = (doc.querySelector('main, [role=main], #content, article') ?? doc.body ?? doc.documentElement).cloneNode(true) as Element;
  for (const el of [...root.querySelectorAll(CHROME_TAGS)]) el.remove();
  return blockText(root);
}

/** An article page's answer: the configured element, else its main text without the title. */
export function readArticle(doc: Document, bodySelector: string | undefined): string {
  const el = bodySelector ? doc.querySelector(bodySelector) : null;
  // In order of preference (one querySelector with a list would take the first in the document).
  const root = el ?? ['[itemprop=articleBody]', 'article', '.article-body', '.faq-answer', 'main', '[role=main]'].map((c) => doc.querySelector(c)).find(Boolean) ?? doc.body;
  if (!root) return '';
  const clone = root.cloneNode(true) as Element;
  for (const x of [...clone.querySelectorAll(`${CHROME_TAGS}, h1`)]) x.remove();
  return answerExcerpt(blockText(clone));
}
