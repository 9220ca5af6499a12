/** Same-origin fetches for the JSON and HTML providers, with errors as data. */
import { failure, type ProviderEnv, type ProviderResult } from './types.ts';

/** Resolves a provider URL against the console page and refuses anything off its origin. */
export function sameOrigin(url: string, base: string): URL | null {
  try {
    const u = new URL(url, base);
    return u.origin === new URL(base).origin ? u : null;
  } catch {
    return null;
  }
}

/** An http(s) link resolved against `base`, or '' (javascript:, data:, '#' and the like). */
export function absoluteHttp(link: string, base: string): string {
  if (!link || link.startsWith('#')) return '';
  try {
    const u = new URL(link, base);
    return /^https?:$/.test(u.protocol) ? u.href : '';
  } catch {
    return '';
  }
}

export type Fetched = { ok: true; res: Response } | Extract<ProviderResult, { ok: false }>;

/** The agent's own session (`credentials: 'same-origin'`); a redirect off the origin is refused. */
export async function fetchSameOrigin(url: URL, env: ProviderEnv, accept: string): Promise<Fetched> {
  let res: Response;
  try {
    res = await env.fetch(url.href, { signal: env.signal, credentials: 'same-origin', redirect: 'follow', headers: { accept } });
  } catch (e) {
    if (env.signal.aborted) throw e;
    return failure('KB_UNREACHABLE', `${url.pathname} did not answer.`, true) as Fetched;
  }
  if (res.url && sameOrigin(res.url, url.href) === null) return failure('KB_OFF_ORIGIN', `${url.pathname} redirected to another origin; not read.`) as Fetched;
  if (!res.ok) return failure(`KB_HTTP_${res.status}`, `${url.pathname} answered ${res.status}.`, res.status >= 500 || res.status === 429) as Fetched;
  return { ok: true, res };
}
