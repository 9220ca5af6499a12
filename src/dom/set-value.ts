/**
 * THE one place deskhand changes a control (tools never assign `.value`). Fills so that
 * frameworks notice: the prototype's native setter plus `input`/`change` (React and Vue
 * track values on the element instance, so a plain assignment looks like "no change");
 * contenteditable editors get `beforeinput`/`insertText`, the path ProseMirror, Lexical
 * and Slate listen to. Choices go through the control's own UI (select, radio, combobox).
 * Every function reports what happened; none throws.
 */
import type { ControlKind } from './find.ts';
import { byIdNear } from './roots.ts';
import { PRIORITY_SYNONYMS } from './synonyms.ts';
import { normLabel } from './text.ts';

export interface SetResult {
  ok: boolean;
  /** What the control shows now (for the report). */
  value: string;
  detail?: string;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    }, { once: true });
  });

function win(el: Element): Window & typeof globalThis {
  return el.ownerDocument.defaultView as Window & typeof globalThis;
}

function fire(el: Element, type: string, init: EventInit = {}) {
  const w = win(el);
  const Ctor = type === 'input' || type === 'beforeinput' ? w.InputEvent : w.Event;
  return el.dispatchEvent(new Ctor(type, { bubbles: true, composed: true, cancelable: type === 'beforeinput', ...init }));
}

function focusEvents(el: Element, into: boolean): void {
  const w = win(el);
  el.dispatchEvent(new w.FocusEvent(into ? 'focus' : 'blur', { bubbles: false, composed: true }));
  el.dispatchEvent(new w.FocusEvent(into ? 'focusin' : 'focusout', { bubbles: true, composed: true }));
}

/** Native `value` setter of the element's own prototype chain (its own realm). */
function nativeValueSetter(el: Element): ((v: string) => void) | undefined {
  const w = win(el);
  const proto =
    el.tagName === 'TEXTAREA' ? w.HTMLTextAreaElement.prototype : el.tagName === 'SELECT' ? w.HTMLSelectElement.prototype : w.HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, 'value')?.set;
}

export async function setValue(el: Element, kind: ControlKind, value: string, signal?: AbortSignal): Promise<SetResult> {
  try {
    switch (kind) {
      case 'text':
      case 'textarea':
        return setText(el as HTMLInputElement, value);
      case 'editable':
        return setEditable(el as HTMLElement, value);
      case 'select':
        return chooseSelect(el as HTMLSelectElement, value);
      case 'radio':
        return chooseRadio(el, value);
      case 'combobox':
        return await chooseCombobox(el as HTMLElement, value, signal);
    }
  } catch (e) {
    return { ok: false, value: '', detail: e instanceof Error ? e.message : String(e) };
  }
}

function setText(el: HTMLInputElement, value: string): SetResult {
  if (el.disabled || el.readOnly) return { ok: false, value: el.value, detail: 'the field is read-only' };
  // Focus and blur as events, not by moving real focus: forms that validate on blur still see
  // them, and the agent's caret and scroll position stay where they were (a real focus() also
  // forces a style recalc per field on big consoles: 10 fields on a 20k-node page took 5 ms).
  focusEvents(el, true);
  const setter = nativeValueSetter(el);
  if (setter) setter.call(el, value);
  else el.setAttribute('value', value);
  fire(el, 'input', { inputType: 'insertReplacementText', data: value } as InputEventInit);
  fire(el, 'change');
  focusEvents(el, false);
  return { ok: el.value === value, value: el.value, ...(el.value === value ? {} : { detail: 'the page changed the value back' }) };
}

function setEditable(el: HTMLElement, value: string): SetResult {
  const w = win(el);
  el.focus();
  const sel = w.getSelection();
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  sel?.removeAllRanges();
  sel?.addRange(range);
  const accepted = !fire(el, 'beforeinput', { inputType: 'insertText', data: value } as InputEventInit);
  if (!accepted) {
    // Plain contenteditable: let the browser edit, which also fires input.
    const done = el.ownerDocument.execCommand('insertText', false, value);
    if (!done) el.textContent = value;
  } else {
    fire(el, 'input', { inputType: 'insertText', data: value } as InputEventInit);
  }
  const now = (el.innerText ?? el.textContent ?? '').trim();
  return { ok: now === value.trim(), value: now, ...(now === value.trim() ? {} : { detail: 'the editor did not take the text' }) };
}

export interface OptionLike {
  text: string;
  value: string;
}

/** Picks the option meaning `wanted`: exact value, exact text, synonym, then containment. */
export function pickOption<T extends OptionLike>(options: readonly T[], wanted: string): T | undefined {
  const w = normLabel(wanted);
  const norm = options.map((o) => ({ o, text: normLabel(o.text), value: normLabel(o.value) }));
  const exact = norm.find((n) => n.value === w || n.text === w);
  if (exact) return exact.o;
  const syn = Object.entries(PRIORITY_SYNONYMS).find(([k, list]) => k === w || list.includes(w));
  if (syn) {
    const hit = norm.find((n) => n.value === syn[0] || syn[1].includes(n.text) || syn[1].includes(n.value));
    if (hit) return hit.o;
  }
  return norm.find((n) => n.text && (n.text.includes(w) || w.includes(n.text)))?.o;
}

