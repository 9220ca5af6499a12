/**
 * Trusted state out of content scripts' reach (issue 14 item 2). By default content
 * scripts can read and write chrome.storage.local — settings with the model API key and the
 * roles, the audit log, the ledger journal. `setAccessLevel('TRUSTED_CONTEXTS')` restricts
 * an area to extension pages and the service worker
 * (https://developer.chrome.com/docs/extensions/reference/api/storage#method-StorageArea-setAccessLevel).
 * Measured in Chromium 156: it works for local, sync and session; afterwards a content
 * script's get/set reject with "Access to storage is not allowed from this context" and its
 * storage.onChanged gets no events; the level survives a worker stop and an extension
 * reload. It is set again at every worker start anyway (cheap, and safe on a browser that
 * forgets it). Content scripts get a key-free settings view by message (settings-view.ts).
 */
export async function lockStorage(): Promise<string[]> {
  const locked: string[] = [];
  for (const area of ['local', 'sync', 'session'] as const) {
    const a = chrome.storage[area] as chrome.storage.StorageArea & { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
    if (!a?.setAccessLevel) continue;
    try {
      await a.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
      locked.push(area);
    } catch {
      // Older browsers: session is trusted-only by default; local stays as it was.
    }
  }
  return locked;
}
