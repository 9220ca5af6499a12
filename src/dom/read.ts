/**
 * Readers for what an agent sees: the open conversation, the customer profile, earlier
 * tickets. Heuristics cover the common console markups (message lists with role classes,
 * definition lists and label/value rows); visible text only, invisible Unicode removed
 * and counted. Nothing here throws: an unreadable part is simply absent.
 */
import { findSection } from './find.ts';
import { collectRoots } from './roots.ts';
import { FIELD_SYNONYMS, matchScore, type FieldKey } from './synonyms.ts';
import { isVisible, normLabel, stripInvisible, visibleText } from './text.ts';

export interface ReadMessage {
  role: 'customer' | 'agent' | 'system';
  author: string;
  text: string;
  time: string;
}

export interface ConversationRead {
  conversationId: string | null;
  subject: string;
  messages: ReadMessage[];
  /** How many messages were skipped because a person cannot see them. */
  hiddenMessages: number;
  /** Zero-width, bidi and tag characters removed from the text. */
  invisibleChars: number;
}

const MESSAGE_SELECTOR = '.msg, .message, [data-message-id], [role=log] > *, [role=article]';
const CUSTOMER_HINT = /customer|client|visitor|user|inbound|客户|访客|用户/i;
const AGENT_HINT = /agent|staff|operator|support|outbound|me\b|坐席|客服/i;

/** The open conversation's id: a data attribute, else the URL, else a "#C-…" in the heading. */
export function conversationId(doc: Document = document): string | null {
  const el = doc.querySelector('[data-conversation-id]');
  const attr = el?.getAttribute('data-conversation-id');
  if (attr) return attr;
  const url = new URL(doc.location.href);
  const fromUrl = url.searchParams.get('c') ?? url.searchParams.get('conversation') ?? url.searchParams.get('conversationId');
  if (fromUrl) return fromUrl;
  const heading = doc.querySelector('h1, h2')?.textContent ?? '';
  return /#([A-Z]+-\d+)/.exec(heading)?.[1] ?? null;
}

export function readConversation(doc: Document = document): ConversationRead {
  const container = doc.querySelector('[data-conversation-id]') ?? findSection('conversation') ?? doc.body;
  const all = Array.from(container.querySelectorAll(MESSAGE_SELECTOR)).filter((el) => !el.parentElement?.closest(MESSAGE_SELECTOR));
  let hidden = 0;
  let invisible = 0;
  const messages: ReadMessage[] = [];
  for (const el of all) {
    if (!isVisible(el)) {
      hidden += 1;
      continue;
    }
    const textEl = el.querySelector('.text, .body, .content, p') ?? el;
    const body = visibleText(textEl);
    const author = stripInvisible(el.querySelector('.who, .author, .name')?.textContent ?? '').text.trim();
    invisible += body.removedChars;
    if (!body.text) continue;
    messages.push({ role: roleOf(el), author, text: body.text, time: el.querySelector('time')?.textContent?.trim() ?? '' });
  }
  const subjectEl = container.querySelector('h1, h2, .subject');
  const subject = subjectEl ? visibleText(subjectEl).text : '';
  return { conversationId: conversationId(doc), subject, messages, hiddenMessages: hidden, invisibleChars: invisible };
}

function roleOf(el: Element): ReadMessage['role'] {
  const hint = `${el.className} ${el.getAttribute('data-role') ?? ''} ${el.getAttribute('data-author') ?? ''}`;
  if (CUSTOMER_HINT.test(hint)) return 'customer';
  if (AGENT_HINT.test(hint)) return 'agent';
  return 'system';
}

export type ProfileKey = Extract<FieldKey, 'name' | 'phone' | 'email' | 'orderId' | 'membership'>;
export const PROFILE_KEYS: readonly ProfileKey[] = ['name', 'phone', 'email', 'orderId', 'membership'];

/** Label/value pairs of the customer panel: <dl>, tables, or "label: value" rows. */
export function readProfile(): { fields: Partial<Record<ProfileKey, string>>; found: boolean } {
  const panel = findSection('customer');
  if (!panel) return { fields: {}, found: false };
  const pairs: [string, string][] = [];
  for (const dt of Array.from(panel.querySelectorAll('dt'))) {
    const dd = dt.nextElementSibling;
    if (dd?.tagName === 'DD' && isVisible(dd)) pairs.push([dt.textContent ?? '', visibleText(dd).text]);
  }
  for (const row of Array.from(panel.querySelectorAll('tr'))) {
    const cells = row.querySelectorAll('th, td');
    if (cells.length === 2) pairs.push([cells[0]!.textContent ?? '', visibleText(cells[1]!).text]);
  }
  const fields: Partial<Record<ProfileKey, string>> = {};
  for (const [label, value] of pairs) {
    const l = normLabel(label);
    const key = bestKey(l);
    if (key && value && !fields[key]) fields[key] = value;
  }
  return { fields, found: true };
}

function bestKey(label: string): ProfileKey | null {
  let best: { key: ProfileKey; score: number } | null = null;
  for (const key of PROFILE_KEYS) {
    const score = matchScore(label, FIELD_SYNONYMS[key]);
    if (score >= 0.6 && (!best || score > best.score)) best = { key, score };
  }
  return best?.key ?? null;
}

export interface TicketRead {
  id: string;
  title: string;
  status: string;
  category: string;
  date: string;
}

/** Earlier tickets: the list under a heading like 历史工单 / Earlier tickets. */
export function readTicketHistory(): { tickets: TicketRead[]; found: boolean } {
  const list = historyList();
  if (!list) return { tickets: [], found: false };
  const tickets: TicketRead[] = [];
  for (const li of Array.from(list.querySelectorAll('li'))) {
    const text = visibleText(li).text; // '' when hidden
    if (!text) continue;
    const id = li.getAttribute('data-ticket') ?? /\b([A-Z]{1,3}-\d{3,})\b/.exec(text)?.[1];
    if (!id) continue;
    const pick = (sel: string) => li.querySelector(sel)?.textContent?.trim() ?? '';
    tickets.push({
      id,
      title: pick('.t-title, .title') || text.replace(id, '').trim().slice(0, 120),
      status: pick('.status'),
      category: pick('.cat, .category'),
      date: pick('time') || (/\d{4}-\d{2}-\d{2}/.exec(text)?.[0] ?? ''),
    });
  }
  return { tickets, found: true };
}

const HISTORY_HEADINGS = ['历史工单', '工单记录', '历史记录', 'earlier tickets', 'ticket history', 'previous tickets'];

/** The list under an "earlier tickets" heading: the top document first (cheap), then frames and shadow roots. */
function historyList(): Element | null {
  return historyListIn(document) ?? collectRoots().slice(1).reduce<Element | null>((hit, root) => hit ?? historyListIn(root), null);
}

function historyListIn(root: ParentNode): Element | null {
  // Tag selectors first (indexed, cheap); `[role=heading]` makes the engine test every element.
  return listAfter(root.querySelectorAll('h2, h3, h4, legend')) ?? listAfter(root.querySelectorAll('[role=heading]'));
}

function listAfter(headings: NodeListOf<Element>): Element | null {
  for (const h of Array.from(headings)) {
    if (matchScore(normLabel(h.textContent ?? ''), HISTORY_HEADINGS) < 0.6) continue;
    for (let sib = h.nextElementSibling; sib; sib = sib.nextElementSibling) {
      if (sib.matches('ul, ol, table, [role=list]')) return sib;
      if (/^H[1-6]$/.test(sib.tagName)) break;
    }
  }
  return null;
}
