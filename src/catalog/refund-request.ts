import { z } from '../tools/zod.ts';
import { findFields } from '../dom/find.ts';
import { ACT_WORDS } from '../dom/synonyms.ts';
import { waitFor } from '../dom/observe.ts';
import { currentValue } from '../dom/set-value.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { recordFacts } from '../page/facts.ts';
import { fail } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { deliver } from './landed.ts';
import { recordIdOf } from './composer.ts';
import { fillValues, planValues, unverified } from './fill.ts';
import { buttonNear, foreignCommit } from './press.ts';

/** What a prepared refund holds: every part, checked. */
const prepared = z.strictObject({
  orderId: z.string().check(z.trim(), z.regex(/^[A-Z]{2,5}-\d{4,}$/, 'An order id like ORD-20261101')),
  amount: z.number().check(z.positive(), z.lte(100_000), z.multipleOf(0.01)),
  currency: z.enum(['CNY', 'USD', 'EUR']),
  reason: z.string().check(z.trim(), z.minLength(4), z.maxLength(500)),
});
/** A caller may leave parts out: they are read from the console's refund form (what R prepares). */
const input = z.partial(prepared);
type Refund = z.output<typeof prepared>;

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
  prepared,
  timeoutMs: 20_000,
  async preview(given) {
    const s = deps.model().current();
    const form = s.refundForm()?.el ?? null;
    // What the caller left out is what the agent typed into the console's own form.
    const i = { ...(form ? typedInForm(form, s.customer().fields.orderId) : {}), ...given };
    const id = recordIdOf(deps);
    const complete = prepared.safeParse(i).success;
    const plan = form && complete ? planValues(toValues(i as Refund), form) : { filled: [], missed: ['orderId', 'amount', 'currency', 'reason'] as never[], failed: [] };
    const facts = recordFacts(s, { person: 'customer' });
    return {
      ...(id ? { recordId: id } : {}),
      touches: plan.filled.map((f) => f.field),
      missing: plan.missed,
      provenance: facts.provenance,
      display: { ...i },
      input: i,
    };
  },
  async run(given, ctx) {
    // Run only ever gets a prepared (complete) input: a HIGH write is always confirmed first.
    const parsed = prepared.safeParse(given);
    if (!parsed.success) return fail('validation', 'REFUND_INCOMPLETE', 'The refund is missing its order, amount, currency or reason. Nothing was submitted.', 'Prepare it again.');
    const i = parsed.data;
    // The refund form often sits in an iframe that loads after the panel it is in (a switched conversation).
    const form = await waitFor(() => connected(deps.model().current().refundForm()?.el ?? null), 5_000, ctx.signal);
    if (!form) return fail('not_found', 'NO_REFUND_FORM', 'No refund form was found on this page.', 'Open the customer panel with its refund form.');
    // Everything is filled and checked before the submit is pressed: nothing half-done goes out.
    const report = await fillValues(toValues(i), form, ctx.signal);
    const bad = [...report.missed, ...report.failed.map((f) => f.field), ...unverified(report, form)];
    if (bad.length) {
      const why = [...Object.entries(report.tried ?? {}).map(([k, t]) => `${k}: ${t}`), ...report.failed.map((f) => `${f.field}: ${f.detail}`)].join('; ');
      return fail('failed', 'REFUND_FORM_INCOMPLETE', `Could not fill the refund form: ${[...new Set(bad)].join(', ')}. Nothing was submitted.${why ? ` ${why}.` : ''}`, 'Request the refund by hand.');
    }
    const button = buttonNear(form, BUTTON_SYNONYMS.submitRefund);
    if (!button.ok) return fail('failed', 'NO_REFUND_BUTTON', `The refund form cannot be submitted: ${button.detail}. Nothing was submitted.`, 'Submit it by hand.');
    const foreign = foreignCommit(deps, 'refundForm', button.el);
    if (foreign) return foreign;
    // Through deliver(): a refund form that posts the whole page (a classic console's Refund
    // tab) is answered by the next page, like a reply or a note.
    return deliver(
      deps,
      {
        tool: 'refund.request',
        button: button.el,
        record: 'same',
        words: {
          refused: 'REFUND_REFUSED',
          unclear: 'REFUND_UNCERTAIN',
          silent: 'REFUND_UNCONFIRMED',
          fix: 'The refund was not made. Check the amount and order.',
          check: 'Check the order on the console before requesting again.',
          acts: ACT_WORDS.refund,
        },
        data: { requested: true },
        fromNotice: (notice) => ({ refundId: /\bR-\d+\b/.exec(notice)?.[0] ?? null, message: notice }),
        timeoutMs: deps.observeMs ?? 10_000,
      },
      ctx,
    );
  },
});

const connected = (el: Element | null) => (el?.isConnected ? el : null);

/** The refund the agent typed into the console's form: order (else the customer's), amount, currency (CNY when none is shown), reason. */
function typedInForm(form: Element, customerOrder: string | undefined): Partial<Refund> {
  const { found } = findFields(['orderId', 'amount', 'currency', 'reason'], { scope: form });
  const value = (k: 'orderId' | 'amount' | 'currency' | 'reason') => {
    const f = found[k];
    return f ? currentValue(f.el, f.kind).trim() : '';
  };
  const orderId = value('orderId') || customerOrder || '';
  const amount = Number(value('amount').replace(/[^\d.]/g, ''));
  const currency = /[A-Z]{3}/.exec(value('currency'))?.[0] ?? 'CNY';
  const reason = value('reason');
  return {
    ...(orderId ? { orderId } : {}),
    ...(amount > 0 ? { amount } : {}),
    currency: currency as Refund['currency'],
    ...(reason ? { reason } : {}),
  };
}

function toValues(i: Refund) {
  return { orderId: i.orderId, amount: i.amount.toFixed(2), currency: i.currency, reason: i.reason };
}
