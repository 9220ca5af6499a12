/**
 * A contenteditable with no known editor library (also an iframe whose body is editable).
 * What the browser does for a person's paste, step by step: a `paste` event (editors that
 * sanitise pastes take it there), then `beforeinput` insertFromPaste (editors with their
 * own model, which ignore DOM changes they did not make, take it there), and only when no
 * handler took either, the browser's own editing (execCommand), whose DOM is then the
 * model. Clear: `beforeinput` deleteContentBackward first, for the same model-keeping
 * editors, then execCommand('delete').
 */
import { frameBody, richAdapter, target } from './kit.ts';

const HOST = '[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]';

export const contenteditable = richAdapter({
  kind: 'contenteditable',
  sync: 'none',
  detect(el) {
    if (el.tagName === 'IFRAME') {
      const body = frameBody(el);
      return body?.isContentEditable ? target('contenteditable', body, null, el as HTMLIFrameElement) : null;
    }
    const host = el.closest(HOST) ?? (el.querySelectorAll(HOST).length === 1 ? el.querySelector(HOST) : null);
    if (!host) return null;
    // The outermost editing host: text typed into a nested one still belongs to it.
    let top = host;
    for (let up = top.parentElement?.closest(HOST); up; up = up.parentElement?.closest(HOST)) top = up;
    return target('contenteditable', top as HTMLElement);
  },
  insertVia: ['paste', 'beforeinput-paste', 'exec'],
  clearVia: ['beforeinput', 'exec'],
});
