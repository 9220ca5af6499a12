/**
 * Finding the reply composer (and the internal-note box) by what it is, when no console
 * profile names it: of all editors on the page (textareas, contenteditables, editor
 * iframes; also in same-origin iframes and open shadow roots), the large visible one whose
 * own words (placeholder, aria-label, label, name) or surroundings say "reply", with a
 * Send button close by — and never one that says "note". A note box must say "note" (or
 * sit by a note button): deskhand never guesses that a box is internal.
 *
 * Editor libraries' markers live in the adapters (src/dom/editors/); this file knows none.
 */
import { findButtonsIn } from './controls/button.ts';
import { modeControls } from './composer-mode.ts';
import { detectEditor, type EditorTarget } from './editors/index.ts';
import { findSection, listControls, scoreControl } from './find.ts';
import { observe } from './observe.ts';
import { byIdNear, collectRoots } from './roots.ts';
import type { FieldKey } from './synonyms.ts';
import { idOf, isVisible, normLabel } from './text.ts';

const WORDS = {
  reply: ['回复', '回复客户', '回覆', '答复', '回信', '输入消息', '发送消息', '消息', '输入回复', 'reply', 'response', 'respond', 'message', 'compose', 'answer'],
  // Consoles name the internal box many ways: a note, a whisper (ServiceNow Agent Chat's "Agent Whisper":
  // servicenow.com/docs, ci-agent-whisper), or by who cannot see it.
  note: [
    '备注', '内部备注', '内部', '内部消息', '内部评论', '仅同事可见', '私密备注', '客户看不到', '客户不可见', '访客看不到', '访客不可见', '仅客服可见',
    'note', 'notes', 'internal', 'internal note', 'private note', 'staff note', 'whisper', 'whispers', 'only visible to agents', 'visible to agents only', 'agents only',
    'hidden from the customer', 'hidden from visitor', 'will not see this', 'won\'t see this',
  ],
  search: ['搜索', '查找', '检索', 'search', 'find', 'filter'],
};
/** Verbs of a box's own submit button ("添加私密备注", "Add whisper"): the verb and the box's name. */
const SUBMIT_VERBS = ['添加', '保存', '提交', '发送', '发布', 'add', 'save', 'post', 'send', 'submit'];
const BUTTONS = {
  reply: ['发送', '发送回复', '回复', '提交回复', '发布回复', '回复客户', 'send', 'send reply', 'reply', 'post reply', 'submit reply', 'respond'],
  // 添加注释: FreeScout's zh-CN "Add Note" (resources/lang/zh-CN.json).
  note: ['添加备注', '保存备注', '提交备注', '发布备注', '添加内部备注', '添加注释', 'add note', 'save note', 'post note', 'add internal note', 'post internal note', 'save internal note'],
};
const NOTE_TABS = ['内部备注', '添加备注', '备注', '内部', 'internal note', 'post internal note', 'add internal note', 'note', 'notes', 'add note', 'whisper'];
/**
 * Fields of a ticket or refund form: an editor named like one of them, in a form whose other
 * controls are named like others, is that form's field (a "描述" textarea), never a composer.
 */
const FORM_FIELDS: readonly FieldKey[] = ['title', 'description', 'category', 'priority', 'name', 'email', 'phone', 'orderId', 'amount', 'reason'];

export type BoxRole = 'reply' | 'note';

export interface ComposerFound {
  ok: true;
  target: EditorTarget;
  sendButton?: HTMLElement;
  /** The smallest region holding the editor and its button (else its form or section). */
  container: Element;
  /** Why this one: the signals that scored it, in words. */
  why: string[];
  score: number;
  /** A note box shared with the reply (one editor, Reply / Note tabs): the tab to press first. */
  activate?: HTMLElement;
}

export interface ComposerMissing {
  ok: false;
  /** What was looked at and why each was turned down. */
  tried: string[];
  /** A note tab that would show the note box (findNoteBox only); see activateNoteTab. */
  activate?: HTMLElement;
}

export type ComposerResult = ComposerFound | ComposerMissing;

