/**
 * The conversation thread as a person reads it: every entry (customer message, agent reply,
 * internal note, system event) with its author, time and body — the body without header,
 * toolbar, avatar or quoted history, visible text only. Driven by the console profile where
 * it names things, else found by what a thread is: a run of sibling blocks with text, times
 * and authors, marked by words like thread/messages/log, near the composer.
 */
import type { ConsoleProfile } from '../profiles/schema.ts';
import { collectRoots } from './roots.ts';
import { classifyRoles, entryTokens, hasNoteBadge, type ReadRole, type RoleContext, type RoleSignals } from './roles.ts';
import { parseTime } from './time.ts';
import { hasAny, markupTokens } from './tokens.ts';
import { elementVisible, visibleTextOf } from './visible.ts';
import { queryAll, queryOne } from './query.ts';

export interface ThreadEntry {
  role: ReadRole;
  author: string;
  time: string;
  timeIso: string | null;
  text: string;
  /** Why the role was chosen (profile rule, a word, alignment, the author). */
  roleWhy: string;
}

export interface ThreadRead {
  entries: ThreadEntry[];
  /** Entries a person cannot see at all (display:none, off-screen). */
  hiddenEntries: number;
  /** Characters of hidden text inside visible entries. */
  hiddenChars: number;
  invisibleChars: number;
  via: 'profile' | 'heuristics';
  container: Element;
}

type ThreadRule = NonNullable<ConsoleProfile['thread']>;

const CONTAINER_WORDS = ['thread', 'threads', 'messages', 'conversation', 'timeline', 'chat', 'transcript', 'comments', 'entries', 'feed', 'log', 'history', 'replies'];
const ENTRY_WORDS = ['message', 'msg', 'entry', 'comment', 'reply', 'response', 'note', 'post', 'bubble', 'event', 'chatmessage', 'item'];
const HEADER_WORDS = ['header', 'head', 'meta', 'byline', 'info', 'top', 'details', 'heading', 'sender', 'author', 'toolbar', 'actions', 'controls', 'avatar', 'photo', 'footer', 'menu', 'quote', 'quoted', 'gmail'];
const AUTHOR_WORDS = ['author', 'name', 'who', 'sender', 'from', 'poster', 'user', 'username', 'displayname', 'byline', 'agent', 'customer'];
const TIME_WORDS = ['time', 'date', 'timestamp', 'ago', 'when', 'datetime', 'created', 'sent'];
const BODY_WORDS = ['body', 'content', 'text', 'threadbody', 'messagebody', 'bubble', 'markdown', 'html', 'msgtext', 'messagetext', 'commentbody', 'entrybody', 'richtext'];

/** Reads the thread with the profile's rule if it matches anything, else with the heuristics. */
export function readThread(rule: ThreadRule | undefined, ctx: RoleContext, scope: Document = document): ThreadRead | null {
  if (rule) {
    const viaProfile = readWithRule(rule, ctx, scope);
    if (viaProfile) return viaProfile;
  }
  const container = findThreadContainer(scope);
  if (!container) return null;
  const entries = entryCandidates(container);
  return assemble(entries, container, ctx, 'heuristics', {});
}

function readWithRule(rule: ThreadRule, ctx: RoleContext, scope: Document): ThreadRead | null {
  const container = rule.container ? queryOne(scope, rule.container) : scope.body;
  if (!container) return null;
  const entries = queryAll(container, rule.entry).filter((el) => !el.parentElement?.closest(rule.entry));
  if (entries.length === 0) return null;
  return assemble(entries, container, ctx, 'profile', rule);
}

interface PartRule {
  roles?: ThreadRule['roles'];
  author?: string;
  time?: string;
  body?: string;
  exclude?: string[];
}

function assemble(els: Element[], container: Element, ctx: RoleContext, via: ThreadRead['via'], rule: PartRule): ThreadRead {
  let hiddenEntries = 0;
  let hiddenChars = 0;
  let invisibleChars = 0;
  const shown: { el: Element; parts: EntryParts; signals: RoleSignals; ruleRole: ReadRole | null }[] = [];
  const box = container.getBoundingClientRect();
  for (const el of els) {
    if (!elementVisible(el)) {
      hiddenEntries += 1;
      continue;
    }
    const parts = entryParts(el, rule);
    hiddenChars += parts.hiddenChars;
    invisibleChars += parts.invisibleChars;
    if (!parts.text && !parts.author) continue;
    const ruleRole = rule.roles?.find((r) => safeMatches(el, r.css))?.role ?? null;
    shown.push({ el, parts, ruleRole, signals: { tokens: entryTokens(el), badge: hasNoteBadge(el), side: sideOf(el, box), author: parts.author } });
  }
  const roles = classifyRoles(shown.map((s) => s.signals), ctx);
  const entries = shown.map((s, i): ThreadEntry => {
    const r = s.ruleRole ? { role: s.ruleRole, why: 'profile rule' } : roles[i]!;
    return { role: r.role, roleWhy: r.why, author: s.parts.author, time: s.parts.time, timeIso: s.parts.timeIso, text: s.parts.text };
  });
  return { entries: entries.filter((e) => e.text), hiddenEntries, hiddenChars, invisibleChars, via, container };
}

