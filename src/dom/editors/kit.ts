/**
 * What the editor adapters share: text in and out (paragraphs, the canonical form both
 * sides are compared in), selecting an editor's content, the input paths editors listen to
 * (a synthetic paste, `beforeinput`, `document.execCommand`, a key press), waiting for an
 * editor to settle, and `richAdapter`, which turns an editor's detection and chosen paths
 * into an adapter. Every path is verified by reading the DOM back: an event an editor
 * ignored is never reported as text taken.
 */
import { collectRoots } from '../roots.ts';
import type { SetResult } from '../set-value.ts';
import { stripInvisible } from '../text.ts';
import type { Editable, EditorAdapter, EditorTarget, SyncMode } from './types.ts';

import { sleep, win, type Win } from '../window.ts';

export { sleep, win, type Win };

export function fire(el: Element, type: string, init: EventInit = {}): boolean {
  const w = win(el);
  const Ctor = type === 'input' || type === 'beforeinput' ? w.InputEvent : w.Event;
  return el.dispatchEvent(new Ctor(type, { bubbles: true, composed: true, cancelable: type === 'beforeinput', ...init }));
}

/**
 * Native `value` setter of the element's own prototype (its own realm). React and Vue
 * track a field's value on the instance, so a plain assignment looks like "no change".
 */
export function nativeValueSetter(el: Element): ((v: string) => void) | undefined {
  const w = win(el);
  const proto =
    el.tagName === 'TEXTAREA' ? w.HTMLTextAreaElement.prototype : el.tagName === 'SELECT' ? w.HTMLSelectElement.prototype : w.HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(proto, 'value')?.set;
}

// ---------------------------------------------------------------- text

/** `br`: a single newline is a line break inside a paragraph; `block`: every line is its own block (Slate). */
export type SoftBreaks = 'br' | 'block';

/** Paragraphs (blank-line separated) as lines, whitespace runs squashed, empty ones dropped. */
export function paragraphs(text: string, soft: SoftBreaks = 'br'): string[][] {
  const clean = stripInvisible(text.replace(/\r\n?/g, '\n')).text.replace(/\u00a0/g, ' ');
  const paras = clean
    .split(/\n[ \t]*\n/)
    .map((p) => p.split('\n').map((l) => l.replace(/[ \t\f\v]+/g, ' ').trim()))
    .map((lines) => lines.filter((l, i) => l || (i > 0 && i < lines.length - 1)))
    .filter((lines) => lines.some(Boolean));
  return soft === 'block' ? paras.flat().filter(Boolean).map((l) => [l]) : paras;
}

/** The form texts are compared in: paragraphs joined by one blank line. */
export const canon = (text: string, soft: SoftBreaks = 'br'): string =>
  paragraphs(text, soft)
    .map((lines) => lines.join('\n'))
    .join('\n\n');

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const htmlOf = (paras: string[][]): string => paras.map((lines) => `<p>${lines.map(escapeHtml).join('<br>')}</p>`).join('');

const plainOf = (paras: string[][], soft: SoftBreaks): string => paras.map((l) => l.join('\n')).join(soft === 'block' ? '\n' : '\n\n');

const BLOCK = /^(P|DIV|LI|UL|OL|H[1-6]|BLOCKQUOTE|PRE|TABLE|TBODY|TR|TD|TH|SECTION|ARTICLE|HEADER|FOOTER|FIGURE|ADDRESS|DL|DT|DD|HR)$/;
const SKIP = /^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/;

/**
 * Text of an editable's DOM, block by block (not `innerText`, which puts one newline
 * between Draft's div blocks and two between `<p>`s). A block's trailing `<br>` is the
 * filler editors keep in empty lines and is not text. `ignore` names decorations
 * (placeholders) that are not content.
 */
export function domText(root: Node, ignore?: string): string {
  const blocks: string[] = [];
  let cur = '';
  const flush = () => {
    blocks.push(cur.replace(/\n$/, ''));
    cur = '';
  };
  const walk = (n: Node) => {
    for (const c of Array.from(n.childNodes)) {
      if (c.nodeType === Node.TEXT_NODE) cur += c.nodeValue ?? '';
      if (c.nodeType !== Node.ELEMENT_NODE) continue;
      const e = c as Element;
      if (SKIP.test(e.tagName) || (ignore && e.matches(ignore))) continue;
      if (e.tagName === 'BR') {
        cur += '\n';
        continue;
      }
      const block = BLOCK.test(e.tagName);
      if (block) flush();
      walk(e);
      if (block) flush();
    }
  };
  walk(root);
  flush();
  return canon(blocks.join('\n\n'));
}

