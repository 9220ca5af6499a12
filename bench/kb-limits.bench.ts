/**
 * `npx tsx bench/kb-limits.bench.ts`: the local KB's bounds (issue 19 item 9) in Node with
 * fake-indexeddb (real Chromium figures: e2e/security-kb.test.ts prints `measured:` lines).
 *
 * - time to refuse the 8 MB CSV of 420,000 tiny rows;
 * - import time of the largest accepted file (MAX_IMPORT_ARTICLES rows, ~8.6 MB);
 * - a restarted context's first search over that index (it loads the index);
 * - the first search while an oversized index from before the limits loads (100,000
 *   articles written straight into IndexedDB): it answers "still loading" instead of waiting.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { MAX_IMPORT_ARTICLES, parseFiles } from '../src/kb/import.ts';
import { LocalIndex } from '../src/kb/local-index.ts';
import { clearArticles, DB_NAME, dropCache, searchLocal, writeArticles } from '../src/kb/store.ts';

const WORDS = 'refund invoice shipping warranty exchange address payment account password order delivery receipt'.split(' ');
const body = (i: number, n: number) => Array.from({ length: n }, (_, j) => `${WORDS[(i * 7 + j * 3) % WORDS.length]}${(i + j) % 50}`).join(' ');

async function timed<T>(fn: () => Promise<T> | T): Promise<[T, number]> {
  const t = performance.now();
  const v = await fn();
  return [v, Math.round(performance.now() - t)];
}

const huge = ['id,title,body', ...Array.from({ length: 420_000 }, (_, i) => `${i},t${i},b${i}`)].join('\n');
const [, refuseMs] = await timed(() => {
  try {
    parseFiles([{ path: 'huge.csv', text: huge }]);
  } catch (e) {
    return e;
  }
  throw new Error('the 8 MB CSV was accepted');
});
console.log(`8 MB CSV (${(huge.length / 2 ** 20).toFixed(1)} MB, 420,000 rows): refused in ${refuseMs} ms`);

await clearArticles();
const max = ['id,title,body', ...Array.from({ length: MAX_IMPORT_ARTICLES }, (_, i) => `${i},Article ${i} about topic ${i % 97},"Steps for case ${i % 89}: ${body(i, 85)}"`)].join('\n');
const [, importMs] = await timed(async () => writeArticles(parseFiles([{ path: 'max.csv', text: max }]).articles, 'file', { onProgress: () => {} }));
console.log(`largest accepted (${(max.length / 2 ** 20).toFixed(1)} MB, ${MAX_IMPORT_ARTICLES} rows): imported in ${importMs} ms`);

dropCache();
const [cold, coldMs] = await timed(() => searchLocal('topic 42 refund', 5));
console.log(`first search of a restarted context (loads the ${MAX_IMPORT_ARTICLES}-article index): ${coldMs} ms, ${cold.ok ? `${cold.hits.length} hits` : cold.error.code}`);

// An index from before the limits: 100,000 articles, stored as an import would have stored it.
const N = 100_000;
const index = new LocalIndex();
const d = await openDB(DB_NAME);
const tx = d.transaction(['articles', 'index', 'meta'], 'readwrite');
for (let i = 0; i < N; i++) {
  const a = { id: `old-${i}`, title: `Old ${i} topic ${i % 97}`, body: body(i, 12), url: '', path: 'old.csv', origin: 'file', updatedAt: 0 };
  index.put(a);
  void tx.objectStore('articles').put(a);
}
await tx.objectStore('index').clear();
for (const [k, v] of await index.export()) void tx.objectStore('index').put(v, k);
const meta = await tx.objectStore('meta').get('meta');
await tx.objectStore('meta').put({ ...meta, revision: (meta?.revision ?? 0) + 1, count: N, updatedAt: Date.now() }, 'meta');
await tx.done;
d.close();
dropCache();
const [during, duringMs] = await timed(() => searchLocal('topic 42', 5));
console.log(`first search while a ${N}-article index loads: ${duringMs} ms, ${during.ok ? `${during.hits.length} hits` : during.error.code}`);
const [after, loadedMs] = await timed(async () => {
  for (;;) {
    const r = await searchLocal('topic 42', 5);
    if (r.ok) return r;
  }
});
console.log(`…answering from it once loaded: after a further ${loadedMs} ms, ${after.hits.length} hits`);
