import { z } from '../tools/zod.ts';
import { providerName, type KbProviderConfig } from '../kb/config.ts';
import { providersFor } from '../kb/resolve.ts';
import { MAX_QUERY_CHARS, searchAll, type KbAnswer } from '../kb/search.ts';
import { isDemoOrigin } from '../settings/schema.ts';
import { fail, ok } from '../tools/errors.ts';
import type { ReadTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';

const input = z.strictObject({
  // A whole customer message is a fine query (up to MAX_QUERY_CHARS): the local index keeps its
  // rarest words, a console's own search gets its key terms (search.ts).
  query: z.string().check(z.trim(), z.minLength(2), z.maxLength(MAX_QUERY_CHARS), z.describe('Keywords in the customer\'s language, e.g. "发票 抬头" or "refund policy", or the customer\'s whole message.')),
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(10)), 5).check(z.describe('How many articles, 1-10 (default 5).')),
});

/** The providers this console uses now (settings, else its profile, else the defaults). */
export function activeKbProviders(deps: CatalogDeps): KbProviderConfig[] {
  const origin = deps.origin();
  return providersFor(origin, deps.settings().kb, { isDemo: isDemoOrigin(origin), profile: deps.kbProfile?.() });
}

/** For page.inspect: which knowledge sources kb.search would ask here. */
export const kbSourcesSummary = (deps: CatalogDeps) => activeKbProviders(deps).map((p) => ({ name: providerName(p), kind: p.kind }));

export const kbSearch = (deps: CatalogDeps): ReadTool<typeof input, KbAnswer> => ({
  name: 'kb.search',
  title: 'Search knowledge base',
  description:
    'Search the company knowledge base for policy and how-to articles. Use it to ground an answer in official policy (refunds, invoices, delivery, login), and cite the articles you used by title. ' +
    'Not for facts about this customer: use customer.read, conversation.read or ticket.history for those. ' +
    'It searches every source configured for this console at once: the console\'s own KB (its JSON search API or its KB search page, read with the agent\'s session) and the team\'s local knowledge base imported into deskhand; Chinese and English, typos tolerated. ' +
    'Returns up to `limit` articles, best first, each with id, title, a snippet around the match, url and `source` (where it came from); the best one also has `answer` (its answer text, for a reply). ' +
    '`sources` says which sources answered; `notes` says when one failed and the results come from the others.',
  sideEffect: 'read',
  featureFlag: 'kb',
  input,
  timeoutMs: 8_000,
  async run({ query, limit }, ctx) {
    const res = await searchAll(activeKbProviders(deps), query, limit, {
      fetch: deps.fetch,
      base: deps.pageUrl?.() ?? deps.origin(),
      signal: ctx.signal,
      synonyms: deps.settings().kb.synonyms,
      ...(deps.parseHtml ? { parseHtml: deps.parseHtml } : {}),
      ...(deps.kbLocal ? { local: deps.kbLocal } : {}),
    });
    if (res.ok) return ok(res.data);
    const { code, detail, retryable } = res.error;
    if (code === 'NO_KB_SOURCE') return fail('not_found', code, detail, 'Add a knowledge source for this console in deskhand\'s options.');
    return fail(retryable ? 'unavailable' : 'failed', code, detail, retryable ? 'Try again in a moment.' : 'Check the knowledge sources in deskhand\'s options.', { retryable });
  },
});
