/** The console tab the panel works for (panel-tab.ts), kept current as the agent switches tabs. */
import { useEffect, useState } from 'preact/hooks';
import { activeTabId, pinnedTabId } from './panel-tab.ts';

export function useActiveTab(): number | null {
  const pinned = pinnedTabId();
  const [tabId, setTabId] = useState<number | null>(pinned);
  useEffect(() => {
    if (pinned !== null) return;
    const refresh = () => void activeTabId().then(setTabId);
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
