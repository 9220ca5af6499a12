/**
 * Which job owns a control (issue 19 items 1–2). A profile may say *where* a job's controls
 * are; it must never make one job's commit press another job's control: a confirmed "Send
 * reply" that presses the refund form's button, a quick ticket that presses the reply's Send.
 *
 * The rules are how such pages are built, not one console's markup:
 * - a commit is a button (never a field someone types into);
 * - the box a commit sits in (its form, dialog, fieldset) is the box of the job it commits:
 *   a composer's Send shares its innermost box with the composer, a form's submit is inside
 *   its form or is the form's own submitter (`button.form`, the `form=` attribute), or shares
 *   the form's dialog;
 * - a job's box and commit lie in no other job's form (the reply box inside the refund form
 *   is the refund form's reason field, whatever a profile calls it);
 * - a commit does not name another job ("Submit refund" is never a reply's Send).
 * The reply and the note may share a box (one editor with a Reply/Note mode tab): their
 * commits are told apart by their words.
 */
import { buttonNames } from '../dom/controls/button.ts';
import { describeEl } from '../dom/describe.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import type { Snapshot } from './model.ts';

export type Job = 'reply' | 'note' | 'ticketForm' | 'refundForm';
export const JOBS: readonly Job[] = ['reply', 'note', 'ticketForm', 'refundForm'];

/** What the guard found wrong, as data: the job, the job whose control it is (if known), and a sentence for developers. */
export interface ForeignControl {
  job: Job;
  owner: Job | null;
  detail: string;
}

const NAMES: Record<Job, string> = { reply: 'the reply box', note: 'the note box', ticketForm: 'the ticket form', refundForm: 'the refund form' };

/** The boxes a commit belongs to. */
const BOX = 'form, dialog, [role=dialog], [role=alertdialog], [role=form], fieldset';

/** Words only another job's commit carries (a reply's Send never says "refund"; a note's Add never says "send"). */
const FOREIGN_WORDS: Record<Job, readonly string[]> = {
  reply: [...BUTTON_SYNONYMS.submitRefund, ...BUTTON_SYNONYMS.addNote.filter((w) => !/send|发送/i.test(w))],
  note: [...BUTTON_SYNONYMS.send, ...BUTTON_SYNONYMS.submitRefund],
  ticketForm: [...BUTTON_SYNONYMS.submitRefund],
  refundForm: [...BUTTON_SYNONYMS.send, ...BUTTON_SYNONYMS.addNote],
};
/** A commit that also names its own job is its own ("Send refund request" is the refund form's). */
const OWN_WORDS: Record<Job, readonly string[]> = {
  reply: [...BUTTON_SYNONYMS.send, 'reply', '回复'],
  note: [...BUTTON_SYNONYMS.addNote, 'note', '备注', 'whisper'],
  ticketForm: [...BUTTON_SYNONYMS.submitTicket, 'ticket', '工单'],
  refundForm: [...BUTTON_SYNONYMS.submitRefund, 'refund', '退款'],
};

/** The element a job is anchored on: the composer's editable, the form itself. */
function anchorOf(s: Snapshot, job: Job): Element | null {
  if (job === 'ticketForm') return s.ticketForm()?.el ?? null;
  if (job === 'refundForm') return s.refundForm()?.el ?? null;
  const c = s.composer(job, true);
  // A note box still behind its tab is only the tab: nothing to anchor on yet.
  return c && !(c.activate && c.el === c.activate) ? c.el : null;
}

/**
 * The other jobs' forms on this page (only a form job has a box of its own to trespass into).
 * A region that holds the conversation itself is never one: that is a conversation *about* a
 * refund ("Refund request" as its subject or label), not the refund form.
 */
function foreignForms(s: Snapshot, job: Job): { job: Job; el: Element }[] {
  const out: { job: Job; el: Element }[] = [];
  const thread = s.thread()?.container ?? null;
  for (const other of ['ticketForm', 'refundForm'] as const) {
    if (other === job) continue;
    const el = anchorOf(s, other);
    if (el && !(thread && within(el, thread))) out.push({ job: other, el });
  }
  return out;
}

/** The parent across shadow roots and same-origin frames: an editor in a shadow root or an iframe body lies in the form around its host. */
function up(n: Node): Node | null {
  if (n.parentNode instanceof ShadowRoot) return n.parentNode.host;
  if (n.parentNode) return n.parentNode.nodeType === Node.DOCUMENT_NODE ? frameOf(n.parentNode as Document) : n.parentNode;
  return null;
}
function frameOf(doc: Document): Element | null {
  try {
    return doc.defaultView?.frameElement ?? null;
  } catch {
    return null;
  }
}

/** `outer` is `el` or holds it, across shadow roots and frames. */
function within(outer: Element, el: Element): boolean {
  for (let n: Node | null = el; n; n = up(n)) if (n === outer) return true;
  return false;
}

