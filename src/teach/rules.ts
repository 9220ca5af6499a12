/**
 * Picked elements → profile rules (data: selectors and small patterns, never code). Runs in
 * the content script; the rule goes back to the side panel as a patch, and only the panel
 * saves, after the agent accepted the check.
 *
 * Lists generalise across examples: the common ancestor of the examples is the list, the
 * children on their paths are entries, and the entry selector is what those entries share.
 * The role rule is what differs between the customer's entry and the agent's: a class or
 * attribute on one and not the other (or on something inside it, as `:has(…)`); when nothing
 * in the markup differs, the heuristics' alignment rule is left to tell them apart.
 */
import { matchesSafely } from '../dom/query.ts';
import { cleanValue } from '../dom/customer.ts';
import { visibleTextOf } from '../dom/visible.ts';
import type { CustomerKey, ThreadRole } from '../profiles/schema.ts';
import type { Capability, NoteCode, Slot } from './capabilities.ts';
import { STEPS } from './capabilities.ts';
import { childOnPath, commonAncestor, compoundOf, count, marks, ownStable, partSelector, uniqueSelector } from './selector.ts';

export type Picks = Partial<Record<Slot, Element>>;

export interface Note {
  code: NoteCode;
  detail?: string;
}

/** A fragment of a profile; the panel merges it into its draft (objects merge, arrays replace). */
export type { ProfilePatch } from '../profiles/taught.ts';
import type { ProfilePatch } from '../profiles/taught.ts';

export interface RuleResult {
  patch: ProfilePatch | null;
  /** Required examples still missing. */
  need: Slot[];
  notes: Note[];
  /** How many elements the new rule matches on this page. */
  matches: number;
}

/** What a click on a thing means: the control it belongs to, not the icon inside it. */
export function normalise(cap: Capability, el: Element): Element {
  if (cap === 'reply' || cap === 'note') {
    const editable = el.closest('[contenteditable=""], [contenteditable="true"], textarea, input:not([type=hidden])');
    return editable ?? el.querySelector('[contenteditable=""], [contenteditable="true"], textarea') ?? el;
  }
  if (cap === 'send' || cap === 'noteSubmit') return el.closest('button, [role=button], input[type=submit], input[type=button], a[href]') ?? el;
  if (cap === 'ticketForm') return el.closest('form') ?? el;
  // A click on a cell of a history row means the row: one example must stand for its list.
  if (cap === 'history') return el.closest('tr, [role=row], li') ?? el;
  return el;
}

export function ruleFor(cap: Capability, picks: Picks): RuleResult {
  const need = STEPS[cap].required.filter((s) => !picks[s]);
  if (need.length && !(cap === 'history' && picks.first)) return { patch: null, need, notes: [], matches: 0 };
  switch (cap) {
    case 'thread':
      return threadRule(picks);
    case 'history':
      return historyRule(picks);
    case 'recordId':
      return recordIdRule(picks.one!);
    case 'customerName':
    case 'customerEmail':
    case 'customerPhone':
    case 'customerOrder':
      return fieldRule(FIELD_OF[cap], picks.one!);
    default:
      return singleRule(cap, picks.one!);
  }
}

const FIELD_OF: Record<'customerName' | 'customerEmail' | 'customerPhone' | 'customerOrder', CustomerKey> = {
  customerName: 'name',
  customerEmail: 'email',
  customerPhone: 'phone',
  customerOrder: 'orderId',
};

/** Text as a person reads it: blocks apart (`textContent` runs "Ana Lima" and her e-mail together). */
const textOf = (el: Element) => visibleTextOf(el).text.trim();

const none = (notes: Note[]): RuleResult => ({ patch: null, need: [], notes, matches: 0 });

function single(el: Element, notes: Note[]): string | null {
  const u = uniqueSelector(el);
  if (!u) {
    notes.push({ code: 'noStableSelector' });
    return null;
  }
  if (u.positional) notes.push({ code: 'positional', detail: u.css });
  return u.css;
}

