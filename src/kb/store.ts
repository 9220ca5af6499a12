/**
 * The local knowledge base in the extension's IndexedDB (extension pages and the service
 * worker share it; content scripts cannot read it). Three stores: the articles, the
 * FlexSearch index as exported parts, and a meta record whose `revision` tells every context
 * when its in-memory index is stale. An import writes articles, index and meta in one
 * transaction: it lands whole or not at all.
 * https://developer.mozilla.org/docs/Web/API/IndexedDB_API/Using_IndexedDB#adding_retrieving_and_removing_data
 */
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { ImportError, MAX_INDEX_ARTICLES, type ImportedArticle, type ImportErrorCode } from './import.ts';
import { LocalIndex } from './local-index.ts';
import { answerExcerpt, snippetAt, squash } from './text.ts';
import { queryTerms } from './tokenize.ts';
import { failure, type KbHit, type ProviderResult } from './types.ts';

export interface StoredArticle extends ImportedArticle {
  /** 'file' (imported in options) or 'url' (an admin-pushed URL). */
  origin: 'file' | 'url';
  /** For 'url' articles: the listed URL they came from. */
  from?: string;
  updatedAt: number;
}

/** Why a listed URL could not be fetched (`kbWhy_<code>` in the options page), besides an import error. */
export const URL_FAIL_CODES = ['http', 'timeout', 'network'] as const;

export interface UrlSyncFailure {
  url: string;
  code: (typeof URL_FAIL_CODES)[number] | ImportErrorCode;
  /** The value the message names (the HTTP status, a CSV row, the columns found). */
  param?: string;
  /** All the values the message names, when more than one (a limit and a count). */
  params?: string[];
  /** The URL's origin, when deskhand has no host permission for it (the likely cause). */
  noAccess?: string;
  /** English, for developers and logs. */
  reason: string;
}

export interface UrlSyncReport {
  at: number;
  /** The list this sync fetched: the worker fetches again when the admin's list differs. */
  urls: string[];
  imported: number;
  failed: UrlSyncFailure[];
}

export interface KbMeta {
  revision: number;
  count: number;
  updatedAt: number;
  urlSync?: UrlSyncReport;
}

interface KbDb extends DBSchema {
  articles: { key: string; value: StoredArticle; indexes: { origin: string } };
  index: { key: string; value: string };
  meta: { key: 'meta'; value: KbMeta };
}

export const DB_NAME = 'deskhand-kb';
const EMPTY: KbMeta = { revision: 0, count: 0, updatedAt: 0 };

let dbp: Promise<IDBPDatabase<KbDb>> | null = null;
const db = () =>
  (dbp ??= openDB<KbDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('articles', { keyPath: 'id' }).createIndex('origin', 'origin');
      d.createObjectStore('index');
      d.createObjectStore('meta');
    },
  }));

let cached: { revision: number; index: LocalIndex } | null = null;
/** The index being read from IndexedDB (one read per revision, whoever asks). */
let loading: { revision: number; index: Promise<LocalIndex> } | null = null;

/**
 * How long a search waits for an index that is loading before it answers without it: well
 * under a provider's deadline (search.ts PROVIDER_TIMEOUT_MS), so a search never times out
 * because an index is loading.
 */
export const LOAD_WAIT_MS = 1_500;

export async function readMeta(): Promise<KbMeta> {
  return (await (await db()).get('meta', 'meta')) ?? EMPTY;
}

/** The index at the current revision (loaded once per revision, then kept in memory). */
async function currentIndex(meta: KbMeta): Promise<LocalIndex> {
  if (cached?.revision === meta.revision) return cached.index;
  if (loading?.revision !== meta.revision) {
    const index = loadIndex(meta);
    loading = { revision: meta.revision, index };
    index.then(
      (i) => {
        if (loading?.index === index) loading = null;
        if ((cached?.revision ?? -1) <= meta.revision) cached = { revision: meta.revision, index: i };
      },
      () => {
        if (loading?.index === index) loading = null; // the next search tries again
      },
    );
  }
  return loading.index;
}

async function loadIndex(meta: KbMeta): Promise<LocalIndex> {
  const d = await db();
  const tx = d.transaction('index');
  const [keys, values] = await Promise.all([tx.store.getAllKeys(), tx.store.getAll()]);
  const parts = keys.map((k, i) => [k, values[i]!] as const);
  return LocalIndex.canLoad(parts) ? LocalIndex.load(parts) : rebuildIndex(d, meta);
}

