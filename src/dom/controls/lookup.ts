/**
 * A lookup that chooses an existing record for a form (osTicket's "Lookup or create a user"):
 * type into its search field as a person would (the value, then a key release — typeaheads
 * search on keyup), wait for its suggestions, choose the one that carries every wanted text
 * (an e-mail, a name) and, where the lookup has one, wait for its own submit button to show.
 * The button is returned, not pressed: the caller presses it and reads what the console says.
 */
import { isVisible, normLabel } from '../text.ts';
import { queryAll } from '../query.ts';
import { waitFor } from '../observe.ts';
import { key, press, typeFilter } from './events.ts';

export interface LookupRule {
  search: string;
  option: string;
  submit?: string;
  chosen: string;
}

/** Suggestions come from the server: a few round trips at most. */
const SUGGEST_MS = 5_000;

const shown = (css: string): HTMLElement[] => queryAll(document, css).filter((el): el is HTMLElement => el instanceof HTMLElement && isVisible(el));

export type LookupPick = { ok: true; chose: string; submit: HTMLElement | null } | { ok: false; detail: string };

export async function pickInLookup(rule: LookupRule, query: string, wanted: readonly string[], signal: AbortSignal): Promise<LookupPick> {
  const input = shown(rule.search).find((el): el is HTMLInputElement => el instanceof HTMLInputElement);
  if (!input) return { ok: false, detail: `the lookup's search field (${rule.search}) is not open on the page` };
  typeFilter(input, query);
  key(input, query.slice(-1) || 'a');
  const want = wanted.map(normLabel).filter(Boolean);
  const option = await waitFor(() => shown(rule.option).find((o) => want.every((w) => normLabel(o.textContent ?? '').includes(w))) ?? null, SUGGEST_MS, signal, 50);
  if (!option) {
    const offered = shown(rule.option).map((o) => normLabel(o.textContent ?? '')).filter(Boolean);
    return { ok: false, detail: `the lookup suggested nothing with ${want.map((w) => `"${w}"`).join(' and ')} for "${query}"${offered.length ? ` (it offered: ${offered.slice(0, 5).join('; ')})` : ''}` };
  }
  const chose = (option.textContent ?? '').replace(/\s+/g, ' ').trim();
  press(option.querySelector('a') ?? option);
  if (!rule.submit) return { ok: true, chose, submit: null };
  const submit = await waitFor(() => shown(rule.submit!)[0] ?? null, SUGGEST_MS, signal, 50);
  if (!submit) return { ok: false, detail: `after choosing "${chose}" the lookup showed no ${rule.submit} to go on with` };
  return { ok: true, chose, submit };
}
