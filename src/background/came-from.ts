/**
 * The worker's half of src/messages/came-from.ts: the last record each tab showed, kept under
 * the URL and origin the browser stamped on the record page's message. A form page asks for
 * its own tab's record on the same origin; another site never gets it, and a form opened in a
 * new tab gets none (only what deskhand saw in that tab counts, never the page's referrer).
 * A page that is neither a record nor a ticket form (the queue, a search)
 * forgets it: a ticket started from there is not about the record seen before. Kept in
 * storage.session (trusted contexts only, gone with the browser session), so a worker
 * restart keeps it; dropped when the tab closes.
 */
import { sameOrigin as onOriginOf } from '../kb/http.ts';
import { CameFromSchema, type CameFrom, type RecordSeen } from '../messages/came-from.ts';

const key = (tabId: number) => `record:${tabId}`;

/**
 * The page's URL now. A page that navigated in place (pushState, PJAX) keeps the URL it
 * loaded with in MessageSender.url; the tab's URL (host permission for the origin) follows.
 */
async function urlNow(sender: { tabId: number; url: string }): Promise<string> {
  const tab = await chrome.tabs.get(sender.tabId).catch(() => undefined);
  return tab?.url && sameOrigin(tab.url, sender.url) ? tab.url : sender.url;
}

export async function recordSeen(record: RecordSeen, sender: { tabId: number; url: string }): Promise<void> {
  const entry: CameFrom = { ...record, url: await urlNow(sender) };
  await chrome.storage.session.set({ [key(sender.tabId)]: entry });
}

async function stored(tabId: number): Promise<CameFrom | null> {
  const raw = (await chrome.storage.session.get(key(tabId)))[key(tabId)];
  const parsed = CameFromSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

const sameOrigin = (a: string, b: string) => onOriginOf(a, b) !== null;

/** The record this tab showed last, if on the asker's origin. */
export async function cameFrom(sender: { tabId: number; url: string }): Promise<CameFrom | null> {
  const r = await stored(sender.tabId);
  // The asker shows no record itself (the page model asks only then), so even its own URL's
  // record (a form that replaced the record in place) is the one it came from.
  return r && sameOrigin(r.url, sender.url) ? r : null;
}

/** The tab moved on to a page that is neither a record nor a ticket form (a queue, a search). */
export async function forgetRecord(tabId: number): Promise<void> {
  await chrome.storage.session.remove(key(tabId));
}

export function forgetClosedTabs(): void {
  chrome.tabs.onRemoved.addListener((tabId) => void forgetRecord(tabId));
}
