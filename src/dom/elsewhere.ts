/**
 * Where a form lives when it is not on this page: a visible link named like the form ("New
 * Ticket", "新建工单") that leads to another page of the console, as a classic helpdesk's
 * "Open a New Ticket" does (osTicket 1.18: scp/tickets.php, include/client/templates/sidebar.tmpl.php). Only a real link to another URL counts (not `#tab` anchors or
 * script links, which show something on this page).
 */
import { findButtonIn, findButtonsIn } from './controls/button.ts';
import { REPLY_OPENER_WORDS } from './composer.ts';

export interface Elsewhere {
  /** The link's name as the page shows it. */
  label: string;
  /** Its path on this console (pathname + search). */
  path: string;
}

/** Where a link goes when followed: null for none, a `#tab` anchor or a script link (they act on this page). */
function linkTarget(a: HTMLAnchorElement): URL | null {
  const raw = a.getAttribute('href') ?? '';
  if (!raw || raw.startsWith('#') || /^javascript:/i.test(raw)) return null;
  return new URL(a.href, a.ownerDocument.baseURI);
}

export function linkElsewhere(doc: Document, words: readonly string[]): Elsewhere | null {
  const hit = findButtonIn(doc, words);
  const a = hit?.el.closest('a[href]') as HTMLAnchorElement | null | undefined;
  const url = a ? linkTarget(a) : null;
  if (!hit || !a || !url) return null;
  const here = doc.location;
  if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return null;
  return { label: (a.textContent ?? '').replace(/\s+/g, ' ').trim() || hit.label, path: `${url.pathname}${url.search}` };
}

/** A job on the open record that a page of its own may hold (the reply box, the note box, the assignment). */
export type SubPageJob = 'reply' | 'note' | 'assign';

/** Words of a link that opens the page where the record is changed: an edit / update page (Rails and Django CRUD, Redmine's issue edit). */
const EDIT_WORDS = ['编辑', '更新', '修改', '处理', '编辑工单', '更新工单', '处理工单', 'edit', 'update', 'edit ticket', 'update ticket', 'respond'];
/** The names of a control that opens the reply box (dom/composer.ts): here, a link to the page that has it. */
const REPLY_WORDS = REPLY_OPENER_WORDS;
const NOTE_WORDS = ['内部备注', '添加备注', '备注', 'internal note', 'add note', 'add a note', 'note'];
const ASSIGN_WORDS = ['分配', '指派', '转派', '转移', '转交', 'assign', 'reassign', 'transfer', 'change owner'];

/** What a link to each job's page may be named; the edit page serves them all, the reply page also notes and assignment where it holds them. */
const SUB_PAGE_WORDS: Record<SubPageJob, readonly string[]> = {
  reply: [...REPLY_WORDS, ...EDIT_WORDS],
  note: [...NOTE_WORDS, ...REPLY_WORDS, ...EDIT_WORDS],
  assign: [...ASSIGN_WORDS, ...EDIT_WORDS, ...REPLY_WORDS],
};

export interface SubPage extends Elsewhere {
  el: HTMLAnchorElement;
}

/**
 * The page of this record where a job is done, when it is not done here: a visible link named
 * for the job (or for editing the record) that leads *under* the record's own address
 * (`/ticket/5` → `/ticket/5/update`, `/issues/7` → `/issues/7/edit`, `?id=5` → `?id=5&a=edit`).
 * Classic server-rendered helpdesks and CRUD apps keep the record's page for reading and write
 * on such a page; a link anywhere else (another record, a list, a help page) is not it.
 */
export function recordSubPage(doc: Document, job: SubPageJob): SubPage | null {
  const here = doc.location;
  const base = here.pathname.replace(/\/+$/, '');
  for (const hit of findButtonsIn(doc, SUB_PAGE_WORDS[job])) {
    const a = hit.el.closest('a[href]') as HTMLAnchorElement | null;
    const url = a && !hit.disabled ? linkTarget(a) : null;
    // A link in the app's navigation or a menu is not the record's own.
    if (!a || !url || url.origin !== here.origin || a.closest('nav, [role=navigation], [role=menu], .dropdown-menu')) continue;
    const under = base !== '' && url.pathname.startsWith(`${base}/`);
    const samePageMore = url.pathname === here.pathname && url.search !== here.search && [...new URLSearchParams(here.search)].every(([k, v]) => url.searchParams.get(k) === v);
    if (!under && !samePageMore) continue;
    return { el: a, label: (a.textContent ?? '').replace(/\s+/g, ' ').trim() || hit.label, path: `${url.pathname}${url.search}` };
  }
  return null;
}

