/**
 * The customer's other tickets, as a list a person reads: each row with an id in any of the
 * shapes consoles use (`#452271`, `T-2042`, `INC0010023`, a 6-digit number, or the id in the
 * row's link), a title, a status and a date. From the profile's rule, else from the list
 * under a history-named heading or section; on the live page or a fetched one.
 */
import type { HistoryRule } from './rules.ts';
import { idFromUrl, ticketIdIn } from './ids.ts';
import { staticShown, staticText } from './pairs.ts';
import { queryAll, queryOne } from './query.ts';
import { collectRoots } from './roots.ts';
import { parseTime } from './time.ts';
import { TICKET_LIST_LINKS } from './synonyms.ts';
import { hasAny, markupTokens } from './tokens.ts';
import { elementVisible, visibleTextOf } from './visible.ts';

export interface TicketRow {
  id: string;
  title: string;
  status: string;
  date: string;
  /** The category the ticket was filed under, where the row shows it. */
  category?: string;
}


const STATUS_WORDS = /^(open|opened|closed|resolved|pending|solved|on hold|new|in progress|waiting|archived|overdue|answered|已关闭|已解决|处理中|待处理|待回复|已回复|新建|挂起|已完成|进行中|已取消|open \(\d+\))$/i;
const ROW = 'li, tr, [role=row], [role=listitem], article';

export function readHistoryRows(list: Element, rule: HistoryRule | undefined, rendered = true): TicketRow[] {
  const text = (el: Element) => (rendered ? visibleTextOf(el).text : staticText(el));
  const shown = (el: Element) => (rendered ? elementVisible(el) : staticShown(el));
  if (!rule?.item && !list.matches(LIST) && !list.querySelector(ROW)) return rowsFromLines(text(list));
  const items = rule?.item ? queryAll(list, rule.item) : rowsOf(list);
  const rows: TicketRow[] = [];
  for (const item of items) {
    if (!shown(item)) continue;
    const whole = text(item);
    if (!whole) continue;
    const id = idOf(item, whole, rule);
    if (!id) continue;
    const pick = (css?: string) => (css ? text(queryOne(item, css) ?? item.ownerDocument.createElement('i')) : '');
    const status = pick(rule?.status) || statusOf(item, text);
    const date = pick(rule?.date) || dateOf(item, whole);
    const title = pick(rule?.title) || titleOf(item, whole, [id, status, date], text);
    const category = pick(rule?.category) || categoryOf(item, text);
    rows.push({ id, title: title.slice(0, 160), status, date, ...(category ? { category: category.slice(0, 60) } : {}) });
  }
  return rows;
}

function rowsOf(list: Element): Element[] {
  const direct = Array.from(list.querySelectorAll(ROW)).filter((r) => !r.querySelector(ROW) && !r.querySelector('th'));
  if (direct.length) return direct;
  return Array.from(list.children);
}

