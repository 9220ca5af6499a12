/**
 * Native `<select>`s, also the ones a styled widget stands in for (a transparent select laid
 * over a styled box, or a hidden select with a visible proxy: Select2, Tom Select, Choices,
 * Chosen). The native select is what the form posts, so it is what we check; the proxy is
 * what a person sees, so it must show the choice too.
 *  - visible or transparent select: act on the native select (the user's click lands on it);
 *  - hidden select with a combobox proxy: choose through the proxy's own list, like a user;
 *  - else: set the native select and fire the events widgets listen to (`input`, `change`),
 *    then check the proxy shows the choice.
 */
import { normLabel, ownText, squash } from '../text.ts';
import { chooseInCombobox, enterInTagBox, type ChoiceResult } from './combobox.ts';
import { emit, key, press, restoreFocus, setNativeValue, settle } from './events.ts';
import { noChoice, pickOption, type OptionLike } from './options.ts';
import { proxyOf, shown, transparentOverlay } from './reach.ts';

export function selectOptions(el: HTMLSelectElement): (OptionLike & { index: number })[] {
  return Array.from(el.options)
    .map((o, index) => ({ text: squash(o.textContent ?? ''), value: o.value, index, disabled: o.disabled }))
    .filter((o) => !o.disabled)
    .map(({ text, value, index }) => ({ text, value, index }));
}

/** Options a person would choose from (placeholder entries with no value left out). */
export function realOptions(el: HTMLSelectElement): OptionLike[] {
  return selectOptions(el)
    .filter((o) => o.value)
    .map(({ text, value }) => ({ text, value }));
}

export function selectedText(el: HTMLSelectElement): string {
  return el.value ? squash(el.selectedOptions[0]?.textContent ?? el.value) : '';
}

function setNative(el: HTMLSelectElement, value: string): void {
  el.focus({ preventScroll: true });
  setNativeValue(el, value);
  emit(el, 'input');
  emit(el, 'change');
  el.blur();
}

/** Does the proxy show `text`? (Its own text or the value of an input inside it.) */
function proxyShows(proxy: Element, text: string): boolean {
  const t = normLabel(text);
  const inputs = Array.from(proxy.querySelectorAll('input')).map((i) => i.value);
  const own = ownText(proxy);
  return [own, ...inputs].some((s) => normLabel(s).includes(t));
}

export async function chooseNativeSelect(el: HTMLSelectElement, value: string, signal?: AbortSignal): Promise<ChoiceResult> {
  const previous = el.ownerDocument.activeElement;
  try {
    return await chooseIn(el, value, signal);
  } finally {
    // Focusing the select (or its widget) is part of choosing; afterwards focus is where it was.
    restoreFocus(previous);
  }
}

async function chooseIn(el: HTMLSelectElement, value: string, signal?: AbortSignal): Promise<ChoiceResult> {
  const options = selectOptions(el);
  const tagBox = tagBoxOf(el);
  if (tagBox) return chooseTag(el, tagBox, value, signal);
  const hit = pickOption(options, value);
  if (!hit) return searchWidget(el, value, signal) ?? { ok: false, value: selectedText(el), detail: noChoice(value, options), options };
  if (el.disabled) return { ok: false, value: selectedText(el), detail: 'the select is disabled' };
  const proxy = shown(el, el.ownerDocument) ? null : proxyOf(el);
  const viaProxyUi = proxy && !transparentOverlay(el) && proxy.matches('[role=combobox], [aria-haspopup=listbox]') ? (proxy as HTMLElement) : null;
  if (viaProxyUi) {
    const r = await chooseInCombobox(viaProxyUi, hit.text, signal, { known: options.map((o) => o.text), verify: () => el.value === hit.value });
    if (r.ok) return { ok: true, value: hit.text, options };
  } else if (proxy && !transparentOverlay(el) && !(proxyShows(proxy, hit.text) && el.value === hit.value)) {
    // A proxy without ARIA (Chosen): press it and pick from the list that appears.
    const r = await chooseInCombobox(proxy as HTMLElement, hit.text, signal, { known: options.map((o) => o.text), verify: () => el.value === hit.value });
    if (r.ok) return { ok: true, value: hit.text, options };
  }
  if (el.value !== hit.value) setNative(el, hit.value);
  const taken = el.value === hit.value;
  const shows = !proxy || proxyShows(proxy, hit.text);
  if (taken && shows) return { ok: true, value: hit.text, options };
  return {
    ok: false,
    value: selectedText(el),
    detail: !taken ? 'the page changed the choice back' : `the select holds "${hit.text}" but the widget over it does not show it`,
    options,
  };
}

