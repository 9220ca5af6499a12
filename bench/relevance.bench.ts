/**
 * Quality, not speed: the held-out relevance set (bench/relevance/, written blind to the
 * ranking code) through the product's own path — the Markdown files parsed by the importer
 * (src/kb/import.ts), written to the local knowledge base (src/kb/store.ts, fake-indexeddb)
 * and searched as kb.search asks the worker (searchLocal, 3 results) — beside a plain BM25
 * over the same articles in the same run (the floor: k1 1.2, b 0.75, Intl.Segmenter words,
 * no stemming, no bigrams, no stop words, title and body as one field).
 *
 * Category matching: each conversation against the demo console's six categories (zh labels
 * for zh conversations, en for en), through category.match's scorer; the floor is the share a
 * "most frequent category" guess gets.
 *
 * `npx tsx bench/relevance.bench.ts` prints the tables; in `npm run bench` it is the
 * "relevance" suite (BENCH_SAVE=1 keeps bench/results/relevance.json).
 */
import 'fake-indexeddb/auto';
import { CATEGORIES } from '../demo/console/data.ts';
import { pickCategory, weighConversation } from '../src/catalog/category-score.ts';
import { parseFiles } from '../src/kb/import.ts';
import { clearArticles, searchLocal, writeArticles } from '../src/kb/store.ts';
import { loadRelevanceSet, type Article, type Conversation, type Query } from './relevance/index.ts';
import type { BenchRow } from './lib.ts';

const K = 3;

/** The plain BM25 the issue measured against, as it describes it. */
class PlainBm25 {
  private docs: { id: string; tf: Map<string, number>; len: number }[] = [];
  private df = new Map<string, number>();
  private avg = 0;
  private seg = new Intl.Segmenter('zh', { granularity: 'word' });

  constructor(articles: readonly Article[]) {
    for (const a of articles) {
      const tf = new Map<string, number>();
      const words = this.words(`${a.title} ${a.body}`);
      for (const w of words) tf.set(w, (tf.get(w) ?? 0) + 1);
      for (const w of tf.keys()) this.df.set(w, (this.df.get(w) ?? 0) + 1);
      this.docs.push({ id: a.id, tf, len: words.length });
    }
    this.avg = this.docs.reduce((s, d) => s + d.len, 0) / this.docs.length;
  }

  private words(text: string): string[] {
    return [...this.seg.segment(text.normalize('NFKC').toLowerCase())].filter((s) => s.isWordLike).map((s) => s.segment);
  }

  search(q: string, k: number): string[] {
    const n = this.docs.length;
    const terms = [...new Set(this.words(q))];
    return this.docs
      .map((d) => {
        let s = 0;
        for (const t of terms) {
          const f = d.tf.get(t);
          if (!f) continue;
          const df = this.df.get(t)!;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          s += (idf * f * 2.2) / (f + 1.2 * (1 - 0.75 + (0.75 * d.len) / this.avg));
        }
        return { id: d.id, s };
      })
      .filter((x) => x.s > 0)
      .sort((a, b) => b.s - a.s)
      .slice(0, k)
      .map((x) => x.id);
  }
}

interface Scores {
  n: number;
  recall: number;
  hit1: number;
  hit3: number;
  mrr: number;
  empty: number;
  noise: number;
  noAnswer: number;
}

