/**
 * ProseMirror, and Tiptap on top of it (`.tiptap.ProseMirror`). Insert: a synthetic paste
 * with text/html; ProseMirror's paste handler parses it with the schema into paragraphs in
 * one transaction. Not execCommand: ProseMirror reads such DOM changes back, but an
 * inserted paragraph "looks like Enter" to it and it dispatches an Enter key press
 * (prosemirror-view readDOMChange → dispatchKey), which chat composers bind to Send.
 * Clear: execCommand('delete'); ProseMirror reads the deletion back into its model.
 */
import { byMarker, richAdapter } from './kit.ts';

export const prosemirror = richAdapter({
  kind: 'prosemirror',
  sync: 'none',
  detect: byMarker('prosemirror', '.ProseMirror'),
  insertVia: ['paste'],
  clearVia: ['exec'],
});
