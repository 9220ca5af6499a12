/**
 * Delivery that knows whether it landed. Before the press: the console's own "ready" fields
 * hold a value (osTicket's lock code, fetched by its autolock; profile `composers.*.ready`).
 * Then the console's own submit is pressed and its answer read (src/dom/outcome.ts): a new
 * entry with the text, a new record, a success or error notice. When the console loads a new
 * page instead (a full-page POST), this page hands a check to the service worker while it
 * unloads, and the next page's content script answers it (`verifyHere`): executed only when
 * that page shows it, failed when it shows an error, uncertain otherwise.
 */
import { describeEl } from '../dom/describe.ts';
import { adapterOf, detectEditor } from '../dom/editors/index.ts';
import type { FoundField } from '../dom/find.ts';
import { observe, waitFor } from '../dom/observe.ts';
import { noticeBaseline, readNotice, type NoticeBaseline, type Outcome } from '../dom/outcome.ts';
import { queryAll } from '../dom/query.ts';
import { currentValue, setValue } from '../dom/set-value.ts';
import { squash } from '../dom/text.ts';
import type { NextPageCheck } from '../messages/schemas.ts';
import { fail } from '../tools/errors.ts';
import type { RunCtx, RunResult } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { recordIdOf, textCount } from './composer.ts';
import { fromOutcome, pressAndWatch, type OutcomeWords } from './press.ts';

/** How long a console may take to get ready (its lock is one ajax call). */
const READY_MS = 6_000;
const READY_POLL_MS = 40;
/** How long the next page may take to show its result after its content script is ready. */
const VERIFY_MS = 3_000;

export interface Delivery {
  tool: string;
  button: HTMLElement;
  /** The text that must show up as a new entry (reply, note), or the title of a new record. */
  text?: string;
  /** `same`: it belongs to the open record; `new`: it creates one (a ticket). */
  record: 'same' | 'new';
  /** The tool's own editor, never counted as "the text appears". */
  composer?: Element;
  /** Where the text must appear (a profile selector), when not anywhere on the page. */
  within?: string;
  /**
   * Where the text is counted before the press, when not where it must appear after it (a
   * lookup dialog shows the chosen e-mail before its Continue; what counts is the form).
   */
  countIn?: Element;
  /** Fields that must hold a value before the press (profile `ready`). */
  ready?: readonly string[];
  words: OutcomeWords;
  data: Record<string, unknown>;
  /** More data read from the console's notice when it answers on this page (a new ticket's number). */
  fromNotice?: (notice: string) => Record<string, unknown>;
  timeoutMs: number;
  /** How long filling (and the editor's sync) took, for the report. */
  fillMs?: number;
  /** The job itself goes to the next page (catalog/carry.ts): that page does it. */
  carry?: NextPageCheck['carry'];
}

/**
 * Puts `text` into a composer and proves it is there before anything is pressed: the editor
 * shows it, and an editor that keeps a form field in sync (Redactor's hidden textarea) has
 * copied it — a submit now posts this text, never an empty body.
 */
export async function fillComposer(f: FoundField, text: string, signal: AbortSignal): Promise<{ ok: true; ms: number } | { ok: false; detail: string }> {
  const started = performance.now();
  const set = await setValue(f.el, f.kind, text, signal);
  if (!set.ok) return { ok: false, detail: set.detail ?? 'the composer did not take the text' };
  const shown = squash(currentValue(f.el, f.kind));
  if (!shown.includes(squash(text))) return { ok: false, detail: `the composer shows "${shown.slice(0, 80)}", not the text` };
  const t = detectEditor(f.el);
  if (t?.source && adapterOf(t).sync === 'live' && !t.source.value.trim()) return { ok: false, detail: `the ${t.kind} editor's form field is still empty` };
  return { ok: true, ms: Math.round(performance.now() - started) };
}

/** Fields the console fills by itself before it takes a submit: waits until each holds a value. */
export async function waitFilled(css: readonly string[], signal: AbortSignal, timeoutMs = READY_MS): Promise<{ ok: true; ms: number } | { ok: false; missing: string; ms: number }> {
  const started = performance.now();
  const missing = () => css.find((c) => !queryAll(document, c).some(filled)) ?? null;
  // A value set by script (jQuery .val) fires no mutation: waitFor also polls.
  const done = await waitFor(() => (missing() ? null : true), timeoutMs, signal, READY_POLL_MS);
  const ms = Math.round(performance.now() - started);
  const still = done ? null : missing();
  return still ? { ok: false, missing: still, ms } : { ok: true, ms };
}

