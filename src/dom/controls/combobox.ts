/**
 * ARIA comboboxes and the select widgets built like them, whose options exist only while
 * the list is open (React and Vue UI kits render them on open, often portalled to
 * `document.body`). Open through the widget's own UI, find the list (aria-controls /
 * aria-owns / aria-activedescendant, else the list that appeared), read or choose, close,
 * and give focus back — the list is never left open, on success or failure.
 * https://www.w3.org/WAI/ARIA/apg/patterns/combobox/
 */
import { byIdNear } from '../roots.ts';
import { isVisible, normLabel, squash } from '../text.ts';
import { key, press, restoreFocus, settle, sleep, typeFilter } from './events.ts';
import { pickOption, type OptionLike } from './options.ts';

/**
 * How long one way of opening gets before the next is tried, and how long a filter may take to
 * offer the wanted option: a dropdown's search that asks the console's server (select2's ajax
 * source waits 250 ms after the last key, then a request) needs the type-ahead's time; the wait
 * ends as soon as the option is there.
 */
const OPEN_WAIT_MS = 500;
const FILTER_WAIT_MS = 2_500;

export interface ListOption extends OptionLike {
  el: HTMLElement;
}

export interface ChoiceResult {
  ok: boolean;
  value: string;
  detail?: string;
  /** Every option the list offered (for reports and for "no such choice"). */
  options?: OptionLike[];
}

/** The element that takes keys: an input inside the widget, or the widget itself. */
function keyTarget(combo: HTMLElement): HTMLElement {
  if (combo.matches('input, textarea, [contenteditable=true]')) return combo;
  // select2 4.1 types into a <textarea class="select2-search__field"> inside a tag box.
  return combo.querySelector<HTMLElement>('input:not([type=hidden]), textarea, [contenteditable=true]') ?? combo;
}

/** A box that takes typed text: an input or a textarea (of this element's own window). */
type TextBox = HTMLInputElement | HTMLTextAreaElement;
function textBox(el: Element): TextBox | null {
  const w = el.ownerDocument.defaultView ?? window;
  return el instanceof w.HTMLInputElement || el instanceof w.HTMLTextAreaElement ? el : null;
}

function refs(el: Element, attr: string): Element[] {
  return (el.getAttribute(attr) ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => byIdNear(el, id))
    .filter((x): x is Element => !!x);
}

const LISTISH = '[role=listbox], [role=tree], [role=menu], [role=grid]';

/** The list a combobox controls, by its ARIA references, then inside or beside it. */
function listboxByAria(combo: HTMLElement): Element | null {
  for (const el of [combo, keyTarget(combo)]) {
    for (const attr of ['aria-controls', 'aria-owns']) {
      for (const ref of refs(el, attr)) {
        const lb = ref.matches(LISTISH) ? ref : ref.querySelector(LISTISH);
        if (lb) return lb;
      }
    }
    const active = refs(el, 'aria-activedescendant')[0];
    const viaActive = active?.closest(LISTISH);
    if (viaActive) return viaActive;
  }
  return combo.querySelector(LISTISH) ?? combo.parentElement?.querySelector(`:scope > ${LISTISH}, :scope > * > ${LISTISH}`) ?? null;
}

function visibleLists(doc: Document): Set<Element> {
  return new Set(Array.from(doc.querySelectorAll(LISTISH)).filter(isVisible));
}

/**
 * A list that appeared after opening: a listbox that was not visible before, or — for
 * widgets without ARIA (Chosen) — a list that appeared whose items carry the known texts.
 */
function appearedList(doc: Document, before: Set<Element>, knownTexts: readonly string[]): Element | null {
  for (const lb of visibleLists(doc)) if (!before.has(lb)) return lb;
  if (!knownTexts.length) return null;
  const known = new Set(knownTexts.map(normLabel).filter(Boolean));
  for (const list of Array.from(doc.querySelectorAll('ul, ol'))) {
    if (before.has(list) || !isVisible(list)) continue;
    const items = Array.from(list.children).filter((li) => known.has(normLabel(li.textContent ?? '')));
    if (items.length >= Math.min(2, known.size)) return list;
  }
  return null;
}

