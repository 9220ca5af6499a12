/**
 * PII masking for audit records and for what the model sees (seed 003: 敏感字段脱敏).
 * Named sensitive fields are masked whole; every other string is scrubbed of e-mail
 * addresses and phone numbers, because agents paste them into free text too.
 */

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;
/** Mainland mobile numbers, and international numbers written with a leading +. */
const PHONE = /(?<!\d)(?:1[3-9]\d{9}|\+\d[\d -]{7,15}\d)(?!\d)/g;

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

const MAYBE_PII = /@|\d{7}|\+\d/;

export function scrubText(text: string): string {
  if (!MAYBE_PII.test(text)) return text;
  return text.replace(EMAIL, (_m, first: string, domain: string) => `${first}***@${domain}`).replace(PHONE, maskPhone);
}

/**
 * Deep copy with sensitive keys masked and free text scrubbed. `fields` match a key name
 * anywhere (`phone`) or a dotted path from the root (`customer.phone`).
 */
export function maskSensitive(value: unknown, fields: readonly string[], path = ''): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskSensitive(v, fields, path));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    out[key] = fields.includes(key) || fields.includes(here) ? maskDeep(v) : maskSensitive(v, fields, here);
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
