/**
 * Slate (slate-react): `[data-slate-editor]`. In Chrome a real paste reaches Slate as the
 * `beforeinput` insertFromPaste that follows it (its onPaste leaves rich pastes to that), so
 * that is what is sent: Slate flushes the DOM selection into its model first, then
 * ReactEditor.insertData. Slate's default insertTextData makes every line a block, so
 * lines are paragraphs here. execCommand does nothing useful: React re-renders over it.
 * Clear: `beforeinput` deleteContentBackward. Placeholders (`[data-slate-placeholder]`)
 * are not text.
 */
import { byMarker, richAdapter } from './kit.ts';

export const slate = richAdapter({
  kind: 'slate',
  sync: 'none',
  detect: byMarker('slate', '[data-slate-editor]'),
  insertVia: ['beforeinput-paste'],
  clearVia: ['beforeinput'],
  softBreaks: 'block',
  ignore: '[data-slate-placeholder]',
});