function expanded(combo: HTMLElement): boolean {
  return [combo, keyTarget(combo)].some((el) => el.getAttribute('aria-expanded') === 'true');
}

/** Options a closed combobox keeps in the DOM (a hidden list), without opening it. */
export function optionsInDom(combo: HTMLElement): OptionLike[] {
  const list = listboxByAria(combo);
  return Array.from(list?.querySelectorAll<HTMLElement>('[role=option]') ?? [])
    .filter((o) => o.getAttribute('aria-disabled') !== 'true')
    .map((o) => ({ text: squash(o.textContent ?? ''), value: o.dataset.value ?? o.getAttribute('value') ?? '' }))
    .filter((o) => o.text);
}

export function optionsIn(list: Element): ListOption[] {
  const byRole = Array.from(list.querySelectorAll<HTMLElement>('[role=option], [role=treeitem], [role=menuitem], [role=menuitemradio]'));
  const els = byRole.length ? byRole : Array.from(list.children).filter((c): c is HTMLElement => c instanceof HTMLElement);
  return els
    .filter((o) => o.getAttribute('aria-disabled') !== 'true' && isVisible(o))
    .map((o) => ({ el: o, text: squash(o.textContent ?? ''), value: o.dataset.value ?? o.getAttribute('value') ?? '' }))
    .filter((o) => o.text);
}

interface Opened {
  list: Element;
  /** We opened it (so we close it); false when it was open already. */
  byUs: boolean;
  how: string;
}

