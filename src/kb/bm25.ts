/**
 * The local knowledge base's ranking: BM25F over title and body (Robertson & Zaragoza, "The
 * Probabilistic Relevance Framework: BM25 and Beyond", 2009, §3.5), with IDF, document
 * lengths per field, and a relevance floor so a query that matches only its weakest words
 * returns nothing rather than confident junk.
 *
 * Hand-written, not a library's BM25: MiniSearch (BM25+) and Orama score through per-document
 * objects and missed the 10 ms p95 goal on 10,000 articles (bench/kb-libs.bench.ts: 28.5 ms
 * and 200 ms); FlexSearch is fast but ranks by word position, with no term weights. Here each
 * term's postings are parallel number arrays, a query adds into one typed array stamped per
 * query (nothing cleared between queries), and only the touched documents are sorted.
 *
 * Pure: no DOM, no chrome.*.
 */
import { expand } from './lexicon.ts';
import { analyse, hanChars, isStop, tokenize, type TermKind } from './tokenize.ts';

const K1 = 1.2;
const B = 0.75;
/** A word in the title says more about the article than the same word in its body. */
const TITLE_WEIGHT = 2.5;
/** How much a term counts, by how the query gave it. */
const KIND_WEIGHT: Record<TermKind, number> = { latin: 1, word: 1, single: 0.7, bigram: 0.5 };
/** A term the query does not say itself, against one it does. */
const WEIGHT = { backoff: 0.5, fuzzy: 0.6, synonym: 0.6, otherLanguage: 0.35 } as const;
/** A pasted message is cut to its rarest words: past this, more words only add noise. */
export const MAX_QUERY_UNITS = 24;
/**
 * A word the knowledge base never uses, in a short query, weighs this share of its rarest
 * word: enough that "order pizza" matches nothing, not so much that "退款 进度" loses the
 * refund articles for a word they do not happen to use.
 */
const UNKNOWN_SHARE = 0.4;
/** Results below this share of the best score are dropped (they matched a word or two in passing). */
const MIN_RELATIVE_SCORE = 0.15;

interface Postings {
  docs: number[];
  title: number[];
  body: number[];
}

/** One idea of the query: a word and whatever stands in for it (its characters, a typo's fix, synonyms). */
interface Unit {
  mass: number;
  counts: boolean;
}

interface PlanTerm {
  term: string;
  weight: number;
  unit: number;
  /** A term of the other language (a synonym across zh and en). */
  cross?: boolean;
}

/** Which language the query is written in: Chinese, English, or both (a mixed query). */
export type QueryLang = 'zh' | 'en' | 'mixed';

export interface Plan {
  terms: PlanTerm[];
  units: Unit[];
  lang: QueryLang;
}

export interface Scored {
  num: number;
  score: number;
}

export interface Serialised {
  lenT: number[];
  lenB: number[];
  alive: number[];
  /** 1 where the article is written in Chinese (most of its title's letters are Han). */
  han: number[];
  /** term, then doc gaps, then title tfs, then body tfs (delta-coded docs: smaller JSON). */
  terms: [string, number[], number[], number[]][];
}

function counts(terms: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of terms) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/** Damerau–Levenshtein distance ≤ 1 (one letter added, dropped, changed or two swapped). */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** The floor: the share of the query's weight a result must match, fewer the more it says. */
export const coverageFloor = (units: number) => Math.min(0.5, 0.9 / Math.sqrt(units + 1));

/**
 * Whether a document's matched units (`m`, one bit each) carry enough of the query's mass: the
 * units' total and floor are worked out once per query, the document's share once per document.
 */
function coverage(units: readonly { i: number; mass: number }[]): (m: number) => boolean {
  const total = units.reduce((s, u) => s + u.mass, 0);
  const need = coverageFloor(units.length) * total;
  return (m) => {
    if (total <= 0) return false;
    let got = 0;
    for (const u of units) if ((m >> Math.min(u.i, 30)) & 1) got += u.mass;
    return got >= need;
  };
}

export class Bm25 {
  private terms = new Map<string, Postings>();
  private lenT: number[] = [];
  private lenB: number[] = [];
  private alive: boolean[] = [];
  private han: boolean[] = [];
  private sumT = 0;
  private sumB = 0;
  private live = 0;
  private dead = 0;
  /** Latin terms by length, for typo matching; rebuilt after the vocabulary grows. */
  private latin: string[][] | null = null;
  private score = new Float64Array(0);
  private mask = new Int32Array(0);
  private stamp = new Int32Array(0);
  private query = 0;