/**
 * An index stored in an older layout is rebuilt from the articles and stored again (same
 * revision: the articles did not change), unless another context wrote in between.
 */
async function rebuildIndex(d: IDBPDatabase<KbDb>, meta: KbMeta): Promise<LocalIndex> {
  const index = new LocalIndex();
  for (const a of await d.getAll('articles')) index.put(a);
  const parts = await index.export();
  const tx = d.transaction(['index', 'meta'], 'readwrite');
  const current = (await tx.objectStore('meta').get('meta')) ?? EMPTY;
  // Storing it is best effort: the search goes on with the rebuilt index either way.
  if (current.revision !== meta.revision) tx.abort();
  else await Promise.all([tx.objectStore('index').clear(), ...parts.map(([k, v]) => tx.objectStore('index').put(v, k))]).catch(() => {});
  await tx.done.catch(() => {});
  return index;
}

export interface WriteResult {
  added: number;
  updated: number;
  removed: number;
  count: number;
}

/**
 * Adds or replaces articles by id (and, for `replaceOrigin`, removes that origin's articles
 * not in this batch: an admin URL list that dropped a URL). Retries when another context
 * wrote in between (optimistic: the revision read must still be the one in the store).
 */
export async function writeArticles(
  articles: readonly (ImportedArticle & { from?: string })[],
  origin: StoredArticle['origin'],
  /**
   * `urlSync: null` forgets the last URL sync (the admin's list is gone). `onProgress` hears
   * how many articles are indexed so far (the options page shows it while a large import runs).
   */
  opts: { removeWhere?: (a: StoredArticle) => boolean; urlSync?: UrlSyncReport | null; onProgress?: (indexed: number, total: number) => void } = {},
): Promise<WriteResult> {
  for (let attempt = 0; ; attempt++) {
    const d = await db();
    const meta = await readMeta();
    const index = await currentIndex(meta);
    const existing = new Set(await d.getAllKeys('articles'));
    const incoming = new Set(articles.map((a) => a.id));
    const remove = opts.removeWhere;
    const stale = remove ? (await d.getAllFromIndex('articles', 'origin', origin)).filter((a) => !incoming.has(a.id) && remove(a)).map((a) => a.id) : [];
    const now = Date.now();
    const adding = articles.filter((a) => !existing.has(a.id)).length;
    const total = existing.size + adding - stale.length;
    if (total > MAX_INDEX_ARTICLES) throw indexFull(existing.size - stale.length, adding);
    try {
      await indexInSteps(index, articles, opts.onProgress);
    } catch (e) {
      cached = null; // half of the batch is in the in-memory index; it must not be searched
      throw e;
    }
    for (const id of stale) index.remove(id);
    const parts = await index.export().catch((e: unknown) => {
      cached = null; // the in-memory index was changed for a write that did not happen
      throw e;
    });
    const tx = d.transaction(['articles', 'index', 'meta'], 'readwrite');
    const current = (await tx.objectStore('meta').get('meta')) ?? EMPTY;
    if (current.revision !== meta.revision) {
      tx.abort();
      await tx.done.catch(() => {});
      cached = null;
      if (attempt < 3) continue;
      throw new Error('The knowledge base changed during the import; try again.');
    }
    const added = adding;
    const count = total;
    const { urlSync: lastSync, ...rest } = current;
    const urlSync = opts.urlSync === undefined ? lastSync : (opts.urlSync ?? undefined);
    const next: KbMeta = { ...rest, revision: current.revision + 1, count, updatedAt: now, ...(urlSync ? { urlSync } : {}) };
    const writes = Promise.all([
      ...articles.map((a) => tx.objectStore('articles').put({ ...a, origin, updatedAt: now })),
      ...stale.map((id) => tx.objectStore('articles').delete(id)),
      tx.objectStore('index').clear(),
      ...parts.map(([k, v]) => tx.objectStore('index').put(v, k)),
      tx.objectStore('meta').put(next, 'meta'),
    ]);
    try {
      await writes;
      await tx.done;
    } catch (e) {
      cached = null; // aborted: nothing was written, and the in-memory index must not say otherwise
      throw e;
    }
    cached = { revision: next.revision, index };
    return { added, updated: articles.length - added, removed: stale.length, count };
  }
}

