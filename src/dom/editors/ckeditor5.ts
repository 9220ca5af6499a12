/**
 * CKEditor 5: `.ck-editor__editable` (`.ck-content`); the classic editor hides its source
 * textarea just before its `.ck-editor` box and fills it on form submit
 * (ElementApiMixin.updateSourceElement via attachToForm). Insert: a synthetic paste, which
 * its ClipboardObserver turns into `clipboardInput` and a model insertion. execCommand does
 * not work: CKEditor 5 re-renders its view over DOM changes it did not make (measured: the
 * model stays empty). Clear: `beforeinput` deleteContentBackward, which its InputObserver
 * turns into a model deletion of the selection.
 */
import { around, isField, richAdapter, target } from './kit.ts';

export const ckeditor5 = richAdapter({
  kind: 'ckeditor5',
  sync: 'submit',
  detect(el) {
    const fromSource = isField(el) && el.nextElementSibling?.matches('.ck-editor') ? el.nextElementSibling : null;
    const host = around(fromSource ?? el, '.ck-editor__editable');
    if (!host) return null;
    const box = host.closest('.ck-editor');
    return target('ckeditor5', host as HTMLElement, box?.previousElementSibling);
  },
  insertVia: ['paste'],
  clearVia: ['beforeinput'],
});