interface Candidate extends ComposerFound {
  /** A disqualifying reason, when it must not be chosen at all. */
  veto?: string;
}

const MIN_SCORE = 2;
/** How many ancestors up a Send button still counts as the editor's own. */
const BUTTON_DEPTH = 6;

// ------------------------------------------------------------------ candidates

/** Every distinct editor in scope that a person can see, as adapters detect it. */
export function listEditors(scope: Document | Element = document): EditorTarget[] {
  const out: EditorTarget[] = [];
  const seen = new Set<Element>();
  for (const root of collectRoots(scope)) {
    for (const el of Array.from(root.querySelectorAll('textarea, input, [contenteditable]:not([contenteditable="false"]), iframe'))) {
      const t = detectEditor(el);
      if (!t || seen.has(t.editable) || !shown(t)) continue;
      seen.add(t.editable);
      out.push(t);
    }
  }
  return out;
}

/** The part a person sees: the iframe for iframe editors, else the editable. */
const face = (t: EditorTarget): Element => t.frame ?? t.editable;

function shown(t: EditorTarget): boolean {
  const f = t.editable as HTMLInputElement;
  if (f.disabled || f.readOnly) return false;
  if (t.editable.tagName === 'INPUT' && !/^(text|search|)$/.test(f.type)) return false;
  return isVisible(face(t));
}

// ------------------------------------------------------------------ words

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first of `words` that `text` mentions (English as whole words, Chinese as substrings). */
export function mentions(text: string, words: readonly string[]): string | null {
  const t = normLabel(text);
  if (!t) return null;
  for (const w of words) {
    const hit = /[a-z]/.test(w) ? new RegExp(`(^|[^a-z])${escapeRe(w)}([^a-z]|$)`).test(t) : t.includes(w);
    if (hit) return w;
  }
  return null;
}

