/**
 * Content scripts cannot read chrome.storage any more (storage-lock.ts), so they ask the
 * worker for the settings view of their own origin (an allow-list: messages/index.ts
 * `contentView`), and the worker pushes each tab the view of the origin it shows when settings
 * change (storage.onChanged no longer reaches content scripts).
 */
import { askTab } from '../messages/client.ts';
import { contentView, type ContentSettings } from '../messages/index.ts';
import { loadSettings } from '../settings/store.ts';

export async function currentView(origin: string): Promise<ContentSettings> {
  return contentView((await loadSettings()).settings, origin);
}

const originOf = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

export async function broadcastView(): Promise<number> {
  const { settings } = await loadSettings();
  const tabs = await chrome.tabs.query({});
  let reached = 0;
  await Promise.all(
    tabs.map((t) => {
      // The tab's URL is known only where deskhand has host access, which is where it runs.
      const origin = originOf(t.url);
      if (t.id === undefined || !origin) return undefined;
      return askTab(t.id, { type: 'settings.changed', view: contentView(settings, origin) }).then((r) => {
        if ('reply' in r) reached += 1; // else: no deskhand content script in that tab
      });
    }),
  );
  return reached;
}
