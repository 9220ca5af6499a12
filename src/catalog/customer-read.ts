import { z } from 'zod';
import { readProfile } from '../dom/read.ts';
import { fail, ok } from '../tools/errors.ts';
import { maskEmail, maskPhone } from '../tools/mask.ts';
import type { ReadTool } from '../tools/types.ts';

const input = z.strictObject({});

export const customerRead = (): ReadTool<typeof input, unknown> => ({
  name: 'customer.read',
  title: 'Read customer profile',
  description:
    'Read the profile of the customer in the open conversation from the customer panel: name, phone, email, order ID, membership. ' +
    'Use it for who the customer is and which order is involved. Phone and email are masked for you; never ask for them. ' +
    'For what the customer said use conversation.read; for earlier tickets use ticket.history.',
  sideEffect: 'read',
  pageTypes: ['conversation', 'customer'],
  sensitiveFields: ['phone', 'email'],
  input,
  async run(_input, ctx) {
    const { fields, found } = readProfile();
    if (!found || Object.keys(fields).length === 0) {
      return fail('not_found', 'NO_CUSTOMER_PANEL', 'No customer profile is visible on this page.', 'Open a conversation with its customer panel.');
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
