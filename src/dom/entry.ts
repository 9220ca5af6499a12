/**
 * The parts of one thread entry as a person reads them: who wrote it, when, and the message
 * itself — without the header line, avatar (an image or an initial in a circle), badges
 * ("Internal note"), toolbars or quoted history. Parts are found by the profile's selectors,
 * else by what they are: words in markup (`author`, `time`, `body`, `part="bubble"`), a
 * leading bold name, a short leaf that reads as a time, or one header line "Maria · 2 hours
 * ago". Entries that are custom elements with an open shadow root are read inside it.
 */
import { parseTime } from './time.ts';
import { hasAny, markupTokens } from './tokens.ts';
import { visibleTextOf } from './visible.ts';
import { matchesSafely, queryOne } from './query.ts';

export interface EntryRule {
  author?: string;
  time?: string;
  body?: string;
  exclude?: readonly string[] | undefined;
}

export interface EntryParts {
  author: string;
  time: string;
  timeIso: string | null;
  text: string;
  hiddenChars: number;
  invisibleChars: number;
  /** A visible badge marks it an internal note. */
  noteBadge: boolean;
}

const HEADER_WORDS = ['header', 'head', 'meta', 'byline', 'info', 'top', 'details', 'heading', 'sender', 'author', 'toolbar', 'actions', 'controls', 'avatar', 'photo', 'initials', 'footer', 'menu', 'quote', 'quoted', 'gmail'];
const AUTHOR_WORDS = ['author', 'name', 'who', 'sender', 'from', 'poster', 'user', 'username', 'displayname', 'byline', 'agent', 'customer'];
const TIME_WORDS = ['time', 'date', 'timestamp', 'ago', 'when', 'datetime', 'created', 'sent'];
const BODY_WORDS = ['body', 'content', 'text', 'threadbody', 'messagebody', 'bubble', 'markdown', 'html', 'msgtext', 'messagetext', 'commentbody', 'entrybody', 'richtext'];
const AVATAR_WORDS = ['avatar', 'initials', 'photo', 'picture', 'portrait'];

/** Badges and labels inside an entry that mark it: "[内部备注]", "Note · team only", "Internal". */
const NOTE_BADGE = /^[[【(（]?\s*(internal note|private note|internal|note|staff note|whisper|内部备注|内部|备注|私密备注)\s*[\]】)）]?(\s*[·•|:：–—-].{0,40})?$/i;
const SEPARATOR = /\s+[·•|—–]\s+|\s+-\s+/;

/** Every element of the entry, its open shadow roots included, in document order (bounded). */
export function allIn(entry: Element, limit = 300): Element[] {
  const out: Element[] = [];
  const visit = (root: Element | ShadowRoot) => {
    for (const el of Array.from(root.children)) {
      if (out.length >= limit) return;
      out.push(el);
      if (el.shadowRoot) visit(el.shadowRoot);
      visit(el);
    }
  };
  visit(entry.shadowRoot ?? entry);
  if (entry.shadowRoot) visit(entry);
  return out;
}

const text = (el: Element) => visibleTextOf(el).text;
const raw = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();

