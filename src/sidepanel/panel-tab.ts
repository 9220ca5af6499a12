/**
 * The console tab the panel works for: `?tabId=` when the panel is pinned to a tab (also how
 * tests open it as a page), otherwise the active tab of the current window. No imports, so the
 * panel's first script (early.ts) finds the tab as the panel does (active-tab.ts).
 */
export function pinnedTabId(): number | null {
  const v = new URLSearchParams(location.search).get('tabId');
  return v && /^\d+$/.test(v) ? Number(v) : null;
}

/** The active tab of the window the agent used last, or null (none, or the query failed). */
export function activeTabId(): Promise<number | null> {
  return chrome.tabs.query({ active: true, lastFocusedWindow: true }).then(([t]) => t?.id ?? null, () => null);
}