function singleRule(cap: 'reply' | 'send' | 'note' | 'noteSubmit' | 'ticketForm', el: Element): RuleResult {
  const notes: Note[] = [];
  const css = single(el, notes);
  if (!css) return none(notes);
  const kind: 'textarea' | 'contenteditable' | undefined = el.tagName === 'TEXTAREA' ? 'textarea' : (el as HTMLElement).isContentEditable ? 'contenteditable' : undefined;
  const editor = { editor: css, ...(kind ? { kind } : {}) };
  const patch: ProfilePatch =
    cap === 'reply' ? { composers: { reply: editor } }
    : cap === 'note' ? { composers: { note: editor } }
    : cap === 'send' ? { composers: { reply: { submit: css } } }
    : cap === 'noteSubmit' ? { composers: { note: { submit: css } } }
    : { ticketForm: { container: css } };
  return { patch, need: [], notes, matches: count(el.ownerDocument, css) };
}

// ------------------------------------------------------------------ customer fields

function fieldRule(key: CustomerKey, el: Element): RuleResult {
  const notes: Note[] = [];
  const doc = el.ownerDocument;
  const value = cleanValue(key, textOf(el));
  const u = uniqueSelector(el);
  let css = u && !u.positional ? u.css : null;
  // Bare text: an e-mail or a phone number is recognised by its shape inside the nearest stable
  // container, which survives a record that leaves out another field; positions do not.
  if (!css && value && (key === 'email' || key === 'phone')) {
    for (let a = el.parentElement, i = 0; a && i < 4 && !css; a = a.parentElement, i++) {
      const own = ownStable(a);
      if (own && count(doc, own) === 1 && cleanValue(key, textOf(a)) === value) {
        css = own;
        notes.push({ code: 'byShape', detail: own });
      }
    }
  }
  if (!css && u) {
    css = u.css;
    notes.push({ code: 'positional', detail: u.css });
  }
  if (!css) return none([...notes, { code: 'noStableSelector' }]);
  return { patch: { customer: { fields: { [key]: { css } } } }, need: [], notes, matches: count(doc, css) };
}

// ------------------------------------------------------------------ record id

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function recordIdRule(el: Element): RuleResult {
  const notes: Note[] = [];
  const doc = el.ownerDocument;
  const text = textOf(el).replace(/\s+/g, ' ');
  const url = new URL(doc.location.href);
  const identity: NonNullable<ProfilePatch['identity']> = {};
  const segs = url.pathname.split('/');
  const at = segs.findIndex((s) => s.length >= 3 && text.includes(s));
  let value: string | null = null;
  if (at > 0) {
    value = segs[at]!;
    identity.url = [{ path: `^${reEscape(segs.slice(0, at).join('/'))}/([^/?#]+)` }];
    notes.push({ code: 'fromUrl', detail: identity.url[0] && 'path' in identity.url[0] ? identity.url[0].path : '' });
  } else {
    for (const [param, v] of url.searchParams) {
      if (v.length >= 2 && text.includes(v)) {
        value = v;
        identity.url = [{ param }];
        notes.push({ code: 'fromUrl', detail: `?${param}=` });
        break;
      }
    }
  }
  const css = single(el, notes);
  if (css) {
    const i = value ? text.indexOf(value) : -1;
    const prefix = i > 0 ? text.slice(0, i) : '';
    identity.dom = [{ css, ...(prefix ? { pattern: `${reEscape(prefix)}(\\S+)` } : value && text !== value ? { pattern: `(${reEscape(value).replace(/\w+/g, '\\w+')})` } : {}) }];
  }
  if (!identity.url && !identity.dom) return none(notes);
  return { patch: { identity }, need: [], notes, matches: css ? count(doc, css) : 1 };
}

// ------------------------------------------------------------------ lists

interface List {
  container: string;
  entry: string;
  entries: Element[];
  root: Element;
}

