/**
 * Which full-text library for the local knowledge base (issue 12)? MiniSearch, FlexSearch and
 * Orama, each with the same zh + en tokeniser (src/kb/tokenize.ts), over the same 10,000
 * synthetic articles (bench/kb-data.ts): index time, search p50/p95, heap, serialised size
 * (what IndexedDB would hold), bundle size (min + gzip) and two quality probes
 * ("发票抬头" -> "如何修改发票抬头", "refund polcy" -> "Refund policy"). The floor is a linear
 * scan over the same articles in the same run.
 */
import { gzipSync } from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { join } from 'node:path';
import { build } from 'esbuild';
import MiniSearch from 'minisearch';
import { Document } from 'flexsearch';
import { create, insertMultiple, save, search as oramaSearch, type AnyOrama } from '@orama/orama';
import { normalise, queryTerms, tokenize } from '../src/kb/tokenize.ts';
import { makeArticles, makeQueries, type BenchArticle } from './kb-data.ts';
import type { BenchRow } from './lib.ts';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

interface Engine {
  name: string;
  /** What a bundle of this library costs (entry source for esbuild). */
  entry: string;
  build(articles: BenchArticle[]): Promise<unknown>;
  search(index: unknown, q: string): Promise<string[]>;
  serialise(index: unknown): Promise<number>;
}

const PROBES: BenchArticle[] = [
  { id: 'p1', title: '如何修改发票抬头', body: '在订单详情页点击申请换开发票，填写新的抬头与税号。' },
  { id: 'p2', title: 'Refund policy', body: 'Items can be returned within 7 days of delivery.' },
  { id: 'p3', title: '发票寄送时间', body: '纸质发票在审核后 3 个工作日内寄出。' },
  { id: 'p4', title: 'Delivery times', body: 'Refunds for lost parcels are issued after the carrier confirms.' },
];

const miniOptions = {
  fields: ['title', 'body'],
  tokenize,
  processTerm: (t: string) => t,
  searchOptions: { boost: { title: 3 }, fuzzy: 0.2, prefix: (_t: string, i: number, all: string[]) => i === all.length - 1 },
};

const engines: Engine[] = [
  {
    name: 'minisearch 7.2.0',
    entry: `import MiniSearch from 'minisearch'; const m = new MiniSearch({ fields: ['t'] }); m.addAll([]); globalThis.x = [m.search('x'), JSON.stringify(m), MiniSearch.loadJSON];`,
    async build(articles) {
      const m = new MiniSearch<BenchArticle>(miniOptions);
      m.addAll(articles);
      return m;
    },
    async search(index, q) {
      return (index as MiniSearch).search(q).slice(0, 5).map((r) => String(r.id));
    },
    async serialise(index) {
      return JSON.stringify(index).length;
    },
  },
  {
    name: 'flexsearch 0.8.212',
    entry: `import { Document } from 'flexsearch'; const d = new Document({ document: { id: 'id', index: ['t'] } }); d.add({ id: 1, t: 'x' }); globalThis.x = [d.search('x'), d.export(() => {})];`,
    async build(articles) {
      // FlexSearch has no edit-distance fuzzy match; `suggest` returns partial matches instead.
      const encode = (s: string) => tokenize(s);
      const d = new Document({ tokenize: 'strict', document: { id: 'id', index: [{ field: 'title', encode }, { field: 'body', encode }] } });
      for (const a of articles) d.add({ ...a });
      return d;
    },
    async search(index, q) {
      const res = (index as Document).search(q, { limit: 5, suggest: true }) as unknown as { field: string; result: string[] }[];
      const title = res.find((r) => r.field === 'title')?.result ?? [];
      const body = res.find((r) => r.field === 'body')?.result ?? [];
      return [...new Set([...title, ...body])].slice(0, 5).map(String);
    },
    async serialise(index) {
      let size = 0;
      await (index as Document).export((key: string, data: string) => void (size += key.length + (data?.length ?? 0)));
      return size;
    },
  },
  {
    name: 'orama 3.1.18',
    entry: `import { create, insertMultiple, search, save } from '@orama/orama'; const db = create({ schema: { t: 'string' } }); globalThis.x = [insertMultiple(db, []), search(db, { term: 'x' }), save(db)];`,
    async build(articles) {
      const db = create({
        schema: { id: 'string', title: 'string', body: 'string' } as const,
        components: { tokenizer: { language: 'english', normalizationCache: new Map(), tokenize: (raw: string) => tokenize(raw) } },
      });
      await insertMultiple(db, articles, 1_000);
      return db;
    },
    async search(index, q) {
      const r = await oramaSearch(index as AnyOrama, { term: q, properties: ['title', 'body'], boost: { title: 3 }, tolerance: 1, limit: 5 });
      return r.hits.map((h) => String((h.document as { id: string }).id));
    },
    async serialise(index) {
      return JSON.stringify(save(index as AnyOrama)).length;
    },
  },
];

