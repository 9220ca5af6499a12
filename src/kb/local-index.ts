/**
 * The local knowledge base's full-text index: articles numbered inside the index, ranked by
 * BM25F with the support lexicon and a relevance floor (bm25.ts), stored in IndexedDB as
 * JSON parts. Measured in bench/kb.bench.ts (10,000 mixed zh/en articles, p95 search) and
 * bench/relevance.bench.ts (the held-out quality set, beside a plain BM25).
 *
 * Layouts stored by earlier versions (FlexSearch parts, with or without an id table) are
 * not read: canLoad says no and the store rebuilds the index from its articles.
 */
import { Bm25, type Serialised } from './bm25.ts';

export interface IndexedArticle {
  id: string;
  title: string;
  body: string;
}

/** The part that marks this layout: article ids by number, and the version. */
const IDS_PART = 'deskhand.bm25.v2.ids';
const STATS_PART = 'deskhand.bm25.v2.stats';
const TERMS_PART = 'deskhand.bm25.v2.terms.';
/** Terms per stored part: no single JSON string of tens of megabytes. */
const TERMS_PER_PART = 5_000;

export class LocalIndex {
  private bm25 = new Bm25();
  /** Article id by number (`null` once removed; numbers are not reused). */
  private ids: (string | null)[] = [];
  private nums = new Map<string, number>();

  /** Whether exported parts can be loaded: false for any earlier layout, which the caller rebuilds. */
  static canLoad(parts: readonly (readonly [string, string])[]): boolean {
    return parts.length === 0 || parts.some(([key]) => key === IDS_PART);
  }

  static async load(parts: readonly (readonly [string, string])[]): Promise<LocalIndex> {
    if (!LocalIndex.canLoad(parts)) throw new Error('The stored index has an earlier layout; rebuild it from the articles.');
    const idx = new LocalIndex();
    const part = (key: string) => parts.find(([k]) => k === key)?.[1];
    idx.ids = JSON.parse(part(IDS_PART) ?? '[]') as (string | null)[];
    idx.ids.forEach((id, n) => id !== null && idx.nums.set(id, n));
    const stats = JSON.parse(part(STATS_PART) ?? '{"lenT":[],"lenB":[],"alive":[],"han":[]}') as Omit<Serialised, 'terms'>;
    const terms: Serialised['terms'] = [];
    for (const [key, data] of parts) {
      if (!key.startsWith(TERMS_PART)) continue;
      terms.push(...(JSON.parse(data) as Serialised['terms']));
      // A turn for the rest of the worker between parts: a search waiting on this load can
      // answer "still loading" on time (store.ts LOAD_WAIT_MS) instead of after it.
      await new Promise((r) => setTimeout(r, 0));
    }
    idx.bm25 = Bm25.from({ ...stats, terms });
    return idx;
  }

  get size(): number {
    return this.bm25.size;
  }

  /** Adds or replaces one article (re-import updates by id). */
  put(a: IndexedArticle): void {
    // A new number for a new version: the old one's postings are dropped lazily (bm25.ts),
    // and a reused number would still be found under them.
    this.remove(a.id);
    const n = this.ids.push(a.id) - 1;
    this.nums.set(a.id, n);
    this.bm25.add(n, a.title, a.body);
  }

  remove(id: string): void {
    const n = this.nums.get(id);
    if (n === undefined) return;
    this.bm25.remove(n);
    this.nums.delete(id);
    this.ids[n] = null;
  }

  /**
   * Article ids, best first, nothing below the relevance floor. `synonyms` are an admin's own
   * groups for this source, on top of the built-in support lexicon (lexicon.ts).
   */
  search(query: string, limit: number, synonyms: readonly (readonly string[])[] = []): string[] {
    const out: string[] = [];
    for (const { num } of this.bm25.search(this.bm25.plan(query, synonyms), limit)) {
      const id = this.ids[num];
      if (id != null) out.push(id);
    }
    return out;
  }

  /** The index as key/value parts, for IndexedDB. */
  async export(): Promise<[string, string][]> {
    const { terms, ...stats } = this.bm25.serialise();
    const parts: [string, string][] = [
      [IDS_PART, JSON.stringify(this.ids)],
      [STATS_PART, JSON.stringify(stats)],
    ];
    for (let i = 0; i < terms.length; i += TERMS_PER_PART) parts.push([`${TERMS_PART}${i / TERMS_PER_PART}`, JSON.stringify(terms.slice(i, i + TERMS_PER_PART))]);
    return parts;
  }
}