/**
 * A select whose widget searches the console for its options (select2 over AJAX: a customer
 * lookup lists nobody until a name is typed): typed into the widget's own search, the offered
 * option chosen. Undefined when the select has no such widget.
 */
function searchWidget(el: HTMLSelectElement, value: string, signal?: AbortSignal): Promise<ChoiceResult> | undefined {
  const proxy = shown(el, el.ownerDocument) || el.disabled ? null : proxyOf(el);
  if (!proxy || transparentOverlay(el) || !proxy.matches('[role=combobox], [aria-haspopup=listbox]')) return undefined;
  const w = normLabel(value);
  const taken = () => Array.from(el.selectedOptions).some((o) => o.value && normLabel(o.textContent ?? '').includes(w));
  return chooseInCombobox(proxy as HTMLElement, value, signal, { verify: taken }).then((r) => (r.ok || taken() ? { ok: true, value: selectedText(el) } : r));
}

/**
 * A `<select multiple>` shown as a box of tags a person types into (select2 with tags, Tom
 * Select, Choices: a recipient "To", "Requester", "Tags"): its widget, when it has one.
 */
function tagBoxOf(el: HTMLSelectElement): HTMLElement | null {
  if (!el.multiple) return null;
  const proxy = proxyOf(el);
  if (!proxy || transparentOverlay(el)) return null;
  const input = proxy.querySelector('input:not([type=hidden]):not([readonly]), textarea:not([readonly])');
  return input ? (proxy as HTMLElement) : null;
}

const has = (el: HTMLSelectElement, value: string) => {
  const w = normLabel(value);
  return Array.from(el.selectedOptions).some((o) => normLabel(o.value).includes(w) || normLabel(o.textContent ?? '').includes(w));
};

/**
 * A tag box is filled with exactly the value asked for: tags it already holds for someone else
 * (a "To" the console pre-filled with the agent's own address) are removed first, through the
 * tag's own remove control as a person does, else on the native select the form posts.
 */
async function chooseTag(el: HTMLSelectElement, box: HTMLElement, value: string, signal?: AbortSignal): Promise<ChoiceResult> {
  if (el.disabled) return { ok: false, value: selectedText(el), detail: 'the field is disabled' };
  await removeOtherTags(el, box, value, signal);
  if (has(el, value)) return { ok: true, value };
  const r = await enterInTagBox(box, value, () => has(el, value), signal);
  return r.ok ? { ok: true, value: Array.from(el.selectedOptions).map((o) => squash(o.textContent ?? o.value)).join(', ') || value } : r;
}

/** A tag's remove control (select2's "×", Tom Select's `.remove`, Choices' button): by class or name. */
const REMOVE = '[class*=remove], [aria-label*=remove i], [title*=remove i], [data-button], [aria-label*=删除], [title*=删除]';

async function removeOtherTags(el: HTMLSelectElement, box: HTMLElement, value: string, signal?: AbortSignal): Promise<void> {
  const w = normLabel(value);
  const others = () => Array.from(el.selectedOptions).filter((o) => !normLabel(o.value).includes(w) && !normLabel(o.textContent ?? '').includes(w));
  for (const option of others()) {
    const text = normLabel(option.textContent ?? option.value);
    const tag = Array.from(box.querySelectorAll('li, [class*=item], [class*=tag], [class*=choice]')).find((t) => normLabel(t.textContent ?? '').includes(text) && t.querySelector(REMOVE));
    const remove = tag?.querySelector<HTMLElement>(REMOVE);
    if (remove) {
      press(remove);
      await settle(signal);
    }
  }
  // select2 opens its list after a tag is removed: closed again, as a person would.
  const input = box.querySelector<HTMLElement>('input:not([type=hidden])');
  if (input && box.getAttribute('aria-expanded') === 'true') key(input, 'Escape');
  const left = others();
  if (!left.length) return;
  for (const option of left) option.selected = false;
  emit(el, 'change');
  await settle(signal);
}