/** The list the examples are in, and a selector for its entries that matches every example. */
function listOf(examples: Element[], notes: Note[]): List | null {
  if (examples.some((x, i) => examples.some((y, j) => i !== j && x.contains(y)))) {
    notes.push({ code: 'sameEntry' });
    return null;
  }
  const root = examples.length > 1 ? commonAncestor(examples) : examples[0]!.parentElement;
  if (!root) return null;
  const entries = examples.length > 1 ? examples.map((e) => childOnPath(root, e)!) : [examples[0]!];
  if (new Set(entries).size < entries.length) {
    notes.push({ code: 'sameEntry' });
    return null;
  }
  // One example: generalise over its siblings of the same tag (a list with one row on this record).
  const basis = examples.length > 1 ? entries : Array.from(root.children).filter((c) => c.localName === entries[0]!.localName);
  if (examples.length === 1) notes.push({ code: 'oneExample' });
  const shared = compoundOf(basis);
  const entry = shared === '*' || shared === basis[0]!.localName ? `:scope > ${shared}` : shared;
  const matched = new Set(topLevel(root, entry));
  if (!entries.every((e) => matched.has(e))) {
    notes.push({ code: 'examplesDisagree' });
    return null;
  }
  const container = single(root, notes);
  return container ? { container, entry, entries, root } : null;
}

function topLevel(root: Element, css: string): Element[] {
  try {
    const all = Array.from(root.querySelectorAll(css));
    return all.filter((el) => !all.some((o) => o !== el && o.contains(el)));
  } catch {
    return [];
  }
}

function historyRule(picks: Picks): RuleResult {
  const notes: Note[] = [];
  const list = listOf([picks.first!, ...(picks.second ? [picks.second] : [])], notes);
  if (!list) return none(notes);
  return { patch: { history: { container: list.container, item: list.entry } }, need: [], notes, matches: topLevel(list.root, list.entry).length };
}

type RoleRule = { role: ThreadRole; css: string };

function threadRule(picks: Picks): RuleResult {
  const notes: Note[] = [];
  const examples: [ThreadRole, Element][] = [
    ['customer', picks.customer!],
    ['agent', picks.agent!],
    ...(picks.note ? [['note', picks.note] as [ThreadRole, Element]] : []),
  ];
  const list = listOf(examples.map(([, el]) => el), notes);
  if (!list) return none(notes);
  const [ce, ae, ne] = list.entries;
  const thread: NonNullable<ProfilePatch['thread']> = { container: list.container, entry: list.entry };
  const body = partSelector(list.entries.slice(0, 2), [picks.customer!, picks.agent!]);
  if (body) thread.body = body;
  if (picks.author) {
    const entry = list.entries.find((e) => e.contains(picks.author!)) ?? list.root.querySelector(list.entry);
    const author = entry ? partSelector([entry], [picks.author]) : null;
    if (author) thread.author = author;
  }
  const roles = roleRules(ce!, ae!, ne);
  if (roles) {
    thread.roles = roles;
    notes.push({ code: 'rolesByMark', detail: roles.map((r) => `${r.role}: ${r.css}`).join('; ') });
  } else {
    notes.push({ code: 'rolesByAlignment' });
  }
  return { patch: { thread }, need: [], notes, matches: topLevel(list.root, list.entry).length };
}

/** A mark `x` has that `y` lacks: on the entry itself first, then on something inside it. */
function differ(x: Element, y: Element): string | null {
  const ym = new Set(marks(y));
  const own = marks(x).find((m) => !ym.has(m));
  if (own) return own;
  const inside = (el: Element) => Array.from(el.querySelectorAll('*')).slice(0, 60).flatMap(marks);
  const yInside = new Set(inside(y));
  const deep = inside(x).find((m) => !yInside.has(m));
  return deep ? `:has(${deep})` : null;
}

function roleRules(customer: Element, agent: Element, note: Element | undefined): RoleRule[] | null {
  const rules: RoleRule[] = [];
  if (note) {
    const n = differ(note, agent) ?? differ(note, customer);
    if (n) rules.push({ role: 'note', css: n });
  }
  const a = differ(agent, customer);
  const c = differ(customer, agent);
  if (!a && !c) return rules.length ? rules : null;
  rules.push(a ? { role: 'agent', css: a } : { role: 'agent', css: `:not(${c})` });
  rules.push(c ? { role: 'customer', css: c } : { role: 'customer', css: `:not(${a})` });
  const roleOf = (el: Element) => rules.find((r) => matchesSafely(el, r.css))?.role;
  const right = roleOf(customer) === 'customer' && roleOf(agent) === 'agent' && (!note || roleOf(note) === 'note');
  return right ? rules : null;
}

