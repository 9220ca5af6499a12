import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { clipResult, createToolCore, ok } from '../../src/tools/index.ts';
import { ctx } from './fixtures.ts';

/** Deterministic PRNG so a failure can be replayed. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = ['a', 'Z', '9', ' ', '"', '\\', '\n', '客', '户', '😀', '\u200b', '\u0001', '</', '{', ']'];

/** Random JSON of at most `budget.n` nodes, nested up to 6 levels. */
function randomValue(r: () => number, depth: number, budget = { n: 300 }): unknown {
  budget.n -= 1;
  const pick = r();
  if (depth > 5 || budget.n <= 0 || pick < 0.35) {
    const k = r();
    if (k < 0.5) {
      const len = Math.floor(r() ** 3 * 1_500);
      let s = '';
      for (let i = 0; i < len; i++) s += ALPHABET[Math.floor(r() * ALPHABET.length)];
      return s;
    }
    if (k < 0.75) return Math.round((r() - 0.5) * 1e6) / 100;
    if (k < 0.9) return r() < 0.5;
    return null;
  }
  if (pick < 0.7) return Array.from({ length: Math.floor(r() ** 2 * 80) }, () => randomValue(r, depth + 1, budget));
  const obj: Record<string, unknown> = {};
  const n = Math.floor(r() ** 2 * 40);
  for (let i = 0; i < n; i++) obj[`k${i}_${ALPHABET[Math.floor(r() * ALPHABET.length)]}`] = randomValue(r, depth + 1, budget);
  return obj;
}

describe('result clipping', () => {
  it('returns valid JSON within the limit for 1,000 random nested payloads', () => {
    const r = rng(20261130);
    let clipped = 0;
    for (let i = 0; i < 1_000; i++) {
      const value = randomValue(r, 0);
      const max = 1_000 + Math.floor(r() * 4_000);
      const out = clipResult(value, max);
      const text = JSON.stringify(out.value);
      expect(() => JSON.parse(text)).not.toThrow();
      expect(text.length + (out.truncated ? JSON.stringify(out.truncated).length : 0), `case ${i}`).toBeLessThanOrEqual(max);
      if (out.truncated) {
        clipped += 1;
        expect(out.truncated.originalChars).toBe(JSON.stringify(value).length);
        expect(out.truncated.hint).toMatch(/limit/);
      } else {
        expect(out.value).toBe(value);
      }
      // No lone surrogate halves are produced by shortening.
      expect(text).not.toMatch(/\\ud83d(?!\\ude00)/);
    }
    expect(clipped).toBeGreaterThan(100);
  }, 30_000);

  it('clips a 511 KB result by dropping items from the end and says how to get more', () => {
    const rows = Array.from({ length: 2_000 }, (_, i) => ({
      id: `T-${i}`,
      title: `工单 ${i}: 发票抬头错误 invoice title wrong`,
      body: '客户反馈发票抬头与公司名称不一致，需要重新开具。'.repeat(8),
    }));
    const payload = { total: rows.length, results: rows };
    const size = JSON.stringify(payload).length;
    expect(size).toBeGreaterThan(500_000);
    const out = clipResult(payload, 4_000);
    const kept = out.value as typeof payload;
    expect(JSON.stringify(kept).length + JSON.stringify(out.truncated).length).toBeLessThanOrEqual(4_000);
    expect(kept.total).toBe(2_000);
    expect(kept.results.length).toBeGreaterThan(0);
    expect(kept.results[0]!.id).toBe('T-0');
    expect(out.truncated).toMatchObject({ originalChars: size, arrays: [{ path: '$.results', total: 2_000 }] });
    expect(out.truncated!.droppedItems).toBe(2_000 - kept.results.length);
    expect(out.truncated!.hint).toContain(`\`offset\`: ${kept.results.length}`);
  });

  it('shortens one huge string with a marker instead of cutting JSON text', () => {
    const out = clipResult({ text: '长'.repeat(100_000), ok: true }, 2_000);
    const v = out.value as { text: string; ok: boolean };
    expect(v.ok).toBe(true);
    expect(v.text).toMatch(/…\[cut \d+\]$/);
    expect(out.truncated!.shortenedStrings).toBe(1);
  });

  it('leaves results under the limit untouched, and the registry clips over-long results', async () => {
    expect(clipResult({ a: 1 })).toEqual({ value: { a: 1 }, text: '{"a":1}' });
    const { registry } = createToolCore({ clipChars: 1_500 });
    registry.register({
      name: 'big.read',
      title: 'Big',
      description: 'A big page.',
      sideEffect: 'read',
      input: z.strictObject({}),
      run: async () => ok({ items: Array.from({ length: 500 }, (_, i) => `item ${i}`) }),
    });
    const res = await registry.invoke('big.read', {}, ctx());
    if (res.status !== 'done') throw new Error('expected data');
    expect(res.truncated?.arrays[0]?.path).toBe('$.items');
    expect(JSON.stringify(res.data).length).toBeLessThanOrEqual(1_500);
  });
});