function idOf(item: Element, whole: string, rule: HistoryRule | undefined): string | null {
  if (rule?.id) {
    const el = queryOne(item, rule.id.css);
    const raw = el ? (rule.id.attr ? el.getAttribute(rule.id.attr) ?? '' : (el.textContent ?? '')) : '';
    const m = rule.id.pattern ? new RegExp(rule.id.pattern, 'u').exec(raw.slice(0, 500))?.[1] : raw.trim();
    if (m) return m.replace(/^#/, '');
  }
  for (const attr of ['data-ticket', 'data-ticket-id', 'data-id', 'data-number']) {
    const v = item.getAttribute(attr);
    if (v) return v;
  }
  // A subject that is the row's link ("Missing item in order BC-70211") is no id: the id is in
  // the row's other text, else in the link's address.
  const titles = Array.from(item.querySelectorAll('a')).map((a) => (a.textContent ?? '').replace(/\s+/g, ' ').trim()).filter((t) => t && !ID_TEXT.test(t));
  let rest = whole;
  for (const t of titles) rest = rest.replace(t, ' ');
  const fromText = ticketIdIn(rest.replace(/#\s+(?=\d)/g, '#'));
  if (fromText) return fromText;
  // A link that leads with the number it shows ("#343007 Exchange jacket for size M"): the shown
  // number is the ticket's, whatever record key its address carries (`/conversation/4`).
  for (const t of titles) {
    const lead = LEADING_ID.exec(t);
    if (lead) return lead[1]!;
  }
  const href = item.querySelector('a[href]')?.getAttribute('href');
  if (href) return idFromUrl(new URL(href, item.ownerDocument.baseURI || 'http://x/').href)?.value ?? null;
  return null;
}

/** A link or cell that is just a ticket number ("#47102", "# 47102", "T-2042"). */
const ID_TEXT = /^#?\s*([A-Z]{1,6}-?\d{3,}|\d{1,10})$/i;
/** A link text that starts with a `#` number before the subject. */
const LEADING_ID = /^#\s?([A-Z]{0,6}-?\d{2,})(?=\s)/i;

/** A cell whose markup names it a category or topic (class, data attribute, a column's name). */
const CATEGORY_HEADER = /^(category|categories|topic|help topic|type|ticket type|分类|类别|类型|工单类型|问题类型|问题分类)$/i;

function categoryOf(item: Element, text: (el: Element) => string): string {
  // A table's column named so: the cell under it.
  const table = item.closest('table');
  if (item.matches('tr') && table) {
    const heads = Array.from(table.querySelectorAll('thead th, tr:first-child th'));
    const col = heads.findIndex((h) => CATEGORY_HEADER.test((h.textContent ?? '').trim()));
    const cell = col === -1 ? undefined : (item as HTMLTableRowElement).cells[col];
    if (cell) return text(cell).trim();
  }
  for (const el of Array.from(item.querySelectorAll('*'))) {
    if (el.children.length) continue;
    const t = text(el);
    if (t && t.length <= 40 && hasAny(markupTokens(el), ['category', 'categories', 'topic', 'helptopic'])) return t;
  }
  return '';
}

function statusOf(item: Element, text: (el: Element) => string): string {
  for (const el of Array.from(item.querySelectorAll('*'))) {
    if (el.children.length) continue;
    // "· 已解决": the separator before a status is no part of it.
    const t = text(el).replace(/^[\s·•|—–-]+/, '');
    if (t && (STATUS_WORDS.test(t) || (hasAny(markupTokens(el), ['status', 'state', 'badge']) && t.length <= 20))) return t;
  }
  return '';
}

function dateOf(item: Element, whole: string): string {
  const time = item.querySelector('time');
  if (time) return time.getAttribute('datetime') || (time.textContent ?? '').trim();
  const m = /\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}\/\d{1,2}\/\d{2,4}|\d{4}年\d{1,2}月\d{1,2}日/.exec(whole);
  return m ? (parseTime(m[0], null).iso?.slice(0, 10) ?? m[0]) : '';
}

/** A cell that is only a date or a time ("12/1/26 1:13 PM", "2026-01-20"): never a title. */
const DATE_CELL = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(,?\s+\d{1,2}:\d{2}(:\d{2})?(\s*[ap]m)?)?$/i;

/** The link text, else the title-ish cell, else the row text without id, status and date. */
function titleOf(item: Element, whole: string, known: string[], text: (el: Element) => string): string {
  for (const el of Array.from(item.querySelectorAll('a, [class*=title], [class*=subject], td'))) {
    // A link that leads with the number ("#343007 Exchange jacket for size M"): the subject is what follows it.
    const t = text(el).replace(LEADING_ID, '').trim();
    if (t && t.length > 3 && !DATE_CELL.test(t) && !known.some((k) => k && (t === k || t === `#${k}`))) return t;
  }
  let rest = whole;
  for (const k of known) if (k) rest = rest.replace(`#${k}`, ' ').replace(k, ' ');
  return rest.replace(/\s+/g, ' ').replace(/[\s·•|—–-]+$/, '').trim();
}

/** "INC0010042 — Invoice title wrong (Resolved)": one ticket per text line, as plain-text panels list them. */
function rowsFromLines(all: string): TicketRow[] {
  const rows: TicketRow[] = [];
  for (const line of all.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const id = ticketIdIn(line);
    if (!id) continue;
    const status = /[(（]([^()（）]{1,20})[)）]\s*$/.exec(line)?.[1]?.trim() ?? '';
    const title = line
      .replace(`#${id}`, ' ')
      .replace(id, ' ')
      .replace(/[(（][^()（）]{1,20}[)）]\s*$/, '')
      .replace(/^[\s·•|:：—–-]+|[\s·•|:：—–-]+$/g, '')
      .trim();
    rows.push({ id, title: title.slice(0, 160), status, date: '' });
  }
  return rows;
}

const LIST = 'ul, ol, table, [role=list], [role=table], [role=grid]';
const HEADINGS = 'h1, h2, h3, h4, h5, h6, legend, [role=heading], [class*=title], [class*=heading]';

/**
 * The list under a history-named heading or section (the top document, then open shadow
 * roots): a list or table, or a block of text lines that each start with a ticket id. The
 * conversation's own thread is never the history.
 */
export function findHistoryList(section: Element | null, words: readonly string[], scope: Document = document, notThis: Element | null = null): Element | null {
  const ok = (el: Element | null) => (el && el !== notThis && !el.contains(notThis) && !notThis?.contains(el) ? el : null);
  if (section) {
    const hit = ok(section.matches(LIST) ? section : section.querySelector(LIST)) ?? (hasIdLines(section) ? section : null);
    if (hit) return hit;
  }
  for (const root of collectRoots(scope)) {
    for (const h of Array.from(root.querySelectorAll(HEADINGS))) {
      if (h.childElementCount > 2) continue;
      const whole = (h.textContent ?? '').trim();
      const t = whole.replace(/\s*[(（]\d+[)）]\s*$/, '').trim().toLowerCase();
      if (!t || t.length > 60 || !words.some((w) => t === w || (t.includes(w) && t.length <= w.length + 24))) continue;
      // "Ticket history (0)" over an empty-state line: the list is there, with no rows.
      if (/[(（]0[)）]\s*$/.test(whole)) return ok(h.nextElementSibling ?? h);
      for (let sib = h.nextElementSibling; sib; sib = sib.nextElementSibling) {
        const hit = ok(sib.matches(LIST) ? sib : sib.querySelector(LIST)) ?? (hasIdLines(sib) ? ok(sib) : null);
        if (hit) return hit;
        if (sib.matches('h1, h2, h3, h4, h5, h6')) break;
      }
    }
  }
  return null;
}

/**
 * With no history heading at all: a block beside the customer's card whose rows each lead with
 * a ticket id ("#10294 Invoice title wrong") is that customer's tickets.
 */
export function historyBeside(card: Element | null, notThis: Element | null = null): Element | null {
  const parent = card?.parentElement;
  if (!parent) return null;
  for (const sib of Array.from(parent.children)) {
    if (sib === card || sib === notThis || sib.contains(notThis) || sib.querySelector('input, textarea, select, [contenteditable=true]')) continue;
    if (leadingIds(sib)) return sib;
  }
  return null;
}

function leadingIds(el: Element): boolean {
  const lines = visibleTextOf(el).text.split('\n').map((l) => l.trim()).filter(Boolean);
  return lines.length > 0 && lines.length <= 50 && lines.every((l) => /^#?([A-Z]{1,6}-?\d{3,}|\d{4,10})\b/.test(l));
}

function hasIdLines(el: Element): boolean {
  const lines = visibleTextOf(el).text.split('\n').filter((l) => l.trim());
  return lines.length > 0 && lines.length <= 50 && lines.filter((l) => ticketIdIn(l)).length >= Math.max(1, lines.length / 2);
}

/** "All tickets" of the customer, as a link says it (not "View all": too vague to follow). */
const ALL_TICKETS = new RegExp(`^(${TICKET_LIST_LINKS.join('|')})$`, 'i');
/** A URL that names a person: the list behind it is that person's (never the console's "All tickets" queue). */
const PERSON_PARAM = /^(uid|user|userid|user_id|customer|customerid|customer_id|requester|requesterid|requester_id|contact|contactid|contact_id|client|clientid|client_id)$/i;
const PERSON_PATH = /\/(users?|customers?|contacts?|requesters?|clients?)\/[\w-]+/i;

/**
 * The customer's own ticket list behind a link: "All Tickets" beside the requester (osTicket's
 * Related Tickets menu, `tickets.php?a=search&uid=1`), same origin, its address naming a
 * person. Outside navigation and the top bar, where "All tickets" is everyone's queue.
 */
export function customerTicketsLink(doc: Document): string | null {
  for (const a of Array.from(doc.querySelectorAll<HTMLAnchorElement>('a[href]')).slice(0, 3000)) {
    if (!ALL_TICKETS.test(linkWords(a)) || a.closest('nav, header, [role=navigation], [role=banner]')) continue;
    let url: URL;
    try {
      url = new URL(a.getAttribute('href')!, doc.baseURI);
    } catch {
      continue;
    }
    if (url.origin !== doc.location.origin) continue;
    if ([...url.searchParams.keys()].some((k) => PERSON_PARAM.test(k)) || PERSON_PATH.test(url.pathname)) return url.href;
  }
  return null;
}

/** A link's words without the count and arrow consoles add ("全部工单（4） →", "All tickets (4) ›"). */
function linkWords(a: Element): string {
  return (a.textContent ?? '')
    .replace(/\s+/g, ' ')
    .replace(/[\s→›»>»↗]+$/, '')
    .replace(/\s*[(（]\s*\d+\s*[)）]$/, '')
    .trim();
}

/** Words of the link or tab on a customer's page that lists their tickets ("Conversations", 工单). */
const TICKETS_TAB = /^(tickets?|conversations?|requests?|cases?|history|ticket history|all tickets|all conversations|工单|历史工单|对话|会话|全部工单|所有工单|请求)(\s*[(（]?\d+[)）]?)?$/i;

function sameOriginUrl(href: string | null, base: string, origin: string): URL | null {
  if (!href) return null;
  try {
    const url = new URL(href, base);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

const namesPerson = (url: URL) => [...url.searchParams.keys()].some((k) => PERSON_PARAM.test(k)) || PERSON_PATH.test(url.pathname);

/**
 * The customer's own page, as a person reaches it: the customer's name in the customer panel is
 * a link whose address names a person (`/customers/2/edit`, `users.php?id=3`). Null when the
 * panel links no such page.
 */
export function customerPageLink(panel: Element | null, name: string, doc: Document): string | null {
  if (!panel || !name) return null;
  const want = name.replace(/\s+/g, ' ').trim().toLowerCase();
  for (const a of Array.from(panel.querySelectorAll<HTMLAnchorElement>('a[href]')).slice(0, 200)) {
    if ((a.textContent ?? '').replace(/\s+/g, ' ').trim().toLowerCase() !== want) continue;
    const url = sameOriginUrl(a.getAttribute('href'), doc.baseURI, doc.location.origin);
    if (url && namesPerson(url)) return url.href;
  }
  return null;
}

/**
 * On a customer's page that shows no ticket list (a profile form), the tab or link to their
 * tickets ("Conversations", 工单): same origin, naming a person, outside the navigation.
 */
export function ticketsTabLink(page: Document, pageUrl: string): string | null {
  const origin = new URL(pageUrl).origin;
  for (const a of Array.from(page.querySelectorAll<HTMLAnchorElement>('a[href]')).slice(0, 3000)) {
    if (a.closest('nav, header, [role=navigation], [role=banner]')) continue;
    if (!TICKETS_TAB.test((a.textContent ?? '').replace(/\s+/g, ' ').trim())) continue;
    const url = sameOriginUrl(a.getAttribute('href'), pageUrl, origin);
    if (url && namesPerson(url) && url.href !== pageUrl) return url.href;
  }
  return null;
}

/**
 * The list on a fetched page (unrendered) with the most rows that show a ticket number in
 * their own text: a menu of sort links (`?uid=1&sort=due`) has ids only in its addresses.
 */
export function ticketListOn(doc: Document): TicketRow[] | null {
  let best: { list: Element; ids: Set<string> } | null = null;
  for (const list of Array.from(doc.querySelectorAll('table, ul, ol')).slice(0, 200)) {
    if (list.closest('nav, header, [role=navigation]')) continue;
    const ids = new Set(rowsOf(list).map((r) => ticketIdIn(staticText(r))).filter((id): id is string => !!id));
    if (ids.size > 0 && (!best || ids.size > best.ids.size)) best = { list, ids };
  }
  // Its footer ("Select: All None") and other rows without a number are no tickets; a row whose
  // subject is its link to a ticket's page (`/ticket/2`, no number shown) is one.
  if (!best) return null;
  const { list, ids } = best;
  const linked = new Set(rowsOf(list).map(recordLinkId).filter((id): id is string => !!id));
  return readHistoryRows(list, undefined, false).filter((r) => ids.has(r.id) || linked.has(r.id));
}

/** The record id in the path of a row's link to a record page (`/ticket/2`, `/a/tickets/1466`), never a query's. */
function recordLinkId(row: Element): string | null {
  const href = row.querySelector('a[href]')?.getAttribute('href');
  if (!href) return null;
  try {
    const id = idFromUrl(new URL(href, row.ownerDocument.baseURI || 'http://x/').href);
    return id?.where.startsWith('path') ? id.value : null;
  } catch {
    return null;
  }
}
