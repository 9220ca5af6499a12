/**
 * A key press as a combo string, and which actions open the side panel. Apart from
 * hotkeys.ts (which checks combos against the settings schema) because the content script's
 * eager loader reads keys before any schema is loaded (issue 22).
 */
import type { HotkeyAction } from './schema.ts';

/** Actions whose result waits in the side panel: their key press also opens it (a trusted gesture). */
export const OPENS_PANEL: readonly HotkeyAction[] = ['openPanel', 'prepareSend', 'requestRefund'];

export function comboOf(e: Pick<KeyboardEvent, 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>): string {
  const parts: string[] = [];
  if (e.ctrlKey) parts.push('Ctrl');
  if (e.altKey) parts.push('Alt');
  if (e.shiftKey) parts.push('Shift');
  if (e.metaKey) parts.push('Meta');
  // e.code, not e.key: Alt+Shift+F types "Ï" on macOS and differs by layout.
  const key = /^Key([A-Z])$/.exec(e.code)?.[1] ?? /^Digit(\d)$/.exec(e.code)?.[1] ?? '';
  return key ? `${parts.join('+')}+${key}` : '';
}
