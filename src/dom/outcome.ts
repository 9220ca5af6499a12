/**
 * What the console said after we pressed its submit: a success notice, an error notice, or
 * nothing in time (uncertain — never reported as done). Notices are what a person would
 * read: ARIA status/alert/live regions, `<output>`, toasts and banners, elements whose
 * classes carry words like success/error/alert/notice — new or changed since just before
 * the press, visible, short. Profile `signals` selectors take precedence. Generic words only
 * (zh + en); no console's class names live here.
 */
import type { Observed } from './observe.ts';
import { collectRoots } from './roots.ts';
import { idOf, isVisible, squash } from './text.ts';

export type OutcomeKind = 'success' | 'failure' | 'uncertain';

export interface Outcome {
  kind: OutcomeKind;
  /** The notice text a person saw (empty when nothing was seen). */
  notice: string;
  /** What told us: the profile's signal, a notice, or a tool's own check (e.g. "dialog closed"). */
  via: string;
  /** The page unloaded before it showed a result (a full-page POST): the next page decides. */
  left?: true;
}

export interface Signals {
  success?: readonly string[];
  error?: readonly string[];
}

const NOTICE = [
  '[role=status]',
  '[role=alert]',
  '[aria-live]:not([aria-live=off])',
  'output',
  '[class*=alert]',
  '[class*=notice]',
  '[class*=toast]',
  '[class*=banner]',
  '[class*=flash]',
  '[class*=notification]',
  '[class*=success]',
  '[class*=error]',
  '[class*=danger]',
  '[id*=msg]',
  '[id*=notice]',
  '[id*=error]',
].join(',');