function chooseSelect(el: HTMLSelectElement, value: string): SetResult {
  const options = Array.from(el.options).map((o, i) => ({ text: o.textContent ?? '', value: o.value, i }));
  const hit = pickOption(options, value);
  if (!hit) return { ok: false, value: el.value, detail: `no option "${value}" (options: ${options.map((o) => o.text.trim()).filter(Boolean).join(', ')})` };
  el.focus();
  nativeValueSetter(el)?.call(el, hit.value);
  fire(el, 'input');
  fire(el, 'change');
  el.blur();
  return { ok: el.value === hit.value, value: hit.text.trim() };
}

function radioLabel(radio: HTMLInputElement): string {
  const label = radio.labels?.[0];
  return (label?.textContent ?? radio.getAttribute('aria-label') ?? radio.value ?? '').trim();
}

function chooseRadio(group: Element, value: string): SetResult {
  const radios = Array.from(group.querySelectorAll<HTMLInputElement>('input[type=radio]'));
  const options = radios.map((r) => ({ text: radioLabel(r), value: r.value, r }));
  const hit = pickOption(options, value);
  if (!hit) return { ok: false, value: '', detail: `no choice "${value}" (choices: ${options.map((o) => o.text).join(', ')})` };
  // click() checks it and fires input/change the way the page expects.
  if (!hit.r.checked) hit.r.click();
  return { ok: hit.r.checked, value: hit.text };
}

function listboxOf(combo: HTMLElement): HTMLElement | null {
  const id = combo.getAttribute('aria-controls') ?? combo.getAttribute('aria-owns');
  const byId = id ? byIdNear(combo, id) : null;
  return (byId as HTMLElement | null) ?? combo.parentElement?.querySelector<HTMLElement>('[role=listbox]') ?? null;
}

async function chooseCombobox(combo: HTMLElement, value: string, signal?: AbortSignal): Promise<SetResult> {
  let listbox = listboxOf(combo);
  if (!listbox || listbox.hidden || combo.getAttribute('aria-expanded') !== 'true') {
    combo.click();
    await wait(0, signal);
    listbox = listboxOf(combo);
  }
  if (!listbox) return { ok: false, value: '', detail: 'the list of choices did not open' };
  const options = Array.from(listbox.querySelectorAll<HTMLElement>('[role=option]')).map((o) => ({
    text: o.textContent ?? '',
    value: o.dataset.value ?? o.getAttribute('value') ?? '',
    o,
  }));
  const hit = pickOption(options, value);
  if (!hit) {
    if (combo.getAttribute('aria-expanded') === 'true') combo.click();
    return { ok: false, value: '', detail: `no choice "${value}" (choices: ${options.map((o) => o.text.trim()).join(', ')})` };
  }
  hit.o.scrollIntoView?.({ block: 'nearest' });
  fire(hit.o, 'mousedown');
  fire(hit.o, 'mouseup');
  hit.o.click();
  await wait(0, signal);
  const shown = normLabel(combo.textContent ?? '');
  const ok = hit.o.getAttribute('aria-selected') === 'true' || shown === normLabel(hit.text);
  return { ok, value: hit.text.trim() };
}

/** What a control currently shows, for previews and checks. */
export function currentValue(el: Element, kind: ControlKind): string {
  switch (kind) {
    case 'text':
    case 'textarea':
      return (el as HTMLInputElement).value;
    case 'select': {
      const s = el as HTMLSelectElement;
      return s.value ? (s.selectedOptions[0]?.textContent ?? s.value).trim() : '';
    }
    case 'radio': {
      const r = el.querySelector<HTMLInputElement>('input[type=radio]:checked');
      return r ? radioLabel(r) : '';
    }
    case 'combobox': {
      const lb = listboxOf(el as HTMLElement);
      const sel = lb?.querySelector('[role=option][aria-selected=true]');
      return (sel?.textContent ?? '').trim();
    }
    case 'editable':
      return ((el as HTMLElement).innerText ?? el.textContent ?? '').trim();
  }
}

/** Options a choice control offers (category.match scores these). */
export function optionsOf(el: Element, kind: ControlKind): OptionLike[] {
  if (kind === 'select') {
    return Array.from((el as HTMLSelectElement).options)
      .filter((o) => o.value)
      .map((o) => ({ text: (o.textContent ?? '').trim(), value: o.value }));
  }
  if (kind === 'radio') {
    return Array.from(el.querySelectorAll<HTMLInputElement>('input[type=radio]')).map((r) => ({ text: radioLabel(r), value: r.value }));
  }
  if (kind === 'combobox') {
    const lb = listboxOf(el as HTMLElement);
    return Array.from(lb?.querySelectorAll<HTMLElement>('[role=option]') ?? []).map((o) => ({
      text: (o.textContent ?? '').trim(),
      value: o.dataset.value ?? o.getAttribute('value') ?? '',
    }));
  }
  return [];
}

export { wait };
