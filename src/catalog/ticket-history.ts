import { z } from '../tools/zod.ts';
import { sameId } from '../dom/ids.ts';
import { fail, ok } from '../tools/errors.ts';
import type { ReadTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';

const input = z.strictObject({
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(20)), 10).check(z.describe('How many tickets, in the order the page lists them (default 10).')),
});

export const ticketHistory = (deps: CatalogDeps): ReadTool<typeof input, unknown> => ({
  name: 'ticket.history',
  title: 'Earlier tickets',
  description:
    "List the customer's other tickets as the console shows them (the customer panel, or the customer's page the record links to): id, title, status, date. The open ticket itself is left out. " +
    'Use it to answer "has this customer reported this before?". It does not search other customers; for policy use kb.search. ' +
    'Returns at most `limit` tickets and the total shown.',
  sideEffect: 'read',
  facets: ['history', 'customer', 'conversation'],
  input,
  async run({ limit }, ctx) {
    const model = deps.model();
    // The list on this page needs no signal; ctx.signal creates an AbortController (≈ 5 µs in a
    // content script), so it is asked for only when a linked page must be fetched.
    const here = model.current().history();
    const found = here ? { rows: here } : await model.historyWithFollow(ctx.signal);
    if (!found) return fail('not_found', 'NO_TICKET_HISTORY', 'No list of earlier tickets is visible on this page.', 'Open the customer panel of a conversation, or use page.inspect.');
    const identity = model.current().identity();
    const open = [identity.recordId, identity.display].filter((v): v is string => !!v);
    const tickets = found.rows.filter((t) => !open.some((id) => sameId(id, t.id)));
    return ok({ total: tickets.length, tickets: tickets.slice(0, limit) });
  },
});
