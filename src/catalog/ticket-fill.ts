import { z } from '../tools/zod.ts';
import { fail } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { quiet } from '../dom/observe.ts';
import { fillResult, fillValues, locate, readyForm, planValues, SETTLE, ticketForm, type FillReport } from './fill.ts';

const input = z.strictObject({
  title: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
  description: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(4_000))),
  priority: z.optional(z.enum(['low', 'normal', 'high', 'urgent'])),
  category: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))).check(z.describe('An option label or value as the form shows it.')),
});

export const ticketFill = (deps: CatalogDeps): WriteTool<typeof input, FillReport & { opened: boolean }> => ({
  name: 'ticket.fill',
  title: 'Fill ticket form',
  description:
    'Fill the quick-ticket form: title, description, priority (low/normal/high/urgent) and category (an option of the form), opening the form if it is closed. ' +
    'Does not submit: use ticket.submit for that, and customer.fill for the customer fields. Returns what was filled, how each field was found, and what was missed.',
  sideEffect: 'write',
  risk: 'low',
  featureFlag: 'tickets',
  facets: ['ticketForm'],
  input,
  async preview(i) {
    const { form, opener, pinned } = await ticketForm(deps, false);
    const plan = form ? planValues(i, form, opener, pinned) : { filled: [], missed: Object.keys(i) as never[], failed: [] };
    return { touches: plan.filled.map((f) => f.field), missing: plan.missed, display: { ...i, ...(plan.opensFirst ? { opensFirst: plan.opensFirst } : {}), found: Object.fromEntries(plan.filled.map((f) => [f.field, f.at])) } };
  },
  async run(i, ctx) {
    if (!Object.values(i).some((v) => v)) return fail('validation', 'NOTHING_TO_FILL', 'No field was given.', 'Pass title, description, priority or category.');
    const { form, opened } = await ticketForm(deps, true, ctx.signal);
    if (!form) return fail('not_found', 'NO_TICKET_FORM', 'No quick-ticket form was found on this page.', 'Use page.inspect to see what the page offers.');
    // The category first: a console may load the fields that belong to it (osTicket's Help
    // Topic loads the subject and message fields), which are then filled.
    const { category, ...rest } = i;
    const ready = await readyForm(deps, form, i, ctx.signal);
    const first = category ? await fillValues({ category }, ready.form, ctx.signal, ready) : null;
    if (first?.filled.length) await quiet(ready.form, SETTLE.quietMs, SETTLE.maxMs, ctx.signal);
    const then = Object.values(rest).some((v) => v) ? await fillValues(rest, ready.form, ctx.signal, first?.filled.length ? locate(deps, ready.form) : ready) : null;
    return fillResult({ ...merge(first, then), opened }, ready.form);
  },
});

/** Two fill reports as one (in the order the fields were filled). */
function merge(a: FillReport | null, b: FillReport | null): FillReport {
  const parts = [a, b].filter((r): r is FillReport => !!r);
  const tried = Object.assign({}, ...parts.map((r) => r.tried ?? {})) as FillReport['tried'];
  return {
    filled: parts.flatMap((r) => r.filled),
    missed: parts.flatMap((r) => r.missed),
    failed: parts.flatMap((r) => r.failed),
    ...(tried && Object.keys(tried).length ? { tried } : {}),
  };
}