function safeMatches(el: Element, css: string): boolean {
  try {
    return el.matches(css);
  } catch {
    return false;
  }
}

interface EntryParts {
  author: string;
  time: string;
  timeIso: string | null;
  text: string;
  hiddenChars: number;
  invisibleChars: number;
}

function entryParts(entry: Element, rule: PartRule): EntryParts {
  const authorEl = (rule.author && queryOne(entry, rule.author)) || findAuthor(entry);
  const timeEl = (rule.time && queryOne(entry, rule.time)) || findTime(entry);
  const bodyEl = (rule.body && queryOne(entry, rule.body)) || findBody(entry, authorEl, timeEl);
  const exclude = rule.exclude ?? [];
  const skip = (el: Element) =>
    el === authorEl || el === timeEl || exclude.some((css) => safeMatches(el, css)) || (bodyEl === entry && isChrome(el));
  const body = visibleTextOf(bodyEl, { skip });
  const author = authorEl ? visibleTextOf(authorEl).text.split('\n')[0]!.slice(0, 80) : '';
  const timeText = timeEl ? visibleTextOf(timeEl).text : dateIn(authorEl?.parentElement ? visibleTextOf(authorEl.parentElement).text : '');
  const parsed = parseTime(timeText || timeEl?.getAttribute('title') || '', timeEl?.getAttribute('datetime') ?? null);
  return { author, time: parsed.text, timeIso: parsed.iso, text: cutQuoted(body.text), hiddenChars: body.hiddenChars, invisibleChars: body.invisibleChars };
}

/** Header, toolbar, avatar and quote blocks inside an entry that has no separate body element. */
function isChrome(el: Element): boolean {
  if (/^(HEADER|FOOTER|NAV|MENU|IMG|BUTTON)$/.test(el.tagName)) return true;
  const role = el.getAttribute('role');
  if (role === 'toolbar' || role === 'menu' || role === 'banner') return true;
  const tokens = markupTokens(el);
  return !!hasAny(tokens, HEADER_WORDS) && (el.textContent ?? '').trim().length < 160;
}

function findAuthor(entry: Element): Element | null {
  const itemprop = entry.querySelector('[itemprop=author], [rel=author]');
  if (itemprop) return itemprop;
  for (const el of Array.from(entry.querySelectorAll('*')).slice(0, 80)) {
    if (el.closest('blockquote')) continue;
    const text = (el.textContent ?? '').trim();
    if (!text || text.length > 60) continue;
    if (hasAny(markupTokens(el), AUTHOR_WORDS) && !hasAny(markupTokens(el), TIME_WORDS)) return el;
  }
  return leadingBold(entry);
}

/** The entry's first words in bold ("<b>Maria Garcia</b> posted …"): how consoles print a poster. */
function leadingBold(entry: Element): Element | null {
  const walker = entry.ownerDocument.createTreeWalker(entry, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!(n.textContent ?? '').trim()) continue;
    const parent = n.parentElement;
    if (parent && /^(SCRIPT|STYLE|BUTTON)$/.test(parent.tagName)) continue;
    const bold = parent?.closest('b, strong');
    if (bold && entry.contains(bold) && (bold.textContent ?? '').trim().length <= 60) return bold;
    // The first visible words are not bold: look no further than the entry's header, if it has one.
    const header = parent?.closest('header, [class*=header], [class*=meta]');
    const b = header && entry.contains(header) ? header.querySelector('b, strong') : null;
    return b && (b.textContent ?? '').trim().length <= 60 ? b : null;
  }
  return null;
}

function findTime(entry: Element): Element | null {
  const time = entry.querySelector('time');
  if (time) return time;
  const leaves = Array.from(entry.querySelectorAll('*')).filter((el) => el.children.length === 0).slice(0, 80);
  for (const el of leaves) {
    const text = (el.textContent ?? '').trim();
    if (text && text.length <= 40 && hasAny(markupTokens(el), TIME_WORDS)) return el;
  }
  // Hashed class names: a short leaf whose whole text reads as a time ("3 minutes ago", "14:20").
  for (const el of leaves) {
    const text = (el.textContent ?? '').trim();
    if (text && text.length <= 32 && (parseTime(text, null).iso || /^\d{1,2}:\d{2}(\s*[ap]m)?$/i.test(text))) return el;
  }
  return null;
}

function findBodyCandidate(entry: Element): Element | null {
  for (const el of Array.from(entry.querySelectorAll('*')).slice(0, 120)) {
    if (hasAny(markupTokens(el), BODY_WORDS) && (el.textContent ?? '').trim()) return el;
  }
  return null;
}

function findBody(entry: Element, author: Element | null, time: Element | null): Element {
  const named = findBodyCandidate(entry);
  if (named && named !== author && named !== time && !named.contains(author) && !named.contains(time)) return named;
  return entry;
}

