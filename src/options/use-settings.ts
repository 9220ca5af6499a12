/**
 * The options page's view of settings: the merged settings, which fields an admin policy
 * locks, kept current through chrome.storage.onChanged for the `local` and `managed` areas —
 * a policy that arrives after the page opened locks its fields at once. Saves write only
 * the fields the person changed (saveSettingsPatch), never a managed value.
 */
import { useEffect, useState } from 'preact/hooks';
import { defaultSettings, type Settings, type SettingsPatch } from '../settings/schema.ts';
import { loadSettings, saveSettingsPatch, SETTINGS_KEY } from '../settings/store.ts';

export interface SettingsView {
  s: Settings;
  loaded: boolean;
  /** Is this field (dotted path) set by the admin policy? */
  isLocked: (path: string) => boolean;
  /** Does the policy set any field under this group? */
  anyLocked: (group: string) => boolean;
  save: (patch: SettingsPatch, what: string) => Promise<void>;
  /** The last save, for the status bar. */
  saved: { what: string; at: number } | null;
}

export function useSettings(): SettingsView {
  const [state, setState] = useState(() => ({ s: defaultSettings(), locked: new Set<string>(), loaded: false }));
  const [saved, setSaved] = useState<SettingsView['saved']>(null);
  useEffect(() => {
    const load = () => void loadSettings().then((r) => setState({ s: r.settings, locked: new Set(r.locked), loaded: true }));
    load();
    const onChange = (changes: Record<string, unknown>, area: string) => {
      if (area === 'managed' || (area === 'local' && SETTINGS_KEY in changes)) load();
    };
    chrome.storage.onChanged.addListener(onChange);
    return () => chrome.storage.onChanged.removeListener(onChange);
  }, []);
  const { locked } = state;
  return {
    s: state.s,
    loaded: state.loaded,
    isLocked: (path) => locked.has(path) || locked.has(path.split('.')[0]!),
    anyLocked: (group) => locked.has(group) || [...locked].some((p) => p.startsWith(`${group}.`)),
    save: async (patch, what) => {
      await saveSettingsPatch(patch);
      setSaved({ what, at: Date.now() });
    },
    saved,
  };
}
