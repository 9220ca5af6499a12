/**
 * The choice branches of set-value (select, radio, checkbox, combobox): choose, show what is
 * chosen, list the options. set-value.ts stays THE entry for every DOM write; this folder
 * holds how each kind of choice control is driven.
 */
import { chooseInCombobox, optionsInDom, readCombobox, shownChoice, type ChoiceResult } from './combobox.ts';
import { chooseInGroup, groupOptions, shownGroup } from './group.ts';
import type { OptionLike } from './options.ts';
import { chooseNativeSelect, realOptions, selectedText } from './select.ts';

export type ChoiceKind = 'select' | 'radio' | 'checkbox' | 'combobox';

/** A combobox that wraps a native select (Choices) is driven as that select. */
function innerSelect(el: Element): HTMLSelectElement | null {
  return el.tagName === 'SELECT' ? (el as HTMLSelectElement) : el.querySelector('select');
}

export async function choose(el: Element, kind: ChoiceKind, value: string, signal?: AbortSignal): Promise<ChoiceResult> {
  switch (kind) {
    case 'select':
      return chooseNativeSelect(el as HTMLSelectElement, value, signal);
    case 'radio':
    case 'checkbox':
      return chooseInGroup(el, kind, value, signal);
    case 'combobox': {
      const native = innerSelect(el);
      return native ? chooseNativeSelect(native, value, signal) : chooseInCombobox(el as HTMLElement, value, signal);
    }
  }
}

export function shownValue(el: Element, kind: ChoiceKind): string {
  switch (kind) {
    case 'select':
      return selectedText(el as HTMLSelectElement);
    case 'radio':
    case 'checkbox':
      return shownGroup(el, kind);
    case 'combobox': {
      const native = innerSelect(el);
      return native ? selectedText(native) : shownChoice(el as HTMLElement);
    }
  }
}

/** Options readable without touching the page (a closed combobox lists none: use readOptions). */
export function optionsNow(el: Element, kind: ChoiceKind): OptionLike[] {
  if (kind === 'select') return realOptions(el as HTMLSelectElement);
  if (kind === 'radio' || kind === 'checkbox') return groupOptions(el, kind);
  const native = innerSelect(el);
  return native ? realOptions(native) : optionsInDom(el as HTMLElement);
}

/** Every option, opening a closed combobox to read its list and closing it again. */
export async function readOptions(el: Element, kind: ChoiceKind, signal?: AbortSignal): Promise<OptionLike[]> {
  const now = optionsNow(el, kind);
  if (kind !== 'combobox' || now.length) return now;
  const { options } = await readCombobox(el as HTMLElement, signal);
  return options.map(({ text, value }) => ({ text, value }));
}
