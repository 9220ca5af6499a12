import { z } from 'zod';
import { readTicketHistory } from '../dom/read.ts';
import { fail, ok } from '../tools/errors.ts';
import type { ReadTool } from '../tools/types.ts';

const input = z.strictObject({
  limit: z.number().int().min(1).max(20).default(10).describe('How many tickets, newest listed first on the page (default 10).'),
});

export const ticketHistory = (): ReadTool<typeof input, unknown> => ({
  name: 'ticket.history',
  title: 'Earlier tickets',
  description:
    "List the customer's earlier tickets shown in the customer panel: id, title, status, category, date. " +
    'Use it to answer "has this customer reported this before?". It does not search other customers; for policy use kb.search. ' +
    'Returns at most `limit` tickets and the total shown.',
  sideEffect: 'read',
  pageTypes: ['conversation', 'customer'],
  input,
  async run({ limit }) {
    const { tickets, found } = readTicketHistory();
    if (!found) return fail('not_found', 'NO_TICKET_HISTORY', 'No list of earlier tickets is visible on this page.', 'Open the customer panel of a conversation.');
    return ok({ total: tickets.length, tickets: tickets.slice(0, limit) });
  },
});
