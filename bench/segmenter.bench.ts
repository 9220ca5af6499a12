/**
 * Which word segmenter for Chinese: Intl.Segmenter (ICU's dictionary, free in every browser)
 * or jieba (jieba-wasm, a dictionary segmenter shipped as WebAssembly)? The issue asks to
 * "segment Chinese with a dictionary segmenter if Intl.Segmenter is not enough" and to
 * measure both on the same set, so this measures both, in one run, on the held-out relevance
 * set (bench/relevance/) through the product's own search path (bench/relevance.bench.ts:
 * importer, local knowledge base on fake-indexeddb, searchLocal), with only the segmenter
 * swapped (src/kb/tokenize.ts useWordSegmenter: indexing and queries alike).
 *
 * What shipping jieba would cost is measured beside it, since a recall difference alone does
 * not say whether it is worth it:
 * - segmentation time of every article body and every query, Intl.Segmenter vs jieba
 *   (per text, the median of many repetitions, the two alternated so a slow phase of the
 *   machine hits both);
 * - loading jieba: module init (reading and compiling the .wasm, instantiating it) and its
 *   first call, once per process, as a cold extension context would pay it;
 * - the .wasm's size, raw and gzip (what the extension package and a download carry), and
 *   the WebAssembly memory it holds once loaded.
 * Node's V8 runs the same WebAssembly as Chromium, but a browser also fetches the file and
 * may compile it differently (streaming, code cache): the load figures are Node's.
 *
 * `npx tsx bench/segmenter.bench.ts` prints the tables (BENCH_VERBOSE=1: the queries whose
 * hit changed); the runner's suite is `benchSegmenters()`.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { SUPPORT_SYNONYMS } from '../src/kb/lexicon.ts';
import { analyse, isHan, normalise, useWordSegmenter, type WordSegmenter } from '../src/kb/tokenize.ts';
import { benchRelevance, type RelevanceReport } from './relevance.bench.ts';
import { loadRelevanceSet } from './relevance/index.ts';
import type { BenchRow } from './lib.ts';

type Jieba = typeof import('jieba-wasm/node');

const LANGS = ['zh', 'en', 'mixed', 'all'] as const;
const METRICS = ['recall@3', 'hit@1', 'hit@3', 'MRR', 'empty'] as const;
/** Per text: enough runs for a stable median of a sub-millisecond call, few enough to finish in seconds. */
const REPS = 200;
const WARMUP = 20;

/** A piece is a word when it has a letter, digit or Han character, as Intl.Segmenter's isWordLike says. */
const WORDLIKE = /[\p{L}\p{N}\p{Script=Han}]/u;

/** jieba's precise mode with HMM (its default: unknown words are guessed, not split to characters). */
const jiebaSegmenter =
  (jieba: Jieba): WordSegmenter =>
  (text) =>
    jieba.cut(text, true).map((segment) => ({ segment, isWordLike: WORDLIKE.test(segment) }));

let intl: Intl.Segmenter | null = null;
/** Materialised: Intl.Segmenter is lazy, and scan() walks every segment. */
const intlSegment = (text: string) => [...(intl ??= new Intl.Segmenter('zh', { granularity: 'word' })).segment(text)];

const now = () => performance.now();
const medianOf = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface LoadCost {
  importUs: number;
  firstCallUs: number;
  /** The floor: a new Intl.Segmenter and its first segmentation of the same sentence, in this process. */
  intlFirstUs: number;
  wasmBytes: number;
  wasmGzipBytes: number;
  wasmMemoryBytes: number | null;
}

const FIRST_CUT = '发票抬头写错了，需要重开发票';

/**
 * Import timed on its own: the node entry reads, compiles and instantiates the .wasm at module
 * evaluation, and the first cut may still build the dictionary. Only valid as the first load
 * of jieba-wasm in the process (nothing here imports it statically).
 */
async function loadJieba(): Promise<{ jieba: Jieba; cost: LoadCost }> {
  // The floor first, on its own instance: what the built-in segmenter costs to start, same sentence.
  const i0 = now();
  [...new Intl.Segmenter('zh', { granularity: 'word' }).segment(FIRST_CUT)];
  const intlFirstUs = (now() - i0) * 1_000;
  const t0 = now();
  const jieba: Jieba = await import('jieba-wasm/node');
  const t1 = now();
  jieba.cut(FIRST_CUT, true);
  const t2 = now();
  const wasmPath = createRequire(import.meta.url).resolve('jieba-wasm/node').replace(/\.js$/, '_bg.wasm');
  const bytes = readFileSync(wasmPath);
  // The node entry exposes its instance as __wasm (not in its .d.ts); memory is what the dictionary occupies.
  const exposed: unknown = Reflect.get(jieba, '__wasm');
  const memory = exposed && typeof exposed === 'object' && 'memory' in exposed && exposed.memory instanceof WebAssembly.Memory ? exposed.memory : null;
  return {
    jieba,
    cost: {
      importUs: (t1 - t0) * 1_000,
      firstCallUs: (t2 - t1) * 1_000,
      intlFirstUs,
      wasmBytes: bytes.length,
      wasmGzipBytes: gzipSync(bytes, { level: 9 }).length,
      wasmMemoryBytes: memory?.buffer.byteLength ?? null,
    },
  };
}

