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
import { idFromText, idFromUrl } from '../dom/ids.ts';
import { matchesSafely } from '../dom/query.ts';
import { cleanValue } from '../dom/customer.ts';
import { visibleTextOf } from '../dom/visible.ts';
import type { CustomerKey, ThreadRole } from '../profiles/schema.ts';
import type { Capability, NoteCode, Slot } from './capabilities.ts';
import { STEPS } from './capabilities.ts';
import { formPagePath, idTokens, pageGlob, urlIdOf } from './url-shape.ts';
import { byIdentity, taughtOrder } from './thread-order.ts';
import { kbRule } from './kb.ts';
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

/** A form field as a person points at it: the box, the widget standing for a hidden one, or the editor. */
const FIELD_BOX = 'input:not([type=hidden]), textarea, select, [contenteditable=""], [contenteditable="true"], [role=combobox], [role=textbox]';
/** What a press on a button means: the button, not the icon or label inside it. */
const BUTTONISH = 'button, [role=button], input[type=submit], input[type=button], a[href]';

/** What a click on a thing means: the control it belongs to, not the icon inside it. */
export function normalise(cap: Capability, el: Element, slot?: Slot): Element {
  if (cap === 'ticketForm') {
    if (slot === 'submitButton') return el.closest(BUTTONISH) ?? el;
    // The outermost box around the click (a select2 box's inner search field stands for the box).
    const box = el.closest(FIELD_BOX);
    const outer = box?.parentElement?.closest('[role=combobox]');
    return outer ?? box ?? el.querySelector(FIELD_BOX) ?? el;
  }
  if (cap === 'reply' || cap === 'note') {
    const editable = el.closest('[contenteditable=""], [contenteditable="true"], textarea, input:not([type=hidden])');
    return editable ?? el.querySelector('[contenteditable=""], [contenteditable="true"], textarea') ?? el;
  }
  if (cap === 'send' || cap === 'noteSubmit') return el.closest(BUTTONISH) ?? el;
  // A click on a cell of a history row means the row: one example must stand for its list.
  if (cap === 'history') return el.closest('tr, [role=row], li') ?? el;
  return el;
}

/** What the page says beside the picks: the customer panel's person (roles by identity). */
export interface PickContext {
  customer?: { name?: string | undefined; email?: string | undefined };
  /** The page shows no record: a form picked here is on a page of its own. */
  formPage?: boolean;
  /**
   * This page was reached from a record's page through this link (the person followed it while
   * teaching): what is picked here is read on the record's page from behind that link.
   */
  followLink?: string;
  /** The picked part was loaded into a popup from this address (with the record's id in it). */
  fetched?: { path: string; css: string | null; within: string | null };
}

