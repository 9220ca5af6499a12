/**
 * Plain `<textarea>` and text `<input>`: the field is its own model. The prototype's native
 * value setter plus `input`/`change`, because React and Vue track the value on the element
 * instance and would otherwise see "no change". Text goes in exactly as given.
 */
import { fire, focusEvents, isField, nativeValueSetter, result, target } from './kit.ts';
import type { EditorAdapter } from './types.ts';

const NOT_TEXT = /^(hidden|submit|button|reset|checkbox|radio|file|image|color|range)$/;

export const textarea: EditorAdapter = {
  kind: 'textarea',
  sync: 'none',
  detect(el) {
    if (!isField(el) || (el.tagName === 'INPUT' && NOT_TEXT.test((el as HTMLInputElement).type))) return null;
    return target('textarea', el);
  },
  async insert(t, text) {
    const el = t.editable as HTMLTextAreaElement;
    if (el.disabled || el.readOnly) return result(false, el.value, 'the field is read-only');
    // Focus and blur as events, not by moving real focus: forms that validate on blur still see
    // them, and the agent's caret and scroll stay where they were (a real focus() also forces a
    // style recalc per field on big consoles: 10 fields on a 20k-node page took 5 ms).
    focusEvents(el, true);
    const setter = nativeValueSetter(el);
    if (setter) setter.call(el, text);
    else el.setAttribute('value', text);
    fire(el, 'input', { inputType: 'insertReplacementText', data: text } as InputEventInit);
    fire(el, 'change');
    focusEvents(el, false);
    return result(el.value === text, el.value, 'the page changed the value back', 'textarea:value');
  },
  read: (t) => (t.editable as HTMLTextAreaElement).value,
  clear: (t) => textarea.insert(t, ''),
  synced: async () => true,
};
