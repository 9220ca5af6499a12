/**
 * TinyMCE (4 to 8). Classic mode: the body of the editor's iframe (`.tox-edit-area__iframe`,
 * TinyMCE 4 `#<id>_ifr`) inside the box (`.tox-tinymce` / `.mce-tinymce`) that follows the
 * hidden source textarea; inline mode: the element itself, `.mce-content-body`. TinyMCE
 * writes the source on form submit (its `submit` handler calls editor.save(), and it
 * patches form.submit()), so the page's own Send fills it. Insert: a synthetic paste; with
 * text/html TinyMCE's paste handler prevents the default and inserts through its own
 * parser (and fires its input event). Fallback execCommand. Clear: execCommand('delete').
 */
import { around, frameOf, frameTarget, isField, richAdapter, target } from './kit.ts';

const BOX = '.tox-tinymce, .mce-tinymce';
const FRAMED = {
  frame: 'iframe.tox-edit-area__iframe, iframe[id$="_ifr"]',
  box: BOX,
  // The box follows the source textarea.
  boxOf: (el: Element) => (isField(el) ? (el.nextElementSibling?.matches(BOX) ? el.nextElementSibling : null) : around(el, BOX)),
  // TinyMCE 4 names the frame after its textarea: `<id>_ifr`.
  sourceOf: (frame: HTMLIFrameElement) => frame.ownerDocument.getElementById(frame.id.replace(/_ifr$/, '')),
};

export const tinymce = richAdapter({
  kind: 'tinymce',
  sync: 'submit',
  detect(el) {
    const inline = around(el, '.mce-content-body');
    return frameTarget('tinymce', el, FRAMED) ?? (inline && !frameOf(inline) ? target('tinymce', inline as HTMLElement) : null);
  },
  insertVia: ['paste', 'exec'],
  clearVia: ['exec'],
});
