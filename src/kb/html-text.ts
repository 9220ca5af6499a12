/**
 * HTML to text without a DOM (htmlparser2), for imports: the options page and the service
 * worker (which has no DOMParser) read HTML articles the same way. Scripts, styles and page
 * chrome are dropped; blocks are separated by spaces.
 */
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
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

export function htmlToText(html: string): string {
  const out: string[] = [];
  text(parseDocument(html).children, out);
  return squash(out.join(''));
}

/** Title and main text of an HTML article page. */
export function htmlArticle(html: string): { title: string; body: string } {
  const doc = parseDocument(html);
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
