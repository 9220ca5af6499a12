/** What kb.search needs in the content script: the worker's local KB, DOMParser, the page URL. */
import type { CatalogDeps } from '../catalog/deps.ts';
import { toBackground } from '../messages/client.ts';
import { ProviderResultSchema } from '../kb/messages.ts';
import type { ProviderResult } from '../kb/types.ts';

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