/** Waits up to `ms` for the combobox's list to be open and visible. */
async function waitList(combo: HTMLElement, before: Set<Element>, known: readonly string[], ms: number, signal?: AbortSignal): Promise<Element | null> {
  const doc = combo.ownerDocument;
  const find = () => {
    const byAria = listboxByAria(combo);
    if (byAria && isVisible(byAria)) return byAria;
    return appearedList(doc, before, known);
  };
  const now = find();
  if (now) return now;
  return new Promise<Element | null>((resolve) => {
    const view = doc.defaultView ?? window;
    const done = (v: Element | null) => {
      obs.disconnect();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(v);
    };
    const onAbort = () => done(null);
    // Portalled lists (React/Vue UI kits) appear anywhere under <body>: watch the whole document.
    const obs = new view.MutationObserver(() => {
      const hit = find();
      if (hit) done(hit);
    });
    obs.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-expanded', 'hidden', 'style', 'class', 'aria-hidden'] });
    const timer = setTimeout(() => done(find()), ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The ways a person opens a combobox, in the order widgets most often expect them. */
function openers(combo: HTMLElement): { how: string; act: () => void }[] {
  const target = keyTarget(combo);
  const toggle = combo.querySelector<HTMLElement>('button, [aria-haspopup], [class*=arrow], [class*=indicator]');
  const ways = [
    { how: 'click', act: () => press(target === combo ? combo : target) },
    { how: 'ArrowDown', act: () => (target.focus({ preventScroll: true }), key(target, 'ArrowDown')) },
    { how: 'Alt+ArrowDown', act: () => key(target, 'ArrowDown', { altKey: true }) },
    { how: 'Enter', act: () => key(target, 'Enter') },
  ];
  if (target !== combo) ways.splice(1, 0, { how: 'click widget', act: () => press(combo) });
  if (toggle && toggle !== target && toggle !== combo) ways.push({ how: 'click toggle', act: () => press(toggle) });
  return ways;
}

async function open(combo: HTMLElement, known: readonly string[], signal?: AbortSignal): Promise<Opened | null> {
  const already = listboxByAria(combo);
  if (already && isVisible(already) && optionsIn(already).length) return { list: already, byUs: false, how: 'open already' };
  const before = visibleLists(combo.ownerDocument);
  for (const way of openers(combo)) {
    signal?.throwIfAborted();
    way.act();
    const list = await waitList(combo, before, known, OPEN_WAIT_MS, signal);
    if (list) return { list, byUs: true, how: way.how };
    // A press that toggled it open and shut again must not leave it half-open for the next way.
    if (expanded(combo)) key(keyTarget(combo), 'Escape');
  }
  return null;
}

/** Closes what we opened (Escape, then the widget's own toggle, then a press outside). */
async function close(combo: HTMLElement, opened: Opened, signal?: AbortSignal): Promise<void> {
  if (!opened.byUs) return;
  const stillOpen = () => opened.list.isConnected && isVisible(opened.list);
  await settle(signal);
  if (!stillOpen()) return;
  key(keyTarget(combo), 'Escape');
  await settle(signal);
  if (!stillOpen()) return;
  press(combo.ownerDocument.body);
  await settle(signal);
}

/** Opens, reads every option, closes. `known` helps find a list without ARIA (a proxy's native options). */
export async function readCombobox(combo: HTMLElement, signal?: AbortSignal, known: readonly string[] = []): Promise<{ options: ListOption[]; how: string | null }> {
  const previous = combo.ownerDocument.activeElement;
  const opened = await open(combo, known, signal);
  if (!opened) return { options: [], how: null };
  try {
    return { options: optionsIn(opened.list), how: opened.how };
  } finally {
    await close(combo, opened, signal);
    restoreFocus(previous);
  }
}

function filterInput(combo: HTMLElement, list: Element): HTMLInputElement | null {
  const inCombo = keyTarget(combo);
  if (inCombo instanceof HTMLInputElement && inCombo.getAttribute('readonly') === null) return inCombo;
  // Select2/Chosen put the search box in the opened dropdown, next to the list or next to the
  // list's own wrapper (select2 4: .select2-dropdown > .select2-search + .select2-results > ul):
  // up to three levels, never as far as a box that holds the combobox itself (its form).
  let up = list.parentElement;
  for (let i = 0; up && i < 3 && !up.contains(combo); i++, up = up.parentElement) {
    const box = up.querySelector<HTMLInputElement>('input[type=search], input[type=text], input:not([type])');
    if (box && isVisible(box)) return box;
  }
  return null;
}

/** Types the wanted text into the widget's filter and waits for the list to change. */
async function filtered(combo: HTMLElement, opened: Opened, wanted: string, signal?: AbortSignal): Promise<ListOption[]> {
  const input = filterInput(combo, opened.list);
  if (!input) return [];
  typeFilter(input, wanted);
  const deadline = Date.now() + FILTER_WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(40, signal);
    const list = listboxByAria(combo) ?? opened.list;
    if (list !== opened.list && isVisible(list)) opened.list = list;
    const options = optionsIn(opened.list.isConnected ? opened.list : list);
    if (pickOption(options, wanted)) return options;
  }
  return optionsIn(opened.list);
}

function clearFilter(combo: HTMLElement, opened: Opened): void {
  const input = filterInput(combo, opened.list);
  if (input?.value) typeFilter(input, '');
}

/**
 * The box an input combobox shows its value in (React Select renders the chosen value beside
 * the input): its ancestors up to four levels, while they hold no other control and stay
 * control-sized.
 */
function widgetBox(input: HTMLElement): Element {
  let box: Element = input;
  for (let i = 0, cur = input.parentElement; i < 4 && cur; i++, cur = cur.parentElement) {
    const others = Array.from(cur.querySelectorAll('input:not([type=hidden]), select, textarea, [role=combobox], label')).filter((c) => c !== input);
    if (others.length || cur.getBoundingClientRect().height > 80) break;
    box = cur;
  }
  return box;
}

/** The prompt a widget shows while nothing is chosen ("请选择", "Select…", "— Choose —"). */
const PROMPT = /^[-—–\s]*(请选择|请选|选择|select|choose|pick|please select|please choose)\b.{0,20}?[-—–.…\s]*$/i;

/** What a combobox shows as chosen: its input's value or its own text, without placeholders. */
export function shownChoice(combo: HTMLElement): string {
  const list = listboxByAria(combo);
  const selected = list?.querySelector('[role=option][aria-selected=true]');
  if (selected) return squash(selected.textContent ?? '');
  // A list kept in the DOM with options and none selected: nothing is chosen, whatever the box says.
  if (list?.querySelector('[role=option][aria-selected]')) return '';
  const target = keyTarget(combo);
  if (target instanceof HTMLInputElement && target.value && target.getAttribute('aria-autocomplete') !== 'list') return target.value.trim();
  const holder = combo.matches('input') ? widgetBox(combo) : combo;
  const skip = new Set<Element>([...refs(target, 'aria-describedby'), ...(list ? [list] : [])]);
  let out = '';
  const walker = holder.ownerDocument.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (p && [...skip].some((s) => s.contains(p))) continue;
    if (p && (p.matches('[class*=placeholder], [data-placeholder]') || !isVisible(p))) continue;
    out += `${n.textContent ?? ''} `;
  }
  const text = squash(out);
  const placeholder = combo.getAttribute('aria-placeholder') ?? target.getAttribute('placeholder') ?? '';
  return text === placeholder || PROMPT.test(text) ? '' : text;
}

/**
 * Chooses the option meaning `value`: open, (type to filter when it is an autocomplete and
 * the option is not there yet), press the option like a user, close, give focus back, and
 * check what the widget shows.
 */
export async function chooseInCombobox(
  combo: HTMLElement,
  value: string,
  signal?: AbortSignal,
  opts: { known?: readonly string[]; verify?: (picked: OptionLike) => boolean } = {},
): Promise<ChoiceResult> {
  // A box a person types into: what they type first (a server-side search lists nothing before).
  const entry = opts.verify ? null : freeEntryInput(combo);
  const typed = entry ? await typeAhead(combo, entry, value, signal) : null;
  if (typed?.ok) return typed;
  const listed = await chooseListed(combo, value, signal, opts);
  // Nothing offered means it: a recipient or tag box takes the typed text itself.
  return listed.ok || !entry ? listed : freeEntry(combo, entry, value, signal);
}

/**
 * A tag or recipient box over a native `<select multiple>` (select2 with tags, Tom Select with
 * `create`, FreeScout's "To"): the value is typed into the box's own input, the option the
 * console's search offers for it is chosen, else the typed text is entered as a new tag.
 * `taken` checks the native select, which is what the form posts.
 */
export async function enterInTagBox(combo: HTMLElement, value: string, taken: () => boolean, signal?: AbortSignal): Promise<ChoiceResult> {
  const input = tagInput(combo);
  if (!input) return { ok: false, value: '', detail: 'the box has no input to type into' };
  const typed = await typeAhead(combo, input, value, signal);
  if (taken()) return { ok: true, value: typed.value || value, ...(typed.options ? { options: typed.options } : {}) };
  const entered = await freeEntry(combo, tagInput(combo) ?? input, value, signal);
  if (taken()) return { ok: true, value };
  return { ok: false, value: '', detail: `typed "${value}" into the box, but the form's field did not take it (${entered.detail ?? typed.detail ?? 'nothing offered'})` };
}

/** The input of a tag box: its inline search field (select2 renders a new one after each change). */
function tagInput(combo: HTMLElement): TextBox | null {
  const target = textBox(keyTarget(combo));
  return target && !target.readOnly && !target.disabled ? target : null;
}

async function chooseListed(combo: HTMLElement, value: string, signal: AbortSignal | undefined, opts: { known?: readonly string[]; verify?: (picked: OptionLike) => boolean }): Promise<ChoiceResult> {
  const previous = combo.ownerDocument.activeElement;
  const opened = await open(combo, opts.known ?? [], signal);
  if (!opened) return { ok: false, value: '', detail: 'the list of choices did not open (tried click, ArrowDown, Alt+ArrowDown, Enter)' };
  let picked: ListOption | undefined;
  let options: ListOption[] = [];
  try {
    options = optionsIn(opened.list);
    picked = pickOption(options, value);
    if (!picked) {
      options = await filtered(combo, opened, value, signal);
      picked = pickOption(options, value);
    }
    if (!picked) {
      clearFilter(combo, opened);
      return { ok: false, value: '', detail: `no choice "${value}" (choices: ${options.map((o) => o.text).join(', ') || 'none'})`, options: strip(options) };
    }
    picked.el.scrollIntoView?.({ block: 'nearest' });
    press(picked.el);
    await settle(signal);
  } finally {
    await close(combo, opened, signal);
    restoreFocus(previous);
  }
  await settle(signal);
  const shownNow = normLabel(shownChoice(combo));
  const ok = opts.verify ? opts.verify(picked) : shownNow.includes(normLabel(picked.text)) || picked.el.getAttribute('aria-selected') === 'true';
  return { ok, value: picked.text, options: strip(options), ...(ok ? {} : { detail: `pressed "${picked.text}" but the widget shows "${shownChoice(combo)}"` }) };
}

const strip = (options: ListOption[]): OptionLike[] => options.map(({ text, value }) => ({ text, value }));

/** How long a type-ahead may take to offer what was typed (a search the console asks its server). */
const TYPE_AHEAD_MS = 2_500;

/**
 * The input of a combobox a person types into (a recipient box, a tag input, a customer search:
 * select2's inline search field, React Select, Choices): editable, with an autocomplete list.
 * A select-only combobox (a button, a readonly input) has none and is opened instead.
 */
function freeEntryInput(combo: HTMLElement): HTMLInputElement | null {
  const target = keyTarget(combo);
  if (!(target instanceof (combo.ownerDocument.defaultView ?? window).HTMLInputElement)) return null;
  if (target.readOnly || target.disabled || !/^(list|both)$/.test(target.getAttribute('aria-autocomplete') ?? '')) return null;
  return target;
}

/** Typed, the option that means it chosen when the list offers one; the typed text cleared when not. */
async function typeAhead(combo: HTMLElement, input: TextBox, value: string, signal?: AbortSignal): Promise<ChoiceResult> {
  const previous = combo.ownerDocument.activeElement;
  const before = visibleLists(combo.ownerDocument);
  const shownBefore = normLabel(shownChoice(combo));
  let options: ListOption[] = [];
  let picked: ListOption | undefined;
  try {
    typeFilter(input, value);
    for (const deadline = Date.now() + TYPE_AHEAD_MS; !picked && Date.now() < deadline; ) {
      await sleep(60, signal);
      const list = listboxByAria(combo) ?? appearedList(combo.ownerDocument, before, []);
      options = list && isVisible(list) ? optionsIn(list) : [];
      picked = pickOption(options, value);
    }
    if (picked) press(picked.el);
    else typeFilter(input, '');
    await settle(signal);
  } finally {
    if (!picked) key(input, 'Escape');
    restoreFocus(previous);
  }
  await settle(signal);
  // The chosen option may show shorter than it was offered ("Maria Garcia" for "Maria Garcia <maria@…>").
  const now = normLabel(shownChoice(combo));
  if (picked && now && now !== shownBefore && normLabel(picked.text).includes(now.replace(shownBefore, '').trim())) return { ok: true, value: picked.text, options: strip(options) };
  return shows(combo, value, options, picked ? `chose "${picked.text}"` : 'nothing offered');
}

/** The typed text entered as the value: Enter, then closing the list (tag inputs take it on either). */
async function freeEntry(combo: HTMLElement, input: TextBox, value: string, signal?: AbortSignal): Promise<ChoiceResult> {
  const previous = combo.ownerDocument.activeElement;
  try {
    typeFilter(input, value);
    await settle(signal);
    key(input, 'Enter');
    await settle(signal);
    if (!normLabel(shownChoice(combo)).includes(normLabel(value))) key(input, 'Escape');
    await settle(signal);
  } finally {
    restoreFocus(previous);
  }
  await settle(signal);
  return shows(combo, value, [], 'typed it');
}

function shows(combo: HTMLElement, value: string, options: ListOption[], how: string): ChoiceResult {
  const shown = shownChoice(combo);
  const ok = !!normLabel(value) && normLabel(shown).includes(normLabel(value));
  return { ok, value: ok ? value : '', options: strip(options), ...(ok ? {} : { detail: `${how}, but the box shows "${shown}"` }) };
}
