import { z } from '../tools/zod.ts';
import { fail, ok } from '../tools/errors.ts';
import { normLabel } from '../dom/text.ts';
import { visibleTextOf } from '../dom/visible.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { fillByLookup, lookupHere, previewLookup } from './customer-lookup.ts';
import { fillResult, fillValues, readyForm, planValues, ticketForm, type FillReport } from './fill.ts';
import { whileLeavingHands } from './landed.ts';

const input = z.strictObject({
  name: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  phone: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  email: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  orderId: z.optional(z.string().check(z.trim(), z.maxLength(60))),
});
type Input = z.output<typeof input>;

/** Empty input means "copy what the customer panel shows". */
async function valuesFor(deps: CatalogDeps, i: Input, signal?: AbortSignal): Promise<Input> {
  const given = Object.values(i).some((v) => v);
  if (given) return i;
  // A form on its own page fills the customer of the record the agent came from.
  const p = (await deps.model().customerWithFollow(signal, { cameFrom: true })).fields;
  return { name: p.name, phone: p.phone, email: p.email, orderId: p.orderId };
}

const FILL_WORDS = {
  refused: 'FILL_REFUSED',
  unclear: 'FILL_UNCERTAIN',
  silent: 'FILL_UNCONFIRMED',
  fix: 'Fix what it says and fill the customer again.',
  check: 'Check the customer on the form.',
};

/** The form shows this customer as text already (its e-mail, else its name). */
function showsCustomer(form: Element, v: Input): boolean {
  const text = normLabel(visibleTextOf(form).text);
  const id = normLabel(v.email || v.name || '');
  return !!id && text.includes(id);
}

export const customerFill = (deps: CatalogDeps): WriteTool<typeof input, FillReport & { opened: boolean; already?: boolean }> => ({
  name: 'customer.fill',
  title: 'Fill customer',
  description:
    'Fill the customer fields (name, phone, email, order ID) of the quick-ticket form, opening the form if it is closed. ' +
    'With no input it copies the customer panel. Returns which fields were filled, how each was found, and which were missed. ' +
    'Where the form chooses its customer by a lookup (osTicket\'s new-ticket user lookup) it chooses the existing customer with that e-mail or name instead, never creating one. ' +
    'For ticket title, category or description use ticket.fill.',
  sideEffect: 'write',
  risk: 'low',
  featureFlag: 'tickets',
  facets: ['ticketForm'],
  sensitiveFields: ['phone', 'email'],
  input,
  async preview(i) {
    // The same choice as the run: on a lookup form the customer is chosen, not typed.
    const lookup = lookupHere(deps);
    if (lookup) return previewLookup(lookup, await valuesFor(deps, i));
    const { form, opener, pinned } = await ticketForm(deps, false);
    const values = await valuesFor(deps, i);
    const plan = form ? planValues(values, form, opener, pinned) : { filled: [], missed: Object.keys(values) as never[], failed: [] };
    return { touches: plan.filled.map((f) => f.field), missing: plan.missed, display: { ...values, ...(plan.opensFirst ? { opensFirst: plan.opensFirst } : {}), found: Object.fromEntries(plan.filled.map((f) => [f.field, f.at])) } };
  },
  async run(i, ctx) {
    const lookup = lookupHere(deps);
    if (lookup) return fillByLookup(deps, lookup, await valuesFor(deps, i, ctx.signal), ctx);
    const { form, opened } = await ticketForm(deps, true, ctx.signal);
    if (!form) return fail('not_found', 'NO_TICKET_FORM', 'No quick-ticket form was found on this page.', 'Open the ticket form of the console, or use page.inspect.');
    const values = await valuesFor(deps, i, ctx.signal);
    if (!Object.values(values).some((v) => v)) {
      return fail('not_found', 'NOTHING_TO_FILL', 'No values were given and the customer panel shows none.', 'Pass name, phone, email or orderId.');
    }
    const ready = await readyForm(deps, form, values, ctx.signal);
    // A customer chosen in a lookup field may reload the form with them: the reloaded form decides.
    const shown = values.email || values.name;
    const fill = () => fillValues(values, ready.form, ctx.signal, ready);
    const report = shown ? await whileLeavingHands(deps, { tool: 'customer.fill', text: shown, countIn: ready.form, record: 'same', words: FILL_WORDS, data: { reloaded: true } }, ctx, fill) : await fill();
    // A form whose customer was chosen already (after a lookup reloaded it) shows them as text:
    // nothing to fill, and nothing missing.
    if (!report.filled.length && !report.failed.length && showsCustomer(ready.form, values)) return ok({ filled: [], missed: [], failed: [], opened, already: true });
    return fillResult({ ...report, opened }, ready.form);
  },
});
