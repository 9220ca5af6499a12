import { z } from '../tools/zod.ts';
import { fail, ok } from '../tools/errors.ts';
import { maskEmail, maskPhone } from '../tools/mask.ts';
import type { ReadTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';

const input = z.strictObject({});

export const customerRead = (deps: CatalogDeps): ReadTool<typeof input, unknown> => ({
  name: 'customer.read',
  title: 'Read customer profile',
  description:
    'Read the profile of the customer of the open conversation or ticket: name, phone, email, order ID, membership, as the console shows them (customer panel, record header, or the customer page it links to). ' +
    'Use it for who the customer is and which order is involved. Phone and email are masked for you; never ask for them. ' +
    'For what the customer said use conversation.read; for earlier tickets use ticket.history.',
  sideEffect: 'read',
  facets: ['customer', 'conversation'],
  sensitiveFields: ['phone', 'email'],
  input,
  async run(_input, ctx) {
    const { fields } = await deps.model().customerWithFollow(ctx.signal);
    if (Object.keys(fields).length === 0) {
      return fail('not_found', 'NO_CUSTOMER_PANEL', 'No customer details are visible on this page.', 'Open a conversation with its customer panel, or use page.inspect.');
    }
    if (ctx.caller !== 'llm') return ok({ ...fields });
    return ok({
      ...fields,
      ...(fields.phone ? { phone: maskPhone(fields.phone) } : {}),
      ...(fields.email ? { email: maskEmail(fields.email) } : {}),
      masked: ['phone', 'email'],
    });
  },
});