interface SegTiming {
  texts: number;
  chars: number;
  /** Sum over texts of each text's median: one pass over the set. */
  intlPassUs: number;
  jiebaPassUs: number;
  /** Median over texts of each text's median: a typical single text. */
  intlMedianUs: number;
  jiebaMedianUs: number;
}

/** Both segmenters on the same texts, as the index and queries get them (normalised), the same shape out. */
function timeSegmenters(texts: readonly string[], jieba: WordSegmenter): SegTiming {
  const norm = texts.map(normalise);
  const perText = (fn: (t: string) => unknown, t: string) => {
    const s = now();
    fn(t);
    return (now() - s) * 1_000;
  };
  const toArray = (t: string) => [...jieba(t)];
  for (let i = 0; i < WARMUP; i++) for (const t of norm) (intlSegment(t), toArray(t));
  const intlUs: number[] = [];
  const jiebaUs: number[] = [];
  for (const t of norm) {
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < REPS; i++) {
      if (i % 2) (a.push(perText(intlSegment, t)), b.push(perText(toArray, t)));
      else (b.push(perText(toArray, t)), a.push(perText(intlSegment, t)));
    }
    intlUs.push(medianOf(a));
    jiebaUs.push(medianOf(b));
  }
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  return { texts: norm.length, chars: sum(norm.map((t) => t.length)), intlPassUs: sum(intlUs), jiebaPassUs: sum(jiebaUs), intlMedianUs: medianOf(intlUs), jiebaMedianUs: medianOf(jiebaUs) };
}

/**
 * src/kb/lexicon.ts compiles its English synonym phrases once per process, with whichever
 * segmenter is active then (the Intl run here, first). The phrases whose terms jieba would
 * cut differently are therefore matched with Intl's terms during the jieba run: listed so a
 * reader knows how far that reaches.
 */
function stalePhrases(jieba: WordSegmenter): string[] {
  const terms = () => SUPPORT_SYNONYMS.flat().filter((p) => !isHan(p)).map((p) => [p, analyse(p).map((t) => t.term).join(' ')] as const);
  const before = terms();
  useWordSegmenter(jieba);
  try {
    const after = new Map(terms());
    return before.filter(([p, t]) => after.get(p) !== t).map(([p, t]) => `${p}: ${t} -> ${after.get(p)}`);
  } finally {
    useWordSegmenter(null);
  }
}

export interface SegmenterReport {
  rows: BenchRow[];
  quality: Record<string, Record<string, string | number>>;
  timing: Record<string, Record<string, string | number>>;
  load: LoadCost;
  /** Query ids relevance.bench.ts counts as misses (no right article in the top 3, or any hit for a no-answer query) in one run and not the other. */
  onlyIntlMisses: string[];
  onlyJiebaMisses: string[];
  stalePhrases: string[];
}

const num = (v: string | number | undefined) => (typeof v === 'number' ? v : Number.parseFloat(v ?? 'NaN'));
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const ratio = (a: number, b: number) => (b ? round(a / b, 2) : null);

