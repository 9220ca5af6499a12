/**
 * Ajax dialogs (osTicket's Assign/Transfer popups, jQuery UI dialogs, `<dialog>`, React
 * modals): open one through the console's own control, wait for its form, fill it, verify,
 * press its submit, wait for it to close and read the result notice. On any failure before
 * the press the dialog is cancelled, so nothing half-done remains; the submit is pressed
 * only after every field took its value. Field names inside may be hashed per session: fields
 * are found by their labels (or a profile selector).
 */
import { findButtonIn, findButtonNear, findButtonsIn, leavesPage, type FoundButton } from './controls/button.ts';
import { revealInMenu } from './controls/menu.ts';
import { key, press, sleep } from './controls/events.ts';
import { describeEl } from './describe.ts';
import { findByWords, listControls, type FoundField } from './find.ts';
import { noticeBaseline, watchOutcome, type Outcome, type Signals } from './outcome.ts';
import { queryAll, queryOne } from './query.ts';
import { collectRoots } from './roots.ts';
import { currentValue, setValue } from './set-value.ts';
import { BUTTON_SYNONYMS } from './synonyms.ts';
import { isVisible, normLabel, squash } from './text.ts';

/**
 * Containers that read as a dialog: ARIA dialogs, `<dialog open>`, and the generic words UI kits
 * use — never the page itself (Bootstrap marks `<body class="modal-open">` while a modal shows).
 */
export const DIALOG = ':is([role=dialog], [role=alertdialog], dialog[open], [aria-modal=true], [class*=dialog], [class*=modal], [class*=popup], [id*=popup], [id*=dialog], [id*=modal]):not(body, html)';

export interface Control {
  css?: string;
  words: readonly string[];
}

export interface DialogSpec {
  /** For reports: "transfer dialog". */
  name: string;
  /** The console's own control that opens it: a profile selector, else a button by its words. */
  open: Control;
  /** The dialog's form once open (a profile selector); else the dialog that appeared. */
  form?: string;
  submit: Control;
  signals?: Signals;
  /** How long the dialog may take to appear (ajax). */
  openMs?: number;
  /** Words a notice uses for the act (dom/outcome.ts classify). */
  acts?: readonly string[];
}

export interface OpenedDialog {
  /** The dialog's container (what is closed on cancel). */
  box: Element;
  /** Its form, or the box when it has none. */
  form: Element;
  opener: string;
}

export type DialogError = { stage: 'open' | 'fill' | 'submit'; detail: string };

/**
 * The opener: the profile's selector (pressed even inside a closed menu), else a button by its
 * words — a visible one first, else one in a closed menu ("…" → Move), which is opened first
 * when pressed (openDialog). A link to another page is never an opener.
 */
export function findOpener(open: Control): { el: HTMLElement; label: string; disabled: boolean } | null {
  if (open.css) {
    const el = queryOne(document, open.css) as HTMLElement | null;
    if (el) return { el, label: open.css, disabled: false };
  }
  const inPlace = (hidden: boolean): FoundButton | undefined => findButtonsIn(document, open.words, hidden).find((b) => !leavesPage(b.el));
  const hit = open.words.length ? (inPlace(false) ?? inPlace(true)) : undefined;
  return hit ? { el: hit.el, label: hit.label, disabled: hit.disabled } : null;
}

export function describeControl(c: Control): string {
  return [c.css ? `selector ${c.css}` : '', c.words.length ? `a button or link named ${c.words.slice(0, 6).map((w) => `"${w}"`).join(', ')}` : ''].filter(Boolean).join(' or ');
}

function visibleDialogs(): Set<Element> {
  const out = new Set<Element>();
  // Not the page itself: Bootstrap marks <body class="modal-open"> while a modal shows.
  for (const root of collectRoots(document)) for (const el of Array.from(root.querySelectorAll(DIALOG))) if (isVisible(el)) out.add(el);
  for (const form of Array.from(document.forms)) if (isVisible(form)) out.add(form);
  return out;
}

/** A dialog that is open and holds a form with controls a person can use. */
function readyDialog(spec: DialogSpec, before: Set<Element>): OpenedDialog | null {
  if (spec.form) {
    const form = queryAll(document, spec.form).find(isVisible);
    if (form && listControls({ scope: form }).length) return { box: form.closest(DIALOG) ?? form, form, opener: '' };
    return null;
  }
  const fresh = [...visibleDialogs()].filter((el) => !before.has(el));
  // The outermost new dialog with controls is the box; its form (if any) the form. Not a
  // backdrop shown with it (Bootstrap's `.modal-backdrop`, appended to <body> beside the
  // modal, matches "modal" too and holds nothing a person can use).
  const box = fresh.filter((el) => !fresh.some((o) => o !== el && o.contains(el))).find((el) => listControls({ scope: el }).length > 0);
  if (!box) return null;
  const form = box.tagName === 'FORM' ? box : (Array.from(box.querySelectorAll('form')).find(isVisible) ?? box);
  return { box: box.tagName === 'FORM' ? (box.closest(DIALOG) ?? box) : box, form, opener: '' };
}