  get size(): number {
    return this.live;
  }

  /** Adds a document under a number never used before (a removed number keeps its postings until compact). */
  add(num: number, title: string, body: string): void {
    if (this.alive[num] !== undefined) throw new Error(`Document number ${num} is already used.`);
    const tT = counts(tokenize(title));
    const tB = counts(tokenize(body));
    for (const term of new Set([...tT.keys(), ...tB.keys()])) {
      let p = this.terms.get(term);
      if (!p) {
        this.terms.set(term, (p = { docs: [], title: [], body: [] }));
        this.latin = null;
      }
      p.docs.push(num);
      p.title.push(tT.get(term) ?? 0);
      p.body.push(tB.get(term) ?? 0);
    }
    this.lenT[num] = [...tT.values()].reduce((a, b) => a + b, 0);
    this.lenB[num] = [...tB.values()].reduce((a, b) => a + b, 0);
    this.alive[num] = true;
    this.han[num] = isHanText(title || body);
    this.sumT += this.lenT[num];
    this.sumB += this.lenB[num];
    this.live += 1;
  }

  /**
   * Marks the document gone; its postings are dropped in one pass once a quarter of the
   * documents are gone (a removal does not walk every posting list).
   */
  remove(num: number): void {
    if (!this.alive[num]) return;
    this.alive[num] = false;
    this.sumT -= this.lenT[num] ?? 0;
    this.sumB -= this.lenB[num] ?? 0;
    this.live -= 1;
    this.dead += 1;
    if (this.dead > 64 && this.dead * 4 > this.live) this.compact();
  }

  compact(): void {
    if (!this.dead) return;
    for (const [term, p] of this.terms) {
      const keep = p.docs.map((d, i) => (this.alive[d] ? i : -1)).filter((i) => i !== -1);
      if (!keep.length) {
        this.terms.delete(term);
        this.latin = null;
        continue;
      }
      if (keep.length === p.docs.length) continue;
      this.terms.set(term, { docs: keep.map((i) => p.docs[i]!), title: keep.map((i) => p.title[i]!), body: keep.map((i) => p.body[i]!) });
    }
    this.dead = 0;
  }

  private df(term: string): number {
    return this.terms.get(term)?.docs.length ?? 0;
  }

