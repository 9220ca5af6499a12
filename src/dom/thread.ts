/**
 * The conversation thread as a person reads it: every entry (customer message, agent reply,
 * internal note, system event) with its author, time and body — the body without header,
 * toolbar, avatar or quoted history, visible text only. Driven by the console profile where
 * it names things, else found by what a thread is: a run of sibling blocks with text, times
 * and authors, marked by words like thread/messages/log, near the composer.
 */
import type { ThreadOrder, ThreadRule } from './rules.ts';
import { collectRoots } from './roots.ts';
import { classifyRoles, entryTokens, SELF_NAMES, type ReadRole, type RoleContext, type RoleSignals } from './roles.ts';
import { allIn, entryParts, type EntryParts } from './entry.ts';
import { hasAny, markupTokens } from './tokens.ts';
import { elementVisible } from './visible.ts';
import { matchesSafely, queryAll, queryOne } from './query.ts';

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
  /** How the page lists the entries (they are returned oldest first either way), and what said so. */
  listed: { order: ThreadOrder; by: 'profile' | 'times' | 'page' };
}

const CONTAINER_WORDS = ['thread', 'threads', 'messages', 'conversation', 'timeline', 'chat', 'transcript', 'comments', 'entries', 'feed', 'log', 'history', 'replies'];
const PART_WORDS = ['header', 'heading', 'meta', 'byline', 'toolbar', 'footer'];
const ENTRY_WORDS = ['message', 'msg', 'entry', 'comment', 'reply', 'response', 'note', 'post', 'bubble', 'event', 'chatmessage', 'item'];

/** The thread found by what a thread is (no rule): a run of sibling entries. */
export function readThreadByShape(ctx: RoleContext, scope: Document = document, hints: Pick<ThreadRule, 'order'> = {}): ThreadRead | null {
  const container = findThreadContainer(scope);
  if (!container) return null;
  const entries = entryCandidates(container);
  return assemble(entries, container, ctx, 'heuristics', hints.order ? { order: hints.order } : {});
}

/** The thread as a caller's rule says (null when the rule matches no entry). */
export function readThreadByRule(rule: ThreadRule, ctx: RoleContext, scope: Document = document): ThreadRead | null {
  const container = rule.container ? queryOne(scope, rule.container) : scope.body;
  if (!container) return null;
  const entries = queryAll(container, rule.entry).filter((el) => !el.parentElement?.closest(rule.entry));
  if (entries.length === 0) return null;
  return assemble(entries, container, ctx, 'profile', rule);
}

type PartRule = Omit<ThreadRule, 'container' | 'entry'>;

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
    const ruleRole = rule.roles?.find((r) => matchesSafely(el, r.css))?.role ?? null;
    shown.push({ el, parts, ruleRole, signals: { tokens: entryTokens(el), badge: parts.noteBadge, side: sideOf(el, box), author: parts.author } });
  }
  const roles = classifyRoles(shown.map((s) => s.signals), ctx);
  const me = ctx.agentNames[0]?.trim() ?? '';
  const people = knownPeople(shown.map((s) => s.parts.author), ctx);
  const entries = shown.map((s, i): ThreadEntry => {
    const r = s.ruleRole ? { role: s.ruleRole, why: 'profile rule' } : roles[i]!;
    // "you" is the signed-in agent: say who that is, as the other entries name their posters.
    let author = me && SELF_NAMES.includes(s.parts.author.trim().toLowerCase()) ? me : s.parts.author;
    // An event names no poster, but often who did it: "Marcus Lee assigned to …", "Created by 周婷".
    if (r.role === 'system' && !author.trim()) author = actorOf(s.parts.text, people);
    return { role: r.role, roleWhy: r.why, author, time: s.parts.time, timeIso: s.parts.timeIso, text: s.parts.text };
  });
  const listed = listedOrder(entries, rule.order);
  const oldestFirst = listed.order === 'newest-first' ? entries.reverse() : entries;
  return { entries: oldestFirst.filter((e) => e.text), hiddenEntries, hiddenChars, invisibleChars, via, container, listed };
}

/** The people this thread knows by name: its posters, the signed-in agent, the customer (longest first). */
function knownPeople(authors: readonly string[], ctx: RoleContext): string[] {
  const all = [...authors, ...ctx.agentNames, ctx.customerName].map((n) => n.replace(/\s+/g, ' ').trim());
  return [...new Set(all.filter((n) => n.length >= 2 && !SELF_NAMES.includes(n.toLowerCase())))].sort((a, b) => b.length - a.length);
}

