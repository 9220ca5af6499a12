/**
 * Canonical JSON for fingerprints: sorted keys, no whitespace, NFC strings.
 * Input is a parsed JS value, so duplicate keys cannot exist; two keys that become equal
 * after NFC normalisation are refused rather than silently merged.
 * Hand-written because the fingerprint must be byte-identical in Node and the browser and
 * must apply NFC; the common packages (e.g. canonicalize / RFC 8785) do not normalise.
 */

export class CanonicalError extends Error {}

export function canonicalJson(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.normalize('NFC'));
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalError('NaN and Infinity have no JSON form');
      return JSON.stringify(value);
    case 'object':
      return Array.isArray(value) ? canonicalArray(value) : canonicalObject(value as Record<string, unknown>);
    default:
      throw new CanonicalError(`a ${typeof value} has no JSON form`);
  }
}

function canonicalArray(items: unknown[]): string {
  return `[${items.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
}

function canonicalObject(obj: Record<string, unknown>): string {
  const entries = Object.entries(obj)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => [k.normalize('NFC'), v] as const);
  const keys = new Set(entries.map(([k]) => k));
  if (keys.size !== entries.length) throw new CanonicalError('two keys are equal after NFC normalisation');
  // Sort by UTF-16 code units, as RFC 8785 does, so every runtime agrees.
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** SHA-256 hex via WebCrypto: the same code in Node 20 and the browser. */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