/** A date or time inside a header line ("Tom Baker wrote on 2026-11-29 09:15"). */
function dateIn(line: string): string {
  const m = /(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[ T]\d{1,2}:\d{2})?|\d{1,2}\/\d{1,2}\/\d{2,4}(?:,?\s*\d{1,2}:\d{2}\s*(?:AM|PM)?)?|\d{4}年\d{1,2}月\d{1,2}日(?:\s*\d{1,2}:\d{2})?|\d+\s*(?:minutes?|hours?|days?|分钟|小时|天)\s*(?:ago|前)|(?:昨天|今天|yesterday|today)\s*\d{1,2}:\d{2})/i.exec(line.slice(0, 200));
  return m?.[1] ?? '';
}

/** Quoted history ("On Mon, … wrote:", "-----Original Message-----", "在 … 写道：") is not the message. */
function cutQuoted(text: string): string {
  const m = /\n\s*(On .{4,80} wrote:|-{2,}\s*Original Message\s*-{2,}|在.{2,60}写道[:：]|-{2,}\s*原始邮件\s*-{2,})/i.exec(text);
  return (m ? text.slice(0, m.index) : text).trim();
}

/** Where the entry's visible content sits in the thread (off-screen hidden text does not count). */
function sideOf(el: Element, box: DOMRect): RoleSignals['side'] {
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  const rects = Array.from(range.getClientRects()).filter((c) => c.width >= 1 && c.height >= 1 && c.right > box.left && c.left < box.right);
  if (rects.length === 0 || box.width < 1) return null;
  const r = { left: Math.min(...rects.map((c) => c.left)), right: Math.max(...rects.map((c) => c.right)), width: 0 };
  r.width = r.right - r.left;
  if (r.width > box.width * 0.8) return 'full';
  const leftGap = r.left - box.left;
  const rightGap = box.right - r.right;
  if (leftGap > rightGap + box.width * 0.1) return 'right';
  if (rightGap > leftGap + box.width * 0.1) return 'left';
  return 'full';
}

// ---------------------------------------------------------------- finding the thread

/** The element whose children are the thread entries, scored over the page and open shadow roots. */
export function findThreadContainer(scope: Document = document): Element | null {
  let best: { el: Element; score: number } | null = null;
  for (const root of collectRoots(scope)) {
    const walker = (root.nodeType === Node.DOCUMENT_NODE ? (root as Document) : root.ownerDocument!).createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let n = walker.nextNode() as Element | null; n; n = walker.nextNode() as Element | null) {
      if (n.childElementCount < 1) continue;
      const score = containerScore(n);
      if (score > 0 && (!best || score > best.score)) best = { el: n, score };
    }
  }
  return best && best.score >= 4 ? best.el : null;
}

function entryCandidates(container: Element): Element[] {
  return Array.from(container.children).filter((c) => !/^(SCRIPT|STYLE|TEMPLATE|LINK|META)$/.test(c.tagName) && (c.textContent ?? '').trim().length > 0);
}

const NOT_THREAD = 'nav, header, footer, form, select, table, dl, [role=navigation], [role=banner], [role=menu], [role=listbox], [role=tablist], [role=combobox]';

function containerScore(el: Element): number {
  const kids = entryCandidates(el);
  if (kids.length < 1 || kids.length > 500) return 0;
  if (el.matches(NOT_THREAD) || el.closest('nav, header, footer, [role=navigation], [role=banner], [contenteditable=true]')) return 0;
  const texty = kids.filter((k) => (k.textContent ?? '').trim().length >= 12);
  if (texty.length < 1) return 0;
  let score = Math.min(texty.length, 12) * 0.35;
  const role = el.getAttribute('role');
  if (role === 'log' || role === 'feed') score += 4;
  if (hasAny(markupTokens(el), CONTAINER_WORDS)) score += 3;
  const entryish = kids.filter((k) => {
    const r = k.getAttribute('role');
    return r === 'article' || r === 'listitem' || !!hasAny(entryTokens(k), ENTRY_WORDS);
  }).length;
  score += (entryish / kids.length) * 3;
  const timed = kids.filter((k) => k.querySelector('time, [datetime]') || /\d{1,2}:\d{2}|\bago\b|前|昨天|今天/.test((k.textContent ?? '').slice(0, 400))).length;
  score += (timed / kids.length) * 2.5;
  const linkText = kids.reduce((s, k) => s + Array.from(k.querySelectorAll('a')).reduce((t, a) => t + (a.textContent ?? '').length, 0), 0);
  const allText = kids.reduce((s, k) => s + (k.textContent ?? '').length, 0);
  if (allText > 0 && linkText / allText > 0.6) score -= 4;
  const controls = kids.filter((k) => k.querySelector('input:not([type=hidden]), select, textarea')).length;
  if (controls / kids.length > 0.3) score -= 3;
  if (kids.length === 1) score -= 2;
  const avg = allText / kids.length;
  if (avg >= 30) score += 1;
  if (avg > 5_000) score -= 2;
  return score;
}