export function entryParts(entry: Element, rule: EntryRule = {}): EntryParts {
  const els = allIn(entry);
  const mail = mailHeaders(els, entry);
  // A part found inside the mail headers is one of their rows ("From:"), read from the rows instead.
  const outside = (el: Element | null) => (el && !mail?.el.contains(el) ? el : null);
  const authorEl = (rule.author && queryOne(entry, rule.author)) || outside(findAuthor(els, entry));
  // The author's own line ("<b>孙悦</b>2026-03-06 10:15", "<b>Kenji Sato</b> replied <time>") above
  // the message, when no element is marked as the body: a header, not part of the message.
  const authorLine = authorEl && !rule.body ? lineOf(authorEl, entry) : null;
  const timeEl = (rule.time && queryOne(entry, rule.time)) || outside(findTime(els));
  const line = (!authorEl || !timeEl) && !(mail?.from && mail.date) ? headerLine(els, authorEl, timeEl) : null;
  const badge = els.find((el) => isBadge(el)) ?? null;
  const avatars = els.filter((el) => isAvatar(el, entry));
  const bodyEl = (rule.body && queryOne(entry, rule.body)) || findBody(els, entry, [authorEl, timeEl, line?.el ?? null, mail?.el ?? null]);
  const skipped = new Set([authorEl, timeEl, line?.el, mail?.el, badge, ...avatars, bodyEl === entry ? authorLine : null].filter((e): e is Element => !!e));
  const exclude = rule.exclude ?? [];
  const skip = (el: Element) => skipped.has(el) || exclude.some((css) => matchesSafely(el, css)) || (bodyEl === entry && isChrome(el));
  const body = visibleTextOf(bodyEl, { skip });
  let author = authorEl ? text(authorEl).split('\n')[0]!.slice(0, 80) : (mail?.from || line?.author || '');
  let bodyText = cutQuoted(body.text);
  // The time cut out of an event's line leaves its separator behind ("陈静 unassigned this ticket ·").
  if (timeEl && bodyEl.contains(timeEl)) bodyText = bodyText.replace(/^[\s·•|—–]+|[\s·•|—–]+$/g, '');
  // An event ("Marcus assigned this to Logistics · 1 hour ago") is all header line: no poster, the line is the text.
  if (!bodyText && line && !authorEl) {
    bodyText = line.author;
    author = '';
  }
  // An event that names nobody often carries its time in its own line ("… to Logistics · 1 hour ago").
  const tail = !author && !timeEl && !line?.time ? eventTail(bodyText) : null;
  if (tail) bodyText = tail.text;
  const timeText = timeEl ? text(timeEl) : (mail?.date || line?.time || tail?.time || dateIn(authorEl?.parentElement ? text(authorEl.parentElement) : ''));
  const tip = timeEl ? tooltipOf(timeEl) : '';
  const parsed = parseTime(timeText || tip, timeEl?.getAttribute('datetime') ?? null);
  // "2 hours ago" on the page, "Dec 2, 2026 00:45" in its tooltip: the tooltip is the exact time.
  const exact = tip && !timeEl?.hasAttribute('datetime') ? parseTime(tip, null).iso : null;
  return { author, time: parsed.text, timeIso: exact ?? parsed.iso, text: bodyText, hiddenChars: body.hiddenChars, invisibleChars: body.invisibleChars, noteBadge: !!badge };
}


/** A mail header row: "From: Jane <jane@x>", "发件人：赵敏", as mail-style consoles print them above a message. */
const MAIL_ROW = /^(from|to|cc|bcc|reply-to|subject|date|sent|发件人|收件人|抄送|密送|回复至|主题|日期|时间|发送时间)\s*[:：]\s*(\S.*)$/i;
const MAIL_KEY = /^(from|to|cc|bcc|reply-to|subject|date|sent|发件人|收件人|抄送|密送|回复至|主题|日期|时间|发送时间)\s*[:：]?$/i;
const MAIL_FROM = /^(from|发件人)$/i;
const MAIL_DATE = /^(date|sent|日期|时间|发送时间)$/i;

/**
 * The block of mail headers at the top of an entry (two or more rows, one of them From or
 * Date), as e-mail-based helpdesks show each message: who sent it is the From row's name,
 * when is its Date row; the block is no part of the message.
 */
function mailHeaders(els: Element[], entry: Element): { el: Element; from: string; date: string } | null {
  const rows: { el: Element; key: string; value: string }[] = [];
  for (const el of els.slice(0, 120)) {
    if (el.closest('blockquote')) continue;
    const m = MAIL_ROW.exec(raw(el));
    if (m && raw(el).length <= 200) rows.push({ el, key: m[1]!, value: m[2]!.trim() });
    // A key cell and its value beside it (`<dt>From:</dt><dd>…</dd>`, `<th>`/`<td>`, two spans).
    const k = !m && el.nextElementSibling ? MAIL_KEY.exec(raw(el)) : null;
    const value = k ? raw(el.nextElementSibling!) : '';
    if (k && value && value.length <= 200) rows.push({ el, key: k[1]!, value });
  }
  // Keep the innermost row for each line (a row's parent reads the same when it holds one row only).
  const inner = rows.filter((r) => !rows.some((o) => o !== r && r.el.contains(o.el)));
  if (inner.length < 2 || !inner.some((r) => MAIL_FROM.test(r.key) || MAIL_DATE.test(r.key))) return null;
  let block: Element | null = inner[0]!.el.parentElement;
  while (block && block !== entry && !inner.every((r) => block!.contains(r.el))) block = block.parentElement;
  if (!block || block === entry) return null;
  const from = inner.find((r) => MAIL_FROM.test(r.key))?.value ?? '';
  const name = from.replace(/<[^>]*>|"|'/g, '').trim();
  return { el: block, from: name || EMAIL_IN.exec(from)?.[0] || '', date: inner.find((r) => MAIL_DATE.test(r.key))?.value ?? '' };
}

const EMAIL_IN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** How a shown time looks: a clock, a date, or a relative time (zh + en); never "Tier 2". */
const TIME_SHAPE = /^(?:.*\b\d{1,2}:\d{2}\b.*|.*\d{4}[-/.年]\d{1,2}.*|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}.*|.*(?:\bago\b|前|刚刚|just now|yesterday|today|昨天|今天).*)$/i;

