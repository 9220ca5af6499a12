import { z } from '../tools/zod.ts';
import { findButtonIn } from '../dom/controls/button.ts';
import { triedFor } from '../dom/find.ts';
import { emptyRequired } from '../dom/required.ts';
import { ACT_WORDS, BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { fail } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { FoundField } from '../dom/find.ts';
import type { CatalogDeps } from './deps.ts';
import { isVisible } from '../dom/text.ts';
import { deliver } from './landed.ts';
import { currentOf, opensFirst, ticketForm } from './fill.ts';
import { buttonNear, foreignCommit } from './press.ts';

const input = z.strictObject({});
/** Values on a card are cut here: the card shows them, the submit compares them. */
const SHOWN_MAX = 4_000;
/**
 * What a confirmed submit was shown on its card (a console profile may ask for one:
 * `quickTicket.confirm`): the form's title, category and description as the agent reads them.
 * The submit goes ahead only while the form still shows exactly these.
 */
const prepared = z.strictObject({
  title: z.optional(z.string().check(z.maxLength(SHOWN_MAX))),
  category: z.optional(z.string().check(z.maxLength(SHOWN_MAX))),
  description: z.optional(z.string().check(z.maxLength(SHOWN_MAX))),
});
type Shown = z.output<typeof prepared>;
/** The id a console shows for a new ticket: `T-10001`, `#194171`. */
function ticketIdIn(text: string): string | null {
  return /\b([A-Z]{1,3}-\d{3,})\b/.exec(text)?.[1] ?? /#\s?(\d{3,})\b/.exec(text)?.[1] ?? null;
}

export const ticketSubmit = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'ticket.submit',
  title: 'Submit ticket',
  description:
    'Submit the quick-ticket form as it is now, after checking that title, category and description are filled. ' +
    'Returns the new ticket id the console shows and its notice; an error notice is a failure with its text, no answer is uncertain. To fill the form first use ticket.fill, customer.fill and category.match.',
  sideEffect: 'write',
  risk: 'medium',
  featureFlag: 'tickets',
  facets: ['ticketForm'],
  input,
  prepared,
  async preview() {
    const { form, opener, pinned } = await ticketForm(deps, false);
    if (!form) return { missing: ['ticket form'] };
    const { found, missing, empty } = emptyRequired(form, pinned);
    const values = shownOf(found);
    const first = opensFirst(form, opener);
    // The input a confirmation card shows (and the submit holds the form to).
    return { touches: ['submit'], missing: [...missing, ...empty.filter((k) => !missing.includes(k))], display: { ...values, ...(first ? { opensFirst: first } : {}) }, input: values };
  },
  async run(given, ctx) {
    const { form, pinned } = await ticketForm(deps, false);
    if (!form) return fail('not_found', 'NO_TICKET_FORM', 'No quick-ticket form was found.', 'Open the ticket form first.');
    const { found, missing, empty } = emptyRequired(form, pinned);
    // A confirmed submit: only the ticket the person saw on the card.
    const changed = changedSince(given as Shown, shownOf(found));
    if (changed.length) {
      return fail('failed', 'FORM_CHANGED', `The form no longer shows what was confirmed (${changed.join(', ')}). Nothing was submitted.`, 'Check the form and submit it again.', {
        fields: changed.map((path) => ({ path, message: 'changed since it was confirmed' })),
      });
    }
    if (empty.length) {
      const why = missing.map((k) => `${k}: ${triedFor(k, form)}`).join('; ');
      return fail('validation', 'REQUIRED_EMPTY', `Required fields are empty: ${empty.join(', ')}.${why ? ` Not found: ${why}.` : ''}`, 'Fill them (ticket.fill, category.match) and submit again.', {
        fields: empty.map((path) => ({ path, message: missing.includes(path) ? 'not found' : 'required' })),
      });
    }
    // The profile's submit (osTicket's "Open" has no submit-like word), else one named like it.
    const own = deps.model().current().submit('ticketForm') ?? null;
    const named = own ? null : buttonNear(form, BUTTON_SYNONYMS.submitTicket);
    const sole = named && !named.ok ? (soleSubmit(form) ?? sendInside(form)) : null;
    const button = own ? { ok: true as const, el: own } : sole ? { ok: true as const, el: sole } : named!;
    if (!button.ok) return fail('not_found', 'NO_SUBMIT_BUTTON', `The ticket form cannot be submitted: ${button.detail}.`, 'Submit it by hand.');
    // The submit must be the form's own (inside it, its submitter, in its dialog), never another job's control.
    const foreign = foreignCommit(deps, 'ticketForm', button.el);
    if (foreign) return foreign;
    // The browser would refuse to send it (an e-mail box holding a name, a required box left
    // empty): said now, with the browser's own words, instead of a press that shows nothing.
    const invalid = browserInvalid(form, button.el);
    if (invalid.length) {
      return fail('validation', 'FORM_INVALID', `The browser will not send the form: ${invalid.map((c) => `${c.name}: ${c.message}`).join('; ')}. Nothing was submitted.`, 'Fix these fields and submit again.', {
        fields: invalid.map((c) => ({ path: c.name, message: c.message })),
      });
    }
    const title = currentOf(found.title!).trim();
    return deliver(
      deps,
      {
        tool: 'ticket.submit',
        button: button.el,
        ...(title ? { text: title } : {}),
        record: 'new',
        ready: deps.model().current().ready('ticketForm'),
        words: {
          refused: 'CONSOLE_REFUSED',
          unclear: 'SUBMIT_UNCERTAIN',
          silent: 'SUBMIT_UNCONFIRMED',
          fix: 'Fix what it says and submit again.',
          check: 'Check the ticket list before submitting again.',
          acts: ACT_WORDS.ticket,
        },
        data: { submitted: true, ticketId: null },
        fromNotice: (notice) => {
          const id = ticketIdIn(notice);
          return { message: notice, ...(id ? { ticketId: id } : {}) };
        },
        timeoutMs: deps.observeMs ?? 8_000,
      },
      ctx,
    );
  },
});

