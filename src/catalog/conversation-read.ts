import { z } from 'zod';
import { readConversation } from '../dom/read.ts';
import { fail, ok } from '../tools/errors.ts';
import { scrubText } from '../tools/mask.ts';
import type { ReadTool } from '../tools/types.ts';

const input = z.strictObject({
  limit: z.number().int().min(1).max(50).default(20).describe('How many of the latest messages, 1-50 (default 20).'),
  offset: z.number().int().min(0).max(500).default(0).describe('Skip this many of the latest messages (to page back).'),
});

const MAX_TEXT = 600;

export const conversationRead = (): ReadTool<typeof input, unknown> => ({
  name: 'conversation.read',
  title: 'Read conversation',
  description:
    'Read the messages of the conversation open in the console: role (customer/agent), author, text and time, oldest first, the latest `limit` after skipping `offset`. ' +
    'Use it to understand what the customer asked. For the customer profile use customer.read; for earlier tickets use ticket.history. ' +
    'Only messages visible on screen are returned; hidden text and invisible characters are removed and counted in `removed`. Long messages are cut to 600 characters.',
  sideEffect: 'read',
  pageTypes: ['conversation'],
  input,
  async run({ limit, offset }, ctx) {
    const conv = readConversation();
    if (!conv.conversationId && conv.messages.length === 0) {
      return fail('not_found', 'NO_CONVERSATION', 'No conversation is open in this tab.', 'Ask the agent to open a conversation.');
    }
    const end = Math.max(0, conv.messages.length - offset);
    const slice = conv.messages.slice(Math.max(0, end - limit), end);
    const forModel = ctx.caller === 'llm';
    return ok({
      conversationId: conv.conversationId,
      subject: conv.subject,
      total: conv.messages.length,
      messages: slice.map((m) => {
        const text = forModel ? scrubText(m.text) : m.text;
        return { ...m, text: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…[cut ${text.length - MAX_TEXT}]` : text };
      }),
      removed: { hiddenMessages: conv.hiddenMessages, invisibleChars: conv.invisibleChars },
      ...(end - limit > 0 ? { more: `${end - limit} earlier messages: call again with offset ${offset + limit}` } : {}),
    });
  },
});
