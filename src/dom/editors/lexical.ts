/**
 * Lexical: the root element carries `data-lexical-editor`. Insert: a synthetic paste;
 * @lexical/rich-text's PASTE_COMMAND reads text/html into paragraph nodes. Not
 * execCommand: Lexical reconciles such DOM changes only partly (measured: two paragraphs
 * merged into one). Clear: `beforeinput` deleteContentBackward, which Lexical handles as a
 * deletion of its selection.
 */
import { byMarker, richAdapter } from './kit.ts';

export const lexical = richAdapter({
  kind: 'lexical',
  sync: 'none',
  detect: byMarker('lexical', '[data-lexical-editor]'),
  insertVia: ['paste'],
  clearVia: ['beforeinput'],
});
