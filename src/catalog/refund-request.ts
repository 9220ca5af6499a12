import { z } from 'zod';
import { findButton } from '../dom/find.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { fillValues, planValues, recordIdOf, refusalKind, statusNear, watchStatus } from './shared.ts';

const input = z.strictObject({
  orderId: z.string().trim().regex(/^[A-Z]{2,5}-\d{4,}$/, 'An order id like ORD-20261101'),
  amount: z.number().positive().max(100_000).multipleOf(0.01),
  currency: z.enum(['CNY', 'USD', 'EUR']),
  reason: z.string().trim().min(4).max(500),
});

export const refundRequest = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'refund.request',
  title: 'Request refund',
  description:
    'Request a refund of an amount in a currency for an order of the open conversation, with a reason, through the console\'s refund form. ' +
    'High risk: a person with the REFUND_APPROVER role must confirm it in the side panel; the console may still refuse it. For the order id use customer.read. Returns the refund id.',
  sideEffect: 'write',
  risk: 'high',
  requiredRole: 'REFUND_APPROVER',
  featureFlag: 'refunds',
  facets: ['refundForm', 'conversation', 'customer'],
  input,
  timeoutMs: 20_000,
  async preview(i) {
    const s = deps.model().current();
    const form = s.refundForm()?.el ?? null;
    const id = recordIdOf(deps);
    const plan = form ? planValues(toValues(i), form) : { filled: [], missed: ['orderId', 'amount', 'currency', 'reason'] as never[], failed: [] };
    return {
      recordId: id ?? undefined,
      touches: plan.filled.map((f) => f.field),
      missing: plan.missed,
      display: { conversation: id, customer: s.customer().fields.name ?? null, order: i.orderId, amount: i.amount, currency: i.currency, reason: i.reason },
    };
  },
  async run(i, ctx) {
    const form = deps.model().current().refundForm()?.el ?? null;
    if (!form) return fail('not_found', 'NO_REFUND_FORM', 'No refund form was found on this page.', 'Open the customer panel with its refund form.');
    const report = await fillValues(toValues(i), form, ctx.signal);
    if (report.missed.length || report.failed.length) {
      const bad = [...report.missed, ...report.failed.map((f) => f.field)];
      return fail('failed', 'REFUND_FORM_INCOMPLETE', `Could not fill the refund form: ${bad.join(', ')}. Nothing was submitted.`, 'Request the refund by hand.');
    }
    const button = findButton(BUTTON_SYNONYMS.submitRefund, { scope: form });
    if (!button) return fail('failed', 'NO_REFUND_BUTTON', 'The refund form has no submit button deskhand can find. Nothing was submitted.', 'Submit it by hand.');
    const status = statusNear(form, deps);
    const before = status?.textContent ?? '';
    button.click();
    const seen = await watchStatus(status, form, deps.observeMs ?? 10_000, ctx.signal, before);
    if (seen.kind === 'done') return ok({ requested: true, refundId: /\bR-\d+\b/.exec(seen.value)?.[0] ?? null, message: seen.value });
    if (seen.kind === 'error') {
      const kind = refusalKind(seen.detail);
      return fail(kind, kind === 'failed' ? 'REFUND_REFUSED' : 'REFUND_UNCERTAIN', `The console answered: ${seen.detail}`, kind === 'failed' ? 'The refund was not made. Check the amount and order.' : 'Check the order on the console before requesting again.');
    }
    return fail('uncertain', 'REFUND_UNCONFIRMED', 'The console showed no result for the refund.', 'Check the order on the console before requesting again.');
  },
});

function toValues(i: z.output<typeof input>) {
  return { orderId: i.orderId, amount: i.amount.toFixed(2), currency: i.currency, reason: i.reason };
}