const tokens = (s: string | null) => (s ?? '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-[\].]+/g, ' ');

/** What the editor says about itself: placeholder, aria, label, title, name and id, of each of its parts. */
function ownWords(t: EditorTarget): string[] {
  const out: string[] = [];
  for (const el of [t.editable, t.source, t.frame]) {
    if (!el) continue;
    for (const a of ['placeholder', 'aria-placeholder', 'data-placeholder', 'aria-label', 'title']) out.push(el.getAttribute(a) ?? '');
    out.push(tokens(el.getAttribute('name')), tokens(idOf(el)));
    for (const label of Array.from((el as HTMLTextAreaElement).labels ?? [])) out.push(label.textContent ?? '');
    for (const id of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) out.push(byIdNear(el, id)?.textContent ?? '');
  }
  out.push(t.editable.querySelector?.('[data-placeholder]')?.getAttribute('data-placeholder') ?? '');
  return out.filter((s) => s.trim());
}

/** The parent, across a shadow root's boundary to its host (a lit composer's Send sits beside it in the same shadow tree). */
const upOf = (el: Element): Element | null => el.parentElement ?? ((el.getRootNode() as ShadowRoot).host || null);

const REGION = 'form, section, article, aside, fieldset, [role=tabpanel], [role=dialog], [role=region], [role=form]';

/** What its surroundings say: names and headings of the regions around it, and the tab that shows it. */
function contextWords(t: EditorTarget): string[] {
  const out: string[] = [];
  let el: Element | null = upOf(face(t));
  for (let depth = 0; el && depth < 8; depth++, el = upOf(el)) {
    out.push(el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? '', tokens(idOf(el)), tokens(el.getAttribute('name')));
    const heading = el.querySelector(':scope > h1, :scope > h2, :scope > h3, :scope > h4, :scope > legend, :scope > header');
    out.push(heading?.textContent ?? '');
    const tab = el.getAttribute('role') === 'tabpanel' ? el.getAttribute('aria-labelledby') : null;
    if (tab) out.push(byIdNear(el, tab)?.textContent ?? '');
    if (el.matches(REGION)) break;
  }
  return out.filter((s) => s.trim());
}

// ------------------------------------------------------------------ scoring

function sizeScore(t: EditorTarget): { score: number; note: string } {
  const r = face(t).getBoundingClientRect();
  const score = Math.min(1, r.width / 480) + Math.min(1, r.height / 100);
  return { score, note: `size ${Math.round(r.width)}×${Math.round(r.height)}` };
}

/** The names of its role's button: the usual ones, and a verb with the box's own name ("添加私密备注"). */
function buttonWords(role: BoxRole, boxName: string | null): string[] {
  if (!boxName || BUTTONS[role].includes(boxName)) return BUTTONS[role];
  const spaced = /[a-z]/.test(boxName);
  return [...BUTTONS[role], ...SUBMIT_VERBS.filter((v) => /[a-z]/.test(v) === spaced).map((v) => (spaced ? `${v} ${boxName}` : `${v}${boxName}`))];
}

/**
 * The nearest button of `role`'s kind, and the smallest ancestor of the editor that holds it.
 * A disabled one counts too: consoles enable "Add note" only once the box holds text, and
 * the button still says what the box is for (the tool waits for it to be enabled).
 */
function nearButton(t: EditorTarget, role: BoxRole, boxName: string | null): { button: HTMLElement; container: Element; depth: number } | null {
  const words = buttonWords(role, boxName);
  // "公开回复 | 内部备注" switch the box's mode; they send nothing.
  const m = modeControls(t.editable);
  const isMode = (b: Element) => b === m.reply || b === m.note;
  let el: Element | null = upOf(face(t));
  for (let depth = 0; el && depth < BUTTON_DEPTH; depth++, el = upOf(el)) {
    const hits = findButtonsIn(el, words).filter((h) => !isMode(h.el));
    if (!hits.length) continue;
    // A box's own submit comes after it; a "Reply" tab above the editor only switches the box.
    const top = hits[0]!.score;
    const after = hits.find((h) => h.score >= top - 0.01 && follows(face(t), h.el));
    return { button: (after ?? hits[0]!).el, container: el, depth };
  }
  return null;
}

/** The element and the shadow hosts it sits in, outermost first. */
function hostPath(n: Element): Element[] {
  const out = [n];
  for (let h = (n.getRootNode() as ShadowRoot).host; h; h = (h.getRootNode() as ShadowRoot).host) out.unshift(h);
  return out;
}

/** Is `b` after `a` in the page? Across shadow roots, compared where their paths part (one tree). */
function follows(a: Element, b: Element): boolean {
  const pa = hostPath(a);
  const pb = hostPath(b);
  let i = 0;
  while (i < pa.length - 1 && i < pb.length - 1 && pa[i] === pb[i]) i++;
  return pa[i] !== pb[i] && !!(pa[i]!.compareDocumentPosition(pb[i]!) & Node.DOCUMENT_POSITION_FOLLOWING);
}

/** The form field an editor is (its label names a ticket-form field, and its form has others), or null. */
function formFieldOf(t: EditorTarget): string | null {
  const form = face(t).closest('form, [role=form], fieldset');
  if (!form) return null;
  const controls = listControls({ scope: form });
  const own = controls.find((c) => c.el === t.editable || c.el === t.source);
  if (!own) return null;
  const named = (c: (typeof controls)[number], keys: readonly FieldKey[]) => keys.filter((k) => scoreControl(c, k).score >= 0.6);
  if (named(own, ['reply', 'note']).length) return null;
  const ownKey = named(own, FORM_FIELDS)[0];
  if (!ownKey) return null;
  const others = new Set(controls.filter((c) => c !== own).flatMap((c) => named(c, FORM_FIELDS)));
  others.delete(ownKey);
  return others.size >= 2 ? `${scoreControl(own, ownKey).label} (${ownKey})` : null;
}

const BOX_NOUNS = ['备注', '内部备注', '内部消息', '内部评论', '私密备注', 'note', 'internal note', 'private note', 'staff note', 'whisper', 'whispers'];

/** A note word that names a kind of box ("私密备注", "whisper"), for its button's name; generic words ("内部") do not. */
function boxName(word: string | null): string | null {
  return word && BOX_NOUNS.includes(word) ? word.replace(/s$/, '') : null;
}

function score(t: EditorTarget, role: BoxRole, convo: Element | null): Candidate {
  const other: BoxRole = role === 'reply' ? 'note' : 'reply';
  const why: string[] = [`${t.kind} editor`];
  const size = sizeScore(t);
  let s = size.score;
  why.push(size.note);
  let veto: string | undefined;
  const own = ownWords(t);
  const ctx = contextWords(t);
  const said = (texts: string[], words: readonly string[]) => texts.map((x) => [x, mentions(x, words)] as const).find(([, w]) => w);
  const ownRole = said(own, WORDS[role]);
  const ownOther = said(own, WORDS[other]);
  const ctxRole = said(ctx, WORDS[role]);
  const ctxOther = said(ctx, WORDS[other]);
  if (ownRole) (s += 2), why.push(`its own text "${normLabel(ownRole[0])}" says ${role}`);
  if (ctxRole) (s += 1), why.push(`"${normLabel(ctxRole[0])}" around it says ${role}`);
  // A box that calls itself a note is never the reply composer (a note is not for the customer).
  if (role === 'reply' && ownOther) veto = `its own text "${normLabel(ownOther[0])}" says note`;
  // Nor is a box that calls itself a reply the note box: one editor with Reply / Note modes
  // (Intercom, Front) says "Write a reply…" until its Note tab is chosen (noteTab below).
  else if (ownOther && !ownRole) veto = `its own text "${normLabel(ownOther[0])}" says reply`;
  if (ctxOther && !ctxRole) (s -= 1.5), why.push(`"${normLabel(ctxOther[0])}" around it says ${other}`);
  const search = said(own, WORDS.search) ?? (face(t).closest('[role=search]') ? ['role=search', 'search'] : undefined);
  if (search) veto = `it is a search box ("${search[0]}")`;
  if (t.editable.tagName === 'INPUT') (s -= 1), why.push('single-line field');
  const near = nearButton(t, role, boxName(ownRole?.[1] ?? ctxRole?.[1] ?? null));
  if (near) (s += 2 - 0.25 * near.depth), why.push(`"${normLabel(near.button.textContent || (near.button as HTMLInputElement).value || '')}" button ${near.depth + 1} level(s) up`);
  if (role === 'note' && !ownRole && !ctxRole && !near) veto = 'nothing says it is an internal note';
  const field = veto ? null : formFieldOf(t);
  if (field) veto = `it is the form's field "${field}", in a form with other ticket fields`;
  if (convo?.contains(face(t))) (s += 0.5), why.push('in the conversation');
  const container = near?.container ?? face(t).closest(REGION) ?? upOf(face(t)) ?? face(t);
  return { ok: true, target: t, ...(near ? { sendButton: near.button } : {}), container, why, score: Math.round(s * 100) / 100, ...(veto ? { veto } : {}) };
}

function describe(c: Candidate): string {
  const e = c.target.editable;
  const name = `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} (${c.target.kind})`;
  return c.veto ? `${name}: no, ${c.veto}` : `${name}: score ${c.score} below ${MIN_SCORE} (${c.why.join('; ')})`;
}

function best(role: BoxRole, scope: Document | Element): { found: Candidate | null; tried: string[] } {
  const convo = findSection('conversation');
  const candidates = listEditors(scope).map((t) => score(t, role, convo));
  const eligible = candidates.filter((c) => !c.veto && c.score >= MIN_SCORE).sort((a, b) => b.score - a.score);
  const found = eligible[0] ?? null;
  const tried = candidates.filter((c) => c !== found).map(describe);
  return { found, tried: candidates.length ? tried : ['no visible textarea, contenteditable or editor iframe on the page'] };
}

const finish = (c: Candidate): ComposerFound => {
  const { veto: _veto, ...found } = c;
  return found;
};

// ------------------------------------------------------------------ API

/** The reply composer of the open conversation, or what was tried. */
export function findComposer(opts: { scope?: Document | Element } = {}): ComposerResult {
  const scope = opts.scope ?? document;
  const { found, tried } = best('reply', scope);
  if (found) return finish(found);
  // Many consoles show the editor only after Reply is pressed (FreeScout, Help Scout, Zendesk's
  // "Public reply"): that control opens it, as the agent would.
  const opener = replyOpener(scope);
  return opener ? { ok: false, tried: [...tried, `a "${normLabel(opener.textContent || opener.getAttribute('aria-label') || opener.title || '')}" control would open the reply box`], activate: opener } : { ok: false, tried };
}

/** A control that opens the reply box: named exactly Reply / 回复 (text, aria-label or title), never a submit or a Send. */
export const REPLY_OPENER_WORDS = ['reply', 'reply to customer', 'write a reply', 'public reply', '回复', '回复客户', '写回复', '答复'] as const;
const OPENS_REPLY = new RegExp(`^(?:[↩↵⤺]\\s*)?(${REPLY_OPENER_WORDS.join('|')})$`, 'i');
const OPENER = 'button, a, [role=button], [role=tab]';

function replyOpener(scope: Document | Element): HTMLElement | null {
  for (const root of collectRoots(scope)) {
    for (const el of Array.from(root.querySelectorAll<HTMLElement>(OPENER)).slice(0, 2000)) {
      // A submit in a form posts it ("Post Reply"); a button outside any form only opens something.
      if (el.tagName !== 'A' && (el as HTMLButtonElement).form && (el as HTMLButtonElement).type === 'submit') continue;
      if (el.closest('[role=menu], .dropdown-menu') || !isVisible(el)) continue;
      const name = (el.textContent ?? '').replace(/\s+/g, ' ').trim() || el.getAttribute('aria-label') || el.getAttribute('data-original-title') || el.title || '';
      if (OPENS_REPLY.test(name.trim())) return el;
    }
  }
  return null;
}

/** The internal-note box; when it is behind a tab, `activate` is the tab that shows it. */
export function findNoteBox(opts: { scope?: Document | Element } = {}): ComposerResult {
  const scope = opts.scope ?? document;
  const { found, tried } = best('note', scope);
  if (found) {
    // One editor for both (Intercom, Front): while its own button is a Send, the box is in
    // reply mode, and what is typed would go to the customer. Its Note tab switches it.
    const shared = !found.sendButton && best('reply', scope).found?.target.editable === found.target.editable;
    const tab = shared ? noteTab(scope) : null;
    return tab ? { ...finish(found), activate: tab } : finish(found);
  }
  const tab = noteTab(scope);
  return tab ? { ok: false, tried: [...tried, `a tab "${normLabel(tab.textContent ?? '')}" would show the note box`], activate: tab } : { ok: false, tried: [...tried, 'no tab or button named like 内部备注 / Internal note'] };
}

/** A visible, not yet selected tab (or tab-like link/button) named like an internal note. */
function noteTab(scope: Document | Element): HTMLElement | null {
  for (const root of collectRoots(scope)) {
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('[role=tab], a[href^="#"], button, [role=button], [data-toggle=tab], [data-bs-toggle=tab]'))) {
      if (el.getAttribute('aria-selected') === 'true' || !isVisible(el)) continue;
      const text = normLabel(el.textContent || el.getAttribute('aria-label') || el.title || '');
      if (text && text.length <= 40 && mentions(text, NOTE_TABS) && !mentions(text, BUTTONS.note.filter((b) => !NOTE_TABS.includes(b)))) return el;
    }
  }
  return null;
}

/** Clicks the note tab, as a person would, and waits for the note box it shows. */
export async function activateNoteTab(tab: HTMLElement, opts: { scope?: Document | Element; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ComposerResult> {
  tab.click();
  const scope = opts.scope ?? document;
  const root = scope.nodeType === Node.DOCUMENT_NODE ? (scope as Document).documentElement : (scope as Element);
  const seen = await observe<ComposerFound>(
    root,
    () => {
      const r = findNoteBox({ scope });
      return r.ok ? { kind: 'done', value: r } : null;
    },
    opts.timeoutMs ?? 3_000,
    opts.signal,
  );
  return seen.kind === 'done' ? seen.value : findNoteBox({ scope });
}