/**
 * An event line's own time and framing: "— Marcus assigned this · 13:12 —" (a centred divider,
 * as chat widgets draw them) or "Ticket closed · 2 hours ago". The tail counts only when it
 * reads as a time, so "… assigned to Tier 2 · EU" keeps its last part.
 */
export function eventTail(line: string): { text: string; time: string } | null {
  const framed = /^[—–-]+\s+(.+?)\s+[—–-]+$/.exec(line)?.[1] ?? line;
  const parts = framed.split(SEPARATOR);
  const last = parts.length > 1 ? parts[parts.length - 1]!.trim() : '';
  if (last && last.length <= 40 && TIME_SHAPE.test(last)) return { text: parts.slice(0, -1).join(' · ').trim(), time: last };
  return framed === line ? null : { text: framed, time: '' };
}

/**
 * The tooltip of a time (its `title`; Bootstrap moves it to `data-original-title`, Bootstrap 5
 * to `data-bs-original-title`), where consoles that print "2 hours ago" keep the full date.
 */
function tooltipOf(el: Element): string {
  for (const a of ['title', 'data-original-title', 'data-bs-original-title', 'data-tooltip', 'data-tippy-content']) {
    const v = el.getAttribute(a)?.trim();
    if (v) return v.slice(0, 120);
  }
  return '';
}

function isBadge(el: Element): boolean {
  const t = raw(el);
  if (t.length > 0 && t.length <= 48 && el.children.length <= 1 && NOTE_BADGE.test(t)) return true;
  // An icon that says it in its tooltip (a lock titled "Internal note"); never a control ("Note" button).
  const tip = (el.getAttribute('title') ?? el.getAttribute('aria-label') ?? '').trim();
  return !!tip && t.length <= 2 && NOTE_BADGE.test(tip) && !el.closest('a, button, [role=button], [role=menuitem]');
}

/**
 * An avatar: an image, or a one- or two-character initial beside the message column (a
 * sibling with more text), at the entry's top levels. A one-character message ("好") alone in
 * its bubble has no such sibling and stays the message.
 */
function isAvatar(el: Element, entry: Element): boolean {
  const d = depth(el, entry);
  if (d > 3) return false;
  if (el.tagName === 'IMG') return true;
  if (el.children.length > 0) return false;
  const t = raw(el);
  if (hasAny(markupTokens(el), AVATAR_WORDS) && t.length <= 3) return true;
  if (d > 2 || t.length === 0 || t.length > 2 || /\d/.test(t)) return false;
  const beside = [el.previousElementSibling, el.nextElementSibling].some((s) => !!s && raw(s).length > t.length);
  return beside && squareBox(el);
}

/** An avatar is drawn as a small square or circle; a two-character line ("赵敏" signing a mail) spans the column. */
function squareBox(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.width <= 72 && Math.abs(r.width - r.height) <= r.width * 0.35;
}

function depth(el: Element, ancestor: Element): number {
  let d = 0;
  for (let cur: Node | null = el; cur && cur !== ancestor && d < 20; d++) cur = cur.parentNode instanceof ShadowRoot ? cur.parentNode.host : cur.parentNode;
  return d;
}

/** Header, toolbar, avatar and quote blocks inside an entry that has no separate body element. */
function isChrome(el: Element): boolean {
  if (/^(HEADER|FOOTER|NAV|MENU|IMG|BUTTON)$/.test(el.tagName)) return true;
  const role = el.getAttribute('role');
  if (role === 'toolbar' || role === 'menu' || role === 'banner') return true;
  return !!hasAny(markupTokens(el), HEADER_WORDS) && raw(el).length < 160;
}

