/**
 * A contenteditable with no known editor library (also an iframe whose body is editable).
 * First a synthetic paste, which editors we do not know usually handle (and sanitise);
 * when nothing handles it (a bare contenteditable: a synthetic paste has no default
 * action), the browser's own editing via execCommand, whose DOM is then the model.
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
  insertVia: ['paste', 'exec'],
  clearVia: 'exec',
});
