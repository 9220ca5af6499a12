/**
 * Editor adapters, one file per editor kind, listed here explicitly in detection order
 * (a unit test checks every file is listed): editors with well-known markers first, the
 * generic contenteditable and the plain field last, so a rich editor's hidden source
 * textarea resolves to the editor, not to itself.
 */
import type { SetResult } from '../set-value.ts';
import { ckeditor4 } from './ckeditor4.ts';
import { ckeditor5 } from './ckeditor5.ts';
import { contenteditable } from './contenteditable.ts';
import { draftjs } from './draftjs.ts';
import { result } from './kit.ts';
import { lexical } from './lexical.ts';
import { prosemirror } from './prosemirror.ts';
import { quill } from './quill.ts';
import { redactor } from './redactor.ts';
import { slate } from './slate.ts';
import { summernote } from './summernote.ts';
import { textarea } from './textarea.ts';
import { tinymce } from './tinymce.ts';
import type { EditorAdapter, EditorKind, EditorTarget } from './types.ts';

export type { EditorAdapter, EditorKind, EditorTarget, SyncMode } from './types.ts';

export const ADAPTERS: readonly EditorAdapter[] = [
  redactor,
  summernote,
  ckeditor5,
  ckeditor4,
  tinymce,
  quill,
  lexical,
  slate,
  draftjs,
  prosemirror,
  contenteditable,
  textarea,
];

const BY_KIND = new Map<EditorKind, EditorAdapter>(ADAPTERS.map((a) => [a.kind, a]));

export const adapterOf = (t: EditorTarget): EditorAdapter => BY_KIND.get(t.kind)!;

/** The editor `el` belongs to (`el` may be the editable, inside it, its wrapper, its source field or its iframe). */
export function detectEditor(el: Element, kind?: EditorKind): EditorTarget | null {
  const adapters = kind ? [BY_KIND.get(kind)!] : ADAPTERS;
  for (const a of adapters) {
    const t = a.detect(el);
    if (t) return t;
  }
  return null;
}

const failed = (e: unknown): SetResult => result(false, '', e instanceof Error ? e.message : String(e));

/**
 * Replaces the editor's content with `text`; for editors that copy it to their source field
 * by themselves (`live`), also waits for that copy, so a Send pressed next posts this text.
 */
export async function insertText(t: EditorTarget, text: string, signal?: AbortSignal): Promise<SetResult> {
  const a = adapterOf(t);
  try {
    const res = await a.insert(t, text, signal);
    if (!res.ok || a.sync !== 'live' || !t.source) return res;
    if (await a.synced(t, text, signal)) return res;
    return { ...res, ok: false, detail: `the ${t.kind} editor did not copy the text to its form field in time` };
  } catch (e) {
    return failed(e);
  }
}

export function readEditor(t: EditorTarget): string {
  return adapterOf(t).read(t);
}

export async function clearEditor(t: EditorTarget, signal?: AbortSignal): Promise<SetResult> {
  const a = adapterOf(t);
  try {
    const res = await a.clear(t, signal);
    if (!res.ok || a.sync !== 'live' || !t.source) return res;
    return (await a.synced(t, '', signal)) ? res : { ...res, ok: false, detail: `the ${t.kind} editor did not clear its form field in time` };
  } catch (e) {
    return failed(e);
  }
}

/** True once the editor holds `text` and its source field does too (or will on submit). */
export async function waitSynced(t: EditorTarget, text: string, signal?: AbortSignal): Promise<boolean> {
  try {
    return await adapterOf(t).synced(t, text, signal);
  } catch {
    return false;
  }
}
