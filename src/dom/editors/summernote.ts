/**
 * Summernote: `.note-editor` (after the hidden source textarea) holding
 * `.note-editable[contenteditable]`. Its paste handler only deals with images and length
 * limits and leaves text to the browser's default paste, which a synthetic paste lacks; so
 * execCommand, whose `input` event Summernote turns (10 ms debounce) into `summernote.change`,
 * and its AutoSync module then writes the textarea: `live`, and insertText waits for it.
 * Clear: execCommand('delete').
 */
import { around, isField, richAdapter, target } from './kit.ts';

export const summernote = richAdapter({
  kind: 'summernote',
  sync: 'live',
  detect(el) {
    const box = isField(el) && el.nextElementSibling?.matches('.note-editor') ? el.nextElementSibling : around(el, '.note-editor');
    const host = box?.querySelector('.note-editable') ?? el.closest('.note-editable');
    if (!host) return null;
    const editor = host.closest('.note-editor');
    return target('summernote', host as HTMLElement, editor?.previousElementSibling);
  },
  insertVia: ['exec'],
  clearVia: ['exec'],
});