/** Text of a rich editor's source field, whose value is HTML; parsed inert (a template's content runs nothing). */
export function sourceText(source: HTMLTextAreaElement | HTMLInputElement): string {
  const tpl = source.ownerDocument.createElement('template');
  tpl.innerHTML = source.value;
  return domText(tpl.content);
}

// ---------------------------------------------------------------- waiting


/** Polls `check` until it holds or `timeoutMs` passes. */
export async function until(check: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await sleep(25, signal);
  }
  return true;
}

/** How long an editor may take to show text it accepted, and to copy it to its source field. */
export const SETTLE_MS = 3_000;
export const SYNC_MS = 4_000;

// ---------------------------------------------------------------- selecting

/**
 * Focuses the editable and selects all of its content: from inside its first block to
 * inside its last (when they can hold a caret), so the browser keeps the block elements
 * when the selection is replaced.
 * Editors copy the DOM selection into their model on `selectionchange`, which the browser
 * fires asynchronously: wait for it before sending input.
 */
export async function selectAll(el: HTMLElement, signal?: AbortSignal): Promise<void> {
  const w = win(el);
  const doc = el.ownerDocument;
  if (w.frameElement) w.focus();
  el.focus({ preventScroll: true });
  const range = doc.createRange();
  range.selectNodeContents(el);
  const first = el.firstChild;
  const last = el.lastChild;
  // An empty block with no <br> has no line box; the browser would insert beside it, not in it.
  const holds = (n: ChildNode | null): n is Element => n instanceof w.Element && BLOCK.test(n.tagName) && (n.textContent !== '' || !!n.querySelector('br'));
  if (holds(first) && holds(last)) {
    range.setStart(first, 0);
    range.setEnd(last, last.childNodes.length);
  }
  const changed = new Promise<void>((resolve) => {
    doc.addEventListener('selectionchange', () => resolve(), { once: true });
    setTimeout(resolve, 60);
  });
  const sel = w.getSelection();
  sel?.removeAllRanges();
  sel?.addRange(range);
  await changed;
  await sleep(0, signal);
}

// ---------------------------------------------------------------- input paths

/**
 * - `paste`: a ClipboardEvent with text/html (`<p>` per paragraph) and text/plain, what a
 *   person's Ctrl+V delivers; rich editors parse it into their model in one step.
 * - `paste-plain`: text/plain only.
 * - `beforeinput-paste`: the `beforeinput` (insertFromPaste) Chrome sends after a paste
 *   nobody cancelled; editors with their own model (Slate, Lexical-likes) act on it.
 * `paste`, `beforeinput-paste`, `exec` in that order is what the browser does for a
 * person's Ctrl+V, each step taken only if no handler cancelled the one before.
 * - `exec`: `execCommand` insertText / insertHTML, the browser's own editing, which fires
 *   the `input` event; for editors whose model is the DOM.
 */
export type InsertPath = 'paste' | 'paste-plain' | 'beforeinput-paste' | 'exec';
/**
 * `exec`: execCommand('delete'); `beforeinput`: deleteContentBackward (what Chrome sends
 * before deleting a selection); `backspace`: a Backspace keydown.
 */
export type ClearPath = 'exec' | 'beforeinput' | 'backspace';

function transfer(w: Win, paras: string[][], soft: SoftBreaks, html: boolean): DataTransfer {
  const dt = new w.DataTransfer();
  dt.setData('text/plain', plainOf(paras, soft));
  if (html) dt.setData('text/html', htmlOf(paras));
  return dt;
}

/**
 * The browser's own editing: delete the selection, then insertText for one line or
 * insertHTML for paragraphs, which is what Chrome's native paste does with clipboard HTML
 * (one `<p>` per paragraph). Deleting first matters: replacing a selection that ends in
 * an empty `<p></p>` (Redactor's start state) leaves that block behind, and a chain of
 * insertParagraph calls puts the first line outside any block.
 */
function execInsert(el: HTMLElement, paras: string[][]): boolean {
  const doc = el.ownerDocument;
  if (win(el).getSelection()?.isCollapsed === false) doc.execCommand('delete');
  const one = paras.length === 1 && paras[0]!.length === 1;
  return one ? doc.execCommand('insertText', false, paras[0]![0]) : doc.execCommand('insertHTML', false, htmlOf(paras));
}

