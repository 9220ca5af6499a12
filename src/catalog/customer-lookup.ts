/**
 * customer.fill on a form whose customer is chosen by a lookup, not typed in (osTicket's "Open
 * a New Ticket": the page opens "Lookup or create a user" by itself; its user row has no
 * name, e-mail or phone fields). There, filling the customer means choosing the existing
 * customer with that e-mail (else phone, else name): search, choose the suggestion that shows
 * the e-mail and the name, press the lookup's own submit and see the form show that customer
 * — on this page, or on the page the console loads with the choice. It never creates a
 * customer, and fields the form does not take (phone, order ID) are reported as missed.
 */
import { findLookup, pickInLookup, ruleLookup, type Lookup } from '../dom/controls/lookup.ts';
import { normLabel } from '../dom/text.ts';
import type { FieldKey } from '../dom/synonyms.ts';
import { fail, ok } from '../tools/errors.ts';
import type { RunCtx, RunResult, ToolPreview } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { deliver } from './landed.ts';
import type { FillReport } from './fill.ts';

export type CustomerValues = Partial<Record<'name' | 'phone' | 'email' | 'orderId', string | undefined>>;

/**
 * The lookup this page chooses its customer through: the profile's (open, or already chosen),
 * else one open over the ticket form that asks for a person (dom/controls/lookup.ts findLookup).
 */
export function lookupHere(deps: CatalogDeps): Lookup | null {
  const s = deps.model().current();
  const rule = s.customerLookup();
  if (rule) {
    const l = ruleLookup(rule);
    return l.search() || l.chosen().length ? l : null;
  }
  const form = s.ticketForm()?.el;
  return form ? findLookup(document, form) : null;
}

const chosenText = (l: Lookup) => normLabel(l.chosen().map((el) => el.textContent ?? '').join(' '));

type Key = keyof CustomerValues & FieldKey;

function report(l: Lookup, v: CustomerValues, took: readonly Key[]): FillReport {
  const given = (Object.keys(v) as Key[]).filter((k) => v[k]);
  const missed = given.filter((k) => !took.includes(k));
  return {
    filled: took.map((k) => ({ field: k, value: v[k]!, via: 'lookup', at: l.chosenCss ?? l.name })),
    missed,
    failed: [],
    ...(missed.length ? { tried: Object.fromEntries(missed.map((k) => [k, `this form takes its customer from a lookup (${l.name}); it has no ${k} field`])) } : {}),
  };
}

/** Dry runs: what the run would choose, through which lookup (nothing is typed or chosen). */
export function previewLookup(l: Lookup, v: CustomerValues): ToolPreview {
  const took: Key[] = (['email', 'name'] as const).filter((k) => v[k]);
  const r = report(l, v, took);
  return { touches: took, missing: r.missed, display: { ...v, via: `the customer lookup ${l.name}${l.chosenCss ? `, shown in ${l.chosenCss}` : ''}` } };
}

export type LookupReport = FillReport & { opened: boolean; already?: boolean; chose?: string };

export async function fillByLookup(deps: CatalogDeps, rule: Lookup, v: CustomerValues, ctx: RunCtx): Promise<RunResult<LookupReport>> {
  const wanted = ([v.email, v.name].filter(Boolean) as string[]).map(normLabel);
  const took: Key[] = (['email', 'name'] as const).filter((k) => v[k]);
  if (!took.length) return fail('validation', 'LOOKUP_NEEDS_IDENTITY', 'This form chooses an existing customer by a lookup: give the e-mail or the name.', 'Pass email (best) or name.');
  if (wanted.every((w) => chosenText(rule).includes(w))) return ok({ ...report(rule, v, took), opened: false, already: true });
  const pick = await pickInLookup(rule, v.email || v.phone || v.name || '', wanted, ctx.signal);
  if (!pick.ok) return fail('not_found', 'CUSTOMER_NOT_FOUND', `No existing customer could be chosen: ${pick.detail}.`, 'Check the e-mail, or choose or create the customer by hand.');
  const data = { ...report(rule, v, took), opened: false, chose: pick.chose };
  const text = v.email || v.name || '';
  if (!pick.submit) {
    const shown = wanted.every((w) => chosenText(rule).includes(w));
    return shown ? ok(data) : fail('uncertain', 'LOOKUP_UNCONFIRMED', `"${pick.chose}" was chosen, but the form does not show it.`, 'Check the customer on the form.');
  }
  // The report is the data; deliver adds what the console showed (notice, seen).
  return (await deliver(
    deps,
    {
      tool: 'customer.fill',
      button: pick.submit,
      text,
      // Where no rule names where the choice shows, the form it fills is what is counted first.
      ...(rule.chosenCss ? { within: rule.chosenCss } : rule.chosen()[0] ? { countIn: rule.chosen()[0]! } : {}),
      record: 'same',
      words: {
        refused: 'LOOKUP_REFUSED',
        unclear: 'LOOKUP_UNCERTAIN',
        silent: 'LOOKUP_UNCONFIRMED',
        fix: 'Fix what it says and choose the customer again.',
        check: 'Check the customer on the form.',
      },
      data,
      // The console answers with a server round trip and, on osTicket, a reload of the form.
      timeoutMs: deps.observeMs ?? 10_000,
    },
    ctx,
  )) as RunResult<LookupReport>;
}
