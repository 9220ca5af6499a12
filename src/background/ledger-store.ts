/**
 * The ledger in chrome.storage.session: survives service-worker restarts, is cleared when
 * the extension reloads, and content scripts cannot read it (its default access level is
 * TRUSTED_CONTEXTS: https://developer.chrome.com/docs/extensions/reference/api/storage#property-session).
 */
import type { LedgerEntry, LedgerStore } from '../tools/ledger.ts';

const PREFIX = 'ledger:';

export class SessionLedgerStore implements LedgerStore {
  async get(id: string): Promise<LedgerEntry | undefined> {
    const key = PREFIX + id;
    const got = await chrome.storage.session.get(key);
    return got[key] as LedgerEntry | undefined;
  }
  async put(entry: LedgerEntry): Promise<void> {
    await chrome.storage.session.set({ [PREFIX + entry.call.actionId]: entry });
  }
  async list(): Promise<LedgerEntry[]> {
    const all = await chrome.storage.session.get(null);
    return Object.entries(all)
      .filter(([k]) => k.startsWith(PREFIX))
      .map(([, v]) => v as LedgerEntry)
      .sort((a, b) => a.call.createdAt - b.call.createdAt);
  }
  async remove(id: string): Promise<void> {
    await chrome.storage.session.remove(PREFIX + id);
  }
}

/** Keeps the session store small: finished entries older than an hour are dropped. */
export async function pruneLedger(store: SessionLedgerStore, now = Date.now()): Promise<void> {
  for (const e of await store.list()) {
    if (e.state !== 'pending' && e.state !== 'dispatched' && now - e.updatedAt > 60 * 60_000) await store.remove(e.call.actionId);
  }
}
