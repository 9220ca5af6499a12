/**
 * What the eager loader needs of its origin's settings view (the worker's `settings.view`
 * reply and `settings.changed` push, src/messages/index.ts ContentSettingsSchema): is this a
 * console, which key does what, is the developer bridge on here.
 *
 * Checked by hand, not with zod: zod's core alone is several times the loader's whole size
 * budget (issue 22: ≤ 20 KB gzip), and these are four fields. The kit parses the same view in
 * full with the real schema before anything acts on it.
 */
import type { HotkeyAction } from '../settings/schema.ts';

export interface LoaderView {
  console: boolean;
  hotkeys: Readonly<Record<string, string>>;
  bridge: { on: boolean; allowLowWrites: boolean };
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function loaderView(raw: unknown): LoaderView | null {
  if (!isRecord(raw) || typeof raw.console !== 'boolean' || !isRecord(raw.hotkeys) || !isRecord(raw.bridge)) return null;
  const { on, allowLowWrites } = raw.bridge;
  if (typeof on !== 'boolean' || typeof allowLowWrites !== 'boolean') return null;
  const hotkeys: Record<string, string> = {};
  for (const [action, combo] of Object.entries(raw.hotkeys)) {
    if (typeof combo !== 'string' || combo.length > 40) return null;
    hotkeys[action] = combo;
  }
  return { console: raw.console, hotkeys, bridge: { on, allowLowWrites } };
}

export function actionOf(view: LoaderView, combo: string): HotkeyAction | null {
  const hit = Object.entries(view.hotkeys).find(([, c]) => c === combo);
  return hit ? (hit[0] as HotkeyAction) : null;
}