/** The form's title, category and description as the agent reads them (a choice by its words). */
function shownOf(found: Partial<Record<string, FoundField>>): Shown {
  const out: Shown = {};
  for (const key of ['title', 'category', 'description'] as const) {
    const f = found[key];
    if (f) out[key] = currentOf(f).trim().slice(0, SHOWN_MAX);
  }
  return out;
}

/** The keys a confirmed call named whose value the form no longer shows. */
function changedSince(expected: Shown, now: Shown): (keyof Shown)[] {
  return (Object.keys(expected) as (keyof Shown)[]).filter((k) => expected[k] !== undefined && expected[k] !== now[k]);
}

/**
 * A mail-style new conversation is sent, not submitted (FreeScout's "Send" / 发送, Help
 * Scout's): a Send button inside the form itself, never one around it (a reply box's).
 */
function sendInside(form: Element): HTMLElement | null {
  const hit = findButtonIn(form, BUTTON_SYNONYMS.send);
  return hit && !hit.disabled ? hit.el : null;
}

/**
 * The form's controls the browser's own validation stops a submit on (HTML constraint
 * validation: type=email, required, pattern), unless the form or its button opts out.
 * https://html.spec.whatwg.org/multipage/form-control-infrastructure.html#constraint-validation
 */
function browserInvalid(form: Element, button: HTMLElement): { name: string; message: string }[] {
  const f = form.tagName === 'FORM' ? (form as HTMLFormElement) : form.closest('form');
  if (!f || f.noValidate || button.hasAttribute('formnovalidate')) return [];
  // Only a submit button of this form makes the browser validate: a type=button whose script
  // posts the form (FreeScout's Send) is never stopped by it.
  const b = button as HTMLButtonElement;
  if (!/^(BUTTON|INPUT)$/.test(button.tagName) || !/^(submit|image)$/.test(b.type) || b.form !== f) return [];
  const controls = Array.from(f.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'));
  // `validity`, not checkValidity(): that fires "invalid" at the page, which may show its own errors.
  return controls
    .filter((c) => !c.disabled && c.willValidate && !c.validity.valid)
    .map((c) => ({ name: c.getAttribute('name') || c.id || c.tagName.toLowerCase(), message: c.validationMessage }));
}

/** A form's only submit button is its submit, whatever it is called ("Open"). */
function soleSubmit(form: Element): HTMLElement | null {
  const submits = Array.from(form.querySelectorAll<HTMLElement>('button[type=submit], button:not([type]), input[type=submit]')).filter((b) => isVisible(b) && !(b as HTMLButtonElement).disabled);
  return submits.length === 1 ? submits[0]! : null;
}
