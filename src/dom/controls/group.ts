/**
 * Radio and checkbox groups as people see them: a `fieldset` with a `legend`, a
 * `role=radiogroup`, native radios sharing a `name`, custom `role=radio` /
 * `role=checkbox` items, or a segmented control — sibling toggle buttons (`aria-pressed`)
 * of which at most one is pressed, which is one choice like radios
 * (https://www.w3.org/WAI/ARIA/apg/patterns/button/: a toggle button's state is `aria-pressed`). A group is addressed by one element — the radiogroup or fieldset
 * when it holds exactly this group, else the group's first item — so a locator can return
 * it and set-value can act on it.
 */
import { normLabel, ownText, squash } from '../text.ts';
import { press, settle } from './events.ts';
import { noChoice, pickOption, type OptionLike } from './options.ts';
import { proxyOf } from './reach.ts';

export type GroupKind = 'radio' | 'checkbox';

interface Item {
  el: HTMLElement;
  /** What a person clicks (a visible label when the input itself is hidden). */
  target: HTMLElement;
  text: string;
  value: string;
  checked(): boolean;
}

const NATIVE: Record<GroupKind, string> = { radio: 'input[type=radio]', checkbox: 'input[type=checkbox]' };
/** A toggle button: an item of a segmented control when its siblings are toggles too. */
export const PRESSED = 'button[aria-pressed], [role=button][aria-pressed]';

/**
 * The toggle buttons of `el`'s segmented control: its sibling toggles, two or more, at most
 * one pressed (a formatting toolbar's Bold/Italic are independent toggles, not one choice).
 */
export function segmentItems(el: Element): HTMLElement[] | null {
  const box = el.parentElement;
  if (!box || !el.matches(PRESSED) || box.closest('[role=toolbar], [role=menubar], [contenteditable]:not([contenteditable=false])')) return null;
  const items = Array.from(box.children).filter((c): c is HTMLElement => c.matches(PRESSED));
  if (items.length < 2 || items.filter((i) => i.getAttribute('aria-pressed') === 'true').length > 1) return null;
  return items;
}
const ROLE: Record<GroupKind, string> = { radio: '[role=radio]', checkbox: '[role=checkbox], [role=switch]' };

function formOf(el: Element): Element | Document {
  return (el as HTMLInputElement).form ?? el.closest('form') ?? el.ownerDocument;
}

/** Native inputs of one group: same type and name in the same form (or the same container). */
function nativeMembers(first: HTMLInputElement): HTMLInputElement[] {
  if (!first.name) return [first];
  const scope = formOf(first);
  return Array.from(scope.querySelectorAll<HTMLInputElement>(`input[type=${first.type}]`)).filter((i) => i.name === first.name);
}

function itemText(el: HTMLElement): string {
  if (el instanceof HTMLInputElement) {
    const label = Array.from(el.labels ?? [])[0] ?? el.closest('label');
    const t = label ? ownText(label, el) : '';
    return squash(t || el.getAttribute('aria-label') || el.title || el.value || '');
  }
  return squash(el.getAttribute('aria-label') ?? el.textContent ?? '');
}

function toItem(el: HTMLElement): Item {
  const native = el instanceof HTMLInputElement;
  const proxy = native ? proxyOf(el) : null;
  return {
    el,
    target: (native && !el.checkVisibility({ opacityProperty: true }) && proxy instanceof HTMLElement ? proxy : el) as HTMLElement,
    text: itemText(el),
    value: native ? el.value : (el.dataset.value ?? el.getAttribute('value') ?? itemText(el)),
    checked: () => (native ? el.checked : el.matches(PRESSED) ? el.getAttribute('aria-pressed') === 'true' : el.getAttribute('aria-checked') === 'true'),
  };
}

