/**
 * Where a form lives when it is not on this page: a visible link named like the form ("New
 * Ticket", "新建工单") that leads to another page of the console, as a classic helpdesk's
 * "Open a New Ticket" does (osTicket 1.18: scp/tickets.php, include/client/templates/sidebar.tmpl.php). Only a real link to another URL counts (not `#tab` anchors or
 * script links, which show something on this page).
 */
import { findButtonIn } from './controls/button.ts';

export interface Elsewhere {
  /** The link's name as the page shows it. */
  label: string;
  /** Its path on this console (pathname + search). */
  path: string;
}

export function linkElsewhere(doc: Document, words: readonly string[]): Elsewhere | null {
  const hit = findButtonIn(doc, words);
  const a = hit?.el.closest('a[href]') as HTMLAnchorElement | null | undefined;
  if (!hit || !a) return null;
  const raw = a.getAttribute('href') ?? '';
  if (!raw || raw.startsWith('#') || /^javascript:/i.test(raw)) return null;
  const url = new URL(a.href, doc.baseURI);
  const here = doc.location;
  if (url.origin !== here.origin || (url.pathname === here.pathname && url.search === here.search)) return null;
  return { label: (a.textContent ?? '').replace(/\s+/g, ' ').trim() || hit.label, path: `${url.pathname}${url.search}` };
}
