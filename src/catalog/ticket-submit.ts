import { z } from 'zod';
import { findButton, findFields } from '../dom/find.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { currentOf, refusalKind, statusNear, ticketForm, watchStatus } from './shared.ts';

const input = z.strictObject({});
const REQUIRED = ['title', 'category', 'description'] as const;

export const ticketSubmit = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'ticket.submit',
  title: 'Submit ticket',
  description:
    'Submit the quick-ticket form as it is now, after checking that title, category and description are filled. ' +
    'Returns the new ticket id the console shows. To fill the form first use ticket.fill, customer.fill and category.match.',
  sideEffect: 'write',
  risk: 'medium',
  featureFlag: 'tickets',
  facets: ['ticketForm'],
  input,
  async preview() {
    const { form } = await ticketForm(deps, false);
    if (!form) return { missing: ['ticket form'] };
    const { found, missing } = findFields(REQUIRED, { scope: form, includeHidden: true });
    const values = Object.fromEntries(Object.entries(found).map(([k, f]) => [k, currentOf(f!)]));
    const empty = REQUIRED.filter((k) => !values[k]);
    return { touches: ['submit'], missing: [...missing, ...empty.filter((k) => !missing.includes(k))], display: values };
  },
  async run(_i, ctx) {
    const { form } = await ticketForm(deps, false);
    if (!form) return fail('not_found', 'NO_TICKET_FORM', 'No quick-ticket form was found.', 'Open the ticket form first.');
    const { found } = findFields(REQUIRED, { scope: form });
    const empty = REQUIRED.filter((k) => !found[k] || !currentOf(found[k]!));
    if (empty.length) {
      return fail('validation', 'REQUIRED_EMPTY', `Required fields are empty: ${empty.join(', ')}.`, 'Fill them (ticket.fill, category.match) and submit again.', {
        fields: empty.map((path) => ({ path, message: 'required' })),
      });
    }
    const button = findButton(BUTTON_SYNONYMS.submitTicket, { scope: form });
    if (!button) return fail('not_found', 'NO_SUBMIT_BUTTON', 'The ticket form has no submit button deskhand can find.', 'Submit it by hand.');
    const status = statusNear(form, deps);
    const before = status?.textContent ?? '';
    button.click();
    const seen = await watchStatus(status, form, deps.observeMs ?? 8_000, ctx.signal, before);
    if (seen.kind === 'done') {
      const ticketId = /\b([A-Z]{1,3}-\d{3,})\b/.exec(seen.value)?.[1] ?? null;
      return ok({ submitted: true, ticketId, message: seen.value });
    }
    if (seen.kind === 'error') {
      const kind = refusalKind(seen.detail);
      return fail(kind, kind === 'failed' ? 'CONSOLE_REFUSED' : 'SUBMIT_UNCERTAIN', `The console answered: ${seen.detail}`, kind === 'failed' ? 'Fix what it says and submit again.' : 'Check the ticket list before submitting again.');
    }
    return fail('uncertain', 'SUBMIT_UNCONFIRMED', 'The console showed no result after submitting.', 'Check the ticket list before submitting again.');
  },
});