export function ruleFor(cap: Capability, picks: Picks, ctx: PickContext = {}): RuleResult {
  const need = STEPS[cap].required.filter((s) => !picks[s]);
  if (need.length && !(cap === 'history' && picks.first)) return { patch: null, need, notes: [], matches: 0 };
  switch (cap) {
    case 'thread':
      return threadRule(picks, ctx);
    case 'history':
      return historyRule(picks, ctx.followLink);
    case 'recordId':
      return recordIdRule(picks.one!);
    case 'kb':
      return kbRule(picks.one!);
    case 'ticketForm':
      return ticketFormRule(picks, ctx.formPage === true);
    case 'customerName':
    case 'customerEmail':
    case 'customerPhone':
    case 'customerOrder':
      return followed(fieldRule(FIELD_OF[cap], picks.one!), ctx);
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

/** Whether the capability teaches a customer field. */
export const isCustomerCap = (cap: Capability): cap is keyof typeof FIELD_OF => cap in FIELD_OF;

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

function singleRule(cap: 'reply' | 'send' | 'note' | 'noteSubmit', el: Element): RuleResult {
  const notes: Note[] = [];
  const css = single(el, notes);
  if (!css) return none(notes);
  const kind: 'textarea' | 'contenteditable' | undefined = el.tagName === 'TEXTAREA' ? 'textarea' : (el as HTMLElement).isContentEditable ? 'contenteditable' : undefined;
  const editor = { editor: css, ...(kind ? { kind } : {}) };
  const patch: ProfilePatch =
    cap === 'reply' ? { composers: { reply: editor } }
    : cap === 'note' ? { composers: { note: editor } }
    : cap === 'send' ? { composers: { reply: { submit: css } } }
    : { composers: { note: { submit: css } } };
  return { patch, need: [], notes, matches: count(el.ownerDocument, css) };
}

// ------------------------------------------------------------------ the new-ticket form, by its fields

const FORM_FIELD_OF: Partial<Record<Slot, 'title' | 'description' | 'email' | 'name'>> = { titleField: 'title', bodyField: 'description', emailField: 'email', nameField: 'name' };

/**
 * The form is what holds the picked subject box (its `<form>`, else the nearest ancestor of all
 * the picks); each picked box becomes that field's rule, and the submit pick the form's submit.
 * The page the form is on becomes its `path` when it has one of its own (a "new ticket" page
 * reached from the record): the hotkeys on a record page then say where it is.
 */
function ticketFormRule(picks: Picks, ownPage: boolean): RuleResult {
  const notes: Note[] = [];
  const title = picks.titleField!;
  const boxes = (Object.keys(FORM_FIELD_OF) as Slot[]).map((s) => picks[s]).filter((e): e is Element => !!e);
  const form = title.closest('form') ?? commonAncestor([...boxes, ...(picks.submitButton ? [picks.submitButton] : [])]) ?? title.parentElement;
  const container = form ? single(form, notes) : null;
  if (!container) return none(notes);
  const fields: Record<string, { css: string }> = {};
  for (const [slot, key] of Object.entries(FORM_FIELD_OF) as [Slot, string][]) {
    const el = picks[slot];
    const css = el ? single(el, notes) : null;
    if (css) fields[key] = { css };
  }
  const submit = picks.submitButton ? single(picks.submitButton, notes) : null;
  const doc = title.ownerDocument;
  const path = doc.location ? formPagePath(doc.location) : undefined;
  const patch: ProfilePatch = { ticketForm: { container, fields, ...(submit ? { submit } : {}), ...(ownPage && path && path !== '/' ? { path } : {}) } };
  return { patch, need: [], notes, matches: count(doc, container) };
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

/**
 * A customer field read from where the person found it: a popup's own address (the field's
 * rule as it finds it in that page), or the page behind the link they followed from the record.
 */
function followed(r: RuleResult, ctx: PickContext): RuleResult {
  const fields = r.patch?.customer?.fields;
  if (!fields) return r;
  if (ctx.fetched) {
    const { path, css, within } = ctx.fetched;
    const key = Object.keys(fields)[0] as CustomerKey;
    const patch: ProfilePatch = { customer: { fields: { [key]: { css: css ?? fields[key]!.css! } }, follow: { path, ...(within ? { within } : {}) } } };
    return { ...r, patch, notes: [...r.notes, { code: 'fromPopup', detail: path }] };
  }
  if (ctx.followLink) {
    const patch: ProfilePatch = { customer: { fields, follow: { link: ctx.followLink } } };
    return { ...r, patch, notes: [...r.notes, { code: 'followLink', detail: ctx.followLink }] };
  }
  return r;
}

// ------------------------------------------------------------------ record id

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The picked number, read from the URL when the URL carries it (any shape: url-shape.ts) and
 * from the picked element. A number the URL does not carry while the URL names another id
 * (osTicket: `?id=2`, the page shows "#452271") is the number people see, not the record id.
 */
function recordIdRule(el: Element): RuleResult {
  const notes: Note[] = [];
  const doc = el.ownerDocument;
  const text = textOf(el).replace(/\s+/g, ' ');
  const identity: NonNullable<ProfilePatch['identity']> = {};
  const href = doc.location.href;
  const inUrl = urlIdOf(href, text);
  const value = inUrl?.value ?? shownId(text);
  if (inUrl) {
    identity.url = [inUrl.rule];
    notes.push({ code: 'fromUrl', detail: 'param' in inUrl.rule ? `?${inUrl.rule.param}=` : inUrl.rule.path });
  }
  const css = single(el, notes);
  if (css && value) {
    // Only the marks right before the number ("#", "No.") are kept: words before it change with the UI language.
    const lead = /[^\p{L}\p{N}]*$/u.exec(text.slice(0, Math.max(0, text.indexOf(value))))?.[0] ?? '';
    const group = /^\d+$/.test(value) ? '(\\d+)' : `(${reEscape(value).replace(/\w+/g, '\\w+')})`;
    const pick = { css, ...(lead.trim() ? { pattern: `${reEscape(lead)}${group}` } : text !== value ? { pattern: group } : {}) };
    const other = inUrl ? null : idFromUrl(href);
    if (other && other.value !== value) {
      identity.display = [pick];
      notes.push({ code: 'displayNumber', detail: other.where });
    } else identity.dom = [pick];
  }
  if (!identity.url && !identity.dom && !identity.display) return none(notes);
  return { patch: { identity }, need: [], notes, matches: css ? count(doc, css) : 1 };
}

/** The id a heading shows ("Ticket #452271", "# 2"): after a `#` or an id word, else its first id-like token. */
function shownId(text: string): string | null {
  return idFromText(text) ?? /#\s*([A-Za-z]{0,6}-?\d+)\b/.exec(text)?.[1] ?? idTokens(text)[0] ?? null;
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

/**
 * The customer's tickets as a list on this kind of page (the ticket page's side block, the
 * customer's own page's table: each its own rule, by page glob), and — when the agent picks a
 * cell of a row — which column is the ticket id and which the title.
 */
function historyRule(picks: Picks, followLink?: string): RuleResult {
  const notes: Note[] = [];
  const list = listOf([picks.first!, ...(picks.second ? [picks.second] : [])], notes);
  if (!list) return none(notes);
  const rule: { container: string; item: string; id?: { css: string; pattern?: string }; title?: string } = { container: list.container, item: list.entry };
  const rows = list.entries;
  const cellIn = (cell: Element | undefined) => {
    const row = cell ? rows.find((r) => r.contains(cell)) ?? topLevel(list.root, list.entry).find((r) => r.contains(cell!)) : undefined;
    return row && cell && row !== cell ? partSelector([row], [cell]) : null;
  };
  const idCss = cellIn(picks.idCell);
  if (idCss) {
    const shown = textOf(picks.idCell!);
    const lead = /^[^\p{L}\p{N}]*/u.exec(shown)?.[0] ?? '';
    rule.id = { css: idCss, ...(/^\d+$/.test(shown.slice(lead.length)) ? {} : { pattern: '([A-Za-z]{0,6}-?\\d[\\w-]*)' }) };
  }
  const titleCss = cellIn(picks.titleCell);
  if (titleCss) rule.title = titleCss;
  const glob = pageGlob(list.root.ownerDocument.location.pathname);
  notes.push({ code: 'pageKind', detail: glob });
  // Reached from a record's page by a link: on the record's page the list is read behind it.
  if (followLink) notes.push({ code: 'followLink', detail: followLink });
  const history = { pages: { [glob]: rule }, ...(followLink ? { follow: { link: followLink } } : {}) };
  return { patch: { history }, need: [], notes, matches: topLevel(list.root, list.entry).length };
}

type RoleRule = { role: ThreadRole; css: string };

function threadRule(picks: Picks, ctx: PickContext): RuleResult {
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
  const all = topLevel(list.root, list.entry);
  const order = taughtOrder(all, thread, picks.oldest);
  if (order) {
    thread.order = order.order;
    notes.push({ code: order.from === 'oldest' ? 'orderFromOldest' : 'orderFromTimes', detail: order.order });
  }
  const roles = roleRules(ce!, ae!, ne);
  // A mark on the entry itself is the console saying the role; one deep inside it (an avatar's
  // kind) is incidental: who signed the examples says it better, when the panel's person did.
  const deep = roles?.some((r) => r.role !== 'note' && r.css.includes(':has('));
  if (roles && !(deep && byIdentity(ce!, ae!, thread, ctx.customer))) {
    thread.roles = roles;
    notes.push({ code: 'rolesByMark', detail: roles.map((r) => `${r.role}: ${r.css}`).join('; ') });
  } else if (byIdentity(ce!, ae!, thread, ctx.customer)) {
    thread.customerBy = 'identity';
    // Only a note's own mark is kept: the customer and the staff are told apart by who wrote.
    const note = roles?.filter((r) => r.role === 'note');
    if (note?.length) thread.roles = note;
    notes.push({ code: 'rolesByIdentity', detail: ctx.customer?.name || ctx.customer?.email || '' });
  } else {
    notes.push({ code: 'rolesByAlignment' });
  }
  return { patch: { thread }, need: [], notes, matches: all.length };
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

