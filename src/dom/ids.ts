/**
 * Record and ticket ids in the shapes consoles use: `#452271`, `T-2042`, `INC0010023`,
 * `C-1001`, a 6-digit number, a UUID — in URLs, headings and lists, with zh and en words
 * around them ("Ticket #452271", "对话 #5120", "工单号 T-2042"). Pure string code.
 */
import { urlParts } from '../tools/url.ts';

/** A token that can be an id: letters-prefixed numbers, long numbers, UUIDs, 24-hex object ids. */
const TOKEN = /^(?:[A-Za-z]{1,6}-?\d{2,}|\d{1,12}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{24})$/i;

/** Query parameter names that carry the open record's id. Order = preference. */
const ID_PARAMS = [
  'conversationId', 'conversation', 'c', 'cid', 'ticketId', 'ticket_id', 'ticket', 'tid', 'caseId', 'case', 'record', 'rid',
  'thread', 'chat', 'id', 'number', 'no', 'sys_id', 't',
];

/** Path words after which a segment is the record id (`/conversations/5120`, `/ticket/INC0010023`). */
const PATH_WORDS = /^(conversations?|tickets?|cases?|chats?|threads?|requests?|issues?|incidents?|inbox|records?|messages?|t)$/i;

export function looksLikeId(s: string): boolean {
  return TOKEN.test(s.trim());
}

export interface UrlId {
  value: string;
  where: string;
}

/** The record id the URL names: a known query parameter, else an id-like path segment. */
export function idFromUrl(href: string): UrlId | null {
  const u = urlParts(href);
  if (!u) return null;
  const params = new Map(u.params);
  for (const name of ID_PARAMS) {
    const v = params.get(name);
    if (v && looksLikeId(v)) return { value: v, where: `?${name}=` };
  }
  // A hash route counts only when it is one (`#/…`), not an anchor.
  const hashRoute = new URL(href).hash.startsWith('#/') ? u.hashPath : [];
  for (const segs of [u.path, hashRoute]) {
    for (let i = segs.length - 1; i >= 0; i--) {
      const seg = segs[i]!;
      const prev = segs[i - 1] ?? '';
      // Short hash ids (`/chats/71ad93`) count only right after a record word.
      if (!looksLikeId(seg) && !(PATH_WORDS.test(prev) && /^(?=.*\d)(?=.*[a-z])[0-9a-z]{5,16}$/i.test(seg))) continue;
      // A bare small number right after the origin ("/2") is too weak; after a record word it counts.
      if (PATH_WORDS.test(prev) || /[A-Za-z]/.test(seg) || seg.length >= 3) return { value: seg, where: `path /${prev ? `${prev}/` : ''}…` };
    }
  }
  return null;
}


/** Words before an id in headings (zh + en). */
const ID_WORDS = '(?:ticket|case|conversation|chat|request|incident|issue|order|no\\.?|number|工单号|工单编号|工单|会话号|会话|对话号|对话|单号|编号|案例|请求)';
const HASH_ID = /#\s?([A-Za-z]{0,6}-?\d{2,})\b/;
const WORD_ID = new RegExp(`${ID_WORDS}\\s*[:：]?\\s*#?\\s?([A-Za-z]{0,6}-?\\d{3,})\\b`, 'i');

/** An id shown in a heading: "Ticket #452271", "对话 #5120", "工单号 T-2042", "#C-1001". */
export function idFromText(text: string): string | null {
  const t = text.slice(0, 500);
  return HASH_ID.exec(t)?.[1] ?? WORD_ID.exec(t)?.[1] ?? null;
}

const ORDER_BEFORE = /(?:\border|订单号?)\s*[:：]?\s*#?\s?$/i;

/**
 * The record's id shown in a heading, told apart from an order number in it: a subject names
 * the customer's order ("Wrong colour delivered (order FL-88213)", "Order 30117 arrived
 * damaged"), and the number agents use for the ticket is shown elsewhere (`#1583` in the
 * crumbs). `order`: the only id found follows "order" / "订单".
 */
export function recordIdFromText(text: string): { id: string; order: boolean } | null {
  const t = text.slice(0, 500);
  let fallback: string | null = null;
  for (const re of [HASH_ID, WORD_ID]) {
    for (const m of t.matchAll(new RegExp(re.source, `${re.flags}g`))) {
      const id = m[1]!;
      if (!ORDER_BEFORE.test(t.slice(0, m.index + m[0].indexOf(id)))) return { id, order: false };
      fallback ??= id;
    }
  }
  return fallback ? { id: fallback, order: true } : null;
}

/** A ticket id in a history row (first id-shaped token, `#` optional), never a date's year. */
const TICKET_ID = /(?:^|[\s#(（[【:：])#?([A-Z]{1,6}-?\d{3,}|\d{4,10})(?=$|[\s,.;:)）\]】·|-])/g;
const DATE_AFTER = /^[-/.]\d{1,2}[-/.]\d{1,2}/;
/** What comes before a year in a written date: "Aug 19, ", "19 Aug ", "August ". */
const YEAR_AFTER_DAY = /(?:\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?,?)\s*$/i;

export function ticketIdIn(text: string): string | null {
  const s = ` ${text.slice(0, 500)}`;
  for (const m of s.matchAll(TICKET_ID)) {
    const id = m[1]!;
    const end = m.index + m[0].length;
    if (/^\d{4}$/.test(id) && DATE_AFTER.test(s.slice(end))) continue; // 2026-11-02
    if (/^(19|20)\d{2}$/.test(id) && (YEAR_AFTER_DAY.test(s.slice(Math.max(0, m.index - 14), m.index + 1)) || /^\s*年/.test(s.slice(end)))) continue; // Aug 19, 2025 · 2025年
    if (/^\d+$/.test(id) && /[-/.:]\d/.test(s.slice(m.index - 3, m.index + 1))) continue; // the tail of a date or time
    return id;
  }
  return null;
}

/** Two ids name the same record: equal, or equal once a leading `#` and case are ignored. */
export function sameId(a: string, b: string): boolean {
  const n = (s: string) => s.trim().replace(/^#/, '').toLowerCase();
  return n(a) === n(b);
}

/** Ids of one shape family (both letter-prefixed with the same prefix, or both numeric). */
export function comparableIds(a: string, b: string): boolean {
  const prefix = (s: string) => /^[A-Za-z]*/.exec(s.replace(/^#/, ''))?.[0].toUpperCase() ?? '';
  const pa = prefix(a);
  const pb = prefix(b);
  return pa !== '' && pa === pb;
}
