/**
 * THE one place deskhand changes a control (tools never assign `.value`). Text fields and
 * editors go to the editor adapter found by detection (src/dom/editors/: textarea,
 * contenteditable, ProseMirror, Quill, CKEditor 4/5, TinyMCE, Redactor, Summernote,
 * Lexical, Slate, Draft.js), each of which fills its editor so the editor's own model holds
 * the text and waits for its source field where it keeps one. Choices go through the
 * control's own UI (select, radio, checkbox, combobox: their branches live in controls/,
 * which this module dispatches to). Every function reports what happened; none throws.
 */
import { choose, optionsNow, readOptions, shownValue } from './controls/index.ts';
import type { OptionLike } from './controls/options.ts';
import { clearEditor, detectEditor, insertText, readEditor } from './editors/index.ts';
import { sleep as wait } from './editors/kit.ts';
import type { ControlKind } from './find.ts';

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
      case 'radio':
      case 'checkbox':
      case 'combobox':
        return await chooseOption(el, kind, value, signal);
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
    case 'editable': {
      const t = detectEditor(el);
      return t ? readEditor(t) : ((el as HTMLElement).innerText ?? el.textContent ?? '').trim();
    }
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
