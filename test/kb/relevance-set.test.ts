/**
 * The held-out relevance set's own integrity: it loads through its loader, every label points
 * at something real, and it has the size and spread its README promises. It says nothing
 * about how well search or matching does on it (that is the benchmark's job).
 */
import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../../demo/console/data.ts';
import {
  CATEGORY_VALUES,
  CONVERSATION_KINDS,
  QUERY_KINDS,
  loadRelevanceSet,
  parseArticle,
  type Lang,
} from '../../bench/relevance/index.ts';

const set = loadRelevanceSet();
const byId = new Map(set.articles.map((a) => [a.id, a]));
const CJK = /[\u3400-\u9fff]/;
const LATIN = /[A-Za-z]/;
const other = (l: Lang): Lang => (l === 'zh' ? 'en' : 'zh');
const chars = (s: string): number => [...s].length;

describe('relevance set: articles', () => {
  it('has at least 40 articles, at least 20 in each language, ids unique', () => {
    expect(set.articles.length).toBeGreaterThanOrEqual(40);
    for (const lang of ['zh', 'en'] as const) {
      expect(set.articles.filter((a) => a.lang === lang).length).toBeGreaterThanOrEqual(20);
    }
    expect(byId.size).toBe(set.articles.length);
  });

  it('each is a titled article of a few paragraphs in its own language', () => {
    for (const a of set.articles) {
      expect(a.markdown.startsWith(`# ${a.title}\n`), a.id).toBe(true);
      expect(a.body.split(/\n\s*\n/).length, a.id).toBeGreaterThanOrEqual(2);
      expect(CJK.test(a.title + a.body), a.id).toBe(a.lang === 'zh');
    }
  });

  it('pairs near-duplicates that differ in one detail (refund to card vs to balance)', () => {
    for (const id of ['en-refund-original-card', 'en-refund-store-balance', 'zh-refund-original-path', 'zh-refund-balance']) {
      expect(byId.has(id), id).toBe(true);
    }
  });

  it('the loader refuses a file that is not "# Title" then a body, or has no language prefix', () => {
    expect(() => parseArticle('en-x.md', 'no title here\n\nbody')).toThrow();
    expect(() => parseArticle('x.md', '# Title\n\nbody')).toThrow();
    expect(parseArticle('zh-y.md', '# 标题\n\n正文。\n')).toMatchObject({ id: 'zh-y', lang: 'zh', title: '标题', body: '正文。' });
  });
});

describe('relevance set: queries', () => {
  it('has at least 60 queries with unique ids, every relevant id an article, none twice', () => {
    expect(set.queries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(set.queries.map((q) => q.id)).size).toBe(set.queries.length);
    for (const q of set.queries) {
      for (const id of q.relevant) expect(byId.has(id), `${q.id} → ${id}`).toBe(true);
      expect(new Set(q.relevant).size, q.id).toBe(q.relevant.length);
    }
  });

  it('every kind appears at least 3 times, and every article answers some query', () => {
    for (const kind of QUERY_KINDS) {
      expect(set.queries.filter((q) => q.kinds.includes(kind)).length, kind).toBeGreaterThanOrEqual(3);
    }
    const answered = new Set(set.queries.flatMap((q) => q.relevant));
    expect(set.articles.filter((a) => !answered.has(a.id)).map((a) => a.id)).toEqual([]);
  });

  it('a query has no right article exactly when it is no-answer or off-topic', () => {
    for (const q of set.queries) {
      const none = q.kinds.includes('no-answer') || q.kinds.includes('off-topic');
      expect(q.relevant.length === 0, q.id).toBe(none);
    }
  });

  it('the language label matches the text', () => {
    for (const q of set.queries) {
      if (q.lang === 'zh') expect(CJK.test(q.q), q.id).toBe(true);
      if (q.lang === 'en') expect(CJK.test(q.q), q.id).toBe(false);
      if (q.lang === 'mixed') expect(CJK.test(q.q) && LATIN.test(q.q), q.id).toBe(true);
      expect(q.kinds.includes('mixed'), q.id).toBe(q.lang === 'mixed');
    }
  });

  it('a pasted message is 150-300 characters', () => {
    const pasted = set.queries.filter((q) => q.kinds.includes('pasted'));
    for (const q of pasted) {
      expect(chars(q.q), q.id).toBeGreaterThanOrEqual(150);
      expect(chars(q.q), q.id).toBeLessThanOrEqual(300);
    }
    for (const lang of ['zh', 'en'] as const) expect(pasted.filter((q) => q.lang === lang).length).toBeGreaterThanOrEqual(4);
  });

  it('a cross-language query has only right articles in the other language, both ways', () => {
    const cross = set.queries.filter((q) => q.kinds.includes('cross-language'));
    for (const q of cross) {
      expect(q.lang === 'mixed', q.id).toBe(false);
      const lang = q.lang as Lang;
      expect(q.relevant.length, q.id).toBeGreaterThan(0);
      for (const id of q.relevant) expect(byId.get(id)?.lang, `${q.id} → ${id}`).toBe(other(lang));
    }
    for (const lang of ['zh', 'en'] as const) expect(cross.filter((q) => q.lang === lang).length).toBeGreaterThanOrEqual(3);
  });
});

describe('relevance set: conversations', () => {
  it("the categories are exactly the demo console's", () => {
    expect([...CATEGORY_VALUES].sort()).toEqual(CATEGORIES.map((c) => c.value).sort());
  });

  it('has at least 30 conversations, at least 15 in each language, ids unique', () => {
    expect(set.conversations.length).toBeGreaterThanOrEqual(30);
    for (const lang of ['zh', 'en'] as const) {
      expect(set.conversations.filter((c) => c.lang === lang).length).toBeGreaterThanOrEqual(15);
    }
    expect(new Set(set.conversations.map((c) => c.id)).size).toBe(set.conversations.length);
  });

  it('each is 2-5 messages opened by the customer, in its language, labelled with a demo category', () => {
    const demo = new Set<string>(CATEGORIES.map((c) => c.value));
    for (const c of set.conversations) {
      expect(demo.has(c.category), c.id).toBe(true);
      expect(c.messages.length, c.id).toBeGreaterThanOrEqual(2);
      expect(c.messages.length, c.id).toBeLessThanOrEqual(5);
      expect(c.messages[0]?.role, c.id).toBe('customer');
      expect(c.id.startsWith(`c-${c.lang}-`), c.id).toBe(true);
      for (const m of c.messages) expect(CJK.test(m.text), `${c.id}: ${m.text}`).toBe(c.lang === 'zh');
    }
  });

  it('every category and every kind is present in both languages', () => {
    for (const lang of ['zh', 'en'] as const) {
      const mine = set.conversations.filter((c) => c.lang === lang);
      for (const cat of CATEGORY_VALUES) expect(mine.some((c) => c.category === cat), `${lang} ${cat}`).toBe(true);
      for (const kind of CONVERSATION_KINDS) expect(mine.some((c) => c.kinds.includes(kind)), `${lang} ${kind}`).toBe(true);
    }
  });
});
