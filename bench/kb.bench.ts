/**
 * The local knowledge base in real Chromium (issue 12): 10,000 synthetic zh/en articles
 * imported through src/kb/store.ts into the extension's own IndexedDB (the options page's
 * origin), then searched. Floors, each measured in the same run, in the same page and on the
 * same clock as what it is compared with:
 * - index search: a linear scan over the same articles (cross-origin-isolated page);
 * - searchLocal: a bare IndexedDB read of the same records (meta + the hits it returned, one
 *   plain readonly transaction) in the options page;
 * - import: a bare IndexedDB put of the same records in one transaction, into a scratch
 *   database of the options page.
 * Goals (printed as goals): search p95 ≤ 10 ms, ≥ 50× faster than the scan, import under 10 s.
 *
 * Clocks. performance.now() ticks at 100 µs in an ordinary page (the options page too), which
 * flattened sub-millisecond index times into 0, 100 or 200 µs. So:
 * - index vs scan: the same code (LocalIndex, tokenize) runs in a cross-origin-isolated page
 *   (COOP/COEP, 5 µs clock) of the same browser, every query timed once, 3 passes over the 200
 *   queries for each (no query repeated back to back): p50/p95 of single queries;
 * - searchLocal (index + IndexedDB reads + snippets, as the worker answers kb.search) and its
 *   bare read: in the options page, each query's time is the mean of 10 runs of it (≥ 1 ms of
 *   work per figure, so the 100 µs tick is ≤ 10% of one run and averages out), the two
 *   interleaved query by query; p50/p95 over the 200 queries.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { launchWithExtension } from '../scripts/browser.ts';
import type { BenchRow } from './lib.ts';

const pctSrc = 'const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];';

async function bundle(contents: string): Promise<string> {
  const out = await build({ stdin: { contents, resolveDir: join(import.meta.dirname, '..'), loader: 'ts' }, bundle: true, format: 'iife', write: false, minify: true, target: 'chrome116' });
  return out.outputFiles[0]!.text;
}

/** Import, IndexedDB size, cold start and searchLocal, in the extension's options page. */
const storeBench = () =>
  bundle(`import { writeArticles, searchLocal, readMeta, clearArticles, dropCache, DB_NAME } from './src/kb/store.ts';
    import { makeArticles, makeQueries } from './bench/kb-data.ts';
    ${pctSrc}
    const req = (r) => new Promise((ok, fail) => { r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
    const done = (tx) => new Promise((ok, fail) => { tx.oncomplete = ok; tx.onerror = tx.onabort = () => fail(tx.error); });
    // searchLocal's floor: the reads it cannot avoid (meta + the hit records, one readonly
    // transaction), with the plain IndexedDB API on the same database.
    const bareRead = async (db, ids) => {
      const tx = db.transaction(['meta', 'articles']);
      await Promise.all([req(tx.objectStore('meta').get('meta')), ...ids.map((id) => req(tx.objectStore('articles').get(id)))]);
    };
    // The import's floor: the same records put in one transaction, nothing indexed.
    const barePut = async (records) => {
      const name = 'deskhand-bench-floor';
      const db = await new Promise((ok, fail) => { const r = indexedDB.open(name, 1); r.onupgradeneeded = () => r.result.createObjectStore('articles', { keyPath: 'id' }); r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error); });
      const t = performance.now();
      const tx = db.transaction('articles', 'readwrite');
      for (const a of records) tx.objectStore('articles').put(a);
      await done(tx);
      const ms = performance.now() - t;
      db.close();
      await req(indexedDB.deleteDatabase(name));
      return ms;
    };
    const meanOf10 = async (fn) => { const s = performance.now(); for (let i = 0; i < 10; i++) await fn(); return (performance.now() - s) / 10; };
    globalThis.kbStore = async (n) => {
      await clearArticles();
      const before = (await navigator.storage.estimate()).usage ?? 0;
      const articles = makeArticles(n).map((a) => ({ ...a, url: '', path: a.id + '.md' }));
      let t = performance.now();
      await writeArticles(articles, 'file');
      const importMs = performance.now() - t;
      const after = (await navigator.storage.estimate()).usage ?? 0;
      const queries = makeQueries(200);
      dropCache();
      t = performance.now();
      await searchLocal(queries[0], 5);
      const coldMs = performance.now() - t;
      const db = await req(indexedDB.open(DB_NAME));
      const full = [], bare = [];
      for (const q of queries) {
        const ids = (await searchLocal(q, 5)).hits.map((h) => h.id);
        full.push(await meanOf10(() => searchLocal(q, 5)));
        bare.push(await meanOf10(() => bareRead(db, ids)));
      }
      db.close();
      const count = (await readMeta()).count;
      await clearArticles();
      const now = Date.now();
      const putMs = await barePut(articles.map((a) => ({ ...a, origin: 'file', updatedAt: now })));
      return { importMs, putMs, idbBytes: after - before, coldMs, count, full: [pct(full, .5), pct(full, .95)], bare: [pct(bare, .5), pct(bare, .95)] };
    };`);

