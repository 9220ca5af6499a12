/** What kb.search needs in the content script: the worker's local KB, DOMParser, the page URL. */
import type { CatalogDeps } from '../catalog/deps.ts';
import { toBackground } from '../messages/client.ts';
import { ProviderResultSchema } from '../kb/messages.ts';
import type { ProviderResult } from '../kb/types.ts';
import { hasSealed } from '../messages/sealed.ts';

/**
 * The catalog's fetch: the page's own, except for a provider URL whose credentials the settings
 * view sealed — that one the worker fetches (it alone knows the values), and the answer comes
 * back as a Response the providers read like any other.
 */
export async function kbAwareFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!hasSealed(url)) return fetch(input, init);
  const accept = new Headers(init?.headers).get('accept') === 'text/html' ? 'text/html' : 'application/json';
  const r = await toBackground<{ status: number; contentType: string; body: string }>({ type: 'kb.fetch', url, accept });
  if (!r.ok) throw new TypeError(r.error.detail);
  if (r.status < 200 || r.status > 599) throw new TypeError('The knowledge source did not answer.');
  return new Response([204, 205, 304].includes(r.status) ? null : r.body, { status: r.status, headers: { 'content-type': r.contentType } });
}

async function kbLocal(query: string, limit: number): Promise<ProviderResult> {
  const r = await toBackground<{ result: unknown }>({ type: 'kb', request: { op: 'search', query: query.slice(0, 200), limit } });
  if (!r.ok) return { ok: false, error: { code: r.error.code, detail: r.error.detail, retryable: r.error.retryable } };
  const parsed = ProviderResultSchema.safeParse(r.result);
  return parsed.success ? (parsed.data as ProviderResult) : { ok: false, error: { code: 'KB_BAD_REPLY', detail: 'The local knowledge base answered with something unexpected.', retryable: false } };
}

export const contentKbDeps = (): Pick<CatalogDeps, 'kbLocal' | 'parseHtml' | 'pageUrl'> => ({
  kbLocal,
  // A parsed document is inert: its scripts never run and nothing reaches the live page.
  parseHtml: (html) => new DOMParser().parseFromString(html, 'text/html'),
  pageUrl: () => location.href,
});