function findAuthor(els: Element[], entry: Element): Element | null {
  const itemprop = els.find((el) => el.matches('[itemprop=author], [rel=author]'));
  if (itemprop) return itemprop;
  for (const el of els.slice(0, 120)) {
    if (el.closest('blockquote')) continue;
    const t = raw(el);
    if (!t || t.length > 60) continue;
    const tokens = markupTokens(el);
    if (hasAny(tokens, AUTHOR_WORDS) && !hasAny(tokens, TIME_WORDS) && !hasAny(tokens, AVATAR_WORDS)) return nameIn(el);
  }
  return leadingBold(entry);
}

/**
 * A poster's block that is their whole header line ("<div class=who><b>张伟</b>通过邮件提交
 * <time>…</time></div>", "<b>Laura Bianchi</b> reported via email"): Freshdesk-style consoles
 * print the name in bold and the action and time after it. The name is the bold.
 */
function nameIn(el: Element): Element {
  const b = leadingBold(el);
  return b && b !== el && raw(b) !== raw(el) ? b : el;
}

/**
 * The line that holds the author, as a block of its own above the message: the highest box
 * around the author inside the entry that holds little besides the name (an action, a time, an
 * icon: no paragraph or block of text of its own) and has a block with text after it.
 */
function lineOf(authorEl: Element, entry: Element): Element | null {
  let line: Element | null = null;
  const name = raw(authorEl).length;
  for (let cur: Element | null = authorEl; cur && cur !== entry && entry.contains(cur); cur = cur.parentElement) {
    if (raw(cur).length > name + 60 || Array.from(cur.querySelectorAll(BLOCKS)).some((b) => !b.contains(authorEl) && raw(b))) break;
    let next = cur.nextElementSibling;
    while (next && !raw(next)) next = next.nextElementSibling;
    if (next) line = cur;
  }
  return line && line !== authorEl ? line : null;
}

/** The entry's first words in bold ("<b>Maria Garcia</b> posted …"): how consoles print a poster. */
function leadingBold(entry: Element): Element | null {
  const root = entry.shadowRoot ?? entry;
  const walker = entry.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!(n.textContent ?? '').trim()) continue;
    const parent = n.parentElement;
    if (!parent || /^(SCRIPT|STYLE|BUTTON)$/.test(parent.tagName)) continue;
    // An initial in a circle comes before the name: it is not the first words. A short name in
    // bold is a name (two-character Chinese names: "<b>周婷</b>"), unless its markup says avatar.
    if ((n.textContent ?? '').trim().length <= 2 && parent.children.length === 0 && (!parent.matches('b, strong') || isAvatarMarked(parent))) continue;
    const bold = parent.closest('b, strong');
    if (bold && root.contains(bold) && raw(bold).length <= 60) return bold;
    // The first visible words are not bold: look no further than the entry's header, if it has one.
    const header = parent.closest('header, [class*=header], [class*=meta]');
    const b = header && root.contains(header) ? header.querySelector('b, strong') : null;
    return b && raw(b).length <= 60 ? b : null;
  }
  return null;
}

function findTime(els: Element[]): Element | null {
  const time = els.find((el) => el.tagName === 'TIME');
  if (time) return time;
  const leaves = els.filter((el) => el.children.length === 0).slice(0, 120);
  for (const el of leaves) {
    const t = raw(el);
    if (t && t.length <= 40 && hasAny(markupTokens(el), TIME_WORDS)) return el;
  }
  // Hashed class names: a short leaf whose whole text reads as a time ("3 minutes ago", "14:20").
  for (const el of leaves) {
    const t = raw(el);
    if (t && t.length <= 32 && timeOnly(t)) return el;
  }
  return null;
}

