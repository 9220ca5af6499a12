/**
 * Filling a set of form fields (the quick-ticket form, a refund form) with a report of what
 * was filled, missed or refused, and opening the ticket form through the console's own button.
 */
import { findButtonIn, type FoundButton } from '../dom/controls/button.ts';
import { press, restoreFocus, sleep } from '../dom/controls/events.ts';
import { describeEl } from '../dom/describe.ts';
import { findFields, triedFor, type Control, type FoundField } from '../dom/find.ts';
import { waitFor } from '../dom/observe.ts';
import { currentValue, setValue } from '../dom/set-value.ts';
import { BUTTON_SYNONYMS, type FieldKey } from '../dom/synonyms.ts';
import { isVisible, normLabel } from '../dom/text.ts';
import { fail, ok } from '../tools/errors.ts';
import type { RunResult } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';

/** Field names as agents read them in a report ("missed: 邮箱"). */
export const FIELD_TITLES: Record<FieldKey, { zh: string; en: string }> = {
  name: { zh: '姓名', en: 'name' },
  phone: { zh: '手机', en: 'phone' },
  email: { zh: '邮箱', en: 'email' },
  orderId: { zh: '订单号', en: 'order ID' },
  membership: { zh: '会员等级', en: 'membership' },
  title: { zh: '标题', en: 'title' },
  category: { zh: '分类', en: 'category' },
  priority: { zh: '优先级', en: 'priority' },
  description: { zh: '描述', en: 'description' },
  amount: { zh: '金额', en: 'amount' },
  currency: { zh: '币种', en: 'currency' },
  reason: { zh: '原因', en: 'reason' },
  note: { zh: '备注', en: 'note' },
  queue: { zh: '队列', en: 'queue' },
  agent: { zh: '处理人', en: 'agent' },
  reply: { zh: '回复', en: 'reply' },
};

export interface FillReport {
  /** `at` names the control (for reports, and to compare a dry run with its run). */
  filled: { field: FieldKey; value: string; via: string; at: string }[];
  missed: FieldKey[];
  failed: { field: FieldKey; detail: string }[];
  /** For each missed field: what was looked for, and where. */
  tried?: Partial<Record<FieldKey, string>>;
  /** Dry runs: the container the run opens first ("the ticket form, through the button 新建工单"). */
  opensFirst?: string;
}

/** After a choice, a form that loads the fields belonging to it is done once it has been still this long. */
export const SETTLE = { quietMs: 250, maxMs: 3_000 } as const;

/** How long a console's own "open the form" button may take to show the form. */
const OPEN_FORM_MS = 2_000;

/** The quick-ticket form, opening it through the console's own button when it is closed. */
export async function ticketForm(deps: CatalogDeps, open: boolean, signal?: AbortSignal): Promise<{ form: Element | null; opened: boolean; opener: FoundButton | null; pinned: Pins }> {
  const s = deps.model().current();
  const form = s.ticketForm()?.el ?? null;
  const pinned = s.formPins('ticketForm');
  if (!form) return { form: null, opened: false, opener: null, pinned };
  if (isVisible(form)) return { form, opened: false, opener: null, pinned };
  const opener = findButtonIn(document, BUTTON_SYNONYMS.openTicket);
  if (!open || !opener || opener.disabled) return { form, opened: false, opener, pinned };
  press(opener.el);
  for (let waited = 0; !isVisible(form) && waited < OPEN_FORM_MS; waited += 50) await sleep(50, signal);
  return { form, opened: isVisible(form), opener, pinned };
}

/** The fields a profile names by example, by key (Snapshot.formPins). */
export type Pins = Partial<Record<FieldKey, Element>>;

/** How a fill finds its fields: the controls listed for the form, and the profile's pinned ones. */
export interface Located {
  controls?: readonly Control[];
  pinned?: Pins;
}

/** The form's controls and pinned fields as the page shows them now (after a choice reloaded some). */
export function locate(deps: CatalogDeps, form: Element): { controls: Control[]; pinned: Pins } {
  const s = deps.model().current();
  return { controls: s.controls(form), pinned: s.formPins('ticketForm') };
}

/** How long a found form may take to render its fields (a micro-frontend's iframe, a lazy component). */
const FIELDS_MS = 3_000;

/**
 * The ticket form and its controls once at least one of the given fields is among them. A
 * console can show a box where the form will be before the form exists (a placeholder that
 * its framework replaces, an iframe still loading): the form is looked up again on each
 * change, so the one that renders later is the one filled. Gives up after FIELDS_MS with
 * what is there.
 */
export async function readyForm(deps: CatalogDeps, form: Element, values: Partial<Record<FieldKey, string>>, signal: AbortSignal): Promise<{ form: Element; controls: Control[]; pinned: Pins }> {
  const keys = givenKeys(values);
  const now = () => {
    const f = deps.model().current().ticketForm()?.el ?? form;
    return { form: f, ...locate(deps, f) };
  };
  if (!keys.length) return now();
  // waitFor checks at once, then on each change.
  const ready = () => {
    const r = now();
    return Object.keys(findFields(keys, { scope: r.form, controls: r.controls, pinned: r.pinned }).found).length ? r : null;
  };
  return (await waitFor(ready, FIELDS_MS, signal)) ?? now();
}

