/**
 * THE one place deskhand changes a control (tools never assign `.value`). Text fields and
 * editors go to the editor adapter found by detection (src/dom/editors/: textarea,
 * contenteditable, ProseMirror, Quill, CKEditor 4/5, TinyMCE, Redactor, Summernote,
 * Lexical, Slate, Draft.js), each of which fills its editor so the editor's own model holds
 * the text and waits for its source field where it keeps one. Choices go through the
 * control's own UI (select, radio, combobox). Every function reports what happened; none throws.
 */
import { clearEditor, detectEditor, insertText, readEditor } from './editors/index.ts';
import { fire, nativeValueSetter, sleep as wait } from './editors/kit.ts';
import type { ControlKind } from './find.ts';
import { byIdNear } from './roots.ts';
import { PRIORITY_SYNONYMS } from './synonyms.ts';
import { normLabel } from './text.ts';

export interface SetResult {
  ok: boolean;
  /** What the control shows now (for the report). */
  value: string;
  detail?: string;
  /** How the text went in (`<editor kind>:<path>`), for the report and for debugging consoles. */
  via?: string;
}

export async function setValue(el: Element, kind: ControlKind, value: string, signal?: AbortSignal): Promise<SetResult> {
  try {
    switch (kind) {
      case 'text':
      case 'textarea':
      case 'editable':
        return await setText(el, value, signal);
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

/** Text fields and editors: the adapter of the editor `el` belongs to; empty text clears it. */
async function setText(el: Element, value: string, signal?: AbortSignal): Promise<SetResult> {
  const t = detectEditor(el);
  if (!t) return { ok: false, value: '', detail: 'not a text field or an editor' };
  return value ? insertText(t, value, signal) : clearEditor(t, signal);
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
    case 'editable': {
      const t = detectEditor(el);
      return t ? readEditor(t) : ((el as HTMLElement).innerText ?? el.textContent ?? '').trim();
    }
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
