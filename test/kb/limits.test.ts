/**
 * Bounds on the local KB (issue 19 item 9): an import has an article limit, the index has a
 * size limit (both a clear error naming the limit and the count; nothing half-imported), and
 * a search while the index loads answers instead of outlasting its deadline.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportError, MAX_IMPORT_ARTICLES, parseFiles } from '../../src/kb/import.ts';
import { LocalIndex } from '../../src/kb/local-index.ts';
import { clearArticles, DB_NAME, dropCache, readMeta, searchLocal, writeArticles } from '../../src/kb/store.ts';

vi.mock('../../src/kb/import.ts', async (original) => ({ ...(await original<typeof import('../../src/kb/import.ts')>()), MAX_INDEX_ARTICLES: 5 }));

const a = (id: string, title = `Article ${id}`, body = `Body of article ${id}.`) => ({ id, title, body, url: '', path: `${id}.md` });

/** 420,000 rows of ~20 bytes: the 8 MB CSV of the issue. */
function hugeCsv(rows: number): string {
  const lines = ['id,title,body'];
  for (let i = 0; i < rows; i++) lines.push(`${i},t${i},b${i} x`);
  return lines.join('\n');
}

const thrown = (fn: () => unknown): unknown => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
};

beforeEach(async () => {
  await clearArticles();
});
afterEach(() => {
  vi.restoreAllMocks();
  dropCache();
});

describe('local KB limits', () => {
  it('attack: an 8 MB CSV of 420,000 tiny rows is accepted as one import', () => {
    const csv = hugeCsv(420_000);
    expect(csv.length).toBeGreaterThan(8 * 10 ** 6);
    const e = thrown(() => parseFiles([{ path: 'huge.csv', text: csv }]));
    expect(e).toBeInstanceOf(ImportError);
    expect(e).toMatchObject({ code: 'too_many_articles', params: [String(MAX_IMPORT_ARTICLES), '420000'] });
    expect((e as ImportError).reason).toBe(`420000 articles given; one import takes at most ${MAX_IMPORT_ARTICLES}`);
  }, 60_000);

  it('an import at the limit is accepted; one over it, spread over files, is refused', () => {
    expect(parseFiles([{ path: 'max.csv', text: hugeCsv(MAX_IMPORT_ARTICLES) }]).articles).toHaveLength(MAX_IMPORT_ARTICLES);
    const e = thrown(() => parseFiles([{ path: 'max.csv', text: hugeCsv(MAX_IMPORT_ARTICLES) }, { path: 'one.md', text: '# One more\n\ntext' }]));
    expect(e).toMatchObject({ code: 'too_many_articles', params: [String(MAX_IMPORT_ARTICLES), String(MAX_IMPORT_ARTICLES + 1)] });
  }, 60_000);

  it('attack: imports keep growing the local index past what it can load', async () => {
    await writeArticles([a('1'), a('2'), a('3')], 'file');
    const before = await readMeta();
    const e = await writeArticles([a('3'), a('4'), a('5'), a('6')], 'file').catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 'index_full', params: ['5', '3', '3'] });
    // Nothing of the refused batch was stored, or is searched from memory.
    expect(await readMeta()).toEqual(before);
    const ids = async () => {
      const r = await searchLocal('article', 10);
      return r.ok ? r.hits.map((h) => h.id).sort() : r;
    };
    expect(await ids()).toEqual(['1', '2', '3']);
    dropCache();
    expect(await ids()).toEqual(['1', '2', '3']);
    // Replacing articles already there needs no room.
    expect(await writeArticles([a('1', 'Renamed'), a('2'), a('4'), a('5')], 'file')).toMatchObject({ count: 5 });
  });

  it('a large import reports its indexing progress as it goes', async () => {
    const seen: [number, number][] = [];
    const many = Array.from({ length: 5 }, (_, i) => a(String(i)));
    await writeArticles(many, 'file', { onProgress: (done, total) => seen.push([done, total]) });
    expect(seen.at(-1)).toEqual([5, 5]);
  });

  it('attack: the first search after a large import waits for the whole index to load and times out', async () => {
    await writeArticles([a('1', 'Refund policy', 'Returns within 7 days.')], 'file');
    dropCache(); // a restarted worker: the index must come back from IndexedDB
    vi.spyOn(LocalIndex, 'load').mockReturnValue(new Promise<LocalIndex>(() => {})); // a load that takes very long
    const r = await searchLocal('refund', 3);
    expect(r).toMatchObject({ ok: false, error: { code: 'KB_INDEX_LOADING', retryable: true } });
    expect(!r.ok && r.error.detail).toContain('1 articles');
  });

  it('while a newer index loads, the index already in memory answers', async () => {
    await writeArticles([a('1', 'Refund policy', 'Returns within 7 days.')], 'file');
    // Another context (the options page) wrote: the revision moved on, this context's index is older.
    const d = await openDB(DB_NAME);
    const meta = await d.get('meta', 'meta');
    await d.put('meta', { ...meta, revision: meta.revision + 1 }, 'meta');
    d.close();
    vi.spyOn(LocalIndex, 'load').mockReturnValue(new Promise<LocalIndex>(() => {}));
    expect(await searchLocal('refund', 3)).toMatchObject({ ok: true, hits: [{ id: '1', title: 'Refund policy' }] });
  });
});