/**
 * A control someone types into is never a commit. By tag name, not `instanceof`: an element
 * in a same-origin frame belongs to that frame's realm (its own HTMLElement).
 */
function isField(el: Element): boolean {
  const tag = el.localName;
  if (tag === 'textarea' || tag === 'select') return true;
  if (tag === 'input') return !['submit', 'button', 'image', 'reset'].includes((el as HTMLInputElement).type);
  return (el as HTMLElement).isContentEditable === true;
}

const normWords = (words: readonly string[]) => words.map((w) => w.toLowerCase());
function names(el: Element, words: readonly string[]): boolean {
  const ws = normWords(words);
  return buttonNames(el).some((n) => ws.some((w) => n.toLowerCase() === w || (w.length > 3 && n.toLowerCase().includes(w))));
}

/** The form a submit-type button submits, when that is not simply the form it sits in. */
function submitsElsewhere(button: Element): HTMLFormElement | null {
  const f = (button as HTMLButtonElement | HTMLInputElement).form;
  return f && f.localName === 'form' && !f.contains(button) ? f : null;
}

/** Why `job`'s box itself is another job's, or null. */
function boxProblem(s: Snapshot, job: Job, anchor: Element): ForeignControl | null {
  for (const f of foreignForms(s, job)) {
    if (within(f.el, anchor)) {
      return { job, owner: f.job, detail: `${NAMES[job]} (${describeEl(anchor)}) lies inside ${NAMES[f.job]} (${describeEl(f.el)})` };
    }
  }
  return null;
}

/**
 * Why `button` may not commit `job` on this page, or null when it may. Checked where a tool
 * is about to press (prepare and delivery) and when a profile is imported.
 */
export function commitProblem(s: Snapshot, job: Job, button: Element): ForeignControl | null {
  const label = buttonNames(button)[0];
  const what = `${describeEl(button)}${label ? ` "${label}"` : ''}`;
  if (isField(button)) return { job, owner: null, detail: `${what} is a field, not a button` };
  const anchor = anchorOf(s, job);
  if (anchor) {
    const box = boxProblem(s, job, anchor);
    if (box) return box;
  }
  for (const f of foreignForms(s, job)) {
    if (within(f.el, button)) return { job, owner: f.job, detail: `${what} belongs to ${NAMES[f.job]}` };
  }
  const elsewhere = submitsElsewhere(button);
  if (elsewhere && anchor && !within(elsewhere, anchor) && !within(anchor, elsewhere)) {
    return { job, owner: ownerOfForm(s, elsewhere), detail: `${what} submits ${describeEl(elsewhere)}, not ${NAMES[job]}` };
  }
  if (names(button, FOREIGN_WORDS[job]) && !names(button, OWN_WORDS[job])) return { job, owner: null, detail: `${what} is named for another job` };
  if (anchor) {
    const off = (job === 'ticketForm' || job === 'refundForm' ? outsideForm(anchor, button) : outsideComposerBox(anchor, button));
    if (off) return { job, owner: null, detail: `${what} ${off}` };
  }
  return null;
}

/** A form's submit is inside it, is its own submitter, or shares its dialog. */
function outsideForm(form: Element, button: Element): string | null {
  if (within(form, button)) return null;
  // The form's own submitter, wherever it sits (`<button form="…">`).
  // (A page-wide form around everything, as WebForms pages have, says nothing of whose button it is.)
  const f = (button as HTMLButtonElement).form;
  if (f && within(form, f)) return null;
  const dialog = form.closest('dialog, [role=dialog], [role=alertdialog]');
  if (dialog && dialog.contains(button)) return null;
  return `is outside the form (${describeEl(form)})`;
}

/** A composer's Send shares the innermost box it sits in with the composer (a Send in no box at all proves nothing). */
function outsideComposerBox(editor: Element, button: Element): string | null {
  const box = button.closest(BOX);
  if (!box || within(box, editor)) return null;
  return `sits in ${describeEl(box)}, which does not hold the composer`;
}

function ownerOfForm(s: Snapshot, form: Element): Job | null {
  for (const job of JOBS) {
    const a = anchorOf(s, job);
    if (a && within(form, a)) return job;
  }
  return null;
}

/** Every job's commit on this page checked (the import check): what the snapshot would press for each. */
export function ownershipProblems(s: Snapshot, commits: Partial<Record<Job, Element | null>>): ForeignControl[] {
  const out: ForeignControl[] = [];
  for (const job of JOBS) {
    const anchor = anchorOf(s, job);
    const box = anchor ? boxProblem(s, job, anchor) : null;
    if (box) {
      out.push(box);
      continue;
    }
    const button = commits[job];
    const p = button ? commitProblem(s, job, button) : null;
    if (p) out.push(p);
  }
  return out;
}