const ERROR_WORDS = /错误|出错|失败|无法|不能|未能|拒绝|必填|请填写|缺少|不正确|无效|✗|\b(error|errors|failed|failure|fail|unable|cannot|can't|could not|required|invalid|denied|refused|rejected|not allowed|forbidden|missing)\b/i;
const SUCCESS_WORDS = /成功|已创建|已保存|已分配|已转移|已转派|已转给|已转接|已指派|已提交|已添加|已发送|已更新|已完成|✓|\b(success|successfully|created|saved|assigned|transferred|posted|updated|added|submitted|requested|sent|done|completed|issued|refunded|processed)\b/i;
const ERROR_MARK = /error|danger|fail|invalid|warning|\bbad\b/i;
const EXPLICIT_SUCCESS = /成功|\b(success|successfully)\b/i;
const SUCCESS_MARK = /success|\bok\b|done|saved|confirm/i;

const FIELD_INSIDE = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea, [contenteditable=""], [contenteditable=true]';

/** Texts of the notices visible now (what "new" is measured against). */
export type NoticeBaseline = Map<Element, string>;

function noticeText(el: Element): string {
  return squash((el as HTMLElement).innerText ?? el.textContent ?? '');
}

/** A notice a person would read: visible, short, not a required-field asterisk, not ours. */
function readable(el: Element): boolean {
  if (el.localName.startsWith('deskhand-') || el.closest('label, option, select, button')) return false;
  // A field's box marked by form validation (Bootstrap's `has-success`, Parsley's
  // `parsley-success`, `is-invalid`) is a state of that field, not the console's answer.
  if (el.querySelector(FIELD_INSIDE) || el.matches(FIELD_INSIDE)) return false;
  if (!isVisible(el)) return false;
  const t = noticeText(el);
  return t.length >= 2 && t.length <= 400;
}

/** Every match in the page, its open shadow roots and same-origin frames (toasts and iframe forms alike). */
function everywhere(root: Document | Element, css: string): Element[] {
  const out: Element[] = [];
  try {
    for (const r of collectRoots(root)) out.push(...Array.from(r.querySelectorAll(css)));
  } catch {
    // a profile selector the browser cannot parse: no signal, never a throw
  }
  return out;
}

function candidates(root: Document | Element): Element[] {
  return everywhere(root, NOTICE).filter(readable);
}

export function noticeBaseline(root: Document | Element = document, signals?: Signals): NoticeBaseline {
  const map: NoticeBaseline = new Map();
  const css = [NOTICE, ...(signals?.success ?? []), ...(signals?.error ?? [])];
  for (const sel of css) for (const el of everywhere(root, sel)) map.set(el, isVisible(el) ? noticeText(el) : '');
  return map;
}

/**
 * success / failure / neutral for one notice. Error words in its text win; then error or
 * warning marks in its class/id/state ("Ticket is assigned to Ben" in a warning box is a
 * refusal, not a success) unless the text says "success" outright — or, in a box only marked
 * as a warning, says that the very thing the tool did happened (`acts`: FreeScout shows "Note
 * added" in a yellow box); then success words/marks.
 */
export function classify(el: Element, text = noticeText(el), acts: readonly string[] = []): 'success' | 'failure' | null {
  const marks = `${el.getAttribute('class') ?? ''} ${idOf(el)} ${el.getAttribute('data-state') ?? ''} ${el.getAttribute('data-type') ?? ''}`;
  if (ERROR_WORDS.test(text)) return 'failure';
  if (ERROR_MARK.test(marks)) {
    if (EXPLICIT_SUCCESS.test(text)) return 'success';
    const onlyWarning = !HARD_ERROR_MARK.test(marks);
    return onlyWarning && SUCCESS_WORDS.test(text) && speaksOf(text, acts) ? 'success' : 'failure';
  }
  return SUCCESS_WORDS.test(text) || SUCCESS_MARK.test(marks) ? 'success' : null;
}

const HARD_ERROR_MARK = /error|danger|fail|invalid|\bbad\b/i;

/** Does the notice name the tool's own act ("note", 备注; "moved", 移动)? Latin words whole. */
function speaksOf(text: string, acts: readonly string[]): boolean {
  const t = text.toLowerCase();
  return acts.some((a) => (/^[\x20-\x7e]+$/.test(a) ? new RegExp(`(^|[^a-z0-9])${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z0-9]|$)`, 'i').test(t) : t.includes(a)));
}

/** The first new or changed notice that says success or failure, profile signals first. */
export function readNotice(root: Document | Element, before: NoticeBaseline, signals?: Signals, acts: readonly string[] = []): Outcome | null {
  const fresh = (el: Element) => before.get(el) !== noticeText(el);
  for (const [kind, list] of [['failure', signals?.error], ['success', signals?.success]] as const) {
    for (const css of list ?? []) {
      const hit = everywhere(root, css).find((el) => readable(el) && fresh(el));
      if (hit) return { kind, notice: noticeText(hit), via: `profile signal ${css}` };
    }
  }
  let success: Outcome | null = null;
  const all = candidates(root).filter(fresh);
  const among = new Set(all);
  for (const el of all) {
    // A link or badge inside a notice ("Undo" in red inside "Email sent … Undo") is read with
    // its notice, not on its own.
    if (insideAnother(el, among)) continue;
    const kind = classify(el, noticeText(el), acts);
    if (kind === 'failure') return { kind, notice: noticeText(el), via: 'error notice' };
    if (kind === 'success' && !success) success = { kind, notice: noticeText(el), via: 'success notice' };
  }
  return success;
}

function insideAnother(el: Element, among: Set<Element>): boolean {
  for (let up = el.parentElement; up; up = up.parentElement) if (among.has(up)) return true;
  return false;
}

export interface WatchOptions {
  /** Where notices are looked for (the whole page by default: toasts live outside forms). */
  root?: Document | Element;
  signals?: Signals;
  timeoutMs: number;
  signal?: AbortSignal;
  /**
   * A tool's own evidence (the new thread entry, the dialog that closed): a short text when
   * it holds. A notice still wins when one appears, and an error notice always does.
   */
  evidence?: () => string | null;
  /** Words naming what the tool did ("note", "moved"): a warning-styled notice saying it happened is success. */
  acts?: readonly string[];
  /** After evidence alone, how long to wait for an error notice that may follow it. */
  graceMs?: number;
  /**
   * Called synchronously when the page unloads with nothing seen yet (beforeunload/pagehide),
   * while this document can still send messages: the caller hands the check to the next page.
   */
  onLeave?: () => void;
}

/** How often the page is re-read besides mutations (iframes and closed shadow roots send none to us). */
const POLL_MS = 100;

/**
 * Like observe.ts, but across every document and open shadow root of the page (a refund form
 * in an iframe answers inside the iframe) plus a short poll for what observers cannot see.
 */
function watch<T>(root: Document | Element, check: () => Observed<T> | null, timeoutMs: number, signal?: AbortSignal, onLeave?: () => Observed<T>): Promise<Observed<T>> {
  return new Promise((resolve) => {
    const first = check();
    if (first) return resolve(first);
    const doc = root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : (root as Element).ownerDocument;
    const view = doc.defaultView ?? window;
    const observers: MutationObserver[] = [];
    const finish = (r: Observed<T>) => {
      for (const o of observers) o.disconnect();
      clearTimeout(timer);
      clearInterval(poll);
      signal?.removeEventListener('abort', onAbort);
      view.removeEventListener('beforeunload', leave);
      view.removeEventListener('pagehide', leave);
      resolve(r);
    };
    // The console navigates away (osTicket loads the queue after a transfer): answer now, while
    // this document can still reply — with what was seen so far.
    const leave = () => finish(check() ?? onLeave?.() ?? { kind: 'silent' });
    view.addEventListener('beforeunload', leave);
    view.addEventListener('pagehide', leave);
    const tick = () => {
      const r = check();
      if (r) finish(r);
    };
    const onAbort = () => finish({ kind: 'silent' });
    for (const r of collectRoots(doc)) {
      const o = new view.MutationObserver(tick);
      o.observe(r, { subtree: true, childList: true, characterData: true, attributes: true });
      observers.push(o);
    }
    const poll = setInterval(tick, POLL_MS);
    const timer = setTimeout(() => finish(check() ?? { kind: 'silent' }), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Watches the page after a press until the console says success or failure, or the time is up. */
export async function watchOutcome(before: NoticeBaseline, opts: WatchOptions): Promise<Outcome> {
  const root = opts.root ?? document;
  const seen = await watch<Outcome>(
    root,
    () => {
      const n = readNotice(root, before, opts.signals, opts.acts);
      if (n) return { kind: 'done', value: n };
      const ev = opts.evidence?.();
      return ev ? { kind: 'done', value: { kind: 'success', notice: '', via: ev } } : null;
    },
    opts.timeoutMs,
    opts.signal,
    () => {
      opts.onLeave?.();
      return { kind: 'done', value: { kind: 'uncertain', notice: '', via: 'the page navigated away before it showed a result', left: true } };
    },
  );
  if (seen.kind !== 'done') return { kind: 'uncertain', notice: '', via: 'nothing seen in time' };
  const out = seen.value;
  if (out.kind !== 'success' || out.notice || !opts.graceMs) return out;
  // Evidence without a notice: an error notice may still follow (a dialog that closes, then complains).
  const late = await watch<Outcome>(root, () => {
    const n = readNotice(root, before, opts.signals, opts.acts);
    return n?.kind === 'failure' ? { kind: 'done', value: n } : null;
  }, opts.graceMs, opts.signal);
  return late.kind === 'done' ? late.value : out;
}
