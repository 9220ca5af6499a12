/**
 * Storage near quota (issue 19 item 11): a write deskhand needs (the journal of a call that
 * waits for confirmation, above all) first makes room in the audit log — its oldest routine
 * records go, never an outcome of a send, a submit or a refund (tools/audit.ts `makeRoom`) —
 * and when there is still no room it fails with `StorageFull`, which the content script shows
 * as "browser storage for deskhand is full" with what the person can do.
 */
import { makeAuditRoom } from './audit-store.ts';

export const STORAGE_FULL = 'STORAGE_FULL';

/** The browser refused a write because deskhand's storage is full (after making what room it could). */
export class StorageFull extends Error {
  readonly code = STORAGE_FULL;
  constructor(area: 'local' | 'session') {
    super(`Browser storage for deskhand is full (chrome.storage.${area}); nothing more could be made room for.`);
  }
}

/** Chromium: "Resource::kQuotaBytes quota exceeded" (and QUOTA_BYTES_PER_ITEM for sync). */
export const isQuotaError = (e: unknown): boolean => e instanceof StorageFull || /quota/i.test(e instanceof Error ? e.message : String(e));

/** How many bytes `items` need beyond what is free, as the browser counts them (key + JSON). */
async function shortfall(area: chrome.storage.StorageArea, items: Record<string, unknown>): Promise<number> {
  const quota = (area as unknown as { QUOTA_BYTES?: number }).QUOTA_BYTES ?? 10 * 1024 * 1024;
  const keys = Object.keys(items);
  const [inUse, old] = await Promise.all([area.getBytesInUse(null), area.getBytesInUse(keys)]);
  const wanted = keys.reduce((n, k) => n + k.length + (JSON.stringify(items[k])?.length ?? 0), 0);
  // A margin: the browser's own count differs from ours by a few bytes per item.
  return Math.max(0, wanted - old - (quota - inUse)) + 512;
}

/** chrome.storage.local.set that makes room in the audit log once, then throws StorageFull. */
export async function setLocal(items: Record<string, unknown>): Promise<void> {
  try {
    return await chrome.storage.local.set(items);
  } catch (e) {
    if (!isQuotaError(e)) throw e;
  }
  const freed = await makeAuditRoom(await shortfall(chrome.storage.local, items)).catch(() => 0);
  if (freed > 0) {
    try {
      return await chrome.storage.local.set(items);
    } catch (e) {
      if (!isQuotaError(e)) throw e;
    }
  }
  throw new StorageFull('local');
}
