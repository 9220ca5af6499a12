/**
 * A lookup that chooses an existing record for a form (osTicket's "Lookup or create a user",
 * a "Requester" search dialog): type into its search field as a person would (the value, then a
 * key release — typeaheads search on keyup), wait for its suggestions, choose the one that
 * carries every wanted text (an e-mail, a name) and, where the lookup has one, wait for its own
 * submit button to show. The button is returned, not pressed: the caller presses it and reads
 * what the console says.
 *
 * Where the lookup is: a profile names it by selectors (`ruleLookup`); else `findLookup` reads it
 * off the page the way a person recognises one — a dialog open over a form, holding a search
 * box that asks for an e-mail, a name or a phone.
 */
import { isVisible, normLabel } from '../text.ts';
import { queryAll } from '../query.ts';
import { collectRoots } from '../roots.ts';
import { waitFor } from '../observe.ts';
import { BUTTON_SYNONYMS } from '../synonyms.ts';
import { DIALOG } from '../dialog.ts';
import { findButtonsIn } from './button.ts';
import { key, press, typeFilter } from './events.ts';

export interface LookupRule {
  search: string;
  option: string;
  submit?: string;
  chosen: string;
}

/** A lookup on the page, by rule or by what it is. */
export interface Lookup {
  /** For reports: the rule's selector, or what was recognised. */
  name: string;
  search(): HTMLInputElement | null;
  /** The suggestions shown now. */
  options(): HTMLElement[];
  /** The lookup's own buttons to go on with a chosen suggestion, shown now (none: choosing is enough). */
  submits(): HTMLElement[];
  hasSubmit: boolean;
  /** Where the form shows the customer chosen (none known: anywhere on the page). */
  chosen(): Element[];
  /** The selector of `chosen`, when a rule names it (the next page's check looks there). */
  chosenCss?: string;
}

/** Suggestions come from the server: a few round trips at most. */
const SUGGEST_MS = 5_000;

const shown = (css: string): HTMLElement[] => queryAll(document, css).filter((el): el is HTMLElement => el instanceof HTMLElement && isVisible(el));

/** The profile's lookup, by its selectors. */
export function ruleLookup(rule: LookupRule): Lookup {
  return {
    name: rule.search,
    search: () => shown(rule.search).find((el): el is HTMLInputElement => el instanceof HTMLInputElement) ?? null,
    options: () => shown(rule.option),
    submits: () => (rule.submit ? shown(rule.submit) : []),
    hasSubmit: !!rule.submit,
    chosen: () => queryAll(document, rule.chosen),
    chosenCss: rule.chosen,
  };
}

/** What a lookup's search box asks for: a person, by address, name or phone. */
const ASKS = /(search|find|look ?up|搜索|查找|查询|检索)/i;
const FOR_PERSON = /(e-?mail|name|phone|user|customer|requester|contact|邮箱|邮件|姓名|名字|电话|手机|用户|客户|请求人|联系人)/i;
/** The button that goes on with the chosen suggestion ("Continue", 继续, "Select"). */
const GO_ON = [...BUTTON_SYNONYMS.confirm, 'continue', 'select', 'choose', 'use', 'use this', 'next', '继续', '选择', '使用', '下一步'];

function asksForPerson(input: HTMLInputElement): boolean {
  const words = [input.placeholder, input.getAttribute('aria-label') ?? '', input.title, input.name, input.id, input.className].join(' ');
  return (input.type === 'search' || ASKS.test(words)) && FOR_PERSON.test(words);
}

/**
 * A lookup open over the page: a dialog (not the form itself) holding a search box that asks
 * for a person. Suggestions are the list items (or options) that show up with the typed text;
 * its submit is a "Continue"-like button in the dialog; the choice shows in `form`.
 */
export function findLookup(doc: Document, form: Element): Lookup | null {
  for (const root of collectRoots(doc)) {
    for (const input of Array.from(root.querySelectorAll<HTMLInputElement>('input[type=search], input[type=text], input:not([type])'))) {
      if (!isVisible(input) || !asksForPerson(input)) continue;
      const box = input.closest(DIALOG);
      if (!box || !isVisible(box)) continue;
      return {
        name: `the lookup "${normLabel(input.placeholder || input.getAttribute('aria-label') || input.name)}"`,
        search: () => (input.isConnected && isVisible(input) ? input : null),
        options: () => suggestions(doc, box),
        submits: () => findButtonsIn(box, GO_ON).filter((b) => !b.disabled && (b.el as HTMLInputElement).type !== 'reset').map((b) => b.el),
        hasSubmit: true,
        // Where it shows the choice is not known: the form it fills (its text, not its inputs).
        chosen: () => [form],
      };
    }
  }
  return null;
}

/** Items of a suggestion list shown now: ARIA options, else the items of a visible list that is no navigation. */
function suggestions(doc: Document, box: Element): HTMLElement[] {
  const aria = Array.from(doc.querySelectorAll<HTMLElement>('[role=option]')).filter(isVisible);
  if (aria.length) return aria;
  return Array.from(doc.querySelectorAll<HTMLElement>('ul li, ol li')).filter((li) => isVisible(li) && !li.closest('nav, header, [role=navigation]') && (box.contains(li) || li.closest('[class*=typeahead], [class*=autocomplete], [class*=suggest], [class*=dropdown]')));
}

export type LookupPick = { ok: true; chose: string; submit: HTMLElement | null } | { ok: false; detail: string };

export async function pickInLookup(lookup: Lookup, query: string, wanted: readonly string[], signal: AbortSignal): Promise<LookupPick> {
  const input = lookup.search();
  if (!input) return { ok: false, detail: `the lookup's search field (${lookup.name}) is not open on the page` };
  typeFilter(input, query);
  key(input, query.slice(-1) || 'a');
  const want = wanted.map(normLabel).filter(Boolean);
  const option = await waitFor(() => lookup.options().find((o) => want.every((w) => normLabel(o.textContent ?? '').includes(w))) ?? null, SUGGEST_MS, signal, 50);
  if (!option) {
    const offered = lookup.options().map((o) => normLabel(o.textContent ?? '')).filter(Boolean);
    return { ok: false, detail: `the lookup suggested nothing with ${want.map((w) => `"${w}"`).join(' and ')} for "${query}"${offered.length ? ` (it offered: ${offered.slice(0, 5).join('; ')})` : ''}` };
  }
  const chose = (option.textContent ?? '').replace(/\s+/g, ' ').trim();
  // The button that goes on is the one the choice brings (osTicket shows the chosen user with
  // "Continue"); one shown before is taken only when none appears.
  const before = new Set(lookup.submits());
  press(option.querySelector('a') ?? option);
  if (!lookup.hasSubmit) return { ok: true, chose, submit: null };
  const fresh = await waitFor(() => lookup.submits().find((b) => !before.has(b)) ?? null, before.size ? 1_500 : SUGGEST_MS, signal, 50);
  const submit = fresh ?? lookup.submits()[0] ?? null;
  if (!submit) return { ok: false, detail: `after choosing "${chose}" the lookup showed no button to go on with` };
  return { ok: true, chose, submit };
}
