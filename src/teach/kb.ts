/**
 * The console's knowledge base from one pick: the search box on its KB page. The box's form,
 * as the browser would submit it (GET, same origin: its action, its hidden fields, the box's
 * name), is the search page deskhand reads like a person reads it (an `html` provider with
 * `{query}` where the words go). A form that posts, or leaves the origin, is not a page
 * deskhand may read: no rule. That the console has no knowledge base at all is said as an
 * empty list of providers (`kb: []`), so a check shows "none" instead of "not found".
 */
import type { Note, RuleResult } from './rules.ts';

/** A search field: a text-like input or the textarea the agent typed into. */
const SEARCHABLE = 'input:not([type]), input[type=search], input[type=text], textarea';

export function kbRule(el: Element): RuleResult {
  const notes: Note[] = [];
  const box = el.closest(SEARCHABLE) ?? el.querySelector(SEARCHABLE);
  const form = box?.closest('form') ?? null;
  const name = box?.getAttribute('name');
  if (!box || !form || !name || (form.getAttribute('method') ?? 'get').toLowerCase() !== 'get') return { patch: null, need: [], notes: [{ code: 'noStableSelector' }], matches: 0 };
  const doc = el.ownerDocument;
  const action = new URL(form.getAttribute('action') || doc.location.href, doc.baseURI);
  if (action.origin !== doc.location.origin) return { patch: null, need: [], notes: [{ code: 'noStableSelector' }], matches: 0 };
  const params: string[] = [];
  for (const hidden of Array.from(form.querySelectorAll('input[type=hidden][name]'))) {
    const n = hidden.getAttribute('name')!;
    // A per-session token is not part of the search page's address.
    if (/csrf|token|nonce|_token/i.test(n)) continue;
    params.push(`${encodeURIComponent(n)}=${encodeURIComponent((hidden as HTMLInputElement).value)}`);
  }
  params.push(`${encodeURIComponent(name)}={query}`);
  const searchUrl = `${action.pathname}?${params.join('&')}`;
  notes.push({ code: 'fromUrl', detail: searchUrl });
  return { patch: { kb: [{ kind: 'html', searchUrl }] }, need: [], notes, matches: 1 };
}
