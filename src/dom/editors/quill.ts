/**
 * Quill (1 and 2): `.ql-container > .ql-editor[contenteditable]`. Insert: a synthetic
 * paste; Quill's clipboard module reads text/html through its matchers and applies one
 * user delta over the selected range. Fallback execCommand (Quill also reads DOM
 * mutations back) for a Quill whose clipboard module ignores it. Clear: execCommand('delete').
 */
import { byMarker, richAdapter } from './kit.ts';

export const quill = richAdapter({
  kind: 'quill',
  sync: 'none',
  detect: byMarker('quill', '.ql-editor'),
  insertVia: ['paste', 'exec'],
  clearVia: ['exec'],
  // Quill has no soft line break: a <br> starts a new line, i.e. a new block in its model.
  softBreaks: 'block',
});
