/**
 * The local knowledge base's full-text index: FlexSearch 0.8, chosen by measurement
 * (bench/kb-libs.bench.ts, 10,000 mixed zh/en articles on this machine, Node 20):
 *
 * | library            | index  | search p50 / p95  | heap    | serialised | bundle min/gz |
 * |--------------------|--------|-------------------|---------|------------|---------------|
 * | MiniSearch 7.2.0   | 2.6 s  | 8.7 ms / 28.5 ms  | 78 MB   | 8.8 MB     | 17 / 6 KB     |
 * | FlexSearch 0.8.212 | 1.7 s  | 0.16 ms / 0.85 ms | 67 MB   | 10.7 MB    | 49 / 17 KB    |
 * | Orama 3.1.18       | 3.8 s  | 76 ms / 200 ms    | 145 MB  | 39.5 MB    | 64 / 22 KB    |
 *
 * MiniSearch and Orama score every matching document (BM25) before taking the top N; on
 * ordinary support words ("申请", "refund") that is thousands of documents per query, and both
 * miss the 10 ms p95 goal. FlexSearch keeps pre-ranked posting lists and stops at the limit.
 * What it lacks we add: the zh + en terms come from tokenize.ts (Intl.Segmenter words, Han
 * bigrams, Porter stems) as its `encode`; titles are indexed `tolerant` (FlexSearch's
 * typo variants: a dropped or swapped letter still matches) and weigh 3× the body.
 * Searching reads FlexSearch's posting lists with postings.ts (its `suggest: true` ranking,
 * id for id, ~10× faster), which is why articles are numbered inside the index.
 */
import { Document } from 'flexsearch';
import { PostingScorer, type PostingMap } from './postings.ts';
import { queryTerms, tokenize } from './tokenize.ts';

export interface IndexedArticle {
  id: string;
  title: string;
  body: string;
}

/** FlexSearch sees each article under a small integer (see postings.ts for why). */
type Doc = { id: number; title: string; body: string };

const TITLE_WEIGHT = 3;
const FIELDS = ['title', 'body'] as const;
/** The export part holding the article ids by number; its absence marks an index from before numbering. */
const IDS_PART = 'deskhand.ids';

/**
 * postings.ts reads these fields' posting lists as this configuration lays them out: no
 * `context`, `keystore` or `compress` (each would change the layout; postings.test.ts pins it).
 */
function makeDocument(): Document<Doc> {
  const encode = (s: string) => tokenize(s);
  return new Document<Doc>({
    tokenize: 'strict',
    resolution: 9,
    document: {
      id: 'id',
      index: [
        { field: 'title', tokenize: 'tolerant', encode },
        { field: 'body', encode },
      ],
    },
  });
}

export class LocalIndex {
  private doc = makeDocument();
  /** Article id by number (`null` once removed; numbers are not reused). */
  private ids: (string | null)[] = [];
  private nums = new Map<string, number>();
  private scorer = new PostingScorer();

  /**
   * Whether exported parts can be loaded: false for parts from before LocalIndex numbered its
   * articles (string ids, no id table), which the caller rebuilds from the articles.
   */
  static canLoad(parts: readonly (readonly [string, string])[]): boolean {
    return parts.length === 0 || parts.some(([key]) => key === IDS_PART);
  }

  static async load(parts: readonly (readonly [string, string])[]): Promise<LocalIndex> {
    if (!LocalIndex.canLoad(parts)) throw new Error('The stored index predates numbered articles; rebuild it from the articles.');
    const idx = new LocalIndex();
    const table = parts.find(([key]) => key === IDS_PART);
    idx.ids = table ? (JSON.parse(table[1]) as (string | null)[]) : [];
    idx.ids.forEach((id, n) => id !== null && idx.nums.set(id, n));
    for (const [key, data] of parts) {
      if (key === IDS_PART) continue;
      await idx.doc.import(key, data);
      // A turn for the rest of the worker between parts: a search waiting on this load can
      // answer "still loading" on time (store.ts LOAD_WAIT_MS) instead of after it.
      await new Promise((r) => setTimeout(r, 0));
    }
    return idx;
  }

  /** Adds or replaces one article (re-import updates by id). */
  put(a: IndexedArticle): void {
    const n = this.nums.get(a.id);
    if (n !== undefined) {
      this.doc.update({ id: n, title: a.title, body: a.body });
      return;
    }
    const next = this.ids.push(a.id) - 1;
    this.nums.set(a.id, next);
    this.doc.add({ id: next, title: a.title, body: a.body });
  }

  remove(id: string): void {
    const n = this.nums.get(id);
    if (n === undefined) return;
    this.doc.remove(n);
    this.nums.delete(id);
    this.ids[n] = null;
  }

  /**
   * Article ids, best first: each field ranked as FlexSearch's `suggest: true` search ranks
   * it (every term matched first, then fewer), the best `2 × limit` of each merged by rank,
   * title hits weighing 3× body hits. The query is tokenised once for both fields.
   */
  search(query: string, limit: number): string[] {
    return this.searchTerms(queryTerms(query), limit);
  }

  /** search() for a query already tokenised with queryTerms (searchLocal reuses them for snippets). */
  searchTerms(terms: readonly string[], limit: number): string[] {
    // At most 4 × limit entries: small arrays beat a Map here (this ran ~8 µs a query).
    const nums: number[] = [];
    const scores: number[] = [];
    for (const field of FIELDS) {
      const w = field === 'title' ? TITLE_WEIGHT : 1;
      const ranked = this.scorer.top(this.postings(field), terms, limit * 2, this.ids.length - 1);
      for (let rank = 0; rank < ranked.length; rank++) {
        const i = nums.indexOf(ranked[rank]!);
        if (i === -1) {
          nums.push(ranked[rank]!);
          scores.push(w / (rank + 1));
        } else scores[i]! += w / (rank + 1);
      }
    }
    // Best score first; ties in the order first seen (title hits, then body hits).
    const order = nums.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
    const out: string[] = [];
    for (const i of order.slice(0, limit)) {
      const id = this.ids[nums[i]!];
      if (id != null) out.push(id);
    }
    return out;
  }

  /**
   * A field's term -> posting slots map (FlexSearch's `Index#map`, src/index.js; untyped in
   * its .d.ts). postings.test.ts checks that ranking from it equals FlexSearch's own search.
   */
  private postings(field: (typeof FIELDS)[number]): PostingMap {
    const index = (this.doc as unknown as { index: Map<string, { map: PostingMap }> }).index.get(field);
    if (!index) throw new Error(`FlexSearch has no field "${field}"`);
    return index.map;
  }

  /** The index as key/value parts, for IndexedDB (FlexSearch's export format, plus the id table). */
  async export(): Promise<[string, string][]> {
    const parts: [string, string][] = [[IDS_PART, JSON.stringify(this.ids)]];
    await this.doc.export((key: string, data: string) => void parts.push([key, data]));
    return parts;
  }
}
