/**
 * Content scripts cannot read chrome.storage any more (storage-lock.ts), so they ask the
 * worker for the key-free settings view, and the worker pushes the new view to every tab
 * when settings change (storage.onChanged no longer reaches content scripts).
 */
import { askTab } from '../messages/client.ts';
import { contentView, type ContentSettings } from '../messages/index.ts';
import { loadSettings } from '../settings/store.ts';

export async function currentView(): Promise<ContentSettings> {
  return contentView((await loadSettings()).settings);
}

export async function broadcastView(): Promise<number> {
  const view = await currentView();
  const tabs = await chrome.tabs.query({});
  let reached = 0;
  await Promise.all(
    tabs.map((t) =>
      t.id === undefined
        ? undefined
        : askTab(t.id, { type: 'settings.changed', view }).then((r) => {
            if ('reply' in r) reached += 1; // else: no deskhand content script in that tab
          }),
    ),
  );
  return reached;
}
