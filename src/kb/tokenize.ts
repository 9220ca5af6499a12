/**
 * Tokenisation for the local knowledge base, zh + en alike (pure: no DOM, no chrome.*).
 *
 * - Words come from `Intl.Segmenter` (ICU's dictionary for Chinese): no assumption that
 *   words are separated by spaces. https://developer.mozilla.org/docs/Web/JavaScript/Reference/Global_Objects/Intl/Segmenter
 * - ICU segments the same characters differently in different contexts ("重开发票" comes out
 *   as 重|开发|票, "发票抬头" as 发票|抬头), so each run of Han characters also gives its
 *   character bigrams: a query word "发票" then meets "重开发票" through the bigram.
 * - An article is also indexed by its single Han characters: a one-character word in a query
 *   (换, 退, 销) means something, and it must meet "换货" or "注销" in an article. Ranking
 *   weighs them by how rare they are (bm25.ts), so 的-like characters weigh nothing; stop
 *   characters are not indexed at all.
 * - Latin words are lower-cased, NFKC-folded and Porter-stemmed ("policies" -> "polici"),
 *   so "refund policy" finds "Refund policies"; typos are left to the index's fuzzy match.
 * - Stop words are taken from well-kept lists, one per language because each list is good at
 *   one: `stopwords-iso`'s Chinese list (794 function words and characters: 怎么, 如何, 的) and
 *   `stopword`'s English one (108 function words). stopwords-iso's English list is not used:
 *   it drops words support articles live on ("order", "problem", "number", "working").
 *   Both apply to queries and ranking alike.
 */
import { eng } from 'stopword';
import { zh as zhStopWords } from 'stopwords-iso/stopwords-iso.json';
import { stemmer } from 'stemmer';

const HAN = /\p{Script=Han}/u;
const HAN_RUN = /\p{Script=Han}+/gu;
const LATIN_WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’_-]*$/u;

/**
 * English function words `stopword`'s short list leaves out (indefinite pronouns, fillers,
 * "want"/"know"): a query's rarest word must not be "everything".
 */
const FUNCTION_EXTRA = ['everything', 'something', 'anything', 'everyone', 'someone', 'anyone', 'everybody', 'somebody', 'anybody', 'thing', 'things', 'stuff', 'just', 'really', 'actually', 'know', 'want', 'wanna', 'gonna', 'will', 'does', 'doing', 'done', 'yet', 'already', 'even', 'ever', 'maybe', 'able', 'lot', 'bit', 'guys', '东西'];

/**
 * What people put around a support question in chat and e-mail, beside the function words:
 * greetings and thanks carry nothing about the problem. Hand-written: no list has them.
 */
const CHAT_FILLER = ['hi', 'hello', 'hey', 'thanks', 'thank', 'thx', 'please', 'pls', 'plz', 'dear', 'regards', 'ok', 'okay', '你好', '您好', '谢谢', '请问', '麻烦', '亲', '哈喽', '您', '呀', '哦'];

const STOP = new Set<string>([...eng, ...zhStopWords, ...FUNCTION_EXTRA, ...CHAT_FILLER]);

/** How a query term came out of the text: ranking weighs a bigram less than a word. */
export type TermKind = 'latin' | 'word' | 'single' | 'bigram';

export interface QueryToken {
  term: string;
  kind: TermKind;
}

/** What a word segmenter gives: the pieces of a text, and whether each is a word. */
export type WordSegmenter = (text: string) => Iterable<{ segment: string; isWordLike?: boolean }>;

let segmenter: Intl.Segmenter | null = null;
const intlWords: WordSegmenter = (text) => (segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' })).segment(text);
let words: WordSegmenter = intlWords;

/**
 * Swaps the word segmenter (null: back to Intl.Segmenter). For benchmarks that compare
 * segmenters on the same set (bench/segmenter.bench.ts); an index built with one must be
 * searched with the same one.
 */
export function useWordSegmenter(fn: WordSegmenter | null): void {
  words = fn ?? intlWords;
}

export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

export const isStop = (term: string): boolean => STOP.has(term);

/** Stemmed English word, or null for a stop word. */
function latinTerm(word: string): string | null {
  const w = word.replace(/['’]s$/, '').replace(/['’]/g, '');
  if (!w || STOP.has(w)) return null;
  // Digits and codes ("ord-20261101", "7") are kept as they are.
  return /^[a-z]+$/.test(w) && w.length > 2 ? stemmer(w) : w;
}

/** A Han bigram worth a term: not a stop word, and not two stop characters ("我的", "了吗"). */
const goodBigram = (b: string) => !STOP.has(b) && !(STOP.has(b[0]!) && STOP.has(b[1]!));

/** One pass over the text: the tokens as a query sees them, duplicates kept, in order. */
function scan(text: string): QueryToken[] {
  const norm = normalise(text);
  const out: QueryToken[] = [];
  const hanWords = new Set<string>();
  for (const seg of words(norm)) {
    if (seg.isWordLike === false) continue;
    const w = seg.segment;
    if (HAN.test(w)) {
      hanWords.add(w);
      // A word made only of stop characters ("我要", "是的") says no more than they do.
      if (!STOP.has(w) && ![...w].every((ch) => STOP.has(ch))) out.push({ term: w, kind: w.length > 1 ? 'word' : 'single' });
      continue;
    }
    if (!LATIN_WORD.test(w)) continue;
    const term = latinTerm(w);
    if (term) out.push({ term, kind: 'latin' });
  }
  for (const run of norm.match(HAN_RUN) ?? []) {
    for (let i = 0; i + 2 <= run.length; i++) {
      const bigram = run.slice(i, i + 2);
      // A two-character word is already a term; its bigram would only double its weight.
      if (!hanWords.has(bigram) && goodBigram(bigram)) out.push({ term: bigram, kind: 'bigram' });
    }
  }
  return out;
}

/**
 * The terms an article is indexed by, in order (duplicates kept: term frequency matters for
 * ranking): a query's terms, and every Han character that is not a stop character.
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const t of scan(text)) if (t.kind !== 'single') out.push(t.term);
  for (const run of normalise(text).match(HAN_RUN) ?? []) for (const ch of run) if (!STOP.has(ch)) out.push(ch);
  return out;
}

/** The tokens of a query, each term once (a repeated query word is not a stronger query). */
export function analyse(query: string): QueryToken[] {
  const seen = new Set<string>();
  return scan(query).filter((t) => !seen.has(t.term) && !!seen.add(t.term));
}

/** The distinct terms of a query (snippets look for them in the text). */
export function queryTerms(query: string): string[] {
  return analyse(query).map((t) => t.term);
}

/** The characters of a Han word a query may fall back to when the index never saw the word. */
export function hanChars(word: string): string[] {
  return [...new Set(word)].filter((ch) => HAN.test(ch) && !STOP.has(ch));
}

export const isHan = (term: string): boolean => HAN.test(term);

/**
 * A text's words as a person would type them into a search box: no stop words or filler,
 * no bigrams or stems (the words as written), each once, in order. Han words of one
 * character are left out (a search box wants 退款, not 退).
 */
export function keyWords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const seg of words(normalise(text))) {
    const w = seg.segment.trim();
    if (seg.isWordLike === false || !w || seen.has(w) || STOP.has(w)) continue;
    if (HAN.test(w) ? w.length < 2 || [...w].every((ch) => STOP.has(ch)) : !LATIN_WORD.test(w) || w.length < 3 || /^\d+$/.test(w)) continue;
    seen.add(w);
    out.push(w);
  }
  return out;
}
