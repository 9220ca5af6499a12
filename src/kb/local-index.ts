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
 */
import { Document } from 'flexsearch';
import { tokenize } from './tokenize.ts';

export interface IndexedArticle {
  id: string;
  title: string;
  body: string;
}

type Doc = { id: string; title: string; body: string };

const TITLE_WEIGHT = 3;

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

  static async load(parts: readonly (readonly [string, string])[]): Promise<LocalIndex> {
    const idx = new LocalIndex();
    for (const [key, data] of parts) await idx.doc.import(key, data);
    return idx;
  }

  /** Adds or replaces one article (re-import updates by id). */
  put(a: IndexedArticle): void {
    const d = { id: a.id, title: a.title, body: a.body };
    if (this.doc.contain(a.id)) this.doc.update(d);
    else this.doc.add(d);
  }

  remove(id: string): void {
    this.doc.remove(id);
  }

  /** Article ids, best first: title hits weigh more than body hits, ranks are merged. */
  search(query: string, limit: number): string[] {
    const res = this.doc.search(query, { limit: limit * 2, suggest: true }) as unknown as { field: string; result: (string | number)[] }[];
    const score = new Map<string, number>();
    for (const { field, result } of res) {
      const w = field === 'title' ? TITLE_WEIGHT : 1;
      result.forEach((id, rank) => score.set(String(id), (score.get(String(id)) ?? 0) + w / (rank + 1)));
    }
    return [...score.entries()].sort((a, b) => b[1] - a[1]).slice(0, limit).map(([id]) => id);
  }

  /** The index as key/value parts, for IndexedDB (FlexSearch's export format). */
  async export(): Promise<[string, string][]> {
    const parts: [string, string][] = [];
    await this.doc.export((key: string, data: string) => void parts.push([key, data]));
    return parts;
  }
}
