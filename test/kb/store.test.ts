/** The local KB in IndexedDB (fake-indexeddb here; real Chromium in e2e/kb.test.ts). */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearArticles, dropCache, readMeta, searchLocal, writeArticles } from '../../src/kb/store.ts';

const a = (id: string, title: string, body: string) => ({ id, title, body, url: '', path: `${id}.md` });

beforeEach(async () => {
  await clearArticles();
});

describe('local KB store', () => {
  it('imports, searches with snippets and the answer of the best hit, and survives a restart', async () => {
    const w = await writeArticles([a('1', '如何修改发票抬头', '在订单详情页点击申请换开，填写新的抬头。'), a('2', 'Refund policy', 'Returns within 7 days.')], 'file');
    expect(w).toEqual({ added: 2, updated: 0, removed: 0, count: 2 });
    dropCache(); // as a restarted service worker: the index comes back from IndexedDB
    const r = await searchLocal('发票抬头', 3);
    expect(r).toMatchObject({ ok: true, hits: [{ id: '1', title: '如何修改发票抬头', answer: '在订单详情页点击申请换开，填写新的抬头。' }] });
    expect((await readMeta()).count).toBe(2);
  });

  it('re-import updates by id; a URL list removes what it no longer lists', async () => {
    await writeArticles([a('1', 'Old title', 'old text')], 'file');
    const w = await writeArticles([a('1', 'New title', 'new text')], 'file');
    expect(w).toMatchObject({ added: 0, updated: 1, count: 1 });
    expect(await searchLocal('new', 3)).toMatchObject({ hits: [{ title: 'New title' }] });
    await writeArticles([{ ...a('u1', 'From URL', 'listed'), from: 'https://x/1' }], 'url', { removeWhere: () => true });
    const after = await writeArticles([], 'url', { removeWhere: (x) => x.from !== 'https://x/keep' });
    expect(after).toMatchObject({ removed: 1, count: 1 });
  });

  it('an empty KB answers with no hits', async () => {
    expect(await searchLocal('anything', 3)).toEqual({ ok: true, hits: [], total: 0 });
  });
});