/** The error for an import the index has no room for: the limit, what it holds, what was added. */
function indexFull(holding: number, adding: number): ImportError {
  const params = [String(MAX_INDEX_ARTICLES), String(holding), String(adding)];
  return new ImportError('—', `the local knowledge base holds at most ${MAX_INDEX_ARTICLES} articles; it has ${holding} and ${adding} were added`, 'index_full', params[0], params);
}

const INDEX_STEP = 500;

/**
 * Articles into the index a step at a time, yielding between steps: the page importing stays
 * responsive and shows how far it got. Nothing is stored until every article is indexed.
 */
async function indexInSteps(index: LocalIndex, articles: readonly ImportedArticle[], onProgress?: (indexed: number, total: number) => void): Promise<void> {
  for (let i = 0; i < articles.length; i += INDEX_STEP) {
    for (const a of articles.slice(i, i + INDEX_STEP)) index.put(a);
    if (!onProgress) continue;
    onProgress(Math.min(i + INDEX_STEP, articles.length), articles.length);
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** Removes every article (options: "Clear"). */
export async function clearArticles(): Promise<void> {
  const d = await db();
  const tx = d.transaction(['articles', 'index', 'meta'], 'readwrite');
  const meta = (await tx.objectStore('meta').get('meta')) ?? EMPTY;
  await Promise.all([tx.objectStore('articles').clear(), tx.objectStore('index').clear(), tx.objectStore('meta').put({ ...meta, revision: meta.revision + 1, count: 0, updatedAt: Date.now() }, 'meta')]);
  await tx.done;
  cached = null;
  loading = null;
}

export async function listArticles(limit = 50): Promise<StoredArticle[]> {
  const d = await db();
  return (await d.getAll('articles', null, limit)) as StoredArticle[];
}

/**
 * Search, with snippets around the match and the best article's answer text. One read-only
 * transaction for the revision and the hits (each transaction costs ~0.2 ms in Chromium);
 * with an index in memory the hits are read in the same round trip as the revision, and only
 * thrown away when the revision says the index was stale.
 */
export async function searchLocal(query: string, limit: number, synonyms: readonly (readonly string[])[] = []): Promise<ProviderResult> {
  const d = await db();
  const terms = queryTerms(query);
  let tx = d.transaction(['meta', 'articles']);
  const metaRead = tx.objectStore('meta').get('meta');
  const guess = cached;
  const early = guess && readArticles(tx, guess.index.search(query, limit, synonyms));
  // Unawaited when the guess was stale: a failed read then must not surface as unhandled.
  early?.catch(() => {});
  const meta = (await metaRead) ?? EMPTY;
  if (!meta.count) return { ok: true, hits: [], total: 0 };
  let found: (StoredArticle | undefined)[];
  if (early && guess.revision === meta.revision) found = await early;
  else {
    const index = await within(currentIndex(meta), LOAD_WAIT_MS);
    // Still loading: the index this context already had answers (what was indexed before the
    // last write); with none, the search says so rather than outlast its deadline.
    if (!index && early) found = await early;
    else if (!index) return failure('KB_INDEX_LOADING', `The local knowledge base is still loading its index (${meta.count} articles); ask again in a few seconds.`, true);
    else {
      tx = d.transaction(['meta', 'articles']); // the first one has committed while the index loaded
      found = await readArticles(tx, index.search(query, limit, synonyms));
    }
  }
  const hits: KbHit[] = found.flatMap((a, i) =>
    a ? [{ id: a.id, title: squash(a.title), snippet: snippetAt(a.body, terms), url: a.url, ...(i === 0 ? { answer: answerExcerpt(a.body) } : {}) }] : [],
  );
  return { ok: true, hits, total: hits.length };
}

/** The promise's value, or null when it takes longer than `ms` (it goes on, for the next caller). */
async function within<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((r) => (timer = setTimeout(() => r(null), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

function readArticles(tx: IDBPTransaction<KbDb, ('meta' | 'articles')[], 'readonly'>, ids: readonly string[]): Promise<(StoredArticle | undefined)[]> {
  return Promise.all(ids.map((id) => tx.objectStore('articles').get(id)));
}

/** For tests and benchmarks: forget the in-memory index (as a restarted worker would). */
export function dropCache(): void {
  cached = null;
  loading = null;
}
