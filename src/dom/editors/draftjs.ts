/**
 * Draft.js: `.DraftEditor-root` holding `.public-DraftEditor-content[contenteditable]`
 * (blocks under `[data-contents]`). Insert: a synthetic paste; Draft's onPaste converts
 * text/html into content blocks and sets a new EditorState. execCommand corrupts it
 * (measured: React throws on nodes it did not render). Clear: a Backspace keydown, which
 * Draft's key bindings turn into a deletion of the selected range; Draft ignores
 * `beforeinput` deletes. Its placeholder sits outside the content.
 */
import { around, richAdapter, target } from './kit.ts';

export const draftjs = richAdapter({
  kind: 'draftjs',
  sync: 'none',
  detect(el) {
    const host = around(el, '.DraftEditor-root')?.querySelector('.public-DraftEditor-content') ?? el.closest('[data-contents]')?.closest('[contenteditable]');
    return host ? target('draftjs', host as HTMLElement) : null;
  },
  insertVia: ['paste'],
  clearVia: ['backspace'],
});
