/**
 * An index IndexedDB holds from before LocalIndex numbered its articles (FlexSearch parts
 * with string ids, no id table) is rebuilt from the articles on first use and stored again.
 */
import 'fake-indexeddb/auto';
import { Document } from 'flexsearch';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { DB_NAME, dropCache, readMeta, searchLocal, writeArticles } from '../../src/kb/store.ts';
import { tokenize } from '../../src/kb/tokenize.ts';

const article = (id: string, title: string, body: string) => ({ id, title, body, url: '', path: `${id}.md` });

/** The parts the previous LocalIndex exported: the same FlexSearch options, ids as strings. */
async function oldLayout(articles: { id: string; title: string; body: string }[]): Promise<[string, string][]> {
  const encode = (s: string) => tokenize(s);
  const doc = new Document<{ id: string; title: string; body: string }>({
    tokenize: 'strict',
    resolution: 9,
    document: { id: 'id', index: [{ field: 'title', tokenize: 'tolerant', encode }, { field: 'body', encode }] },
  });
  for (const a of articles) doc.add({ id: a.id, title: a.title, body: a.body });
  const parts: [string, string][] = [];
  await doc.export((key: string, data: string) => void parts.push([key, data]));
  return parts;
}

describe('local KB index layout', () => {
  it('rebuilds an index stored with string ids, then stores the new layout', async () => {
    const articles = [article('zh-1', '如何修改发票抬头', '在订单详情页点击申请换开。'), article('en-1', 'Refund policy', 'Returns within 7 days.')];
    await writeArticles(articles, 'file');
    const revision = (await readMeta()).revision;
    const db = await openDB(DB_NAME);
    const tx = db.transaction('index', 'readwrite');
    await tx.store.clear();
    for (const [k, v] of await oldLayout(articles)) await tx.store.put(v, k);
    await tx.done;
    dropCache();

    expect(await searchLocal('发票抬头', 3)).toMatchObject({ hits: [{ id: 'zh-1' }] });
    expect(await searchLocal('refund polcy', 3)).toMatchObject({ hits: [{ id: 'en-1' }] });
    // The BM25 layout (local-index.ts), not the FlexSearch parts it replaced.
    expect(await db.getAllKeys('index')).toContain('deskhand.bm25.v2.ids');
    expect(await db.getAllKeys('index')).not.toContain('deskhand.ids');
    expect((await readMeta()).revision).toBe(revision);
    db.close();
  });
});