/** Is the dialog open now (a profile form or an open dialog with controls)? */
export function openDialogNow(spec: DialogSpec): OpenedDialog | null {
  return readyDialog(spec, new Set());
}

/** Opens the dialog through the console's own control and waits for its form. */
export async function openDialog(spec: DialogSpec, signal?: AbortSignal): Promise<OpenedDialog | DialogError> {
  if (spec.form) {
    const already = readyDialog(spec, new Set());
    if (already) return { ...already, opener: 'open already' };
  }
  const opener = findOpener(spec.open);
  if (!opener) return { stage: 'open', detail: `no control opens the ${spec.name}: looked for ${describeControl(spec.open)} in the whole page` };
  if (opener.disabled) return { stage: 'open', detail: `the control that opens the ${spec.name} ("${opener.label}") is disabled` };
  // An item of a closed menu ("More actions" → Move): the menu is opened first, as a person does.
  if (!isVisible(opener.el)) await revealInMenu(opener.el, signal);
  return pressForDialog(opener.el, opener.label, spec, signal);
}

/** Presses `el` (an opener, a menu item such as "Assign ▾ → Agent") and waits for the dialog's form. */
export async function pressForDialog(el: HTMLElement, label: string, spec: DialogSpec, signal?: AbortSignal): Promise<OpenedDialog | DialogError> {
  const before = visibleDialogs();
  press(el);
  const deadline = Date.now() + (spec.openMs ?? 6_000);
  while (Date.now() < deadline) {
    const d = readyDialog(spec, before);
    if (d) return { ...d, opener: label };
    await sleep(50, signal);
  }
  return { stage: 'open', detail: `pressed "${label}" but no ${spec.name} with a form appeared (looked for ${spec.form ? `selector ${spec.form}` : 'a new role=dialog, <dialog open>, modal or popup, or a form'})` };
}

/**
 * Presses an in-place control that shows a card over the page (a user popup) and waits until
 * the new dialog's text stops changing (content fetched, a slide-open animation): the box and a
 * way to close it again. Null when nothing appeared.
 */
export async function openPopup(opener: HTMLElement, signal?: AbortSignal, ms = 4_000): Promise<{ box: Element; close: () => Promise<boolean> } | null> {
  const before = visibleDialogs();
  press(opener);
  let last = '';
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    await sleep(100, signal);
    const fresh = [...visibleDialogs()].filter((el) => !before.has(el));
    const box = fresh.find((el) => !fresh.some((o) => o !== el && o.contains(el)));
    const text = box ? squash((box as HTMLElement).innerText ?? '') : '';
    if (box && text && text === last) return { box, close: () => cancelDialog({ box, form: box, opener: '' }, signal) };
    last = text;
  }
  return null;
}

/** A field in the dialog: a profile selector, else by its label words. */
export function dialogField(d: OpenedDialog, field: Control): Omit<FoundField, 'key'> | null {
  if (field.css) {
    const el = queryOne(d.form, field.css) ?? queryOne(d.box, field.css);
    const c = el ? listControls({ scope: d.box, includeHidden: true }).find((x) => x.el === el || x.el.contains(el)) : undefined;
    if (c) return { el: c.el, kind: c.kind, via: 'label', label: field.css, score: 1 };
  }
  return findByWords(field.words, { scope: d.form }) ?? (d.form !== d.box ? findByWords(field.words, { scope: d.box }) : null) ?? soleChoice(d);
}

/**
 * A dialog opened for one choice (FreeScout's Move: one select under "Select Mailbox") asks
 * for it with its only choice control, whatever its label calls it.
 */
function soleChoice(d: OpenedDialog): Omit<FoundField, 'key'> | null {
  const choices = listControls({ scope: d.box }).filter((c) => c.kind === 'select' || c.kind === 'combobox' || c.kind === 'radio');
  const only = choices.length === 1 ? choices[0]! : null;
  return only ? { el: only.el, kind: only.kind, via: 'nearby', label: only.labels[0]?.text ?? '', score: 0.5 } : null;
}

