/**
 * Teach by doing (issue 20 item 2): while the side panel records a job, this hears the
 * agent's own *trusted* clicks, typing and choices on the console (a page script's
 * `dispatchEvent` and `el.click()` are never trusted) and sends each as a Recorder step to the
 * panel, at once — a click that loads another page must not be lost with this document. The
 * commit (the Send, the person chosen) is **recorded, never performed**: the agent points at
 * it with the picker, or Alt+clicks it, and the press is swallowed.
 */
import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import { kindOf } from '../dom/find.ts';
import { squash } from '../dom/text.ts';
import { currentValue } from '../dom/set-value.ts';
import type { Selector, Step } from '../dom/replay/steps.ts';
import type { RecipeJob } from '../profiles/recipe.ts';
import { classifySender, refusal, type Reply, type ToContent } from '../messages/index.ts';
import { marks, uniqueSelector } from '../teach/selector.ts';
import { hrefTail } from '../teach/url-shape.ts';
import { t } from '../ui/i18n.ts';
import { pick } from './picker.ts';

type RecordMsg = Extract<ToContent, { type: 'teach.record' }>;

const ACTIONABLE = 'a[href], button, input, select, textarea, summary, label, [role=button], [role=link], [role=menuitem], [role=menuitemradio], [role=option], [role=tab], [role=checkbox], [role=radio], [role=switch], [contenteditable=""], [contenteditable="true"], li';

/** Attributes that hold words in the agent's language: a selector on them breaks in the other UI language. */
const WORDY = /^(aria-label|aria-description|aria-placeholder|title|alt|placeholder|value|data-[\w-]*(?:text|title|label|tooltip|placeholder)[\w-]*)$/i;

