/** Money and times as a person reads them, in the UI language (Intl). */
import { intlLocale as locale } from '../ui/i18n.ts';

export { money } from '../ui/money.ts';

/** Local date and time with the zone, e.g. "2026/11/30 13:42:05 GMT+8". */
export function absolute(ms: number): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are spelled out.
  return new Intl.DateTimeFormat(locale(), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  }).format(ms);
}

/** "2 分钟前" for the last hour, else the absolute local time. */
export function relative(ms: number, now = Date.now()): string {
  const diff = ms - now;
  const abs = Math.abs(diff);
  if (abs >= 60 * 60_000) return absolute(ms);
  const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: 'auto' });
  return abs < 60_000 ? rtf.format(Math.round(diff / 1000), 'second') : rtf.format(Math.round(diff / 60_000), 'minute');
}