/** Closes the dialog without submitting: its Cancel/Close control, Escape, or `<dialog>.close()`. */
export async function cancelDialog(d: OpenedDialog, signal?: AbortSignal): Promise<boolean> {
  const closed = () => !d.box.isConnected || !isVisible(d.box);
  if (closed()) return true;
  const button = findButtonIn(d.box, BUTTON_SYNONYMS.cancel);
  const iconClose = queryAll(d.box, '[data-dismiss], [data-bs-dismiss], [aria-label*=close i], [class*=close]').find(isVisible) as HTMLElement | undefined;
  const ways: (() => void)[] = [];
  if (button && !button.disabled) ways.push(() => press(button.el));
  if (iconClose) ways.push(() => press(iconClose));
  ways.push(() => key(d.box, 'Escape'));
  if (d.box instanceof HTMLDialogElement) ways.push(() => (d.box as HTMLDialogElement).close());
  for (const way of ways) {
    way();
    for (let i = 0; i < 10 && !closed(); i++) await sleep(30, signal);
    if (closed()) return true;
  }
  return closed();
}

export interface FillItem {
  name: string;
  field: Control;
  value: string;
}

/** Finds every field first, then fills them, then checks each shows its value. */
export async function fillDialog(d: OpenedDialog, items: readonly FillItem[], signal?: AbortSignal): Promise<{ filled: { name: string; value: string; via: string }[] } | DialogError> {
  const found = items.map((it) => ({ it, f: dialogField(d, it.field) }));
  const missing = found.filter((x) => !x.f);
  if (missing.length) {
    const where = describeEl(d.form);
    return { stage: 'fill', detail: missing.map((m) => `no "${m.it.name}" field in the ${where}: looked for ${describeControl(m.it.field)}`).join('; ') };
  }
  const filled: { name: string; value: string; via: string }[] = [];
  for (const { it, f } of found) {
    const r = await setValue(f!.el, f!.kind, it.value, signal);
    if (!r.ok) return { stage: 'fill', detail: `the "${it.name}" field did not take "${it.value}": ${r.detail ?? 'not accepted'}` };
    filled.push({ name: it.name, value: r.value, via: f!.via });
  }
  // Verify before pressing anything: a widget that reverted a value means nothing is submitted.
  for (const { it, f } of found) {
    const now = normLabel(currentValue(f!.el, f!.kind));
    const want = normLabel(filled.find((x) => x.name === it.name)!.value);
    if (want && !now.includes(want) && !(now && want.includes(now))) return { stage: 'fill', detail: `the "${it.name}" field shows "${now}" instead of "${want}"` };
  }
  return { filled };
}

/**
 * Presses the dialog's submit and reads what the console says; the dialog closing counts as
 * evidence. `onLeave`: the page unloads first (a form in a tab that posts the whole page).
 */
export async function submitDialog(d: OpenedDialog, spec: DialogSpec, timeoutMs: number, signal?: AbortSignal, onLeave?: () => void): Promise<Outcome | DialogError> {
  const button = spec.submit.css ? ((queryOne(d.box, spec.submit.css) as HTMLElement | null) ?? null) : null;
  const hit = button ? { el: button, disabled: button.matches(':disabled'), label: spec.submit.css! } : findButtonNear(d.form, spec.submit.words, d.box);
  if (!hit) return { stage: 'submit', detail: `the ${spec.name} has no submit button: looked for ${describeControl(spec.submit)} in ${describeEl(d.form)}, then ${describeEl(d.box)}` };
  if (hit.disabled) return { stage: 'submit', detail: `the ${spec.name}'s "${hit.label}" button is disabled` };
  const before = noticeBaseline(document, spec.signals);
  press(hit.el);
  return watchOutcome(before, {
    timeoutMs,
    ...(signal ? { signal } : {}),
    ...(spec.signals ? { signals: spec.signals } : {}),
    evidence: () => (!d.box.isConnected || !isVisible(d.box) ? 'the dialog closed' : null),
    graceMs: 400,
    ...(onLeave ? { onLeave } : {}),
    ...(spec.acts ? { acts: spec.acts } : {}),
  });
}

/** Open → fill → verify → submit → outcome; cancels the dialog on any failure. */
export async function runDialog(spec: DialogSpec, items: readonly FillItem[], timeoutMs: number, signal?: AbortSignal): Promise<{ outcome: Outcome; filled: { name: string; value: string; via: string }[] } | DialogError> {
  const d = await openDialog(spec, signal);
  if ('stage' in d) return d;
  const fill = await fillDialog(d, items, signal);
  if ('stage' in fill) {
    await cancelDialog(d, signal);
    return fill;
  }
  const outcome = await submitDialog(d, spec, timeoutMs, signal);
  if ('stage' in outcome) {
    await cancelDialog(d, signal);
    return outcome;
  }
  // Failed or unclear: the dialog must not stay half-open over the console.
  if (outcome.kind !== 'success') await cancelDialog(d, signal);
  return { outcome, filled: fill.filled };
}
