/**
 * The signed-in agent as the page shows them. Every console prints who is logged in, in one
 * of a few shapes: an account menu in the top bar (a toggle with `aria-haspopup`, a Bootstrap
 * `.dropdown-toggle`, a `<details>` summary) whose markup or label says account / user /
 * profile, or the block that holds the Log out link ("Welcome, Ada | Profile | Log out").
 * The names and e-mails there are the agent's own: a customer read never returns them (a
 * single-page app's account menu was read as the customer, issue 21), and thread entries
 * they sign are the agent's.
 */
import { markupTokens, hasAny, wordsOf } from './tokens.ts';
import { visibleTextOf } from './visible.ts';

export interface SignedIn {
  names: string[];
  emails: string[];
}

const ACCOUNT_WORDS = ['account', 'user', 'usermenu', 'userinfo', 'profile', 'me', 'avatar', 'currentuser', 'loggedin', 'signedin', 'whoami', 'myaccount', 'agentmenu', 'staffmenu'];
const ACCOUNT_LABEL = /^(account|my account|user menu|profile|your profile|账号|账户|我的账号|个人中心|个人资料|用户菜单)$/i;
const NAME_WORDS = ['name', 'uname', 'username', 'displayname', 'fullname', 'nick', 'nickname', 'navuser', 'user', 'who', 'login'];
const LOGOUT_TEXT = /^\s*(log ?out|sign ?out|log off|退出|退出登录|注销|登出|安全退出)\s*$/i;
const LOGOUT_HREF = /log-?out|sign-?out|sign_out|logoff/i;
const TOGGLE = '[aria-haspopup]:not([aria-haspopup=false]), details > summary, .dropdown-toggle, [data-toggle=dropdown], [data-bs-toggle=dropdown]';
/** The menu part of an account area: its items are links, not who is signed in. */
const MENU = '[role=menu], .dropdown-menu, ul, ol, menu';
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** The top band of the page, where consoles put the account: the banner is there even without a `<header>`. */
const TOP_BAND_PX = 140;

/** Who the page says is signed in (empty when it does not say). */
export function signedIn(doc: Document = document): SignedIn {
  const out: SignedIn = { names: [], emails: [] };
  for (const area of accountAreas(doc)) {
    const who = readArea(area);
    for (const n of who.names) if (!out.names.includes(n)) out.names.push(n);
    for (const e of who.emails) if (!out.emails.includes(e)) out.emails.push(e);
  }
  return out;
}

/** The elements that show the account: account toggles in the top band, and what holds a Log out control. */
export function accountAreas(doc: Document): Element[] {
  const areas: Element[] = [];
  const add = (el: Element | null) => {
    if (el && !areas.some((a) => a.contains(el) || el.contains(a))) areas.push(el);
  };
  for (const t of Array.from(doc.querySelectorAll(TOGGLE)).slice(0, 200)) {
    if (!inTopBand(t) || !namesAccount(t)) continue;
    add(t.tagName === 'SUMMARY' ? t.parentElement : (t.parentElement ?? t));
  }
  for (const l of Array.from(doc.querySelectorAll('a, button')).slice(0, 2000)) {
    const text = (l.textContent ?? '').trim();
    const href = l.getAttribute('href') ?? '';
    if (!LOGOUT_TEXT.test(text) && !(LOGOUT_HREF.test(href) && text.length <= 20)) continue;
    add(holderOf(l));
  }
  return areas;
}

function inTopBand(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const top = r.top + (el.ownerDocument.defaultView?.scrollY ?? 0);
  return r.width > 0 && top < TOP_BAND_PX;
}

function namesAccount(t: Element): boolean {
  const label = (t.getAttribute('aria-label') ?? t.getAttribute('title') ?? '').trim();
  if (ACCOUNT_LABEL.test(label)) return true;
  // The toggle's own markup (`.dropdown-toggle-account`, `.account-btn`) or its `<details class="user-menu">`:
  // not its menu's, whose items may carry user ids (an assignee picker).
  const around = t.tagName === 'SUMMARY' ? t.parentElement : t;
  if (around && hasAny(markupTokens(around), ACCOUNT_WORDS)) return true;
  // A wrapper around this one toggle and its menu (`<div class="usermenu"><button aria-haspopup>`).
  const wrap = t.parentElement;
  return !!wrap && wrap.querySelectorAll(TOGGLE).length === 1 && !!hasAny(markupTokens(wrap), ACCOUNT_WORDS);
}