/** The items of the group `el` stands for. */
export function groupItems(el: Element, kind: GroupKind): Item[] {
  if (el instanceof HTMLInputElement && el.type === kind) return nativeMembers(el).map(toItem);
  if (kind === 'radio' && el.matches(PRESSED)) return (segmentItems(el) ?? [el as HTMLElement]).map(toItem);
  if (el.matches(ROLE[kind])) {
    const box = el.parentElement?.closest('[role=radiogroup], [role=group], fieldset') ?? el.parentElement;
    return Array.from(box?.querySelectorAll<HTMLElement>(ROLE[kind]) ?? [el as HTMLElement]).map(toItem);
  }
  const natives = Array.from(el.querySelectorAll<HTMLInputElement>(NATIVE[kind]));
  const roles = natives.length ? [] : Array.from(el.querySelectorAll<HTMLElement>(ROLE[kind]));
  return [...natives, ...roles].map(toItem);
}

/**
 * The element that stands for the group of `item`: its radiogroup/group, its fieldset when the
 * fieldset holds only this group, else the first item.
 */
export function groupElement(item: Element, kind: GroupKind): Element {
  const box = item.parentElement?.closest(kind === 'radio' ? '[role=radiogroup], fieldset' : '[role=group], fieldset');
  const members = item instanceof HTMLInputElement ? nativeMembers(item) : groupItems(item, kind).map((i) => i.el);
  if (box && members.every((m) => box.contains(m))) {
    const all = Array.from(box.querySelectorAll(`${NATIVE[kind]}, ${ROLE[kind]}`));
    if (all.length === members.length) return box;
  }
  return members[0] ?? item;
}

const YES = ['true', 'yes', 'on', '1', 'checked', '是', '勾选', '选中', '开'];
const NO = ['false', 'no', 'off', '0', 'unchecked', '否', '不', '取消', '关'];

async function setChecked(item: Item, want: boolean, signal?: AbortSignal): Promise<boolean> {
  if (item.checked() === want) return true;
  if ((item.el as HTMLInputElement).disabled || item.el.getAttribute('aria-disabled') === 'true') return false;
  // A press checks it and fires input/change/click the way the page expects.
  press(item.target);
  await settle(signal);
  return item.checked() === want;
}

export interface GroupResult {
  ok: boolean;
  value: string;
  detail?: string;
  options?: OptionLike[];
}

export async function chooseInGroup(el: Element, kind: GroupKind, value: string, signal?: AbortSignal): Promise<GroupResult> {
  const items = groupItems(el, kind);
  const options = items.map(({ text, value: v }) => ({ text, value: v }));
  // A single checkbox ("Internal", "Notify user") takes yes/no.
  if (kind === 'checkbox' && items.length === 1) {
    const w = normLabel(value);
    const want = YES.includes(w) ? true : NO.includes(w) ? false : pickOption(options, value) ? true : null;
    if (want === null) return { ok: false, value: '', detail: `"${value}" is neither yes nor no for the checkbox "${items[0]!.text}"` };
    const ok = await setChecked(items[0]!, want, signal);
    return { ok, value: want ? 'yes' : 'no', ...(ok ? {} : { detail: 'the checkbox did not change' }) };
  }
  const wanted = kind === 'checkbox' ? value.split(/[,，、;；]/).map((v) => v.trim()).filter(Boolean) : [value];
  const picks = wanted.map((w) => pickOption(items, w));
  const missing = wanted.filter((_, i) => !picks[i]);
  if (missing.length) return { ok: false, value: shownGroup(el, kind), detail: noChoice(missing.join(', '), options), options };
  let ok = true;
  for (const item of picks) ok = (await setChecked(item!, true, signal)) && ok;
  if (kind === 'checkbox') for (const item of items) if (!picks.includes(item)) ok = (await setChecked(item, false, signal)) && ok;
  return { ok, value: picks.map((p) => p!.text).join(', '), options, ...(ok ? {} : { detail: 'the page did not take the choice' }) };
}

export function shownGroup(el: Element, kind: GroupKind): string {
  const items = groupItems(el, kind);
  if (kind === 'checkbox' && items.length === 1) return items[0]!.checked() ? 'yes' : '';
  return items
    .filter((i) => i.checked())
    .map((i) => i.text)
    .join(', ');
}

export function groupOptions(el: Element, kind: GroupKind): OptionLike[] {
  return groupItems(el, kind).map(({ text, value }) => ({ text, value }));
}
