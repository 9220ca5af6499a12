/**
 * Tokenisation for the local knowledge base, zh + en alike (pure: no DOM, no chrome.*).
 *
 * - Words come from `Intl.Segmenter` (ICU's dictionary for Chinese): no assumption that
 *   words are separated by spaces. https://developer.mozilla.org/docs/Web/JavaScript/Reference/Global_Objects/Intl/Segmenter
 * - ICU segments the same characters differently in different contexts ("重开发票" comes out
 *   as 重|开发|票, "发票抬头" as 发票|抬头), so each run of Han characters also gives its
 *   character bigrams: a query word "发票" then meets "重开发票" through the bigram.
 *   Single-character words (或, 时, 可) are dropped unless the run is one character long.
 * - Latin words are lower-cased, NFKC-folded and Porter-stemmed ("policies" -> "polici"),
 *   so "refund policy" finds "Refund policies"; typos are left to the index's fuzzy match.
 */
import { stemmer } from 'stemmer';

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
const LATIN_WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’_-]*$/u;

/** Small English stop list: words that match nearly every article and rank nothing. */
const STOP = new Set(['a', 'an', 'the', 'of', 'to', 'and', 'or', 'in', 'on', 'for', 'is', 'are', 'it', 'be', 'my', 'i', 'you', 'your', 'we', 'our', 'do', 'can', 'how', 'what', 'with']);

let segmenter: Intl.Segmenter | null = null;
const words = (text: string) => (segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' })).segment(text);

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/** Stemmed English word, or null for a stop word. */
function latinTerm(word: string): string | null {
  const w = word.replace(/['’]s$/, '').replace(/['’]/g, '');
  if (!w || STOP.has(w)) return null;
  // Digits and codes ("ord-20261101", "7") are kept as they are.
  return /^[a-z]+$/.test(w) && w.length > 2 ? stemmer(w) : w;
}

/** The terms of a text, in order (duplicates kept: term frequency matters for ranking). */
export function tokenize(text: string): string[] {
  const norm = normalise(text);
  const out: string[] = [];
  const hanWords = new Set<string>();
  for (const seg of words(norm)) {
    if (!seg.isWordLike) continue;
    const w = seg.segment;
    if (HAN.test(w)) {
      if (w.length > 1) out.push(w);
      hanWords.add(w);
      continue;
    }
    if (!LATIN_WORD.test(w)) continue;
    const term = latinTerm(w);
    if (term) out.push(term);
  }
  for (const run of norm.match(HAN_RUN) ?? []) {
    if (run.length === 1) out.push(run);
    for (let i = 0; i + 2 <= run.length; i++) {
      const bigram = run.slice(i, i + 2);
      // A two-character word is already a term; its bigram would only double its weight.
      if (!hanWords.has(bigram)) out.push(bigram);
    }
  }
  return out;
}

/** The terms of a query, each once (a repeated query word is not a stronger query). */
export function queryTerms(query: string): string[] {
  return [...new Set(tokenize(query))];
}
