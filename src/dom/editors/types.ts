/**
 * The editor-adapter contract. Content scripts run in an isolated world, so no adapter can
 * reach a page's editor object (window.tinymce, a Quill instance): each one drives its
 * editor through the DOM events that editor listens to, and reads back what the DOM shows.
 */
import type { SetResult } from '../set-value.ts';

export type EditorKind =
  | 'textarea'
  | 'contenteditable'
  | 'prosemirror'
  | 'quill'
  | 'ckeditor5'
  | 'ckeditor4'
  | 'tinymce'
  | 'redactor'
  | 'summernote'
  | 'lexical'
  | 'slate'
  | 'draftjs';

/**
 * How an editor fills its source field (the form's textarea):
 * `none` — it has none; `live` — by itself shortly after each change (wait for it);
 * `submit` — only when its form is submitted (the page's own Send does it).
 */
export type SyncMode = 'none' | 'live' | 'submit';

export type Editable = HTMLElement | HTMLTextAreaElement | HTMLInputElement;

export interface EditorTarget {
  kind: EditorKind;
  /** Where text goes: the contenteditable host (an iframe's body for iframe editors) or the field. */
  editable: Editable;
  /** The form field the editor keeps in sync (often hidden). */
  source?: HTMLTextAreaElement | HTMLInputElement;
  /** The same-origin iframe holding `editable` (TinyMCE classic, CKEditor 4 classic). */
  frame?: HTMLIFrameElement;
}

export interface EditorAdapter {
  kind: EditorKind;
  sync: SyncMode;
  /** Is `el` (an editable, something inside it, its wrapper, its source field, or its iframe) an editor of this kind? */
  detect(el: Element): EditorTarget | null;
  /** Replace the content with `text` (plain; blank lines separate paragraphs) so the editor's own model holds it. */
  insert(t: EditorTarget, text: string, signal?: AbortSignal): Promise<SetResult>;
  /** What the editor holds now, as far as its DOM shows (paragraphs joined by a blank line). */
  read(t: EditorTarget): string;
  clear(t: EditorTarget, signal?: AbortSignal): Promise<SetResult>;
  /** Resolves true once the source field holds `text` (at once when the editor has none, or syncs on submit); false on time-out. */
  synced(t: EditorTarget, text: string, signal?: AbortSignal): Promise<boolean>;
}
