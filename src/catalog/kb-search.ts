import { z } from 'zod';
import { fail, ok } from '../tools/errors.ts';
import type { ReadTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';

const input = z.strictObject({
  query: z.string().trim().min(2).max(100).describe('Keywords in the customer\'s language, e.g. "发票 抬头" or "refund policy".'),
  limit: z.number().int().min(1).max(10).default(5).describe('How many articles, 1-10 (default 5).'),
});

interface Hit {
  id: string;
  title: string;
  snippet: string;
  url: string;
}

export const kbSearch = (deps: CatalogDeps): ReadTool<typeof input, { total: number; results: Hit[] }> => ({
  name: 'kb.search',
  title: 'Search knowledge base',
  description:
    'Search the company knowledge base for policy and how-to articles. Use it to ground an answer in official policy (refunds, invoices, delivery, login). ' +
    'Not for facts about this customer: use customer.read, conversation.read or ticket.history for those. ' +
    'Returns up to `limit` articles with id, title and a short snippet, best first, and the total number of matches.',
  sideEffect: 'read',
  featureFlag: 'kb',
  input,
  timeoutMs: 8_000,
  async run({ query, limit }, ctx) {
    const endpoint = new URL(deps.settings().kb.endpoint, deps.origin());
    endpoint.searchParams.set('q', query);
    endpoint.searchParams.set('limit', String(limit));
    let res: Response;
    try {
      res = await deps.fetch(endpoint.href, { signal: ctx.signal, credentials: 'same-origin' });
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      return fail('unavailable', 'KB_UNREACHABLE', `The knowledge base at ${endpoint.origin} did not answer.`, 'Try again in a moment.', { retryable: true });
    }
    if (!res.ok) {
      const retryable = res.status >= 500 || res.status === 429;
      return fail(retryable ? 'unavailable' : 'failed', `KB_HTTP_${res.status}`, `The knowledge base answered ${res.status}.`, retryable ? 'Try again in a moment.' : 'Try other keywords.', { retryable });
    }
    const body = (await res.json().catch(() => null)) as { total?: number; results?: Partial<Hit>[] } | null;
    if (!body || !Array.isArray(body.results)) {
      return fail('failed', 'KB_BAD_ANSWER', 'The knowledge base answered with something that is not a result list.', 'Check the KB endpoint in settings.');
    }
    const results = body.results.slice(0, limit).map((r) => ({
      id: String(r.id ?? ''),
      title: String(r.title ?? '').slice(0, 120),
      snippet: String(r.snippet ?? '').slice(0, 240),
      url: String(r.url ?? ''),
    }));
    return ok({ total: Number(body.total ?? results.length), results });
  },
});