function filled(el: Element): boolean {
  const v = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement ? el.value : (el.textContent ?? '');
  return v.trim().length > 0;
}

/**
 * How often the page shows `text` as an entry: thread entries with exactly that text, or
 * short elements that hold it (only inside `within` when given).
 */
export function landedCount(deps: CatalogDeps, text: string, composer?: Element, within?: string): number {
  const wanted = squash(text);
  if (within) return queryAll(document, within).reduce((n, el) => n + textCount(el, wanted, composer) + (squash(el.textContent ?? '') === wanted ? 1 : 0), 0);
  const entries = deps.model().current().thread()?.entries ?? [];
  const inThread = entries.filter((e) => e.role !== 'system' && squash(e.text) === wanted).length;
  return Math.max(inThread, textCount(document.body, wanted, composer));
}

/** The record the page shows now, and whether it is a new one with the title. */
function newRecordSeen(deps: CatalogDeps, before: string | null, title?: string): string | null {
  const now = recordIdOf(deps);
  if (!now || now === before) return null;
  if (title && !squash(document.body.innerText).includes(squash(title))) return null;
  return `the console shows the new record ${now}${title ? ' with that title' : ''}`;
}

/** The notices a person sees before the press: on the next page, the same words are not its answer. */
function ambientNotices(deps: CatalogDeps): string[] {
  const texts = [...noticeBaseline(document, deps.model().current().signals()).values()].filter((t) => t.length >= 2 && t.length <= 400);
  return [...new Set(texts)].slice(0, 20);
}

function checkOf(d: Delivery, ctx: RunCtx, deps: CatalogDeps): NextPageCheck {
  return {
    tool: d.tool,
    caller: ctx.caller,
    traceId: ctx.traceId,
    ...(d.text ? { text: d.text, before: d.countIn ? textCount(d.countIn, squash(d.text), d.composer) : landedCount(deps, d.text, d.composer, d.within) } : {}),
    ...(d.within ? { within: d.within } : {}),
    recordId: recordIdOf(deps),
    ambient: ambientNotices(deps),
    record: d.record,
    words: { refused: d.words.refused, unclear: d.words.unclear, silent: d.words.silent, fix: d.words.fix, check: d.words.check, ...(d.words.acts ? { acts: [...d.words.acts] } : {}) },
    data: d.data,
    ...(d.carry ? { carry: d.carry } : {}),
  };
}

/** What a press made elsewhere (a dialog's submit) calls when the page unloads: the check goes to the next page. */
export function handOnLeaving(deps: CatalogDeps, d: Omit<Delivery, 'button' | 'timeoutMs'>, ctx: RunCtx): () => void {
  const check = checkOf({ ...d, button: document.body, timeoutMs: 0 }, ctx, deps);
  return () => deps.leaving?.(check);
}

/**
 * Runs a fill during which the console may reload the page (a customer chosen in a lookup
 * field reloads the form with it): if the page unloads meanwhile, the check goes to the next
 * page, which says whether it shows `d.text`; the caller's answer then comes from there.
 */