const TIME_WORDS_TEXT = /\b(ago|just|now|today|yesterday|at|am|pm|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|an?|one|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b|[前今昨天分钟小时秒周月年日号点上下午晚早刚才之]/gi;

/** The whole text is a time ("3 minutes ago", "昨天 14:20", "Nov 28"), not a line that contains one. */
function timeOnly(t: string): boolean {
  if (!(parseTime(t, null).iso || /^\d{1,2}:\d{2}(\s*[ap]m)?$/i.test(t))) return false;
  return t.replace(TIME_WORDS_TEXT, '').replace(/[\d\s:/.,-]/g, '').length === 0;
}

/** One line that is "author · time" (or just the time after the name), as chat UIs print it. */
function headerLine(els: Element[], authorEl: Element | null, timeEl: Element | null): { el: Element; author: string; time: string } | null {
  for (const el of els.slice(0, 80)) {
    if (el === authorEl || el === timeEl || el.children.length > 3) continue;
    const t = raw(el);
    if (!t || t.length > 100) continue;
    const parts = t.split(SEPARATOR).map((p) => p.trim()).filter(Boolean);
    if (parts.length >= 2 && timeOnly(parts[parts.length - 1]!)) return { el, author: parts.slice(0, -1).join(' · '), time: parts[parts.length - 1]! };
    // "Maria Garcia 12/1 08:26": a name, then the time, only a space between. Taken only from a
    // leaf line with a block after it in the entry (the message), so a short message that ends
    // in a time ("see you at 14:20") is not mistaken for a poster.
    const tail = el.children.length === 0 && el.nextElementSibling && raw(el.nextElementSibling) ? TRAILING_TIME.exec(t) : null;
    if (tail && tail.index > 0) {
      const name = t.slice(0, tail.index).trim();
      if (name.length <= 40 && !/[.!?。！？,，:：]$/.test(name) && timeOnly(tail[0].trim())) return { el, author: name, time: tail[0].trim() };
    }
  }
  return null;
}

const TRAILING_TIME = /\s(?:\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{2,4})?,?\s+)?\d{1,2}:\d{2}(?:\s*[ap]m)?$|\s\d+\s*(?:minutes?|hours?|days?|mins?|hrs?)\s+ago$|\s\d+\s*(?:分钟|小时|天)前$|\s(?:昨天|今天|yesterday|today)(?:\s*\d{1,2}:\d{2})?$/i;

const BLOCKS = 'p, div, blockquote, ul, ol, pre, table, section, article';

const isAvatarMarked = (el: Element) => [el, el.parentElement].some((e) => !!e && !!hasAny(markupTokens(e), AVATAR_WORDS));

/** Bootstrap's and Tailwind's `text-muted`, `text-sm`, `text-body` style a text; they name no part of an entry. */
const STYLE_CLASS = /^text-/i;

function partTokens(el: Element): Set<string> {
  if (!Array.from(el.classList).some((c) => STYLE_CLASS.test(c))) return markupTokens(el);
  const bare = el.cloneNode(false) as Element;
  bare.setAttribute('class', Array.from(el.classList).filter((c) => !STYLE_CLASS.test(c)).join(' '));
  return markupTokens(bare);
}

function findBody(els: Element[], entry: Element, parts: (Element | null)[]): Element {
  for (const el of els.slice(0, 160)) {
    if (!hasAny(partTokens(el), BODY_WORDS) || !raw(el)) continue;
    if (parts.some((p) => p && (p === el || el.contains(p)))) continue;
    return el;
  }
  return entry;
}

/** A date or time inside a header line ("Tom Baker wrote on 2026-11-29 09:15"). */
export function dateIn(line: string): string {
  const m = /(\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:[ T]\d{1,2}:\d{2})?|\d{1,2}\/\d{1,2}\/\d{2,4}(?:,?\s*\d{1,2}:\d{2}\s*(?:AM|PM)?)?|\d{4}年\d{1,2}月\d{1,2}日(?:\s*\d{1,2}:\d{2})?|\d+\s*(?:minutes?|hours?|days?|分钟|小时|天)\s*(?:ago|前)|(?:昨天|今天|yesterday|today)\s*\d{1,2}:\d{2})/i.exec(line.slice(0, 200));
  return m?.[1] ?? '';
}

/** Quoted history ("On Mon, … wrote:", "-----Original Message-----", "在 … 写道：") is not the message. */
function cutQuoted(s: string): string {
  const m = /\n\s*(On .{4,80} wrote:|-{2,}\s*Original Message\s*-{2,}|在.{2,60}写道[:：]|-{2,}\s*原始邮件\s*-{2,})/i.exec(s);
  return (m ? s.slice(0, m.index) : s).trim();
}
