/**
 * The developer bridge exists only where it is turned on: the main-world script is
 * registered for the bridge origins that are also consoles deskhand may access, and
 * unregistered otherwise (https://developer.chrome.com/docs/extensions/reference/api/scripting#method-registerContentScripts).
 */
import { isConsoleOrigin } from '../settings/schema.ts';
import { loadSettings } from '../settings/store.ts';

const ID = 'deskhand-bridge';
export const BRIDGE_FILE = 'bridge.js';

export async function syncBridgeScript(): Promise<string[]> {
  const { settings } = await loadSettings();
  const matches: string[] = [];
  if (settings.bridge.enabled) {
    for (const origin of settings.bridge.origins) {
      if (!isConsoleOrigin(origin, settings)) continue;
      const pattern = `${origin}/*`;
      if (await chrome.permissions.contains({ origins: [pattern] })) matches.push(pattern);
    }
  }
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: [ID] });
  if (existing.length) await chrome.scripting.unregisterContentScripts({ ids: [ID] });
  if (matches.length) {
    await chrome.scripting.registerContentScripts([
      { id: ID, matches, js: [BRIDGE_FILE], world: 'MAIN', runAt: 'document_start', allFrames: false, persistAcrossSessions: true },
    ]);
  }
  return matches;
}
