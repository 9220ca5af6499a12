import { z } from '../tools/zod.ts';
import { fail, ok } from '../tools/errors.ts';
import { scrubText } from '../tools/mask.ts';
import type { ReadTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import type { CameFrom } from '../messages/came-from.ts';

const input = z.strictObject({
  limit: z._default(z.number().check(z.int(), z.gte(1), z.lte(50)), 20).check(z.describe('How many of the latest entries, 1-50 (default 20).')),
  offset: z._default(z.number().check(z.int(), z.gte(0), z.lte(500)), 0).check(z.describe('Skip this many of the latest entries (to page back).')),
});

const MAX_TEXT = 600;

const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…[cut ${text.length - MAX_TEXT}]` : text);

/** The conversation of the record this form page was opened from, as that page read it. */
function cameFromRead(from: CameFrom, limit: number, offset: number, forModel: boolean) {
  const all = from.messages;
  const end = Math.max(0, all.length - offset);
  return {
    conversationId: from.recordId,
    ...(from.displayId ? { displayId: from.displayId } : {}),
    subject: from.subject ?? '',
    total: from.total,
    cameFrom: { url: from.url, note: 'This page is a ticket form; these are the latest entries of the conversation the agent opened it from.' },
    messages: all.slice(Math.max(0, end - limit), end).map((m) => ({ role: m.role, author: m.author, time: m.time, text: cut(forModel ? scrubText(m.text) : m.text) })),
    removed: { hiddenMessages: 0, hiddenChars: 0, invisibleChars: 0 },
  };
}

export const conversationRead = (deps: CatalogDeps): ReadTool<typeof input, unknown> => ({
  name: 'conversation.read',
  title: 'Read conversation',
  description:
    'Read the thread of the conversation or ticket open in the console: each entry with role (customer, agent, note = internal note, system = event, unknown), author, time and text, oldest first, the latest `limit` after skipping `offset`. ' +
    'Use it to understand what the customer asked. For the customer profile use customer.read; for earlier tickets use ticket.history. ' +
    'Only text visible on screen is returned; hidden text and invisible characters are removed and counted in `removed`. Long entries are cut to 600 characters. ' +
    'On a new-ticket form page it returns the conversation the agent opened that form from, marked `cameFrom`.',
  sideEffect: 'read',
  // A ticket form on a page of its own is about the conversation shown before it (cameFrom).
  facets: ['conversation', 'ticketForm'],
  input,
  async run({ limit, offset }, ctx) {
    const thread = await deps.model().threadUnfolded(ctx.signal);
    const s = deps.model().current();
    const identity = s.identity();
    if (!thread || thread.entries.length === 0) {
      const from = s.facets()?.includes('ticketForm') ? await deps.model().cameFromRecord() : null;
      if (from && from.messages.length) return ok(cameFromRead(from, limit, offset, ctx.caller === 'llm'));
      return fail('not_found', 'NO_CONVERSATION', 'No conversation thread is visible in this tab.', 'Ask the agent to open a conversation, or use page.inspect to see what deskhand finds.');
    }
    const all = thread.entries;
    const end = Math.max(0, all.length - offset);
    const slice = all.slice(Math.max(0, end - limit), end);
    const forModel = ctx.caller === 'llm';
    return ok({
      conversationId: identity.recordId,
      ...(identity.display && identity.display !== identity.recordId ? { displayId: identity.display } : {}),
      subject: s.subject(),
      total: all.length,
      messages: slice.map((m) => {
        const text = forModel ? scrubText(m.text) : m.text;
        return { role: m.role, author: m.author, time: m.timeIso ?? m.time, text: cut(text) };
      }),
      removed: { hiddenMessages: thread.hiddenEntries, hiddenChars: thread.hiddenChars, invisibleChars: thread.invisibleChars },
      ...(identity.conflict ? { warning: `The page names two different records: ${identity.conflict.a.value} (${identity.conflict.a.source}) and ${identity.conflict.b.value} (${identity.conflict.b.source}).` } : {}),
      ...(end - limit > 0 ? { more: `${end - limit} earlier entries: call again with offset ${offset + limit}` } : {}),
    });
  },
});
