/**
 * The content script's settings: its origin's allow-list view from the service worker (content scripts
 * cannot read chrome.storage: background/storage-lock.ts), updated when the worker pushes
 * `settings.changed`.
 */
import { ContentSettingsSchema, contentView, settingsFromView, type ContentSettings } from '../messages/index.ts';
import { defaultSettings, type Settings } from '../settings/schema.ts';
import { toBackground } from '../messages/client.ts';

const listeners: ((s: Settings) => void)[] = [];

/** Settings from a view the worker sent (parsed here with the schema); the defaults for anything else. */
export function contentSettingsOf(raw: unknown): Settings {
  const view = ContentSettingsSchema.safeParse(raw);
  return view.success ? settingsFromView(view.data, location.origin) : settingsFromView(contentView(defaultSettings(), location.origin), location.origin);
}

export async function loadContentSettings(): Promise<Settings> {
  const r = await toBackground<{ view: unknown }>({ type: 'settings.view' });
  return contentSettingsOf(r.ok ? r.view : null);
}

export function onContentSettings(fn: (s: Settings) => void): void {
  listeners.push(fn);
}

/** Called by the message handler for a validated `settings.changed` from the worker. */
export function emitContentSettings(view: ContentSettings): void {
  const s = settingsFromView(view, location.origin);
  for (const fn of listeners) fn(s);
}