const CJK = /[\u3400-\u9fff]/;

/**
 * Who did what an event line says, when it names a known person as the doer: first, as line
 * items are worded in both languages ("Marcus Lee marked as Pending", "周婷将状态改为…"), or
 * after "by" / "由" ("Created by 周婷", "由 周婷 创建"). Someone named as the object
 * ("按轮询规则分配给 Kenji Sato") did nothing: no actor then.
 */
function actorOf(text: string, people: readonly string[]): string {
  const t = text.replace(/\s+/g, ' ').trim();
  // After the name: a space, the end, punctuation, or (a Chinese name, in Chinese) the verb itself.
  const ends = (rest: string, name: string) => !rest || /^[\s,，:：·]/.test(rest) || (CJK.test(name) && CJK.test(rest[0]!));
  for (const p of people) {
    if (t.startsWith(p) && ends(t.slice(p.length), p)) return p;
    const by = new RegExp(`(?:\\bby|由)\\s*${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').exec(t);
    if (by && ends(t.slice(by.index + by[0].length), p)) return p;
  }
  return '';
}

/**
 * How the page lists the thread: as the profile says, else as the entries' times say — every
 * dated entry no later than the one above it, and at least one earlier, is a newest-first list
 * (FreeScout, Help Scout, many mail-style consoles) — else the page's order.
 */
const SAME_TIME_MS = 60_000;

export function listedOrder(entries: readonly { timeIso: string | null }[], rule: ThreadOrder | undefined): ThreadRead['listed'] {
  if (rule) return { order: rule, by: 'profile' };
  const times = entries.map((e) => (e.timeIso ? Date.parse(e.timeIso) : NaN)).filter((t) => !Number.isNaN(t));
  if (times.length < 2 || times.length < entries.length / 2) return { order: 'oldest-first', by: 'page' };
  let down = 0;
  // Within a minute is the same time: relative texts ("3 hours ago") are read against a clock that moves while reading.
  for (let i = 1; i < times.length; i++) {
    if (times[i]! > times[i - 1]! + SAME_TIME_MS) return { order: 'oldest-first', by: 'times' };
    if (times[i]! < times[i - 1]! - SAME_TIME_MS) down += 1;
  }
  return down > 0 ? { order: 'newest-first', by: 'times' } : { order: 'oldest-first', by: 'page' };
}


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
  // Narrow and in the middle: how chat UIs show events ("assigned to Logistics").
  return leftGap > box.width * 0.15 && rightGap > box.width * 0.15 ? 'center' : 'full';
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

/** The children that hold text (what a container is scored on); the entries are those that are no strip. */
function childrenWithText(container: Element): Element[] {
  return Array.from(container.children).filter((c) => !/^(SCRIPT|STYLE|TEMPLATE|LINK|META)$/.test(c.tagName) && deepText(c).trim().length > 0);
}

function entryCandidates(container: Element): Element[] {
  return childrenWithText(container).filter((c) => !isStrip(c));
}

const CONTROL = 'a, button, [role=button], summary';
const squashed = (el: Element) => (el.textContent ?? '').replace(/\s+/g, '');

/**
 * The control that shows entries a long thread folds away: "Show 3 earlier messages", "Load
 * older", "Expand all", "显示更早的 3 条消息", "查看更早的消息", "展开全部" — inside the thread or
 * right beside it (Help Scout, Intercom and Zendesk fold long threads this way).
 */
const EXPANDER = /^(show|view|load|see)\s+(all\s+|\d+\s+)?(more|earlier|older|previous|hidden)?\s*(\d+\s+)?(earlier\s+|older\s+|more\s+|previous\s+)?(messages?|replies|entries|items|threads|emails|conversations?|activity)$|^expand all$|^(显示|查看|加载|展开)(更早|更多|全部|之前|以前)的?\s*(\d+\s*条)?\s*(消息|回复|记录|对话|邮件)?$|^展开全部$/i;

export function threadExpander(container: Element): HTMLElement | null {
  const scope = [container, container.parentElement].filter((e): e is Element => !!e);
  for (const root of scope) {
    for (const el of Array.from(root.querySelectorAll<HTMLElement>(CONTROL)).slice(0, 200)) {
      const t = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (t.length <= 40 && EXPANDER.test(t) && elementVisible(el) && !(el as HTMLButtonElement).disabled) return el;
    }
  }
  return null;
}

const STRIP_WORDS = ['toolbar', 'bar', 'filter', 'filters', 'sort', 'sorting', 'sortbar', 'tabs', 'pager', 'pagination', 'actionbar', 'controls'];

/**
 * A strip over or under the entries (sort order, filters, counts: "Sort: newest · All / Notes
 * only · 7 items"), not an entry: a toolbar by role or markup, or a row of links and buttons
 * with no time, whose text is mostly theirs.
 */
function isStrip(el: Element): boolean {
  if (el.getAttribute('role') === 'toolbar' || el.getAttribute('role') === 'tablist') return true;
  const t = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (t.length > 160 || el.querySelector('time, [datetime]')) return false;
  if (hasAny(markupTokens(el), STRIP_WORDS)) return true;
  if (TIMEISH.test(t)) return false;
  // One control and nothing else ("Show 3 earlier messages", "Load older"): a control, not an entry.
  const only = el.matches(CONTROL) ? el : el.children.length === 1 && el.firstElementChild!.matches(CONTROL) ? el.firstElementChild : null;
  if (only && squashed(only) === squashed(el)) return true;
  const controls = Array.from(el.querySelectorAll('a, button, [role=button], [role=tab]'));
  const controlText = controls.reduce((n, c) => n + (c.textContent ?? '').replace(/\s+/g, '').length, 0);
  return controls.length >= 2 && controlText >= t.replace(/\s+/g, '').length * 0.5;
}

/** Text of an element including its open shadow roots (lit/Stencil entries keep theirs there). */
function deepText(el: Element): string {
  // Cheap for ordinary elements (this runs for every element's children while scoring).
  if (!el.shadowRoot && !el.localName.includes('-')) return el.textContent ?? '';
  let out = el.textContent ?? '';
  for (const e of [el, ...allIn(el, 200)]) if (e.shadowRoot) out += ` ${e.shadowRoot.textContent ?? ''}`;
  return out;
}

const NOT_THREAD = 'nav, header, footer, form, select, table, dl, [role=navigation], [role=banner], [role=menu], [role=listbox], [role=tablist], [role=combobox]';

/** A time in an entry's text (textContent runs words together: "agoHi", so no word boundaries). */
const TIMEISH = /\d{1,2}:\d{2}|\d+\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?)\s*ago|just now|yesterday|前|昨天|今天|刚刚|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}\/\d{1,2}\/\d{2,4}/i;

export function containerScore(el: Element): number {
  const kids = childrenWithText(el);
  if (kids.length < 1 || kids.length > 500) return 0;
  if (el.matches(NOT_THREAD) || el.closest('nav, header, footer, [role=navigation], [role=banner], [contenteditable=true]')) return 0;
  // Whitespace squashed: server-rendered templates indent deeply, and the time may sit far into the raw text.
  const texts = kids.map((k) => deepText(k).replace(/\s+/g, ' '));
  const texty = kids.filter((_k, i) => texts[i]!.trim().length >= 12);
  if (texty.length < 1) return 0;
  let score = Math.min(texty.length, 12) * 0.35;
  const role = el.getAttribute('role');
  if (role === 'log' || role === 'feed') score += 4;
  const own = markupTokens(el);
  if (hasAny(own, CONTAINER_WORDS)) score += 3;
  // An entry's own header ("thread-header": poster, time, status) is a row of parts, not the thread.
  if (hasAny(own, PART_WORDS)) score -= 3;
  const entryish = kids.filter((k) => {
    const r = k.getAttribute('role');
    return r === 'article' || r === 'listitem' || !!hasAny(entryTokens(k), ENTRY_WORDS);
  }).length;
  score += (entryish / kids.length) * 3;
  const timed = kids.filter((k, i) => k.querySelector('time, [datetime]') || TIMEISH.test(texts[i]!.slice(0, 400))).length;
  score += (timed / kids.length) * 2.5;
  const linkText = kids.reduce((s, k) => s + Array.from(k.querySelectorAll('a')).reduce((t, a) => t + (a.textContent ?? '').length, 0), 0);
  const allText = texts.reduce((s, t) => s + t.length, 0);
  if (allText > 0 && linkText / allText > 0.6) score -= 4;
  const controls = kids.filter((k) => k.querySelector('input:not([type=hidden]), select, textarea')).length;
  if (controls / kids.length > 0.3) score -= 3;
  if (kids.length === 1) score -= 2;
  const avg = allText / kids.length;
  if (avg >= 30) score += 1;
  if (avg > 5_000) score -= 2;
  return score;
}