/**
 * A fill that filled nothing is not a success: the report comes back as the error's
 * detail (what was looked for, where), so no hotkey or flow says "filled" over it.
 */
export function fillResult<T extends FillReport>(report: T, form: Element): RunResult<T> {
  if (report.filled.length) return ok(report);
  if (report.failed.length) {
    const why = report.failed.map((f) => `${f.field}: ${f.detail}`).join('; ');
    return fail('failed', 'FIELDS_NOT_TAKEN', `The ticket form did not take any value (${why}).`, 'Fill the form by hand, or use page.inspect to see its fields.');
  }
  const tried = Object.values(report.tried ?? {}).slice(0, 1).join('');
  return fail('not_found', 'NO_FORM_FIELDS', `The ticket form (${describeEl(form)}) shows none of the fields ${report.missed.join(', ')}${tried ? `: ${tried}` : ''}.`, 'Wait until the form has loaded, or use page.inspect to see what it offers.');
}

/** Dry runs: "would open the form first" when it is closed. */
export function opensFirst(form: Element, opener: FoundButton | null): string | undefined {
  if (isVisible(form)) return undefined;
  return opener ? `${describeEl(form)}, through the console's button "${opener.label}"` : `${describeEl(form)} (closed; no button that opens it was found)`;
}

/** The fields that were given a value (empty strings mean "leave as it is"). */
const givenKeys = (values: Partial<Record<FieldKey, string>>): FieldKey[] =>
  (Object.keys(values) as FieldKey[]).filter((k) => values[k] !== undefined && values[k] !== '');

/** Fills what it can, reports the rest. Never throws. */
export async function fillValues(
  values: Partial<Record<FieldKey, string>>,
  scope: Element | Document,
  signal: AbortSignal,
  located: Located = {},
): Promise<FillReport> {
  const keys = givenKeys(values);
  const { found, missing } = findFields(keys, { scope, ...located });
  const report: FillReport = { filled: [], missed: [...missing], failed: [], ...triedReport(missing, scope) };
  const previous = document.activeElement;
  try {
    for (const key of keys) {
      const f = found[key];
      if (!f) continue;
      signal.throwIfAborted();
      const res = await setValue(f.el, f.kind, values[key]!, signal);
      if (res.ok) report.filled.push({ field: key, value: res.value, via: f.via, at: controlName(f.el) });
      else report.failed.push({ field: key, detail: res.detail ?? 'not accepted' });
    }
  } finally {
    // Filling moves focus through the form; the agent's place on the page is given back.
    restoreFocus(previous);
  }
  return report;
}

/** A control's readable name in reports: tag, id, classes, and its form name. */
export function controlName(el: Element): string {
  const name = el.getAttribute('name');
  return `${describeEl(el)}${name ? `[name="${name}"]` : ''}`;
}

function triedReport(missing: readonly FieldKey[], scope: Element | Document): Pick<FillReport, 'tried'> {
  return missing.length ? { tried: Object.fromEntries(missing.map((k) => [k, triedFor(k, scope)])) } : {};
}

/**
 * Dry-run twin of fillValues: which fields would be filled and how they were found — by the
 * same locator the run uses (no hidden controls a run would miss), plus what the run opens first.
 */
export function planValues(values: Partial<Record<FieldKey, string>>, scope: Element | Document, opener: FoundButton | null = null, pinned?: Pins): FillReport {
  const keys = givenKeys(values);
  const { found, missing } = findFields(keys, { scope, ...(pinned ? { pinned } : {}) });
  const first = scope.nodeType === Node.ELEMENT_NODE ? opensFirst(scope as Element, opener) : undefined;
  return {
    filled: keys.filter((k) => found[k]).map((k) => ({ field: k, value: values[k]!, via: (found[k] as FoundField).via, at: controlName(found[k]!.el) })),
    missed: missing,
    failed: [],
    ...triedReport(missing, scope),
    ...(first ? { opensFirst: first } : {}),
  };
}

/** After filling and before any submit: every filled field still shows its value (else nothing is submitted). */
export function unverified(report: FillReport, scope: Element | Document, pinned?: Pins): FieldKey[] {
  const { found } = findFields(report.filled.map((f) => f.field), { scope, ...(pinned ? { pinned } : {}) });
  return report.filled
    .filter((f) => {
      const el = found[f.field];
      const now = el ? normLabel(currentValue(el.el, el.kind)) : '';
      const want = normLabel(f.value);
      return !el || !(now === want || now.includes(want) || (now && want.includes(now)));
    })
    .map((f) => f.field);
}

export function currentOf(f: FoundField): string {
  return currentValue(f.el, f.kind);
}
