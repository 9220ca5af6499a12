/**
 * The full scrubber for what deskhand keeps (audit log, journal of open calls): everything
 * `scrubText` masks, plus phone numbers in every common form — `010-6552-1234`,
 * `(555) 123-4567`, `021 5555 6666`, `+1 415 555 2671` — found by libphonenumber
 * (`findPhoneNumbersInText` with the "max" metadata, which validates number ranges, so
 * order ids and dates are not taken for phones), with mainland China and US defaults.
 *
 * Only the service worker and extension pages import this module (about 40 KB gzipped of
 * metadata); content scripts send raw records and the worker masks them before storing.
 */
import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js/max';
import { maskPhone, maskSensitive, scrubText } from './mask.ts';

const DEFAULT_COUNTRIES: readonly CountryCode[] = ['CN', 'US'];

export interface Span {
  start: number;
  end: number;
}

/** Phone-number spans in `text`, merged over the default countries, in order. */
export function findPhones(text: string, countries: readonly CountryCode[] = DEFAULT_COUNTRIES): Span[] {
  if (!/\d{3}/.test(text.replace(/[\s().-]/g, ''))) return [];
  const spans: Span[] = [];
  for (const c of countries) {
    for (const m of findPhoneNumbersInText(text, c)) {
      // "ORD-20261101", "T-10001": an id glued to letters is not a phone number.
      if (/[A-Za-z]-?$/.test(text.slice(Math.max(0, m.startsAt - 2), m.startsAt))) continue;
      spans.push({ start: m.startsAt, end: m.endsAt });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

export function scrubPii(text: string): string {
  const light = scrubText(text);
  const spans = findPhones(light);
  if (!spans.length) return light;
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += light.slice(at, s.start) + maskPhone(light.slice(s.start, s.end));
    at = s.end;
  }
  return out + light.slice(at);
}

/** Deep copy: sensitive fields masked, every string scrubbed with `scrubPii`. */
export function maskPii(value: unknown, fields: readonly string[] = []): unknown {
  return maskSensitive(value, fields, '', scrubPii);
}
