/** A chat chip's input as words (src/ui/describe.ts inputWords): field names, short values, no JSON. */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../scripts/locale-files.ts';
import { installI18n } from './chrome-i18n.ts';

/** src/ui/i18n.ts caches plain messages (the locale is fixed while the extension runs): a fresh module per locale. */
async function wordsIn(locale: Locale) {
  installI18n(locale);
  vi.resetModules();
  return (await import('../../src/ui/describe.ts')).inputWords;
}

const before = (globalThis as { chrome?: unknown }).chrome;
afterAll(() => ((globalThis as { chrome?: unknown }).chrome = before));

describe('inputWords', () => {
  it('names each key in the agent’s language and quotes text (zh_CN)', async () => {
    const inputWords = await wordsIn('zh_CN');
    expect(inputWords({ query: '发票抬头', limit: 3 })).toBe('查询：“发票抬头” · 条数：3');
    expect(inputWords({ limit: 10, offset: 0 })).toBe('条数：10 · 跳过：0');
    expect(inputWords({})).toBe('');
  });

  it('does the same in English, and shortens long values', async () => {
    const inputWords = await wordsIn('en');
    expect(inputWords({ query: 'refund policy', limit: 5 })).toBe('Query: “refund policy” · Limit: 5');
    const long = inputWords({ query: 'x'.repeat(100) });
    expect(long).toBe(`Query: “${'x'.repeat(29)}…”`);
  });

  it('shows no JSON for objects it knows, and keeps a key the model made up as it was sent', async () => {
    const inputWords = await wordsIn('zh_CN');
    expect(inputWords({ query: '发票', limit: 3 })).not.toMatch(/[{}"]/);
    expect(inputWords({ ttl: 999 })).toBe('ttl：999');
  });
});
