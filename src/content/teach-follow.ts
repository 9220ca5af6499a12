/**
 * Teaching what a record's page does not show itself (issue 20 §3): the customer's earlier
 * tickets on the customer's own page, a phone number only in a popup. The person does what an
 * agent does — follows the link from the ticket to the customer, or opens the popup — and
 * shows the thing there; deskhand learns where it came from:
 *
 * - **a followed link**: a trusted click on a same-origin link, on a page that shows a record,
 *   is kept (by a selector that finds the link on every record: `a[href^="users.php?id="]`);
 *   the panel hands it to the picks on the page it led to, whose rule then says `follow.link`.
 * - **a popup's address**: the picked element is in a layer over the page (a dialog, a fixed
 *   box) whose content the console fetched. The page's own Resource Timing entries list the
 *   requests it made (https://developer.mozilla.org/docs/Web/API/PerformanceResourceTiming;
 *   a content script shares the page's performance timeline, not its JS), and the one whose
 *   answer holds the picked text, with the record's id in its address, is the `follow.path`.
 *   Read-only GETs with the agent's session, as the page model's follow does.
 */
import { squash } from '../dom/text.ts';
import type { TeachLink } from '../messages/index.ts';
import { count, followLinkSelector, ownStable, uniqueSelector } from '../teach/selector.ts';
import { recordPath } from '../teach/url-shape.ts';

type LinkListener = (link: TeachLink) => void;

let onClick: ((e: MouseEvent) => void) | null = null;
/** A link followed while no watch was waiting (the panel asks again a moment later). */
let unclaimed: TeachLink | null = null;
const listeners = new Set<LinkListener>();

const withoutHash = (href: string) => href.replace(/#.*$/, '');

/** Starts keeping the links the person follows from a record's page (`recordShown`: this page shows one). */
export function watchLinks(recordShown: () => boolean): void {
  if (onClick) return;
  onClick = (e) => {
    // A click the page handles itself counts too: a PJAX console loads the next page in place
    // (osTicket). Whether the link led anywhere is told on the next page (ledHere), so a menu
    // toggle that happens to be a link ("(3)" → a dropdown) is never taken for one followed.
    if (!e.isTrusted || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!(a instanceof HTMLAnchorElement) || a.target === '_blank' || !recordShown()) return;
    if (!URL.canParse(a.href)) return;
    const to = new URL(a.href);
    if (to.origin !== location.origin || withoutHash(to.href) === withoutHash(location.href)) return;
    const css = followLinkSelector(a);
    if (!css) return;
    const link = { css, href: to.href };
    if (listeners.size) for (const l of listeners) l(link);
    else unclaimed = link;
  };
  // Capture: a page that stops the click's propagation (a dialog's own handler) still lets it be seen.
  window.addEventListener('click', onClick, true);
}

export function stopWatchingLinks(): void {
  if (onClick) window.removeEventListener('click', onClick, true);
  onClick = null;
  unclaimed = null;
  listeners.clear();
}

/** Calls `fn` with the next link followed (at once with one followed while nobody listened). */
export function onLinkFollowed(fn: LinkListener): () => void {
  if (unclaimed) {
    const link = unclaimed;
    unclaimed = null;
    queueMicrotask(() => fn(link));
    return () => {};
  }
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Whether the page at `href` is this one (the link the panel was told of led here). */
export function ledHere(link: TeachLink | undefined): boolean {
  return !!link && withoutHash(link.href) === withoutHash(location.href);
}

// ------------------------------------------------------------------ a popup's address

const LAYER = 'dialog, [role=dialog], [role=alertdialog], [aria-modal="true"]';

/** In a layer over the page: a dialog by its role, or a box the page fixed over the rest. */
function inLayer(el: Element): boolean {
  if (el.closest(LAYER)) return true;
  for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
    if (getComputedStyle(a).position === 'fixed') return true;
  }
  return false;
}

/** The deepest element of `doc` whose text is `text` (a cell, not the row around it). */
function deepestWithText(doc: Document, text: string): Element | null {
  let found: Element | null = null;
  for (const el of Array.from(doc.body?.querySelectorAll('*') ?? [])) {
    if (squash(el.textContent ?? '') === text) found = el;
  }
  return found;
}

/** The nearest ancestor with a stable name of its own in that page (`#user-profile`): where to read. */
function stableHolder(el: Element): string | null {
  for (let a = el.parentElement, i = 0; a && a.localName !== 'body' && i < 8; a = a.parentElement, i++) {
    const own = ownStable(a);
    if (own && count(el.ownerDocument, own) === 1) return own;
  }
  return null;
}

/** How many of the page's latest requests are looked at, and how long each may take. */
const RECENT_REQUESTS = 8;
const FETCH_MS = 5_000;

async function fetchHtml(href: string, signal: AbortSignal): Promise<Document | null> {
  try {
    const r = await fetch(href, { credentials: 'same-origin', signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_MS)]) });
    if (!r.ok || !/html|text\/plain/i.test(r.headers.get('content-type') ?? 'text/html')) return null;
    return new DOMParser().parseFromString(await r.text(), 'text/html');
  } catch {
    return null;
  }
}

/**
 * Where the picked element's content came from, when it is in a popup the console loaded for
 * this record: the address as a follow path (`{recordId}` in it), the element's selector in
 * that page, and what to read it within. Null for anything else (a static dialog, a request
 * that does not name the record, an answer without the picked text).
 */
export async function fetchedSource(el: Element, recordId: string | null, signal: AbortSignal): Promise<{ path: string; css: string | null; within: string | null } | null> {
  if (!recordId || !inLayer(el)) return null;
  const text = squash(el.textContent ?? '');
  if (!text || text.length > 200) return null;
  const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.initiatorType === 'xmlhttprequest' || e.initiatorType === 'fetch');
  for (const entry of requests.slice(-RECENT_REQUESTS).reverse()) {
    if (!URL.canParse(entry.name)) continue;
    const path = recordPath(new URL(entry.name), location.origin, recordId);
    const doc = path ? await fetchHtml(entry.name, signal) : null;
    const same = doc ? deepestWithText(doc, text) : null;
    if (path && same) return { path, css: uniqueSelector(same)?.css ?? null, within: stableHolder(same) };
  }
  return null;
}