/** Sends the text along one path; true when the editor (or the browser) acted on it. */
export function sendText(el: HTMLElement, path: InsertPath, paras: string[][], soft: SoftBreaks): boolean {
  const w = win(el);
  const init = { bubbles: true, cancelable: true, composed: true };
  switch (path) {
    case 'paste':
    case 'paste-plain': {
      const ev = new w.ClipboardEvent('paste', { ...init, clipboardData: transfer(w, paras, soft, path === 'paste') });
      el.dispatchEvent(ev);
      // A synthetic paste has no default action: only an editor that handled it changed anything.
      return ev.defaultPrevented;
    }
    case 'beforeinput-paste': {
      const ev = new w.InputEvent('beforeinput', { ...init, inputType: 'insertFromPaste', dataTransfer: transfer(w, paras, soft, true) });
      el.dispatchEvent(ev);
      return ev.defaultPrevented;
    }
    case 'exec':
      return execInsert(el, paras);
  }
}

export function sendDelete(el: HTMLElement, path: ClearPath): boolean {
  const w = win(el);
  const init = { bubbles: true, cancelable: true, composed: true };
  if (path === 'exec') return el.ownerDocument.execCommand('delete');
  const ev =
    path === 'beforeinput'
      ? new w.InputEvent('beforeinput', { ...init, inputType: 'deleteContentBackward' })
      : new w.KeyboardEvent('keydown', { ...init, key: 'Backspace', code: 'Backspace', keyCode: 8, which: 8 });
  el.dispatchEvent(ev);
  return ev.defaultPrevented;
}

// ---------------------------------------------------------------- the generic rich-editor adapter

export interface RichSpec {
  kind: EditorAdapter['kind'];
  sync: SyncMode;
  detect(el: Element): EditorTarget | null;
  /** Paths to try in order; the first one the editor acts on decides (no second try, no doubled text). */
  insertVia: readonly InsertPath[];
  /** The same for deleting the selected content. */
  clearVia: readonly ClearPath[];
  softBreaks?: SoftBreaks;
  /** Decorations inside the editable that are not content (placeholders). */
  ignore?: string;
}

export const result = (ok: boolean, value: string, detail: string, via?: string): SetResult => ({ ok, value, ...(ok ? {} : { detail }), ...(via ? { via } : {}) });

export function richAdapter(spec: RichSpec): EditorAdapter {
  const soft = spec.softBreaks ?? 'br';
  const read = (t: EditorTarget) => domText(t.editable, spec.ignore);
  const adapter: EditorAdapter = {
    kind: spec.kind,
    sync: spec.sync,
    detect: spec.detect,
    read,
    async insert(t, text, signal) {
      const want = canon(text, soft);
      if (!want) return adapter.clear(t, signal);
      if (read(t) === want) return result(true, want, '', `${spec.kind}:unchanged`);
      const el = t.editable as HTMLElement;
      if (!el.isContentEditable) return result(false, read(t), 'the editor is read-only');
      for (const path of spec.insertVia) {
        await selectAll(el, signal);
        const before = read(t);
        if (!sendText(el, path, paragraphs(text, soft), soft)) {
          // An editor that acted without saying so (no preventDefault) still changed the text: never send it twice.
          await sleep(0, signal);
          if (read(t) === before) continue;
        }
        const ok = await until(() => read(t) === want, SETTLE_MS, signal);
        return result(ok, read(t), `the ${spec.kind} editor holds other text after ${path}`, `${spec.kind}:${path}`);
      }
      return result(false, read(t), `the ${spec.kind} editor took none of: ${spec.insertVia.join(', ')}${behindModal(el)}`);
    },
    async clear(t, signal) {
      if (!read(t)) return result(true, '', '', `${spec.kind}:unchanged`);
      const el = t.editable as HTMLElement;
      for (const path of spec.clearVia) {
        await selectAll(el, signal);
        if (!sendDelete(el, path)) continue;
        const ok = await until(() => !read(t), SETTLE_MS, signal);
        return result(ok, read(t), `the ${spec.kind} editor kept its text after ${path}`, `${spec.kind}:${path}`);
      }
      return result(false, read(t), `the ${spec.kind} editor took none of: ${spec.clearVia.join(', ')}`);
    },
    async synced(t, text, signal) {
      const want = canon(text, soft);
      if (read(t) !== want) return false;
      if (spec.sync !== 'live' || !t.source) return true;
      const source = t.source;
      return until(() => sourceText(source) === want, SYNC_MS, signal);
    },
  };
  return adapter;
}

