/**
 * The console tab the panel works for: `?tabId=` when the panel is pinned to a tab (also how
 * tests open it as a page), otherwise the active tab of the current window.
 */
import { useEffect, useState } from 'preact/hooks';

export function pinnedTabId(): number | null {
  const v = new URLSearchParams(location.search).get('tabId');
  return v && /^\d+$/.test(v) ? Number(v) : null;
}

export function useActiveTab(): number | null {
  const pinned = pinnedTabId();
  const [tabId, setTabId] = useState<number | null>(pinned);
  useEffect(() => {
    if (pinned !== null) return;
    const refresh = () =>
      void chrome.tabs.query({ active: true, lastFocusedWindow: true }).then(([t]) => setTabId(t?.id ?? null));
    refresh();
    const onActivated = () => refresh();
    chrome.tabs.onActivated.addListener(onActivated);
    chrome.tabs.onUpdated.addListener(onActivated);
    return () => {
      chrome.tabs.onActivated.removeListener(onActivated);
      chrome.tabs.onUpdated.removeListener(onActivated);
    };
  }, [pinned]);
  return tabId;
}
