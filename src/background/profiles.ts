/**
 * Content scripts cannot read profile storage (and may not get storage.onChanged at all), so
 * when a taught or admin profile changes the worker tells every tab, and each asks again with
 * `profiles.get` — answered for the origin the browser stamps on that tab, nothing else.
 */
import { askTab } from '../messages/client.ts';
import { onProfilesChanged } from '../profiles/store.ts';

export function installProfilePush(): void {
  onProfilesChanged(() => {
    void chrome.tabs.query({}).then((tabs) => {
      for (const tab of tabs) {
        if (tab.id === undefined) continue;
        void askTab(tab.id, { type: 'profiles.changed' }); // lost where no deskhand runs: nothing to tell
      }
    });
  });
}