  private idf(df: number): number {
    const n = Math.max(this.live, df);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** Known terms one edit away from a term the index never saw ("polcy" -> "polici"). */
  private nearTerms(term: string): string[] {
    if (!this.latin) {
      this.latin = [];
      for (const t of this.terms.keys()) if (/^[a-z]+$/.test(t)) (this.latin[t.length] ??= []).push(t);
    }
    const out: string[] = [];
    for (let len = term.length - 1; len <= term.length + 1; len++) {
      for (const t of this.latin[len] ?? []) if (withinOneEdit(term, t) && out.push(t) >= 3) return out;
    }
    return out;
  }

  /**
   * What the query asks, as weighted index terms grouped into units (one per idea). A long
   * query keeps its MAX_QUERY_UNITS rarest words; in a short one a word the index never saw
   * still counts against the floor (an off-topic question is mostly such words), in a pasted
   * message it does not (names, order numbers, greetings).
   */
  plan(query: string, synonyms: readonly (readonly string[])[] = []): Plan {
    const tokens = analyse(query);
    const short = tokens.filter((t) => t.kind !== 'bigram').length <= 6;
    const ranked = tokens
      .map((t) => ({ t, df: this.df(t.term) }))
      .filter((x) => x.df > 0 || x.t.kind !== 'bigram')
      .sort((a, b) => (a.df === 0 ? 1 : 0) - (b.df === 0 ? 1 : 0) || a.df - b.df)
      .slice(0, MAX_QUERY_UNITS);
    const units: Unit[] = [];
    const terms: PlanTerm[] = [];
    const unitOf = new Map<string, number>();
    for (const { t, df } of ranked) {
      const mass = KIND_WEIGHT[t.kind] * (df > 0 ? this.idf(df) : UNKNOWN_SHARE * this.idf(1));
      const chars = df > 0 || t.kind !== 'word' ? [] : hanChars(t.term);
      // An unknown Chinese word is met by its characters, each for its share of the word: 天
      // alone does not answer for 秋天.
      const u = units.push({ mass: chars.length > 1 ? mass / chars.length : mass, counts: df > 0 || short }) - 1;
      unitOf.set(t.term, u);
      if (df > 0) terms.push({ term: t.term, weight: KIND_WEIGHT[t.kind], unit: u });
      else if (chars.length) {
        chars.forEach((ch, i) => {
          const cu = i === 0 ? u : units.push({ mass: mass / chars.length, counts: short }) - 1;
          terms.push({ term: ch, weight: WEIGHT.backoff, unit: cu });
        });
      } else if (t.kind === 'latin' && t.term.length >= 4) for (const near of this.nearTerms(t.term)) terms.push({ term: near, weight: WEIGHT.fuzzy, unit: u });
    }
    for (const e of expand(query, tokens, synonyms)) {
      const own = e.covers.map((c) => unitOf.get(c)).filter((u): u is number => u !== undefined);
      const u = own[0] ?? units.push({ mass: 0, counts: false }) - 1;
      // The phrase's words are one idea: the unit weighs as its heaviest word, and counts once.
      for (const o of own.slice(1)) {
        units[u]!.mass = Math.max(units[u]!.mass, units[o]!.mass);
        units[u]!.counts ||= units[o]!.counts;
        units[o]!.counts = false;
        for (const pt of terms) if (pt.unit === o) pt.unit = u;
      }
      if (own.length) units[u]!.counts = true;
      const weight = e.crossLanguage ? WEIGHT.otherLanguage : WEIGHT.synonym;
      for (const term of e.terms) {
        const df = this.df(term);
        if (isStop(term) || !df) continue;
        terms.push({ term, weight, unit: u, ...(e.crossLanguage ? { cross: true } : {}) });
        // A word the articles never use, said in their words by a synonym ("smashed" →
        // damaged): the idea weighs what the synonym weighs, not what an unknown word does.
        if (own.length && !e.crossLanguage) units[u]!.mass = Math.max(units[u]!.mass, WEIGHT.synonym * this.idf(df));
      }
    }
    return { terms: dedupe(terms), units, lang: langOf(query) };
  }

  /**
   * The best `limit` documents for a plan, best first; nothing below the floor. A query in
   * one language gets its own language's articles first; the best article in the other
   * language (found through the lexicon's translations, judged by the part of the query that
   * has them) takes the last place, when it clears its floor: a bilingual team's other copy
   * of the answer, or the only answer there is.
   */
  search(plan: Plan, limit: number): Scored[] {
    if (!this.live || !plan.terms.length || limit <= 0) return [];
    const { touched, score, mask } = this.accumulate(plan);
    const counting = plan.units.map((u, i) => ({ ...u, i })).filter((u) => u.counts);
    // A common word touches thousands of documents: each is checked against the coverage
    // floor once, and only the best `limit` are kept (no sort of every touched document).
    const top = (keep: (d: number) => boolean, units: typeof counting) => {
      const covers = coverage(units);
      return this.best(touched, limit, score, (d) => keep(d) && covers(mask[d]!));
    };
    const relative = (list: number[]) => list.filter((d) => score[d]! >= score[list[0]!]! * MIN_RELATIVE_SCORE);
    const scored = (list: number[]) => list.map((num) => ({ num, score: score[num]! }));
    if (plan.lang === 'mixed') return scored(relative(top(() => true, counting)));
    const wantHan = plan.lang === 'zh';
    const same = relative(top((d) => this.han[d] === wantHan, counting));
    // The other language is judged by the units the lexicon could translate.
    const translated = new Set(plan.terms.filter((t) => t.cross).map((t) => t.unit));
    const crossUnits = counting.filter((u) => translated.has(u.i));
    const other = relative(top((d) => this.han[d] !== wantHan, crossUnits));
    const out = same.slice(0, other.length && limit > 1 ? limit - 1 : limit);
    out.push(...other.slice(0, limit - out.length));
    return scored(out);
  }

  /** The best `k` documents that `keep` allows, best first (ties: the earlier document), by insertion into a short list. */
  private best(docs: readonly number[], k: number, score: Float64Array, keep: (d: number) => boolean): number[] {
    const out: number[] = [];
    const before = (a: number, b: number) => score[a]! > score[b]! || (score[a] === score[b] && a < b);
    for (const d of docs) {
      if (out.length === k && !before(d, out[k - 1]!)) continue;
      if (!keep(d)) continue;
      // d comes before the last kept one (checked above), so it lands within the first k.
      let i = out.length;
      while (i > 0 && before(d, out[i - 1]!)) i--;
      out.splice(i, 0, d);
      if (out.length > k) out.pop();
    }
    return out;
  }

  /** Adds every plan term's BM25F share into the per-query arrays; returns the documents touched. */
  private accumulate(plan: Plan): { touched: number[]; score: Float64Array; mask: Int32Array } {
    this.prepare();
    const q = ++this.query;
    const { score, mask, stamp } = this;
    const avgT = this.sumT / this.live || 1;
    const avgB = this.sumB / this.live || 1;
    const touched: number[] = [];
    for (const pt of plan.terms) {
      const p = this.terms.get(pt.term);
      if (!p) continue;
      const w = pt.weight * this.idf(p.docs.length);
      const bit = 1 << Math.min(pt.unit, 30);
      for (let i = 0; i < p.docs.length; i++) {
        const d = p.docs[i]!;
        if (!this.alive[d]) continue;
        const tf = (TITLE_WEIGHT * p.title[i]!) / (1 - B + (B * this.lenT[d]!) / avgT) + p.body[i]! / (1 - B + (B * this.lenB[d]!) / avgB);
        const s = (w * tf) / (K1 + tf);
        if (stamp[d] !== q) {
          stamp[d] = q;
          score[d] = s;
          mask[d] = bit;
          touched.push(d);
        } else {
          score[d]! += s;
          mask[d]! |= bit;
        }
      }
    }
    return { touched, score, mask };
  }

  private prepare(): void {
    const n = this.alive.length;
    if (this.score.length >= n) return;
    const size = Math.max(n, this.score.length * 2, 1024);
    this.score = new Float64Array(size);
    this.mask = new Int32Array(size);
    this.stamp = new Int32Array(size);
    this.query = 0;
  }

  serialise(): Serialised {
    this.compact();
    const terms: Serialised['terms'] = [];
    for (const [term, p] of this.terms) terms.push([term, p.docs.map((d, i) => d - (i ? p.docs[i - 1]! : 0)), p.title, p.body]);
    return { lenT: this.lenT, lenB: this.lenB, alive: this.alive.map((a) => (a ? 1 : 0)), han: this.han.map((h) => (h ? 1 : 0)), terms };
  }

  static from(s: Serialised, into = new Bm25()): Bm25 {
    into.lenT = s.lenT;
    into.lenB = s.lenB;
    into.alive = s.alive.map((a) => a === 1);
    into.han = s.han.map((h) => h === 1);
    into.alive.forEach((a, d) => {
      if (!a) return;
      into.sumT += s.lenT[d] ?? 0;
      into.sumB += s.lenB[d] ?? 0;
      into.live += 1;
    });
    for (const [term, gaps, title, body] of s.terms) {
      let d = 0;
      into.terms.set(term, { docs: gaps.map((g) => (d += g)), title, body });
    }
    return into;
  }
}

const HAN_CHAR = /\p{Script=Han}/gu;
const LETTER = /[\p{Script=Han}\p{L}]/gu;

/** Whether a text is Chinese: at least 30% of its letters are Han (a Chinese title with a product name still is). */
function isHanText(text: string): boolean {
  const letters = text.match(LETTER)?.length ?? 0;
  return letters > 0 && (text.match(HAN_CHAR)?.length ?? 0) / letters >= 0.3;
}

/** A query's language: Chinese or English, or mixed when it has both in earnest (a Latin product name in Chinese is still Chinese). */
export function langOf(query: string): QueryLang {
  const han = query.match(HAN_CHAR)?.length ?? 0;
  const latinWords = query.match(/[a-z]{2,}/giu)?.length ?? 0;
  if (!han) return 'en';
  if (!latinWords) return 'zh';
  // Two Han characters make about one word: compare words with words.
  const hanWords = han / 2;
  return latinWords >= 2 && hanWords >= 2 && Math.min(latinWords, hanWords) / Math.max(latinWords, hanWords) >= 0.25 ? 'mixed' : hanWords >= latinWords ? 'zh' : 'en';
}

/** Each term once, at the weight of its strongest reason. */
function dedupe(terms: PlanTerm[]): PlanTerm[] {
  const best = new Map<string, PlanTerm>();
  for (const t of terms) {
    const b = best.get(t.term);
    if (!b || t.weight > b.weight) best.set(t.term, t);
  }
  return [...best.values()];
}
