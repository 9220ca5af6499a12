import { describe, expect, it } from 'vitest';
import { parseTime } from '../../src/dom/time.ts';

const now = new Date('2026-12-01T10:00:00Z');
const iso = (text: string, dt: string | null = null) => parseTime(text, dt, now).iso;

describe('thread times', () => {
  it('prefers <time datetime>', () => expect(iso('5:51 AM', '2026-12-01T05:51:00Z')).toBe('2026-12-01T05:51:00.000Z'));
  it('reads relative times in zh and en', () => {
    expect(iso('3 minutes ago')).toBe('2026-12-01T09:57:00.000Z');
    expect(iso('3 分钟前')).toBe('2026-12-01T09:57:00.000Z');
    expect(iso('an hour ago')).toBe('2026-12-01T09:00:00.000Z');
    expect(iso('2 小时前')).toBe('2026-12-01T08:00:00.000Z');
    expect(iso('just now')).toBe(now.toISOString());
    expect(iso('刚刚')).toBe(now.toISOString());
  });
  it('reads yesterday / 昨天 with a clock time (local)', () => {
    const y = new Date(now);
    y.setDate(y.getDate() - 1);
    y.setHours(14, 20, 0, 0);
    expect(iso('昨天 14:20')).toBe(y.toISOString());
    y.setHours(14, 20, 0, 0);
    expect(iso('yesterday at 2:20 PM')).toBe(y.toISOString());
  });
  it('reads absolute dates', () => {
    expect(iso('2026-11-30T14:20:00Z')).toBe('2026-11-30T14:20:00.000Z');
    expect(iso('2026-11-30 14:20')).toBe(new Date(2026, 10, 30, 14, 20).toISOString());
    expect(iso('2026年11月30日 14:20')).toBe(new Date(2026, 10, 30, 14, 20).toISOString());
    expect(iso('12/1/26 5:51 AM')).toBe(new Date(2026, 11, 1, 5, 51).toISOString());
    // A tooltip's date in moment.js's zh-CN "MMM D, YYYY" (FreeScout), and its en twin.
    expect(iso('12月 2, 2026 00:45')).toBe(new Date(2026, 11, 2, 0, 45).toISOString());
    expect(iso('Dec 2, 2026 00:45')).toBe(new Date(2026, 11, 2, 0, 45).toISOString());
  });
  it('reads month/day without a year as this year (chat consoles)', () => {
    expect(iso('12/1 08:26')).toBe(new Date(2026, 11, 1, 8, 26).toISOString());
    expect(iso('11/30')).toBe(new Date(2026, 10, 30).toISOString());
  });
  it('keeps what it cannot read as text', () => {
    expect(parseTime('sometime', null, now)).toEqual({ iso: null, text: 'sometime' });
  });
});
