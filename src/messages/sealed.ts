/**
 * Credentials in a console's own KB provider URLs ("/api/kb/search?api_key=…") never go down
 * to the content script: the settings view carries the URL with each credential's value
 * replaced by SEALED, and a fetch of such a URL goes to the worker (`kb.fetch`), which puts the
 * values back from the settings of the sender's own origin and fetches it there.
 *
 * Works on the URL text, not URLSearchParams: an HTML provider's `{query}` placeholder and the
 * other parameters must stay exactly as written.
 */
import type { KbProviderConfig } from '../kb/config.ts';

export const SEALED = 'deskhand-sealed';

/** Parameter names that carry a secret (api_key, access_token, password, sig, sessionid, …). */
const CREDENTIAL = /token|key|secret|pass|pwd|auth|sig|session|sid|jwt|bearer|credential|cookie/i;

export const isCredentialParam = (name: string): boolean => CREDENTIAL.test(safeDecode(name));

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Splits "path?query#hash" into its three parts (query and hash without their marks). */
function parts(url: string): { path: string; query: string | null; hash: string } {
  const hashAt = url.indexOf('#');
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const rest = hashAt < 0 ? url : url.slice(0, hashAt);
  const q = rest.indexOf('?');
  return q < 0 ? { path: rest, query: null, hash } : { path: rest.slice(0, q), query: rest.slice(q + 1), hash };
}

/** Each credential parameter's value replaced by SEALED; everything else as written. */
export function sealUrl(url: string): string {
  const { path, query, hash } = parts(url);
  if (query === null) return url;
  const sealed = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && isCredentialParam(name) ? `${name}=${SEALED}` : pair;
    })
    .join('&');
  return `${path}?${sealed}${hash}`;
}

export const hasSealed = (url: string): boolean => parts(url).query?.split('&').some((p) => p.endsWith(`=${SEALED}`)) ?? false;

/** Fields a provider may one day carry that hold a secret (headers, an auth token): never sent down. */
const SECRET_FIELD = /header|token|secret|pass|auth|cookie|apikey|api_key/i;

export function sealProvider(p: KbProviderConfig): KbProviderConfig {
  const kept = Object.fromEntries(Object.entries(p).filter(([k]) => !SECRET_FIELD.test(k))) as KbProviderConfig;
  if (kept.kind === 'json') return { ...kept, url: sealUrl(kept.url) };
  if (kept.kind === 'html') return { ...kept, searchUrl: sealUrl(kept.searchUrl) };
  return kept;
}

const providerUrl = (p: KbProviderConfig): string | null => (p.kind === 'json' ? p.url : p.kind === 'html' ? p.searchUrl : null);

/**
 * The URL to fetch for a request the content script made with sealed values: each SEALED
 * value is put back from the provider of `providers` (the sender origin's) with the same path
 * and parameter name. Null when a sealed value has no provider to come from.
 */
export function unsealUrl(requested: URL, providers: readonly KbProviderConfig[]): URL | null {
  const secrets = new Map<string, string>();
  for (const p of providers) {
    const raw = providerUrl(p);
    if (!raw) continue;
    const { path, query } = parts(raw);
    if (query === null || new URL(path || '/', requested.origin).pathname !== requested.pathname) continue;
    for (const pair of query.split('&')) {
      const eq = pair.indexOf('=');
      if (eq >= 0 && isCredentialParam(pair.slice(0, eq))) secrets.set(safeDecode(pair.slice(0, eq)), pair.slice(eq + 1));
    }
  }
  const query = requested.search.slice(1);
  if (!query) return null;
  let missing = false;
  const filled = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0 || pair.slice(eq + 1) !== SEALED) return pair;
      const secret = secrets.get(safeDecode(pair.slice(0, eq)));
      if (secret === undefined) missing = true;
      return `${pair.slice(0, eq)}=${secret ?? ''}`;
    })
    .join('&');
  if (missing) return null;
  const out = new URL(requested.href);
  out.search = `?${filled}`;
  return out;
}

/**
 * An admin list URL as it may be shown (an article's link, a citation): no user name or
 * password, no credential parameters. The worker fetches the full one.
 */
export function publicUrl(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  for (const name of [...u.searchParams.keys()]) if (isCredentialParam(name)) u.searchParams.delete(name);
  return u.href;
}

/**
 * fetch() refuses a URL with a user name or password in it; the worker sends them as HTTP
 * Basic authentication instead (what a browser does with such a link).
 */
export function withBasicAuth(url: string): { url: string; headers: Record<string, string> } {
  const u = new URL(url);
  if (!u.username && !u.password) return { url, headers: {} };
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  const bytes = new TextEncoder().encode(`${user}:${pass}`);
  return { url: u.href, headers: { authorization: `Basic ${btoa(String.fromCharCode(...bytes))}` } };
}
