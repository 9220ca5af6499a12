import { z } from 'zod';
import { createToolCore, ok, type InvokeCtx, type RegistryOptions } from '../../src/tools/index.ts';

export const ctx = (over: Partial<InvokeCtx> = {}): InvokeCtx => ({
  caller: 'hotkey',
  facets: ['conversation'],
  features: { kb: true },
  roles: [],
  ...over,
});

/** A small but real catalog: each grade once, plus helpers to observe side effects. */
export function makeCore(opts: RegistryOptions = {}) {
  const effects = { notes: [] as string[], refunds: [] as unknown[], sent: [] as string[], reads: 0 };
  const page: { conversationId: string; headingId?: string } = { conversationId: 'C-1' };
  const core = createToolCore(opts);
  core.registry.register({
      name: 'kb.search',
      title: 'Search KB',
      description: 'Search the knowledge base.',
      sideEffect: 'read',
      featureFlag: 'kb',
      input: z.strictObject({ query: z.string().min(2), limit: z.number().int().min(1).max(50).default(5) }),
      run: async (input) => {
        effects.reads += 1;
        return ok({ hits: Array.from({ length: input.limit }, (_, i) => ({ id: i, title: `${input.query} ${i}` })) });
      },
    });
  core.registry.register({
      name: 'conversation.read',
      title: 'Read conversation',
      description: 'Messages of the open conversation.',
      sideEffect: 'read',
      facets: ['conversation'],
      input: z.strictObject({}),
      run: async () => ok({ id: page.conversationId, messages: [] }),
    });
  core.registry.register({
      name: 'note.add',
      title: 'Add note',
      description: 'Add an internal note.',
      sideEffect: 'write',
      risk: 'low',
      input: z.strictObject({ text: z.string().min(1).max(500) }),
      preview: async (input) => ({ touches: ['note'], display: { text: input.text } }),
      run: async (input) => {
        effects.notes.push(input.text);
        return ok({ added: true });
      },
    });
  core.registry.register({
      name: 'refund.request',
      title: 'Request refund',
      description: 'Request a refund.',
      sideEffect: 'write',
      risk: 'high',
      requiredRole: 'REFUND_APPROVER',
      input: z.strictObject({
        orderId: z.string().regex(/^ORD-\d+$/),
        amount: z.number().positive().max(10_000),
        currency: z.enum(['CNY', 'USD', 'EUR']),
        reason: z.string().min(4),
      }),
      preview: async (input) => ({ recordId: page.conversationId, display: { ...input } }),
      run: async (input) => {
        effects.refunds.push(input);
        return ok({ refundId: `R-${effects.refunds.length}` });
      },
    });
  core.registry.register({
      name: 'reply.send',
      title: 'Send reply',
      description: 'Send a message to the customer.',
      sideEffect: 'send',
      risk: 'high',
      sensitiveFields: ['text'],
      input: z.strictObject({ text: z.string().min(1) }),
      run: async (input) =>
        ok({
          recordId: page.conversationId,
          provenance: [
            { field: 'conversation', value: page.conversationId, source: 'attribute' as const },
            ...(page.headingId ? [{ field: 'conversation', value: page.headingId, source: 'heading' as const }] : []),
          ],
          display: { text: input.text },
        }),
      deliver: async (input) => {
        effects.sent.push(input.text);
        return ok({ delivered: true });
      },
    });
  return { ...core, effects, page };
}
