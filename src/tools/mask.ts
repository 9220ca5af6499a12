/**
 * PII and secret masking for audit records and for what the model sees (seed 003: 敏感字段脱敏).
 * Named sensitive fields are masked whole; every other string is scrubbed of e-mail
 * addresses, card numbers (Luhn-checked), IBANs (mod-97-checked), API tokens and bearer
 * strings, and mainland mobiles / `+` numbers. This light scrubber runs everywhere (it is in
 * the content-script bundle, for model-facing text); the service worker masks audit records
 * and the journal again with `scrubPii` (pii.ts), which finds phone numbers in every common
 * form with libphonenumber.
 */

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
/** Mainland mobile numbers, and international numbers written with a leading +. */
const PHONE = /(?<!\d)(?:1[3-9]\d{9}|\+\d[\d -]{7,15}\d)(?!\d)/g;
/** 13-19 digits, optionally grouped by single spaces or hyphens (as cards are written). */
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;
/** Country code, check digits, 11-30 alphanumerics, optionally in groups of four. */
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
/**
 * Common secret shapes: OpenAI-style `sk-…`, bearer strings, GitHub, Slack and AWS keys,
 * JWTs, and `api_key=…` / `token: …` pairs.
 */
const TOKENS: readonly RegExp[] = [
  /\b(sk|rk|pk)-(?:proj-|live-|test-)?[A-Za-z0-9_-]{16,}/g,
  /\b(Bearer)\s+[A-Za-z0-9._~+/-]{12,}=*/gi,
  /\b(gh[pousr])_[A-Za-z0-9]{20,}/g,
  /\b(xox[abprs])-[A-Za-z0-9-]{10,}/g,
  /\b(AKIA)[0-9A-Z]{16}\b/g,
  /\b(eyJ)[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  /\b(api[_-]?key|access[_-]?token|secret|password|token)(["']?\s*[:=]\s*["']?)[^\s"',;]{6,}/gi,
];

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '***';
  return `${digits.slice(0, 3)}****${digits.slice(-4)}`;
}

/** Masks a value whose field is named sensitive, keeping enough to recognise it. */
export function maskValue(value: unknown): unknown {
  if (typeof value !== 'string') return value === null || value === undefined ? value : '***';
  if (value.includes('@')) return maskEmail(value);
  if (/\d{7,}/.test(value.replace(/[\s-]/g, ''))) return maskPhone(value);
  return value.length <= 1 ? '*' : `${value[0]}***`;
}

/** The Luhn check every payment card number passes (and most other digit runs fail). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

/** ISO 13616 mod-97 check, computed piecewise so it needs no BigInt. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/ /g, '');
  if (s.length < 15 || s.length > 34) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const digit of v) rem = (rem * 10 + Number(digit)) % 97;
  }
  return rem === 1;
}

const maskCard = (m: string): string => {
  const digits = m.replace(/\D/g, '');
  return luhnValid(digits) ? `****${digits.slice(-4)}` : m;
};
const maskIban = (m: string): string => (ibanValid(m) ? `${m.slice(0, 2)}**…${m.replace(/ /g, '').slice(-4)}` : m);

const MAYBE_PII = /@|\d{7}|\+\d|\d[ -]\d{4}|[A-Z]{2}\d\d|sk-|rk-|pk-|bearer|gh[pousr]_|xox|AKIA|eyJ|key|token|secret|password/i;

export function scrubText(text: string): string {
  if (!MAYBE_PII.test(text)) return text;
  let out = text;
  for (const re of TOKENS) out = out.replace(re, (_m, kind: string, sep?: string) => (typeof sep === 'string' ? `${kind}${sep}[secret]` : `${kind}…[secret]`));
  out = out.replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`);
  out = out.replace(IBAN, maskIban).replace(CARD, maskCard);
  return out.replace(PHONE, maskPhone);
}

export type Scrubber = (text: string) => string;

/**
 * Deep copy with sensitive keys masked and free text scrubbed. `fields` match a key name
 * anywhere (`phone`) or a dotted path from the root (`customer.phone`).
 */
export function maskSensitive(value: unknown, fields: readonly string[], path = '', scrub: Scrubber = scrubText): unknown {
  if (typeof value === 'string') return scrub(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSensitive(v, fields, path, scrub));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    out[key] = fields.includes(key) || fields.includes(here) ? maskDeep(v) : maskSensitive(v, fields, here, scrub);
  }
  return out;
}

function maskDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v)]));
  }
  return maskValue(value);
}

/**
 * A record's subject as the audit keeps it: the record number scrubbed like free text, the
 * customer masked whole as a sensitive field (`张***`, `z***@example.com`, `138****5678`).
 * Idempotent, so a record masked by the browser that wrote it and again on import reads the same.
 */
export function maskSubject<T extends { record: string | null; customer: string | null }>(subject: T, scrub: Scrubber = scrubText): T {
  return {
    ...subject,
    record: subject.record === null ? null : scrub(subject.record),
    customer: subject.customer === null ? null : maskedOnce(subject.customer),
  };
}

/** A value masked by an earlier pass (`138****5678` would else become `1***`) is kept as it is. */
function maskedOnce(value: string): string {
  return /^(?:[^*]\*{3}(?:@\S+)?|\d{3}\*{4}\d{4}|\*{1,3})$/u.test(value) ? value : (maskValue(value) as string);
}
