/**
 * Which record is open: from the profile's rules, else the URL (query values and path
 * segments that look like ids), data attributes and headings ("Ticket #452271", "对话 #5120",
 * "工单号 T-2042"). Every source is kept with its value so a disagreement can be shown, and a
 * prepared call binds to the id the URL gives when there is one (the page can rewrite its
 * DOM; the URL is what the browser shows and stamps on messages).
 */
import { comparableIds, idFromUrl, recordIdFromText, sameId } from '../dom/ids.ts';
import { queryAll } from '../dom/query.ts';
import type { ConsoleProfile, Pick } from '../profiles/schema.ts';
import { runPattern } from '../profiles/pattern.ts';

export type IdSourceKind = 'url' | 'attribute' | 'heading' | 'profile';

export interface IdSource {
  source: IdSourceKind;
  value: string;
  /** Where exactly ("?id=", "h2", "[data-conversation-id]"). */
  where: string;
}

export interface RecordIdentity {
  recordId: string | null;
  /** The number people see, when it differs from the record id. */
  display: string | null;
  sources: IdSource[];
  /** Sources that should agree and do not (shown on cards; blocks confirmation). */
  conflict: { a: IdSource; b: IdSource } | null;
}

const ID_ATTRS = ['data-conversation-id', 'data-ticket-id', 'data-record-id', 'data-case-id', 'data-thread-id', 'data-ticket-number'];
const HEADINGS = 'h1, h2, h3, [role=heading]';

export function pickValue(el: Element, pick: Pick): string | null {
  const raw = (pick.attr ? el.getAttribute(pick.attr) : el.textContent) ?? '';
  const text = raw.replace(/\s+/g, ' ').trim().slice(0, 500);
  if (!pick.pattern) return text || null;
  return runPattern(pick.pattern, text);
}

function fromPicks(doc: Document, picks: readonly Pick[] | undefined): { value: string; where: string } | null {
  for (const pick of picks ?? []) {
    for (const el of queryAll(doc, pick.css).slice(0, 5)) {
      const v = pickValue(el, pick);
      if (v) return { value: v, where: pick.css };
    }
  }
  return null;
}

function profileUrlId(href: string, rule: NonNullable<ConsoleProfile['identity']>['url']): { value: string; where: string } | null {
  const url = new URL(href);
  for (const r of rule ?? []) {
    if ('param' in r) {
      const v = url.searchParams.get(r.param);
      if (v) return { value: v, where: `?${r.param}=` };
    } else {
      const v = runPattern(r.path, (url.pathname + url.search + url.hash).slice(0, 2_000));
      if (v) return { value: v, where: 'path' };
    }
  }
  return null;
}

export function readIdentity(doc: Document, profile: ConsoleProfile | null): RecordIdentity {
  const sources: IdSource[] = [];
  const rule = profile?.identity;
  const href = doc.location.href;
  const pUrl = rule?.url ? profileUrlId(href, rule.url) : null;
  if (pUrl) sources.push({ source: 'url', ...pUrl });
  const pDom = fromPicks(doc, rule?.dom);
  if (pDom) sources.push({ source: 'profile', ...pDom });
  if (!pUrl) {
    const u = idFromUrl(href);
    if (u) sources.push({ source: 'url', value: u.value, where: u.where });
  }
  for (const attr of ID_ATTRS) {
    const el = doc.querySelector(`[${attr}]`);
    const v = el?.getAttribute(attr)?.trim();
    if (v) sources.push({ source: 'attribute', value: v, where: `[${attr}]` });
  }
  const heading = headingId(doc);
  if (heading) sources.push(heading);
  const display = fromPicks(doc, rule?.display)?.value ?? heading?.value ?? null;
  const recordId = sources[0]?.value ?? null;
  return { recordId, display, sources, conflict: conflictOf(sources, doc, rule?.crossCheck) };
}

/** Breadcrumbs above the record ("Tickets › #1583"), as Bootstrap, Freshdesk and most admin layouts draw them. */
const CRUMBS = 'nav[aria-label*=breadcrumb], nav[aria-label*=Breadcrumb], .breadcrumb, .breadcrumbs, [class*=crumbs]';

/**
 * The number the page shows for the record: in a heading, else in the breadcrumbs; an order
 * number in the subject ("(order FL-88213)") only when nothing else names one.
 */
function headingId(doc: Document): IdSource | null {
  let order: IdSource | null = null;
  const shown = [...Array.from(doc.querySelectorAll(HEADINGS)).slice(0, 30), ...Array.from(doc.querySelectorAll(CRUMBS)).slice(0, 5)];
  for (const h of shown) {
    const v = recordIdFromText(spacedText(h));
    if (!v) continue;
    const src: IdSource = { source: 'heading', value: v.id, where: h.matches(HEADINGS) ? h.tagName.toLowerCase() : 'breadcrumb' };
    if (!v.order) return src;
    order ??= src;
  }
  return order;
}

/** An element's text with its parts apart ("<span>#8820</span>Order 30117" is "#8820 Order 30117"). */
function spacedText(el: Element): string {
  const parts: string[] = [];
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && parts.length < 200; n = walker.nextNode()) parts.push(n.textContent ?? '');
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/**
 * A disagreement: the profile's cross-check values differ from the record id, or two
 * sources give ids of the same shape family (same letter prefix) that differ. Numbers
 * alone are not compared across sources: consoles show a ticket number that is not the
 * URL's internal id (osTicket `?id=2` shows "#452271").
 */
function conflictOf(sources: IdSource[], doc: Document, crossCheck: readonly Pick[] | undefined): RecordIdentity['conflict'] {
  const first = sources[0];
  if (!first) return null;
  const check = fromPicks(doc, crossCheck);
  if (check && !sameId(check.value, first.value)) return { a: first, b: { source: 'profile', ...check } };
  for (let i = 0; i < sources.length; i++) {
    for (let j = i + 1; j < sources.length; j++) {
      const [a, b] = [sources[i]!, sources[j]!];
      if (comparableIds(a.value, b.value) && !sameId(a.value, b.value)) return { a, b };
    }
  }
  return null;
}
