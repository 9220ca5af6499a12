/**
 * The toolbar badge: how many confirmations wait for this tab. It follows the ledger (in
 * chrome.storage.session, read through the ledger in confirm.ts), tab loads (Chrome clears
 * a tab's badge when it navigates) and the next expiry: an expiry writes nothing until the
 * ledger is read, so an alarm wakes the worker for it (a timer would die with the worker).
 */
import { ledger } from './confirm.ts';

const PREFIX = 'ledger:';
const COLOR = '#b42318';
const ALARM = 'badge-expiry';

/** Tabs showing a count; null right after a worker start, when any tab may show a stale one. */
let shown: Set<number> | null = null;
let queue: Promise<unknown> = Promise.resolve();

/** Pending counts per tab; stale entries are expired by the ledger as it reads. */
export async function pendingByTab(): Promise<Map<number, { count: number; nextExpiry: number }>> {
  const out = new Map<number, { count: number; nextExpiry: number }>();
  for (const e of await ledger.pending()) {
    const tabId = e.call.binding.tabId;
    if (tabId === undefined) continue;
    const cur = out.get(tabId) ?? { count: 0, nextExpiry: Infinity };
    out.set(tabId, { count: cur.count + 1, nextExpiry: Math.min(cur.nextExpiry, e.call.expiresAt) });
  }
  return out;
}

async function paint(): Promise<void> {
  const counts = await pendingByTab();
  for (const [tabId, { count }] of counts) {
    await chrome.action.setBadgeBackgroundColor({ tabId, color: COLOR }).catch(() => {});
    await chrome.action.setBadgeText({ tabId, text: String(count) }).catch(() => {});
    await chrome.action.setTitle({ tabId, title: chrome.i18n.getMessage('badgeTitle', [String(count)]) }).catch(() => {});
  }
  const maybeShown = shown ?? new Set((await chrome.tabs.query({})).flatMap((t) => (t.id === undefined ? [] : [t.id])));
  for (const tabId of maybeShown) {
    if (counts.has(tabId)) continue;
    await chrome.action.setBadgeText({ tabId, text: '' }).catch(() => {});
    await chrome.action.setTitle({ tabId, title: chrome.i18n.getMessage('actionTitle') }).catch(() => {});
  }
  shown = new Set(counts.keys());
  const next = Math.min(...[...counts.values()].map((c) => c.nextExpiry));
  if (Number.isFinite(next)) await chrome.alarms.create(ALARM, { when: next + 250 });
  else await chrome.alarms.clear(ALARM);
}

/** Repaints once per burst of changes, in order. */
export function refreshBadge(): Promise<void> {
  const next = queue.then(paint, paint);
  queue = next.catch(() => {});
  return next;
}

export function installBadge(): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === 'session' && Object.keys(changes).some((k) => k.startsWith(PREFIX))) void refreshBadge();
  });
  chrome.alarms.onAlarm.addListener((a) => a.name === ALARM && void refreshBadge());
  chrome.tabs.onUpdated.addListener((_id, change) => {
    if (change.status === 'complete') void refreshBadge();
  });
  void refreshBadge();
}
