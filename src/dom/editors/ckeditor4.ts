/**
 * CKEditor 4. Classic mode: `#cke_<name>.cke` after the hidden source textarea, the body of
 * `iframe.cke_wysiwyg_frame` editable; inline mode: the element itself, `.cke_editable`.
 * The source is filled on form submit (the editor's updateElement on the form's submit
 * event), so nothing to wait for before the page's own Send. Insert: a synthetic paste,
 * which goes through CKEditor's paste pipeline (filters, `change` event, undo snapshot);
 * fallback execCommand (its DOM is its data). Clear: execCommand('delete').
 */
import { around, frameTarget, isField, richAdapter, target } from './kit.ts';

const FRAMED = {
  frame: 'iframe.cke_wysiwyg_frame',
  box: '.cke',
  // The box `#cke_<id or name>` follows its textarea.
  boxOf: (el: Element) => (isField(el) ? el.ownerDocument.getElementById(`cke_${el.id || el.getAttribute('name')}`) : around(el, '.cke')),
};

export const ckeditor4 = richAdapter({
  kind: 'ckeditor4',
  sync: 'submit',
  detect(el) {
    const inline = around(el, '.cke_editable_inline');
    return frameTarget('ckeditor4', el, FRAMED) ?? (inline ? target('ckeditor4', inline as HTMLElement) : null);
  },
  insertVia: ['paste', 'exec'],
  clearVia: ['exec'],
});
