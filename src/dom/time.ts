/**
 * When a thread entry was written, from what the console shows: `<time datetime>`, ISO-like
 * and US dates, zh dates ("2026年11月30日 14:20", "11月30日"), and relative texts in zh and en
 * ("3 分钟前", "昨天 14:20", "3 minutes ago", "yesterday at 2:20 PM", "just now").
 * Pure string code; `now` is passed in so it is testable. Unparsed text is kept as it is.
 */

export interface ParsedTime {
  /** ISO 8601 in UTC, or null when the text could not be read as a time. */
  iso: string | null;
  text: string;
}

const UNITS: Record<string, number> = {
  second: 1e3, sec: 1e3, s: 1e3, 秒: 1e3,
  minute: 6e4, min: 6e4, m: 6e4, 分钟: 6e4, 分: 6e4,
  hour: 36e5, hr: 36e5, h: 36e5, 小时: 36e5, 时: 36e5,
  day: 864e5, d: 864e5, 天: 864e5, 日: 864e5,
  week: 6048e5, w: 6048e5, 周: 6048e5, 星期: 6048e5,
  month: 2592e6, 个月: 2592e6, 月: 2592e6,
  year: 31536e6, 年: 31536e6,
};

export function parseTime(text: string, datetime: string | null, now: Date = new Date()): ParsedTime {
  const shown = text.replace(/\s+/g, ' ').trim().slice(0, 120);
  const fromAttr = datetime ? isoOf(new Date(datetime)) : null;
  if (fromAttr) return { iso: fromAttr, text: shown };
  return { iso: relative(shown, now) ?? absolute(shown, now), text: shown };
}

function isoOf(d: Date): string | null {
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

function relative(t: string, now: Date): string | null {
  const lower = t.toLowerCase();
  if (/^(just now|now|刚刚|刚才)$/.test(lower)) return isoOf(now);
  const ago = /(\d+|an?|one)\s*(seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|[smhdw]|秒|分钟|分|小时|天|周|星期|个月|年)\s*(ago|前|之前)/i.exec(lower);
  if (ago) {
    const n = /^\d+$/.test(ago[1]!) ? Number(ago[1]) : 1;
    const unit = ago[2]!.replace(/s$/, '');
    const ms = UNITS[unit] ?? UNITS[ago[2]!];
    return ms ? isoOf(new Date(now.getTime() - n * ms)) : null;
  }
  const day = /^(today|yesterday|今天|昨天|前天)(?:\s*(?:at)?\s*)(.*)$/i.exec(lower);
  if (day) {
    const back = /yesterday|昨天/.test(day[1]!) ? 1 : day[1] === '前天' ? 2 : 0;
    const d = new Date(now);
    d.setDate(d.getDate() - back);
    return withClock(d, day[2] ?? '');
  }
  return null;
}

/** Sets a local wall-clock time ("14:20", "2:20 PM", "下午2:20") on a date. */
function withClock(d: Date, clock: string): string | null {
  const m = /(上午|下午|晚上|早上)?\s*(\d{1,2})[:：](\d{2})(?::(\d{2}))?\s*(am|pm)?/i.exec(clock);
  if (!m) {
    d.setHours(0, 0, 0, 0);
    return isoOf(d);
  }
  let h = Number(m[2]);
  const pm = /pm/i.test(m[5] ?? '') || /下午|晚上/.test(m[1] ?? '');
  const am = /am/i.test(m[5] ?? '') || /上午|早上/.test(m[1] ?? '');
  if (pm && h < 12) h += 12;
  if (am && h === 12) h = 0;
  d.setHours(h, Number(m[3]), Number(m[4] ?? 0), 0);
  return isoOf(d);
}

function absolute(t: string, now: Date): string | null {
  const iso = /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}:\d{2}(?::\d{2})?)(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?/.exec(t);
  if (iso) {
    if (iso[5]) return isoOf(new Date(`${iso[1]}-${pad(iso[2]!)}-${pad(iso[3]!)}T${iso[4] ?? '00:00'}${iso[5]}`));
    return withClock(new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])), iso[4] ?? '');
  }
  // moment.js's "MMM D, YYYY" in zh-CN ("12月 2, 2026 00:45", FreeScout's tooltips).
  const zhMonth = /(\d{1,2})月\s*(\d{1,2}),\s*(\d{4})/.exec(t);
  if (zhMonth) return withClock(new Date(Number(zhMonth[3]), Number(zhMonth[1]) - 1, Number(zhMonth[2])), t.slice(zhMonth.index + zhMonth[0].length));
  const zh = /(?:(\d{4})年)?(\d{1,2})月(\d{1,2})日/.exec(t);
  if (zh) return withClock(new Date(Number(zh[1] ?? now.getFullYear()), Number(zh[2]) - 1, Number(zh[3])), t.slice(zh.index + zh[0].length));
  const us = /\b(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})\b/.exec(t);
  if (us) {
    const y = Number(us[3]!.length === 2 ? `20${us[3]}` : us[3]);
    return withClock(new Date(y, Number(us[1]) - 1, Number(us[2])), t.slice(us.index + us[0].length));
  }
  // "12/1 08:26", "11/30": month/day of this year, as chat consoles print recent days.
  const md = /(?:^|\s)(\d{1,2})\/(\d{1,2})(?![\d/])/.exec(t);
  if (md && Number(md[1]) >= 1 && Number(md[1]) <= 12 && Number(md[2]) >= 1 && Number(md[2]) <= 31) {
    return withClock(new Date(now.getFullYear(), Number(md[1]) - 1, Number(md[2])), t.slice(md.index + md[0].length));
  }
  const named = Date.parse(t.replace(/\bat\b/i, ''));
  if (!Number.isNaN(named) && /[a-z]{3}/i.test(t) && /\d/.test(t)) return isoOf(new Date(named));
  return null;
}

const pad = (s: string) => s.padStart(2, '0');