/** The index and the scan over the same articles, single queries on a 5 µs clock. */
const searchBench = () =>
  bundle(`import { LocalIndex } from './src/kb/local-index.ts';
    import { normalise, queryTerms } from './src/kb/tokenize.ts';
    import { makeArticles, makeQueries } from './bench/kb-data.ts';
    ${pctSrc}
    globalThis.kbSearch = (n) => {
      if (!crossOriginIsolated) throw new Error('not cross-origin isolated: the clock would be 100 µs');
      const articles = makeArticles(n);
      const queries = makeQueries(200);
      const idx = new LocalIndex();
      let t = performance.now();
      for (const a of articles) idx.put(a);
      const indexMs = performance.now() - t;
      const docs = articles.map((a) => ({ id: a.id, text: normalise(a.title + ' ' + a.body) }));
      const scanOnce = (q) => {
        const terms = queryTerms(q); const hits = [];
        for (const d of docs) { let k = 0; for (const x of terms) if (d.text.includes(x)) k++; if (k) hits.push([d.id, k]); }
        return hits.sort((a, b) => b[1] - a[1]).slice(0, 5);
      };
      const index = [], scan = [];
      const run = (fn, out) => { for (const q of queries) { const s = performance.now(); fn(q); out.push(performance.now() - s); } };
      // Each in its own loop (a scan between two searches would evict the index from the CPU
      // caches), in alternating order so a slow phase of the machine hits both.
      for (let pass = 0; pass < 3; pass++) {
        if (pass % 2) { run(scanOnce, scan); run((q) => idx.search(q, 5), index); }
        else { run((q) => idx.search(q, 5), index); run(scanOnce, scan); }
      }
      return { indexMs, index: [pct(index, .5), pct(index, .95)], scan: [pct(scan, .5), pct(scan, .95)], queries: index.length };
    };`);

/** A blank page served with COOP/COEP (cross-origin isolated: a 5 µs clock). */
async function isolatedPage(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' });
    res.end('<!doctype html><title>kb bench</title>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, server };
}

export async function benchKb(n = 10_000): Promise<BenchRow[]> {
  const { browser, extensionId } = await launchWithExtension();
  const blank = await isolatedPage();
  try {
    const options = await browser.newPage();
    await options.goto(`chrome-extension://${extensionId}/src/options/index.html`, { waitUntil: 'load' });
    await options.evaluate(await storeBench());
    const st = (await options.evaluate((count: number) => (globalThis as unknown as { kbStore(n: number): Promise<unknown> }).kbStore(count), n)) as {
      importMs: number; putMs: number; idbBytes: number; coldMs: number; count: number; full: [number, number]; bare: [number, number];
    };
    if (st.count !== n) throw new Error(`imported ${st.count} of ${n}`);
    await options.close();
    const page = await browser.newPage();
    await page.goto(blank.url, { waitUntil: 'load' });
    await page.evaluate(await searchBench());
    const se = (await page.evaluate((count: number) => (globalThis as unknown as { kbSearch(n: number): unknown }).kbSearch(count), n)) as {
      indexMs: number; index: [number, number]; scan: [number, number]; queries: number;
    };
    const us = (ms: number) => ms * 1_000;
    const round = (x: number) => Math.round(us(x));
    return [
      { name: `linear scan, ${n} articles (floor)`, medianUs: us(se.scan[0]), floor: 'itself', ratio: 1, note: `p95 ${round(se.scan[1])} µs; ${se.queries} single queries, 5 µs clock (cross-origin-isolated page)` },
      {
        name: `kb index search p50 (${n} articles)`,
        medianUs: us(se.index[0]),
        floor: 'linear scan (p50)',
        // Inverted: how many times faster than the scan, the way the goal is put.
        ratio: se.scan[0] / se.index[0],
        goal: 'p95 ≤ 10 ms; ≥ 50× faster than the scan',
        note: `ratio = scan / index (times faster); p95 ${round(se.index[1])} µs, p95 ratio ${(se.scan[1] / se.index[1]).toFixed(1)}×; index built in ${Math.round(se.indexMs)} ms in the page`,
      },
      { name: 'bare IndexedDB read: meta + the same hits, one transaction (floor)', medianUs: us(st.bare[0]), floor: 'itself', ratio: 1, note: `p95 ${round(st.bare[1])} µs; options page, each query: mean of 10 runs` },
      {
        name: `kb searchLocal p50 (index + IndexedDB reads + snippets)`,
        medianUs: us(st.full[0]),
        floor: 'bare IndexedDB read (p50)',
        ratio: st.full[0] / st.bare[0],
        addedUs: us(st.full[0] - st.bare[0]),
        note: `p95 ${round(st.full[1])} µs (p95 ratio ${(st.full[1] / st.bare[1]).toFixed(1)}×); each query: mean of 10 runs, interleaved with its bare read; first search after a restart ${Math.round(st.coldMs)} ms`,
      },
      { name: `bare IndexedDB put of the same ${n} records, one transaction (floor)`, medianUs: us(st.putMs), floor: 'itself', ratio: 1, note: 'options page, a scratch database, nothing indexed' },
      {
        name: `kb import ${n} articles (one transaction)`,
        medianUs: us(st.importMs),
        floor: 'bare IndexedDB put',
        ratio: st.importMs / st.putMs,
        addedUs: us(st.importMs - st.putMs),
        goal: '≤ 10 s',
        note: `${st.importMs <= 10_000 ? 'within' : 'over'} the 10 s goal (${(st.importMs / 10_000).toFixed(2)}× of it); IndexedDB +${(st.idbBytes / 2 ** 20).toFixed(1)} MB (navigator.storage.estimate)`,
      },
    ];
  } finally {
    await browser.close();
    await new Promise((r) => blank.server.close(r));
  }
}