export async function whileLeavingHands<T>(deps: CatalogDeps, d: Omit<Delivery, 'button' | 'timeoutMs'>, ctx: RunCtx, run: () => Promise<T>): Promise<T> {
  const hand = handOnLeaving(deps, d, ctx);
  let handed = false;
  const leave = () => {
    if (handed) return;
    handed = true;
    hand();
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  try {
    return await run();
  } finally {
    window.removeEventListener('beforeunload', leave);
    window.removeEventListener('pagehide', leave);
  }
}

/** The result while the next page decides (the caller gets that page's answer through the worker). */
export function leftResult(d: Pick<Delivery, 'words'>, what: string): RunResult<never> {
  return fail('uncertain', d.words.silent, `The console loaded another page right after ${what}; that page is checked for the result.`, d.words.check);
}

/**
 * Waits for the console to be ready, presses its submit and reads the answer. A page that
 * unloads first hands the check to the next page (deps.leaving); the result here is then
 * uncertain, and the caller's answer comes from that page.
 */
export async function deliver(deps: CatalogDeps, d: Delivery, ctx: RunCtx): Promise<RunResult<Record<string, unknown>>> {
  const ready = d.ready?.length ? await waitFilled(d.ready, ctx.signal) : { ok: true as const, ms: 0 };
  if (!ready.ok) {
    return fail('failed', 'CONSOLE_NOT_READY', `The console was not ready for a submit after ${ready.ms} ms: ${ready.missing} is still empty (its lock or token). Nothing was submitted.`, 'Wait a moment and try again, or submit by hand.');
  }
  const timings = { ...(d.fillMs !== undefined ? { fillMs: d.fillMs } : {}), readyMs: ready.ms };
  const check = checkOf({ ...d, data: { ...d.data, timings } }, ctx, deps);
  const counted = d.countIn;
  const evidence =
    d.record === 'new'
      ? () => newRecordSeen(deps, check.recordId, d.text)
      : d.text && counted
        ? () => (counted.isConnected && textCount(counted, squash(d.text!), d.composer) > (check.before ?? 0) ? `the text appears in ${describeEl(counted)}` : null)
        : d.text
          ? textEvidence(deps, d.text, check.before ?? 0, d.composer, d.within)
          : undefined;
  const outcome = await pressAndWatch(deps, d.button, d.timeoutMs, ctx.signal, evidence, () => deps.leaving?.(check), d.words.acts);
  if (outcome.left) return leftResult(d, `${describeEl(d.button)} was pressed`);
  return fromOutcome(outcome, (notice) => ({ ...check.data, ...(d.record === 'new' ? created(deps, check.recordId) : {}), ...d.fromNotice?.(notice) }), d.words);
}

function textEvidence(deps: CatalogDeps, text: string, before: number, composer?: Element, within?: string): () => string | null {
  return () => (landedCount(deps, text, composer, within) > before ? `the text appears on the page${within ? ` in ${within}` : ''}` : null);
}

/** On a fresh page every notice is new, except those that already showed before the press. */
function freshBaseline(check: NextPageCheck, signals: Parameters<typeof noticeBaseline>[1]): NoticeBaseline {
  const ambient = new Set(check.ambient ?? []);
  return new Map([...noticeBaseline(document, signals)].filter(([, text]) => ambient.has(text)));
}

/**
 * On the page the console loaded after a submit: does it show what `check` expects? The entry
 * (or the new record) is success; else an error notice is a failure; a success notice counts
 * only where the page does not show the record it would be on (stale banners are common).
 * Notices that already showed before the press are not the answer.
 */
export async function verifyHere(deps: CatalogDeps, check: NextPageCheck, signal: AbortSignal): Promise<RunResult<unknown>> {
  const signals = deps.model().current().signals();
  const evidence = (): string | null => {
    if (check.record === 'new') return newRecordSeen(deps, check.recordId, check.text);
    if (check.text && recordIdOf(deps) === check.recordId) return textEvidence(deps, check.text, check.before ?? 0, undefined, check.within)();
    return null;
  };
  const base = freshBaseline(check, signals);
  const seen = await observe<Outcome>(
    document.documentElement,
    () => {
      const n = readNotice(document, base, signals, check.words.acts);
      // What the console visibly recorded decides first: a warning beside it does not undo it.
      const ev = evidence();
      if (ev) return { kind: 'done', value: { kind: 'success', notice: n?.kind === 'success' ? n.notice : '', via: ev } };
      if (n?.kind === 'failure') return { kind: 'done', value: n };
      // Without a text to look for, the console's own success notice is the answer.
      if (n && !check.text && check.record === 'same') return { kind: 'done', value: n };
      return null;
    },
    VERIFY_MS,
    signal,
  );
  const outcome = seen.kind === 'done' ? seen.value : lastWord(deps, check, readNotice(document, base, signals, check.words.acts));
  return fromOutcome({ ...outcome, via: `on the next page: ${outcome.via}` }, () => ({ ...check.data, ...(check.record === 'new' ? created(deps, check.recordId) : {}) }), check.words);
}

/** The record a create landed on, when the page shows a new one: its id and the number people see. */
function created(deps: CatalogDeps, before: string | null): Record<string, unknown> {
  const id = deps.model().current().identity();
  return id.recordId && id.recordId !== before ? { recordId: id.recordId, ticketId: id.display ?? id.recordId } : {};
}

/** Nothing decisive in time: a success notice counts only where the record it is about is not shown. */
function lastWord(deps: CatalogDeps, check: NextPageCheck, n: Outcome | null): Outcome {
  const shown = recordIdOf(deps);
  const canLook = check.record === 'same' ? shown === check.recordId && !!check.text : !!shown && shown !== check.recordId;
  if (n?.kind === 'success' && !canLook) return n;
  const what = check.text ? 'the text' : 'a result';
  const why = n?.kind === 'success' ? `it said "${n.notice}" but does not show ${what}` : `it shows no error and not ${what}`;
  return { kind: 'uncertain', notice: '', via: why };
}