function score(queries: readonly Query[], results: ReadonlyMap<string, string[]>): Scores {
  const answered = queries.filter((q) => q.relevant.length);
  const sum = (f: (q: Query, got: string[]) => number) => answered.reduce((s, q) => s + f(q, results.get(q.id) ?? []), 0) / (answered.length || 1);
  const unanswerable = queries.filter((q) => !q.relevant.length);
  return {
    n: answered.length,
    recall: sum((q, got) => got.slice(0, K).filter((id) => q.relevant.includes(id)).length / Math.min(q.relevant.length, K)),
    hit1: sum((q, got) => (got[0] && q.relevant.includes(got[0]) ? 1 : 0)),
    hit3: sum((q, got) => (got.slice(0, K).some((id) => q.relevant.includes(id)) ? 1 : 0)),
    mrr: sum((q, got) => {
      const i = got.findIndex((id) => q.relevant.includes(id));
      return i === -1 ? 0 : 1 / (i + 1);
    }),
    empty: answered.filter((q) => !(results.get(q.id) ?? []).length).length,
    noise: unanswerable.filter((q) => (results.get(q.id) ?? []).length).length,
    noAnswer: unanswerable.length,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export interface RelevanceReport {
  rows: BenchRow[];
  table: Record<string, Record<string, string | number>>;
  misses: { id: string; q: string; relevant: string[]; got: string[]; plain: string[] }[];
  categories: { right: number; n: number; byLang: Record<string, string>; wrong: { id: string; want: string; got: string | null }[] };
}


function categoryRun(conversations: readonly Conversation[]): RelevanceReport['categories'] {
  const wrong: { id: string; want: string; got: string | null }[] = [];
  const by: Record<string, [number, number]> = {};
  for (const c of conversations) {
    const options = CATEGORIES.map((o) => ({ text: o[c.lang], value: o.value }));
    const texts = weighConversation(c.messages);
    const got = pickCategory(options, texts).choice?.value ?? null;
    const b = (by[c.lang] ??= [0, 0]);
    b[1] += 1;
    if (got === c.category) b[0] += 1;
    else wrong.push({ id: c.id, want: c.category, got });
  }
  const right = conversations.length - wrong.length;
  return { right, n: conversations.length, byLang: Object.fromEntries(Object.entries(by).map(([l, [r, n]]) => [l, `${r}/${n}`])), wrong };
}

export async function benchRelevance(): Promise<RelevanceReport> {
  const set = loadRelevanceSet();
  await clearArticles();
  const parsed = parseFiles(set.articles.map((a) => ({ path: `${a.id}.md`, text: a.markdown })));
  // The importer names an article by its file; the set's ids are the file names too.
  await writeArticles(parsed.articles, 'file');
  const plain = new PlainBm25(set.articles);
  const ours = new Map<string, string[]>();
  const base = new Map<string, string[]>();
  for (const q of set.queries) {
    const r = await searchLocal(q.q, K);
    if (!r.ok) throw new Error(`searchLocal failed on ${q.id}: ${r.error.code}`);
    ours.set(q.id, r.hits.map((h) => h.id.replace(/\.md$/, '')));
    base.set(q.id, plain.search(q.q, K));
  }
  await clearArticles();
  const table: RelevanceReport['table'] = {};
  const rows: BenchRow[] = [];
  for (const lang of ['all', 'zh', 'en', 'mixed'] as const) {
    const qs = set.queries.filter((q) => lang === 'all' || q.lang === lang);
    const a = score(qs, ours);
    const b = score(qs, base);
    table[`deskhand ${lang}`] = { queries: a.n, 'recall@3': pct(a.recall), 'hit@1': pct(a.hit1), 'hit@3': pct(a.hit3), MRR: a.mrr.toFixed(3), empty: a.empty, 'noise (of no-answer)': `${a.noise}/${a.noAnswer}` };
    table[`plain BM25 ${lang}`] = { queries: b.n, 'recall@3': pct(b.recall), 'hit@1': pct(b.hit1), 'hit@3': pct(b.hit3), MRR: b.mrr.toFixed(3), empty: b.empty, 'noise (of no-answer)': `${b.noise}/${b.noAnswer}` };
    rows.push({ name: `kb.search recall@3, ${lang} (${a.n} queries)`, medianUs: a.recall * 100, floor: `plain BM25 ${pct(b.recall)}`, ratio: b.recall ? a.recall / b.recall : null, note: `hit@1 ${pct(a.hit1)} vs ${pct(b.hit1)}; MRR ${a.mrr.toFixed(3)} vs ${b.mrr.toFixed(3)}; empty ${a.empty} vs ${b.empty}; noise ${a.noise}/${a.noAnswer} vs ${b.noise}/${b.noAnswer}` });
  }
  const misses = set.queries
    .filter((q) => {
      const got = ours.get(q.id) ?? [];
      return q.relevant.length ? !got.slice(0, K).some((id) => q.relevant.includes(id)) : got.length > 0;
    })
    .map((q) => ({ id: q.id, q: q.q, relevant: q.relevant, got: ours.get(q.id) ?? [], plain: base.get(q.id) ?? [] }));
  const categories = categoryRun(set.conversations);
  const counts = new Map<string, number>();
  for (const c of set.conversations) counts.set(c.category, (counts.get(c.category) ?? 0) + 1);
  const majority = Math.max(...counts.values()) / set.conversations.length;
  rows.push({ name: `category.match right, ${set.conversations.length} conversations`, medianUs: (categories.right / categories.n) * 100, floor: `most frequent category ${pct(majority)}`, ratio: categories.right / categories.n / majority, note: `zh ${categories.byLang.zh}, en ${categories.byLang.en}` });
  return { rows, table, misses, categories };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchRelevance();
  console.table(r.table);
  if (process.env.BENCH_VERBOSE) {
    for (const m of r.misses) console.log(`${m.id} ${JSON.stringify(m.q.slice(0, 60))} want ${m.relevant.join(',') || '(nothing)'} got ${m.got.join(',') || '-'} | plain ${m.plain.join(',') || '-'}`);
    console.log('categories wrong:', r.categories.wrong);
  }
  console.log(`category.match: ${r.categories.right}/${r.categories.n} (zh ${r.categories.byLang.zh}, en ${r.categories.byLang.en})`);
}