/** The floor: every article read for every query (substring hits of the query terms). */
function linearScan(articles: { id: string; text: string }[], q: string): string[] {
  const terms = queryTerms(q);
  const scored: [string, number][] = [];
  for (const a of articles) {
    let s = 0;
    for (const t of terms) if (a.text.includes(t)) s++;
    if (s) scored.push([a.id, s]);
  }
  return scored.sort((x, y) => y[1] - x[1]).slice(0, 5).map((x) => x[0]);
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function bundleBytes(entry: string): Promise<{ min: number; gz: number }> {
  const out = await build({ stdin: { contents: entry, resolveDir: join(import.meta.dirname, '..'), loader: 'ts' }, bundle: true, minify: true, write: false, format: 'esm', target: 'chrome116' });
  const text = out.outputFiles[0]!.contents;
  return { min: text.length, gz: gzipSync(text).length };
}

export interface LibRow {
  library: string;
  indexMs: number;
  p50Us: number;
  p95Us: number;
  heapMB: number;
  serialisedMB: number;
  bundleKB: string;
  probes: string;
}

export async function benchKbLibs(n = 10_000): Promise<{ rows: BenchRow[]; table: LibRow[] }> {
  const articles = makeArticles(n);
  const queries = makeQueries(200);
  const scanDocs = articles.map((a) => ({ id: a.id, text: normalise(`${a.title} ${a.body}`) }));
  const scan: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    linearScan(scanDocs, q);
    scan.push(performance.now() - t);
  }
  const scanP50 = pct(scan, 0.5) * 1_000;
  const table: LibRow[] = [];
  const rows: BenchRow[] = [{ name: `linear scan, ${n} articles (floor)`, medianUs: scanP50, floor: 'itself', ratio: 1, note: `p95 ${Math.round(pct(scan, 0.95) * 1_000)} µs` }];
  let index: unknown = null;
  for (const e of engines) {
    index = null;
    gc();
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    index = await e.build(articles);
    const indexMs = performance.now() - t0;
    gc();
    const heapMB = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
    for (const q of queries.slice(0, 20)) await e.search(index, q); // warm-up
    const times: number[] = [];
    for (const q of queries) {
      const t = performance.now();
      await e.search(index, q);
      times.push(performance.now() - t);
    }
    const probeIndex = await e.build(PROBES);
    const probe1 = (await e.search(probeIndex, '发票抬头'))[0] === 'p1';
    const probe2 = (await e.search(probeIndex, 'refund polcy'))[0] === 'p2';
    const bundle = await bundleBytes(e.entry);
    const row: LibRow = {
      library: e.name,
      indexMs: Math.round(indexMs),
      p50Us: Math.round(pct(times, 0.5) * 1_000),
      p95Us: Math.round(pct(times, 0.95) * 1_000),
      heapMB: Math.round(heapMB * 10) / 10,
      serialisedMB: Math.round(((await e.serialise(index)) / 2 ** 20) * 10) / 10,
      bundleKB: `${(bundle.min / 1024).toFixed(1)} / ${(bundle.gz / 1024).toFixed(1)}`,
      probes: `发票抬头 ${probe1 ? '✓' : '✗'} · refund polcy ${probe2 ? '✓' : '✗'}`,
    };
    table.push(row);
    rows.push({
      name: `${e.name}: search p50 (${n} articles)`,
      medianUs: pct(times, 0.5) * 1_000,
      floor: 'linear scan',
      ratio: scanP50 / (pct(times, 0.5) * 1_000),
      note: `p95 ${row.p95Us} µs, index ${row.indexMs} ms, heap ${row.heapMB} MB, serialised ${row.serialisedMB} MB, bundle ${row.bundleKB} KB min/gz, ${row.probes}`,
    });
  }
  index = null;
  console.log('\nkb libraries (floor: linear scan p50 %d µs, p95 %d µs)', Math.round(scanP50), Math.round(pct(scan, 0.95) * 1_000));
  console.table(table);
  return { rows, table };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchKbLibs();
