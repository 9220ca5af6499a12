import { describe, expect, it } from 'vitest';
import { runWithDeadline } from '../../src/tools/timeout.ts';

const never = () => new Promise<never>(() => {});
const after = <T>(ms: number, v: T) => new Promise<T>((r) => setTimeout(() => r(v), ms));

describe('deadlines (one shared timer)', () => {
  it('times out each call at its own deadline, an earlier one added later first', async () => {
    const order: string[] = [];
    const slow = runWithDeadline(never, 60).then((r) => (order.push('60'), r));
    const fast = runWithDeadline(never, 10).then((r) => (order.push('10'), r));
    expect(await Promise.all([slow, fast])).toEqual([{ kind: 'timeout' }, { kind: 'timeout' }]);
    expect(order).toEqual(['10', '60']);
  });

  it('a call that finishes in time is done, and never times out afterwards', async () => {
    let aborted = false;
    const r = await runWithDeadline(async (abort) => {
      abort.signal.addEventListener('abort', () => (aborted = true));
      return after(5, 'ok');
    }, 40);
    expect(r).toEqual({ kind: 'done', value: 'ok' });
    await after(60, null);
    expect(aborted).toBe(false);
  });

  it('calls finishing one after another leave the next call its full deadline', async () => {
    for (let i = 0; i < 20; i++) expect(await runWithDeadline(() => Promise.resolve(i), 30)).toEqual({ kind: 'done', value: i });
    const late = runWithDeadline(never, 30);
    const meanwhile = runWithDeadline(() => after(10, 'in time'), 30);
    expect(await meanwhile).toEqual({ kind: 'done', value: 'in time' });
    expect(await late).toEqual({ kind: 'timeout' });
  });
});
