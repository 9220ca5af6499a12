/**
 * inspect: what deskhand sees on this page — page type and fields, the conversation and the
 * customer in short. Read steps only, so it runs the same from the bridge and a hotkey.
 */
import { z } from '../tools/zod.ts';
import type { Plan } from '../tools/plan.ts';

export const inspectPlan = (): Plan => ({
  name: 'inspect',
  title: 'Inspect this console page',
  description: 'Page type, found fields, a conversation summary and a customer summary.',
  input: z.strictObject({
    id: z.optional(z.union([z.string().check(z.maxLength(60)), z.number()])).check(z.describe('The conversation id you expect to be open.')),
  }),
  steps: [
    { kind: 'tool', id: 'page', title: 'Page and fields', tool: 'page.inspect' },
    {
      kind: 'check',
      id: 'expected',
      title: 'Expected conversation',
      check: (env) => {
        const want = env.input.id;
        const open = (env.outputs.page as { conversationId: string | null }).conversationId;
        if (want === undefined || String(want) === open || `C-${String(want)}` === open) return { status: 'passed', summary: `open: ${open ?? 'none'}` };
        return { status: 'failed', detail: `Conversation ${open ?? 'none'} is open, not ${String(want)}.`, suggestion: 'Open the expected conversation and run it again.' };
      },
    },
    { kind: 'tool', id: 'conversation', title: 'Conversation summary', tool: 'conversation.read', input: () => ({ limit: 5 }) },
    { kind: 'tool', id: 'customer', title: 'Customer summary', tool: 'customer.read' },
    { kind: 'tool', id: 'history', title: 'Earlier tickets', tool: 'ticket.history', input: () => ({ limit: 5 }) },
  ],
});
