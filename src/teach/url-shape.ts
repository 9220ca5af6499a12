/**
 * The shape of a console's URLs, for taught rules. Where a record id the agent picked on the page sits in the URL, as a profile's identity rule
 * (data: a query parameter's name, or a path pattern with one group). Any shape consoles use:
 * a query (`tickets.php?id=2`), a path segment (`/conversation/7`, `/mailbox/3/conversation/7`),
 * a path parameter (`/tickets;id=2`), a hash route (`#/cases/T-2042`), ids of one digit
 * included. Pure string code: the value is matched as a whole token, never inside another one
 * (the "2" of `?id=2` is not the "2" in `folder_id=12`).
 */
import type { ConsoleProfile } from '../profiles/schema.ts';

export type UrlRule = NonNullable<NonNullable<ConsoleProfile['identity']>['url']>[number];

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Id-like tokens of a text, in order: runs of letters, digits, `-` and `_` that hold a digit. */
export function idTokens(text: string): string[] {
  return [...new Set((text.match(/[A-Za-z0-9][A-Za-z0-9_-]*/g) ?? []).filter((t) => /\d/.test(t) && t.length <= 64))];
}

/** A segment that names a kind of page (`conversation`, `tickets.php`), not a record of it. */
const wordy = (seg: string) => !/\d/.test(seg) && seg.length <= 40;

/** The group a value is read with: digits stay digits, anything else is one segment. */
const groupFor = (value: string) => (/^\d+$/.test(value) ? '(\\d+)' : '([^/;?#&]+)');

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The rule that reads `value` from `href`, or null when the URL does not carry it. The words
 * before it stay literal (they tell this page kind apart); other ids before it become
 * wildcards (`/mailbox/3/conversation/7` → `^/mailbox/[^/]+/conversation/(\d+)`), so the rule
 * holds on every record of that kind.
 */
export function urlRuleFor(href: string, value: string): UrlRule | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  for (const [param, v] of url.searchParams) if (v === value) return { param };
  const raw = url.pathname.split('/');
  for (let i = 1; i < raw.length; i++) {
    const [seg = '', ...params] = raw[i]!.split(';');
    for (const p of params) {
      const at = p.indexOf('=');
      if (at > 0 && decode(p.slice(at + 1)) === value) return { path: `;${reEscape(decode(p.slice(0, at)))}=${groupFor(value)}` };
    }
    if (decode(seg) !== value) continue;
    const before = raw.slice(1, i).map((s) => s.split(';')[0]!).map((s) => (wordy(decode(s)) ? reEscape(s) : '[^/]+'));
    return { path: `^/${[...before, ''].join('/')}${groupFor(value)}(?:[/;?#]|$)` };
  }
  // A hash route (`#/cases/T-2042`): the same, inside the hash.
  const hash = url.hash.replace(/^#\/?/, '').split('?')[0]!.split('/');
  const at = hash.findIndex((s) => decode(s) === value);
  if (at >= 0) {
    const before = hash.slice(0, at).map((s) => (wordy(decode(s)) ? reEscape(s) : '[^/]+'));
    return { path: `#/?${before.map((b) => `${b}/`).join('')}${groupFor(value)}(?:[/?]|$)` };
  }
  return null;
}

/** The first id-like token of the picked text that the URL carries, with the rule that reads it. */
export function urlIdOf(href: string, text: string): { value: string; rule: UrlRule } | null {
  for (const value of idTokens(text)) {
    const rule = urlRuleFor(href, value);
    if (rule) return { value, rule };
  }
  return null;
}

/**
 * The kind of page a path is, as a glob: the words stay, ids become `*`, and anything after the
 * last word is `*` (`/customers/1/` → `/customers/*`, `/conversation/7` → `/conversation/*`,
 * `/scp/users.php` → `/scp/users.php*`), so a rule taught on one customer's page holds on all.
 */
export function pageGlob(pathname: string): string {
  const segs = pathname.split('/').filter(Boolean).map((s) => s.split(';')[0]!);
  const words = segs.map((s) => (wordy(decode(s)) ? s : '*'));
  while (words.length && words[words.length - 1] === '*') words.pop();
  if (!words.length) return '/*';
  return `/${words.join('/')}${words.length < segs.length ? '/*' : '*'}`.replace(/\s/g, '');
}

/**
 * The page a form of its own is on, as a profile's `path`: the path and the query values that
 * name the kind of page (`/scp/tickets.php?a=open`), not those that carry a record or a row
 * (`uid=1`, `page=2`, a draft's id): the record pages on the same path (`tickets.php?id=1`) are
 * then not the form's page.
 */
export function formPagePath(loc: Pick<Location, 'pathname' | 'search'>): string {
  const kind = [...new URLSearchParams(loc.search)].filter(([k, v]) => /^[a-z][\w-]{0,20}$/i.test(k) && /^[a-z][a-z_-]{0,30}$/i.test(v));
  return kind.length ? `${loc.pathname}?${new URLSearchParams(kind)}` : loc.pathname;
}

/**
 * What a link to one record's action keeps on every record: the word its address ends in after
 * the record's id (`#tickets/1/assign` → `/assign`, `/conversation/7/merge` → `/merge`), for a
 * selector `a[href$="/assign"]`. Null for a link with no id before its last word (it needs no
 * such help) or none after it.
 */
export function hrefTail(href: string): string | null {
  const m = /^(.*\d[^/#?]*)([/#][a-z][a-z_-]{1,30})$/i.exec(href.trim());
  return m ? m[2]! : null;
}

/**
 * What a link to one customer's (or one record's) page keeps whatever the record: its address
 * up to the first id in it (`users.php?id=2` → `users.php?id=`, `/customers/12/edit` →
 * `/customers/`), for a selector `a[href^="users.php?id="]`. Null when the address names no id:
 * a link that is the same on every record leads to no one's page.
 */
export function hrefBeforeId(href: string): string | null {
  const m = /^(.*?[=/])\d+(?=$|[&#/;?.])/.exec(href.trim());
  return m && m[1]!.length <= 200 ? m[1]! : null;
}

/** Query values a page adds to defeat caches (`_=1733150000000`), not part of what it asks for. */
const CACHE_BUSTER = /^\d{10,13}$/;

/**
 * A same-origin address the console loaded a part of the record from (a popup's
 * `ajax.php/tickets/2/user`), as a profile's follow `path`: the record's id as `{recordId}`
 * (a path segment or a query value), cache-busters dropped. Null for another origin, or an
 * address that does not carry the record's id (it would show the same on every record).
 */
export function recordPath(url: URL, origin: string, recordId: string): string | null {
  if (url.origin !== origin || !recordId) return null;
  let carries = false;
  const segs = url.pathname.split('/').map((s) => (decode(s) === recordId ? ((carries = true), '{recordId}') : s));
  const query: string[] = [];
  for (const [k, v] of new URLSearchParams(url.search)) {
    if (k === '_' || CACHE_BUSTER.test(v)) continue;
    if (v === recordId) carries = true;
    query.push(`${encodeURIComponent(k)}=${v === recordId ? '{recordId}' : encodeURIComponent(v)}`);
  }
  const path = `${segs.join('/')}${query.length ? `?${query.join('&')}` : ''}`;
  return carries && path.length <= 300 ? path : null;
}