/** Does `outer` hold `el`, also through shadow roots? */
function holds(outer: Element, el: Element): boolean {
  for (let n: Node | null = el; n; n = n.parentNode ?? (n as ShadowRoot).host ?? null) if (n === outer) return true;
  return false;
}

/**
 * A modal `<dialog>` makes the rest of the page inert: no editing there, by a person or by
 * the browser's own commands (https://html.spec.whatwg.org/#blocked-by-a-modal-dialog).
 * Said in the failure, so the agent knows to close it.
 */
export function behindModal(el: Element): string {
  for (const root of collectRoots(el.ownerDocument)) {
    for (const d of Array.from(root.querySelectorAll('dialog[open]'))) {
      if (d.matches(':modal') && !holds(d, el)) return ` (an open modal dialog blocks the page: "${(d.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)}"; close it first)`;
    }
  }
  return '';
}

// ---------------------------------------------------------------- detection helpers

/** The same-origin iframe an element's document is shown in, if any. */
export function frameOf(el: Element): HTMLIFrameElement | undefined {
  try {
    const fe = win(el).frameElement;
    return fe?.tagName === 'IFRAME' ? (fe as HTMLIFrameElement) : undefined;
  } catch {
    return undefined;
  }
}

/** A same-origin iframe's body, or null (cross-origin access throws). */
export function frameBody(frame: Element): HTMLElement | null {
  try {
    return (frame as HTMLIFrameElement).contentDocument?.body ?? null;
  } catch {
    return null;
  }
}

export interface FrameSpec {
  frame: string;
  box: string;
  /** The editor's box from its source field or a wrapper. */
  boxOf(el: Element): Element | null | undefined;
  /** The source field when it is not just before the box. */
  sourceOf?(frame: HTMLIFrameElement): Element | null;
}

/**
 * An iframe editor (TinyMCE, CKEditor 4 classic) from its frame, its body, its source field
 * or its wrapper: the frame's body is the editable, and the source is the field the editor
 * hid just before its box.
 */
export function frameTarget(kind: EditorTarget['kind'], el: Element, spec: FrameSpec): EditorTarget | null {
  let frame: Element | null | undefined = el.tagName === 'IFRAME' ? el : frameOf(el);
  if (!frame?.matches(spec.frame)) frame = spec.boxOf(el)?.querySelector(spec.frame);
  const body = frame ? frameBody(frame) : null;
  if (!frame || !body) return null;
  const f = frame as HTMLIFrameElement;
  return target(kind, body, f.closest(spec.box)?.previousElementSibling ?? spec.sourceOf?.(f), f);
}

/** Detection by the editable's own well-known marker (`.ProseMirror`, `[data-slate-editor]`). */
export const byMarker =
  (kind: EditorTarget['kind'], selector: string) =>
  (el: Element): EditorTarget | null => {
    const host = around(el, selector);
    return host ? target(kind, host as HTMLElement) : null;
  };

/** `el` itself, its ancestor, or (for a wrapper) its one descendant matching `selector`. */
export function around(el: Element, selector: string): Element | null {
  return el.closest(selector) ?? el.querySelector(selector);
}

export const isField = (el: Element | null | undefined): el is HTMLTextAreaElement | HTMLInputElement =>
  !!el && (el.tagName === 'TEXTAREA' || el.tagName === 'INPUT');

export const target = (kind: EditorTarget['kind'], editable: Editable, source?: Element | null, frame?: HTMLIFrameElement): EditorTarget => ({
  kind,
  editable,
  ...(isField(source) ? { source } : {}),
  ...(frame ? { frame } : {}),
});

/** Focus and blur as events only (the element does not take real focus). */
export function focusEvents(el: Element, into: boolean): void {
  const w = el.ownerDocument.defaultView as Window & typeof globalThis;
  el.dispatchEvent(new w.FocusEvent(into ? 'focus' : 'blur', { bubbles: false, composed: true }));
  el.dispatchEvent(new w.FocusEvent(into ? 'focusin' : 'focusout', { bubbles: true, composed: true }));
}