/** The selector without its word-bearing attribute tests, when it still finds exactly `el`. */
function wordFree(el: Element, css: string): string | null {
  const bare = css.replace(/\[([\w-]+)(?:[~|^$*]?=(?:"[^"]*"|'[^']*'|[^\]]*))?\]/g, (m, name: string) => (WORDY.test(name) ? '' : m)).trim();
  if (!bare || bare === css || /[>+~,]$/.test(bare)) return null;
  try {
    const hits = el.ownerDocument.querySelectorAll(bare);
    return hits.length === 1 && hits[0] === el ? bare : null;
  } catch {
    return null;
  }
}

/**
 * Recorder-style alternatives: the accessible name (and role), a stable CSS selector — first
 * one without words in it, so a recipe recorded in the English UI still runs in the Chinese
 * one — and the text.
 */
export function selectorsFor(el: Element): Selector[] {
  const out: Selector[] = [];
  const name = squash(computeAccessibleName(el));
  const role = getRole(el);
  if (name && name.length <= 80) out.push([`aria/${name}${role ? `[role="${role}"]` : ''}`]);
  const tail = byHrefTail(el);
  if (tail) out.push([tail]);
  const css = uniqueSelector(el)?.css;
  const free = css ? wordFree(el, css) : null;
  if (free) out.push([free]);
  if (css) out.push([css]);
  const text = squash((el as HTMLElement).innerText ?? '');
  if (text && text.length <= 40 && !el.matches('input, textarea, [contenteditable]')) out.push([`text/${text}`]);
  return out;
}

/**
 * A link to this record's action by what its address keeps on every record (`a[href$="/assign"]`),
 * when it is the only such link: its words ("Ada Agent", the current assignee) and the id in its
 * address (`#tickets/1/assign`) differ from one record to the next.
 */
function byHrefTail(el: Element): string | null {
  const a = el.closest('a[href]');
  const tail = a ? hrefTail(a.getAttribute('href') ?? '') : null;
  if (!a || !tail) return null;
  // hrefTail is a slash or # and word characters: nothing to escape inside the quotes. Where
  // another link goes to the same action (a toolbar's and a header's Assign), with its own marks.
  const base = `a[href$="${tail}"]`;
  return [base, ...marks(a).map((m) => `a${m}[href$="${tail}"]`)].find((css) => el.ownerDocument.querySelectorAll(css).length === 1) ?? null;
}

function at(el: Element, e: MouseEvent): { offsetX: number; offsetY: number } {
  const r = el.getBoundingClientRect();
  return { offsetX: Math.round(e.clientX - r.left), offsetY: Math.round(e.clientY - r.top) };
}

/** The editable a person types into: a rich editor's root, or the field itself. */
const editableOf = (el: Element): Element => el.closest('[contenteditable=""], [contenteditable="true"]') ?? el;

/** The box a commit belongs to (owners.ts says the same): its form or dialog. */
const BOX = 'form, dialog, [role=dialog], [role=alertdialog], [aria-modal="true"]';

class Recorder {
  private typing: Element | null = null;
  /** Selects the agent set (their change steps were sent). */
  readonly chosen = new Set<Element>();
  private readonly off = new AbortController();
  constructor(readonly job: RecipeJob, private readonly send: (step: Step) => void) {
    const o = { capture: true, signal: this.off.signal };
    window.addEventListener('click', this.onClick, o);
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup']) window.addEventListener(type, this.onAltPress, o);
    window.addEventListener('input', this.onInput, o);
    window.addEventListener('change', this.onChange, o);
    window.addEventListener('keydown', this.onKey, o);
  }
  stop(): void {
    this.flush();
    this.off.abort();
  }
  /**
   * The text typed so far becomes one change step (what Recorder records for a field): sent,
   * or returned to the caller (the commit's answer carries it, so it cannot arrive after it).
   */
  flush(send = true): Step | null {
    const el = this.typing;
    this.typing = null;
    if (!el?.isConnected) return null;
    const selectors = selectorsFor(el).filter((s) => !String(s).startsWith('text/'));
    if (!selectors.length) return null;
    const step: Step = { type: 'change', selectors, value: currentValue(el, kindOf(el)) };
    if (send) this.send(step);
    return step;
  }
  private readonly onAltPress = (e: Event) => {
    // Alt+click marks the commit: none of its events reach the console.
    if (e.isTrusted && (e as MouseEvent).altKey) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };
  private readonly onClick = (e: MouseEvent) => {
    if (!e.isTrusted || !(e.target instanceof Element) || e.target.closest('deskhand-picker')) return;
    const el = e.target.closest(ACTIONABLE) ?? e.target;
    if (e.altKey) {
      e.preventDefault();
      e.stopImmediatePropagation();
      this.commit = { el, offsets: at(el, e) };
      this.onCommit?.();
      return;
    }
    if (el.tagName === 'SELECT' || el.tagName === 'OPTION') return; // its change is the step
    if (this.typing && !this.typing.contains(el)) this.flush();
    const selectors = selectorsFor(el);
    if (selectors.length) this.send({ type: 'click', selectors, ...at(el, e) });
  };
  private readonly onInput = (e: Event) => {
    if (!e.isTrusted || !(e.target instanceof Element) || e.target.tagName === 'SELECT') return;
    const el = editableOf(e.target);
    if (this.typing && this.typing !== el) this.flush();
    this.typing = el;
  };
  private readonly onChange = (e: Event) => {
    if (!e.isTrusted || !(e.target instanceof HTMLSelectElement)) return;
    this.flush();
    this.chosen.add(e.target);
    const selectors = selectorsFor(e.target).filter((s) => !String(s).startsWith('text/'));
    if (selectors.length) this.send({ type: 'change', selectors, value: e.target.value });
  };
  private readonly onKey = (e: KeyboardEvent) => {
    if (!e.isTrusted || !(e.target instanceof Element)) return;
    const inLine = e.target.matches('input:not([type=checkbox]):not([type=radio])');
    if ((e.key === 'Enter' && inLine) || e.key === 'Escape') {
      this.flush();
      this.send({ type: 'keyDown', key: e.key });
      this.send({ type: 'keyUp', key: e.key });
    }
  };
  commit: { el: Element; offsets: { offsetX: number; offsetY: number } } | null = null;
  onCommit: (() => void) | null = null;
}

let current: Recorder | null = null;

function sendStep(job: RecipeJob, step: Step): void {
  void chrome.runtime.sendMessage({ type: 'teach.recorded', job, step }).catch(() => {});
}

/** The commit, as a click step: picked (the overlay swallows the press) or Alt+clicked already. */
async function commitStep(r: Recorder, onChosen: (el: Element) => void): Promise<Step | null> {
  let chosen = r.commit;
  if (!chosen) {
    const ctl = new AbortController();
    const el = await pick(t('recordPickCommit'), ctl.signal);
    if (!el) return null;
    const target = el.closest(ACTIONABLE) ?? el;
    chosen = { el: target, offsets: { offsetX: 8, offsetY: 8 } };
  }
  onChosen(chosen.el);
  const selectors = selectorsFor(chosen.el);
  return selectors.length ? { type: 'click', selectors, ...chosen.offsets } : null;
}

/**
 * A choice the agent accepted as it was shown: the dialog's only mailbox, preselected, and
 * Move pressed. For an assign or a move, the select in the commit's box that nobody changed is
 * still the choice: recorded as set to what it shows, so the recipe has its {queue} there.
 */
function acceptedChoice(r: Recorder, commit: Element): Step | null {
  if (r.job !== 'assign' && r.job !== 'transfer') return null;
  const box = commit.closest(BOX);
  const select = box ? [...box.querySelectorAll('select')].find((s) => !r.chosen.has(s) && !s.disabled && s.getClientRects().length > 0) : undefined;
  if (!select) return null;
  const selectors = selectorsFor(select).filter((x) => !String(x).startsWith('text/'));
  return selectors.length ? { type: 'change', selectors, value: select.value } : null;
}

export async function handleRecord(msg: RecordMsg, sender: chrome.runtime.MessageSender): Promise<Reply<Record<string, unknown>>> {
  const from = classifySender(sender, chrome.runtime.id, chrome.runtime.getURL(''));
  if (from.kind !== 'sidepanel') return refusal('NOT_FROM_PANEL', 'Only the side panel records how a job is done.');
  if (msg.op === 'stop') {
    current?.stop();
    current = null;
    return { ok: true };
  }
  if (msg.op === 'start') {
    current?.stop();
    const job = msg.job;
    if (!job) return refusal('BAD_MESSAGE', 'Recording needs a job.', 'validation');
    current = new Recorder(job, (step) => sendStep(job, step));
    // An Alt+click on the final control ends the recording from the page: one action, not two.
    current.onCommit = () => void chrome.runtime.sendMessage({ type: 'teach.committed', job }).catch(() => {});
    return { ok: true, recording: job };
  }
  if (!current) return refusal('NOT_RECORDING', 'Nothing is being recorded on this page.', 'validation');
  const typed = current.flush(false);
  const r = current;
  const extra: Step[] = typed ? [typed] : [];
  const step = await commitStep(r, (el) => {
    const choice = acceptedChoice(r, el);
    if (choice) extra.push(choice);
  });
  current.stop();
  current = null;
  return step ? { ok: true, commit: step, before: extra } : { ok: true, cancelled: true };
}
