/** Reads and writes settings in chrome.storage (local under managed). */
import { applyPatch, mergeManaged, parseSettings, type Settings, type SettingsPatch } from './schema.ts';

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

let patching: Promise<unknown> = Promise.resolve();

/**
 * Writes only the fields in `patch` to the person's own settings, one save after the other,
 * and never a field the admin's policy sets: after the admin removes the policy, the
 * person's own value (or the default) applies again.
 */
export function saveSettingsPatch(patch: SettingsPatch): Promise<void> {
  const run = async () => {
    const [local, managed] = await Promise.all([chrome.storage.local.get(SETTINGS_KEY), readManaged()]);
    await chrome.storage.local.set({ [SETTINGS_KEY]: applyPatch(local[SETTINGS_KEY] ?? {}, patch, managed) });
  };
  const next = patching.then(run, run);
  patching = next.catch(() => {});
  return next;
}

export function onSettingsChanged(fn: () => void): void {
  chrome.storage.onChanged.addListener((changes, area) => {
    if ((area === 'local' && SETTINGS_KEY in changes) || area === 'managed') fn();
  });
}

/**
 * After the person saved what they taught for `origin`: that profile is the one used there.
 * A choice that would keep it unused (the generic heuristics only, a built-in profile) is
 * changed to it; 'auto' already prefers a taught profile, and an admin's choice is never
 * changed (saveSettingsPatch writes no field the policy sets). Returns the choice it replaced
 * (for an Undo), or null when it left the choice alone.
 */
export async function useTaughtProfile(origin: string, id: string): Promise<string | null> {
  const { settings, locked } = await loadSettings();
  const choice = settings.consoleProfiles[origin];
  if (choice === undefined || choice === 'auto' || choice === id) return null;
  await saveSettingsPatch({ consoleProfiles: { [origin]: id } });
  // Only a choice that was really written is one to put back.
  return locked.includes('consoleProfiles') || locked.includes(`consoleProfiles.${origin}`) ? null : choice;
}