/** The block around a Log out control that also shows who is signed in (its toggle, or "Welcome, Ada"). */
function holderOf(logout: Element): Element | null {
  let cur: Element | null = logout.parentElement;
  for (let level = 0; cur && level < 5; level++, cur = cur.parentElement) {
    if (cur.tagName === 'BODY') return null;
    if (outsideMenu(cur).trim().length > 0) return cur;
  }
  return null;
}

/** Inside the area's menu (its items), not its toggle. */
function inMenu(el: Element, area: Element): boolean {
  const menu = el.closest(MENU);
  return !!menu && menu !== area && area.contains(menu);
}

/** The text of an area without its menu items and links (what is left names the person). */
function outsideMenu(area: Element): string {
  let out = '';
  const walker = area.ownerDocument.createTreeWalker(area, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || /^(SCRIPT|STYLE|OPTION|BUTTON)$/.test(p.tagName)) continue;
    if (inMenu(p, area)) continue;
    // The avatar's initial beside the name ("林晓 林") is no part of it.
    if (hasAny(markupTokens(p), AVATAR_WORDS)) continue;
    const link = p.closest('a');
    if (link && area.contains(link) && !link.matches(TOGGLE) && !link.closest(TOGGLE)) continue;
    out += ` ${n.textContent ?? ''}`;
  }
  return out.replace(/\s+/g, ' ');
}

function readArea(area: Element): SignedIn {
  const shown = outsideMenu(area);
  const emails = [...new Set(shown.match(EMAIL) ?? [])].map((e) => e.toLowerCase());
  const names: string[] = [];
  const push = (s: string) => {
    const n = cleanName(s);
    if (n && !names.includes(n)) names.push(n);
  };
  for (const el of Array.from(area.querySelectorAll('*')).slice(0, 80)) {
    if (el.children.length > 0 || inMenu(el, area)) continue;
    const tokens = markupTokens(el);
    if (hasAny(tokens, NAME_WORDS) && !hasAny(tokens, ['mail', 'email', 'avatar', 'initials', 'photo'])) push(visibleTextOf(el).text);
  }
  // "Welcome, <strong>Ada Admin</strong>": a bold name in the area's own text.
  for (const b of Array.from(area.querySelectorAll('b, strong'))) if (!b.closest('a') && !inMenu(b, area)) push(b.textContent ?? '');
  if (!names.length) push(shown.replace(EMAIL, ' ').replace(/^\s*(welcome|hi|hello|欢迎|您好|你好)[,，\s]*/i, ''));
  // The toggle itself shows the name ("<button>黄敏 ▾<small>e-mail</small></button>"), or only the
  // initials, with the name in its tooltip (`title="Marta Nowak"` on "MN").
  const toggle = area.matches(TOGGLE) ? area : area.querySelector(TOGGLE);
  if (!names.length && toggle) push(ownText(toggle));
  const tip = toggle?.getAttribute('title') ?? toggle?.getAttribute('aria-label') ?? '';
  if (!names.length && tip && !ACCOUNT_LABEL.test(tip.trim())) push(tip);
  for (const e of toggle ? ownText(toggle).match(EMAIL) ?? [] : []) if (!emails.includes(e.toLowerCase())) emails.push(e.toLowerCase());
  return { names, emails };
}

const AVATAR_WORDS = ['avatar', 'initials', 'photo'];

/** A toggle's text without its avatar's initials. */
function ownText(toggle: Element): string {
  let out = '';
  const walker = toggle.ownerDocument.createTreeWalker(toggle, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (p && p !== toggle && (hasAny(markupTokens(p), AVATAR_WORDS) || inMenu(p, toggle))) continue;
    out += ` ${n.textContent ?? ''}`;
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** A person's name as shown: no e-mail, caret, status word or initials circle; short and letter-led. */
function cleanName(s: string): string | null {
  const words = s
    .replace(EMAIL, ' ')
    .replace(/[▾▼▿⌄⏷|·•]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(online|offline|away|busy|在线|离线|忙碌|离开)$/i.test(w));
  // Initials in a circle ("ML") come before the name: drop an all-caps pair followed by more words.
  if (words.length > 1 && /^[A-Z]{1,2}$/.test(words[0]!)) words.shift();
  const name = words.join(' ').trim();
  // Initials alone ("MN" on a round button) are no name.
  if (/^[A-Z]{1,3}$/.test(name)) return null;
  if (!name || name.length > 60 || /\d{3}|[@/:]/.test(name) || !/^\p{L}/u.test(name)) return null;
  // One to four words: a sentence ("Switch helpdesk URL") is not a name.
  return name.split(' ').length <= 4 && wordsOf(name).length <= 4 ? name : null;
}
