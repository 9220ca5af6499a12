/** Reads and writes settings in chrome.storage (local under managed). */
import { mergeManaged, parseSettings, type Settings } from './schema.ts';

export const SETTINGS_KEY = 'settings';

async function readManaged(): Promise<unknown> {
  try {
    return await chrome.storage.managed.get(null);
  } catch {
    // No policy installed (or not supported in this context): nothing is locked.
    return {};
  }
}

export async function loadSettings(): Promise<{ settings: Settings; locked: string[] }> {
  const [local, managed] = await Promise.all([chrome.storage.local.get(SETTINGS_KEY), readManaged()]);
  return mergeManaged(local[SETTINGS_KEY] ?? {}, managed);
}

export async function saveSettings(next: Settings): Promise<void> {
  await chrome.storage.local.set({ [SETTINGS_KEY]: parseSettings(next) });
}

export function onSettingsChanged(fn: () => void): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    if ((area === 'local' && SETTINGS_KEY in changes) || area === 'managed') fn();
  });
}
