/**
 * HTML to text without a DOM (htmlparser2), for imports: the options page and the service
 * worker (which has no DOMParser) read HTML articles the same way. Scripts, styles and page
 * chrome are dropped, and so is what a person would not see (hidden.ts, selectors matched by
 * css-select, htmlparser2's own selector engine); blocks are separated by spaces.
 */
import { selectAll } from 'css-select';
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import type { Document, Element } from 'domhandler';
import { hiddenParts, type StyleTree } from './hidden.ts';
import { squash } from './text.ts';

type Node = ReturnType<typeof parseDocument>['children'][number];

const SKIP = new Set(['script', 'style', 'template', 'noscript', 'nav', 'header', 'footer', 'aside', 'form', 'iframe', 'svg']);
const BLOCK = /^(p|div|li|br|h[1-6]|tr|td|th|dt|dd|section|article|ul|ol|table|blockquote|pre|hr)$/;

function text(nodes: readonly Node[], out: string[]): void {
  for (const n of nodes) {
    if (n.type === ElementType.Text) out.push((n as { data: string }).data);
    else if (n.type === ElementType.Tag) {
      const el = n as Element;
      if (SKIP.has(el.name)) continue;
      const block = BLOCK.test(el.name);
      if (block) out.push(' ');
      text(el.children as Node[], out);
      if (block) out.push(' ');
    }
  }
}

const isTag = (n: Node): n is Element => n.type === ElementType.Tag || n.type === ElementType.Script || n.type === ElementType.Style;

/** The page parsed, without what its own styles and attributes hide. */
function visibleDocument(html: string): Document {
  const doc = parseDocument(html);
  const css = DomUtils.findAll((e) => e.name === 'style', doc.children)
    .map((e) => DomUtils.textContent(e))
    .join('\n');
  const tree: StyleTree<Element> = {
    tag: (el) => el.name.toLowerCase(),
    attr: (el, name) => el.attribs[name] ?? null,
    children: (el) => el.children.filter(isTag),
    selectAll: (selector) => {
      try {
        return selectAll<Node | Document, Element>(selector, doc);
      } catch {
        return []; // a selector css-select does not support: it matches nothing
      }
    },
  };
  const { drop, mute } = hiddenParts(tree, doc.children.filter(isTag), css);
  for (const el of mute) el.children = el.children.filter((c) => c.type !== ElementType.Text);
  for (const el of drop) DomUtils.removeElement(el);
  return doc;
}

export function htmlToText(html: string): string {
  const out: string[] = [];
  text(visibleDocument(html).children, out);
  return squash(out.join(''));
}

/**
 * Markup inside other text (Markdown's inline HTML) reduced to its visible text, line breaks
 * kept, so the Markdown reader still sees its headings and lists.
 */
export function visibleSource(html: string): string {
  const out: string[] = [];
  text(visibleDocument(html).children, out);
  return out.join('');
}

/** Title and main text of an HTML article page. */
export function htmlArticle(html: string): { title: string; body: string } {
  const doc = visibleDocument(html);
  const find = (name: string) => DomUtils.findOne((e) => e.name === name, doc.children, true);
  const h1 = find('h1');
  const titleEl = find('title');
  const title = squash(h1 ? DomUtils.textContent(h1) : titleEl ? DomUtils.textContent(titleEl) : '');
  const main = find('article') ?? find('main') ?? find('body');
  const out: string[] = [];
  const nodes = (main ? main.children : doc.children) as Node[];
  text(nodes.filter((n) => n !== h1), out);
  return { title, body: squash(out.join('')) };
}
