/**
 * THE one place deskhand changes a control (tools never assign `.value`). Fills so that
 * frameworks notice: the prototype's native setter plus `input`/`change` (React and Vue
 * track values on the element instance, so a plain assignment looks like "no change");
 * contenteditable editors get `beforeinput`/`insertText`, the path ProseMirror, Lexical
 * and Slate listen to. Choices go through the control's own UI (select, radio, checkbox,
 * combobox: their branches live in controls/, which this module dispatches to).
 * Every function reports what happened; none throws.
 */
import { choose, optionsNow, readOptions, shownValue } from './controls/index.ts';
import type { OptionLike } from './controls/options.ts';
import type { ControlKind } from './find.ts';

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
      case 'radio':
      case 'checkbox':
      case 'combobox':
        return await chooseOption(el, kind, value, signal);
    }
  } catch (e) {
    return { ok: false, value: '', detail: e instanceof Error ? e.message : String(e) };
  }
}

function setText(el: HTMLInputElement, value: string): SetResult {
  if (el.disabled || el.readOnly) return { ok: false, value: el.value, detail: 'the field is read-only' };
  el.focus();
  const setter = nativeValueSetter(el);
  if (setter) setter.call(el, value);
  else el.setAttribute('value', value);
  fire(el, 'input', { inputType: 'insertReplacementText', data: value } as InputEventInit);
  fire(el, 'change');
  el.blur();
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

export type { OptionLike };
export { pickOption } from './controls/options.ts';

async function chooseOption(el: Element, kind: 'select' | 'radio' | 'checkbox' | 'combobox', value: string, signal?: AbortSignal): Promise<SetResult> {
  const r = await choose(el, kind, value, signal);
  return { ok: r.ok, value: r.value, ...(r.detail ? { detail: r.detail } : {}) };
}

/** What a control currently shows, for previews and checks. */
export function currentValue(el: Element, kind: ControlKind): string {
  switch (kind) {
    case 'text':
    case 'textarea':
      return (el as HTMLInputElement).value;
    case 'select':
    case 'radio':
    case 'checkbox':
    case 'combobox':
      return shownValue(el, kind);
    case 'editable':
      return ((el as HTMLElement).innerText ?? el.textContent ?? '').trim();
  }
}

/** Options a choice control offers without opening it (a closed combobox may list none). */
export function optionsOf(el: Element, kind: ControlKind): OptionLike[] {
  return kind === 'select' || kind === 'radio' || kind === 'checkbox' || kind === 'combobox' ? optionsNow(el, kind) : [];
}

/** Every option, opening a closed combobox to read its list and closing it (category.match scores these). */
export function listOptions(el: Element, kind: ControlKind, signal?: AbortSignal): Promise<OptionLike[]> {
  return kind === 'select' || kind === 'radio' || kind === 'checkbox' || kind === 'combobox' ? readOptions(el, kind, signal) : Promise.resolve([]);
}

export { wait };