export async function runSegmenters(): Promise<SegmenterReport> {
  // Loaded before either relevance run: its cost is measured cold, and the runs stay comparable.
  const { jieba, cost: load } = await loadJieba();
  const jiebaWords = jiebaSegmenter(jieba);

  const intlRun = await benchRelevance();
  let jiebaRun: RelevanceReport;
  useWordSegmenter(jiebaWords);
  try {
    jiebaRun = await benchRelevance();
  } finally {
    useWordSegmenter(null);
  }

  const set = loadRelevanceSet();
  const bodies = timeSegmenters(set.articles.map((a) => a.body), jiebaWords);
  const queries = timeSegmenters(set.queries.map((q) => q.q), jiebaWords);

  const quality: SegmenterReport['quality'] = {};
  const rows: BenchRow[] = [];
  for (const lang of LANGS) {
    const a = intlRun.table[`deskhand ${lang}`] ?? {};
    const b = jiebaRun.table[`deskhand ${lang}`] ?? {};
    quality[`${lang} Intl.Segmenter`] = Object.fromEntries([['queries', a.queries ?? '-'], ...METRICS.map((m) => [m, a[m] ?? '-'])]);
    quality[`${lang} jieba`] = Object.fromEntries([['queries', b.queries ?? '-'], ...METRICS.map((m) => [m, b[m] ?? '-'])]);
    const ra = num(a['recall@3']);
    const rb = num(b['recall@3']);
    rows.push({
      name: `kb.search recall@3 with jieba, ${lang} (${b.queries} queries)`,
      medianUs: rb,
      floor: `Intl.Segmenter ${a['recall@3']}`,
      ratio: ratio(rb, ra),
      note: `hit@1 ${b['hit@1']} vs ${a['hit@1']}; MRR ${b.MRR} vs ${a.MRR}; empty ${b.empty} vs ${a.empty}; noise ${b['noise (of no-answer)']} vs ${a['noise (of no-answer)']}`,
    });
  }

  const timing: SegmenterReport['timing'] = {};
  for (const [what, t] of [
    ['article bodies', bodies],
    ['queries', queries],
  ] as const) {
    timing[`${what}: one pass (sum of medians)`] = { texts: t.texts, chars: t.chars, 'Intl µs': round(t.intlPassUs), 'jieba µs': round(t.jiebaPassUs), 'jieba / Intl': ratio(t.jiebaPassUs, t.intlPassUs) ?? '-' };
    timing[`${what}: median text`] = { texts: t.texts, chars: t.chars, 'Intl µs': round(t.intlMedianUs), 'jieba µs': round(t.jiebaMedianUs), 'jieba / Intl': ratio(t.jiebaMedianUs, t.intlMedianUs) ?? '-' };
    rows.push({ name: `segment ${what}, one pass (${t.texts} texts, ${t.chars} chars), jieba`, medianUs: t.jiebaPassUs, floor: `Intl.Segmenter ${round(t.intlPassUs)} µs`, ratio: ratio(t.jiebaPassUs, t.intlPassUs), note: `median text ${round(t.jiebaMedianUs)} vs ${round(t.intlMedianUs)} µs` });
  }
  timing['jieba load: import (read + compile + instantiate .wasm)'] = { 'jieba µs': round(load.importUs) };
  timing['jieba load: first cut'] = { 'jieba µs': round(load.firstCallUs) };
  const kb = (n: number) => `${round(n / 1024)} KiB`;
  const sizes = `wasm ${kb(load.wasmBytes)}, gzip ${kb(load.wasmGzipBytes)}, wasm memory after load ${load.wasmMemoryBytes === null ? '?' : kb(load.wasmMemoryBytes)}`;
  rows.push({ name: 'Intl.Segmenter start (new + first segment of the same sentence), Node', medianUs: load.intlFirstUs, floor: 'itself', ratio: 1, note: 'built in: nothing to load; measured once, before jieba' });
  rows.push({ name: 'jieba load (import + first cut), Node', medianUs: load.importUs + load.firstCallUs, floor: 'Intl.Segmenter start', ratio: ratio(load.importUs + load.firstCallUs, load.intlFirstUs), note: sizes });

  const missed = (r: RelevanceReport) => new Set(r.misses.map((m) => m.id));
  const mi = missed(intlRun);
  const mj = missed(jiebaRun);
  return {
    rows,
    quality,
    timing,
    load,
    onlyIntlMisses: [...mi].filter((id) => !mj.has(id)),
    onlyJiebaMisses: [...mj].filter((id) => !mi.has(id)),
    stalePhrases: stalePhrases(jiebaWords),
  };
}

/** The suite for bench/run.ts. */
export async function benchSegmenters(): Promise<BenchRow[]> {
  return (await runSegmenters()).rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runSegmenters();
  console.log('kb.search on the held-out relevance set, by word segmenter');
  console.table(r.quality);
  console.log('segmentation time (normalised text, segments materialised), same run');
  console.table(r.timing);
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`jieba .wasm: ${kib(r.load.wasmBytes)} raw, ${kib(r.load.wasmGzipBytes)} gzip -9; WebAssembly memory after load: ${r.load.wasmMemoryBytes === null ? 'unknown' : kib(r.load.wasmMemoryBytes)}`);
  console.log(`missed (top 3) with Intl.Segmenter only: ${r.onlyIntlMisses.join(', ') || '-'}`);
  console.log(`missed (top 3) with jieba only: ${r.onlyJiebaMisses.join(', ') || '-'}`);
  console.log(`English synonym phrases matched with Intl.Segmenter's terms during the jieba run (lexicon.ts compiles once): ${r.stalePhrases.length ? `\n  ${r.stalePhrases.join('\n  ')}` : 'none'}`);
  if (process.env.BENCH_VERBOSE) {
    const set = loadRelevanceSet();
    for (const id of [...r.onlyIntlMisses, ...r.onlyJiebaMisses]) {
      const q = set.queries.find((x) => x.id === id);
      if (q) console.log(`${id} [${q.lang}; ${q.kinds.join(',')}] ${JSON.stringify(q.q.slice(0, 80))} want ${q.relevant.join(',') || '(nothing)'}`);
    }
  }
}
