/**
 * Redactor 3 (Imperavi; commercial, not on npm: built from its known DOM, proven on
 * osTicket 1.18 by the lead). Redactor wraps the original textarea in `.redactor-box`,
 * adds `.redactor-in[contenteditable]` before it and hides it (`.redactor-source`,
 * `data-redactor-uuid`); it copies its HTML back to that textarea ~250 ms after a change,
 * and a form posted before that posts the old text: so `sync` is `live` and insertText waits.
 * Insert: the browser's paste sequence, as for an unknown contenteditable (paste, then
 * beforeinput insertFromPaste, then execCommand): Redactor handles paste itself and syncs
 * after it; if this Redactor does not, execCommand changes the DOM it syncs from.
 * Clear: execCommand('delete').
 */
import { around, isField, richAdapter, target } from './kit.ts';

export const redactor = richAdapter({
  kind: 'redactor',
  sync: 'live',
  detect(el) {
    const box = (isField(el) && el.parentElement?.closest('.redactor-box')) || around(el, '.redactor-box');
    const host = box?.querySelector('.redactor-in[contenteditable]') ?? el.closest('.redactor-in[contenteditable]');
    if (!host) return null;
    const source = box?.querySelector('textarea.redactor-source, textarea[data-redactor-uuid]') ?? box?.querySelector('textarea');
    return target('redactor', host as HTMLElement, source);
  },
  insertVia: ['paste', 'beforeinput-paste', 'exec'],
  clearVia: ['exec'],
});
