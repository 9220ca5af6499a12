/**
 * Times as a person reads them: the browser's own time zone, never UTC shown as if local.
 * Recent moments are relative ("3 分钟前"); older ones are a local date and time with the
 * zone; the full absolute time is always there on hover. Stored records stay ISO UTC.
 */
import { uiLocale } from './i18n.ts';

const RECENT_MS = 60 * 60_000;

export interface When {
  /** What the row shows. */
  text: string;
  /** The full local date, time and zone (for `title`, shown on hover). */
  full: string;
  /** ISO UTC, for `<time datetime>`. */
  iso: string;
}

const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(locale: string, kind: 'full' | 'short' | 'time'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let f = cache.get(key);
  if (!f) {
    const time = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' } as const;
    const opts: Intl.DateTimeFormatOptions =
      kind === 'full'
        ? { year: 'numeric', month: 'short', day: 'numeric', ...time, timeZoneName: 'short' }
        : kind === 'short'
          ? { month: 'short', day: 'numeric', ...time, timeZoneName: 'short' }
          : { ...time, timeZoneName: 'short' };
    f = new Intl.DateTimeFormat(locale, opts);
    cache.set(key, f);
  }
  return f;
}

/** The full local date, time and zone of a moment ("2026年12月1日 13:42:52 GMT+8"). */
export function fullTime(at: string | number | Date, locale = uiLocale()): string {
  return fmt(locale, 'full').format(new Date(at));
}

export function when(at: string | number | Date, now = Date.now(), locale = uiLocale()): When {
  const d = new Date(at);
  const ago = now - d.getTime();
  const full = fmt(locale, 'full').format(d);
  let text: string;
  if (ago >= 0 && ago < RECENT_MS) {
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    text = ago < 60_000 ? rtf.format(-Math.floor(ago / 1000), 'second') : rtf.format(-Math.floor(ago / 60_000), 'minute');
  } else {
    const sameDay = new Date(now).toDateString() === d.toDateString();
    text = fmt(locale, sameDay ? 'time' : 'short').format(d);
  }
  return { text, full, iso: d.toISOString() };
}

const spans = new Map<string, Intl.NumberFormat>();
/**
 * A span of time as a person says it — "12 seconds", "3 minutes", "2 hours" (12秒, 3分钟) —
 * in whole units, never milliseconds; null under a second (the caller says so in words).
 */
export function spanText(ms: number, locale = uiLocale()): string | null {
  if (!Number.isFinite(ms) || ms < 1000) return null;
  const [value, unit] = ms < 90_000 ? [Math.round(ms / 1000), 'second'] : ms < 90 * 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.round(ms / 3_600_000), 'hour'];
  const key = `${locale}|${unit}`;
  let f = spans.get(key);
  // Chinese says 12秒 (its long form is the bookish 12秒钟); English says 12 seconds.
  if (!f) spans.set(key, (f = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: locale.startsWith('zh') ? 'short' : 'long' })));
  return f.format(value);
}
