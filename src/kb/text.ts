/** Text helpers for KB hits: whitespace, snippets around the matched words, reply excerpts. */
import { stripInvisible } from '../tools/unicode.ts';
import { normalise, queryTerms } from './tokenize.ts';

export const SNIPPET_CHARS = 160;
export const ANSWER_CHARS = 800;

/**
 * Whitespace folded and invisible characters removed (tools/unicode.ts, the rule page text is
 * read by): every KB text — provider answers, fetched pages, imports, stored articles — passes
 * through here before the index, the agent or the model sees it.
 */
export const squash = (s: string) => stripInvisible(s).text.replace(/\s+/g, ' ').trim();

/** Text that carries markup (a CSV cell, a JSON field): read as HTML. */
export const looksHtml = (s: string) => /<\/?[a-z][\s\S]*>/i.test(s);

/** Cut at the last sentence end (zh or en) before `max`, else at a word, with an ellipsis. */
export function cutAt(text: string, max: number): string {
  const t = squash(text);
  if (t.length <= max) return t;
  const head = t.slice(0, max);
  const end = Math.max(...['。', '！', '？', '. ', '! ', '? ', '；'].map((p) => head.lastIndexOf(p)));
  if (end > max * 0.5) return head.slice(0, end + 1).trim();
  const space = head.lastIndexOf(' ');
  return `${(space > max * 0.6 ? head.slice(0, space) : head).trim()}…`;
}

/**
 * A window of the body around the first place a query term occurs (terms as the index saw
 * them: Han bigrams, stems — a stem is a prefix of its word, so it is found in the text).
 */
export function snippetAround(body: string, query: string, max = SNIPPET_CHARS): string {
  return snippetAt(body, queryTerms(query), max);
}

/** snippetAround with the query's terms already computed (one tokenisation for all hits). */
export function snippetAt(body: string, terms: readonly string[], max = SNIPPET_CHARS): string {
  const text = squash(body);
  const lower = normalise(text);
  let at = -1;
  for (const term of terms) {
    const i = lower.indexOf(term);
    if (i !== -1 && (at === -1 || i < at)) at = i;
  }
  if (at === -1 || text.length <= max) return cutAt(text, max);
  const start = Math.max(0, at - Math.floor(max / 3));
  const window = text.slice(start, start + max);
  return `${start > 0 ? '…' : ''}${window.trim()}${start + max < text.length ? '…' : ''}`;
}

/** The start of an answer, whole sentences, for a reply draft. */
export const answerExcerpt = (body: string, max = ANSWER_CHARS) => cutAt(body, max);
