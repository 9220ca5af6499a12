/**
 * Hotkeys: the one source of truth is `settings.hotkeys` (the options page, or an admin
 * policy). No action is a chrome.commands command (README "Shortcuts"), so nothing else in
 * the browser can disagree with it. Pure: the options page checks a new combo here before
 * saving, and the keymap reads combos with the same `comboOf`.
 */
import { HOTKEY_ACTIONS, KeyCombo, type HotkeyAction, type Settings } from './schema.ts';

export { comboOf, OPENS_PANEL } from './combo.ts';

/** What the browser (or text editing) already does with a combo; each has a `reserved_<use>` message. */
export type ReservedUse =
  | 'newTab' | 'newWindow' | 'closeTab' | 'reopenTab' | 'incognito' | 'closeWindow' | 'quit'
  | 'addressBar' | 'menu' | 'find' | 'print' | 'save' | 'reload' | 'bookmark' | 'history'
  | 'downloads' | 'openFile' | 'viewSource' | 'devtools' | 'bookmarksBar' | 'search'
  | 'switchTab' | 'editing';

const groups: [ReservedUse, string[]][] = [
  ['newTab', ['Ctrl+T']],
  ['newWindow', ['Ctrl+N']],
  ['closeTab', ['Ctrl+W']],
  ['reopenTab', ['Ctrl+Shift+T']],
  ['incognito', ['Ctrl+Shift+N']],
  ['closeWindow', ['Ctrl+Shift+W']],
  ['quit', ['Ctrl+Shift+Q']],
  ['addressBar', ['Ctrl+L', 'Alt+D']],
  ['menu', ['Alt+F', 'Alt+E']],
  ['find', ['Ctrl+F', 'Ctrl+G', 'Ctrl+Shift+G']],
  ['print', ['Ctrl+P', 'Ctrl+Shift+P']],
  ['save', ['Ctrl+S']],
  ['reload', ['Ctrl+R', 'Ctrl+Shift+R']],
  ['bookmark', ['Ctrl+D', 'Ctrl+Shift+D', 'Ctrl+Shift+O']],
  ['history', ['Ctrl+H']],
  ['downloads', ['Ctrl+J']],
  ['openFile', ['Ctrl+O']],
  ['viewSource', ['Ctrl+U']],
  ['devtools', ['Ctrl+Shift+I', 'Ctrl+Shift+J', 'Ctrl+Shift+C']],
  ['bookmarksBar', ['Ctrl+Shift+B']],
  ['search', ['Ctrl+K', 'Ctrl+E']],
  ['switchTab', [...'123456789'].flatMap((d) => [`Ctrl+${d}`, `Alt+${d}`])],
  ['editing', ['Ctrl+A', 'Ctrl+B', 'Ctrl+C', 'Ctrl+I', 'Ctrl+V', 'Ctrl+X', 'Ctrl+Y', 'Ctrl+Z', 'Ctrl+Shift+V', 'Ctrl+Shift+Z']],
];

/** Chrome's own shortcuts (Windows/Linux; Meta stands in for Ctrl on macOS) and the editing keys agents type with. */
export const RESERVED: ReadonlyMap<string, ReservedUse> = new Map(
  groups.flatMap(([use, combos]) => combos.flatMap((c) => [[c, use] as const, [c.replace(/^Ctrl\+/, 'Meta+'), use] as const])),
);

export type HotkeyProblem =
  | { code: 'invalid' }
  | { code: 'needsModifier' }
  | { code: 'reserved'; use: ReservedUse }
  | { code: 'duplicate'; other: HotkeyAction };

/**
 * Why `combo` cannot be the key of `action`, or null if it can. Shift alone types a capital
 * letter, so a combo needs Ctrl, Alt or Meta.
 */
export function hotkeyProblem(action: HotkeyAction, combo: string, hotkeys: Settings['hotkeys']): HotkeyProblem | null {
  if (!KeyCombo.safeParse(combo).success) return { code: 'invalid' };
  if (!/(^|\+)(Ctrl|Alt|Meta)\+/.test(combo)) return { code: 'needsModifier' };
  const use = RESERVED.get(combo);
  if (use) return { code: 'reserved', use };
  const other = HOTKEY_ACTIONS.find((a) => a !== action && hotkeys[a] === combo);
  if (other) return { code: 'duplicate', other };
  return null;
}

/** Every action whose key another action also uses (a duplicate can arrive through a policy). */
export function duplicateActions(hotkeys: Settings['hotkeys']): HotkeyAction[] {
  return HOTKEY_ACTIONS.filter((a) => HOTKEY_ACTIONS.some((b) => b !== a && hotkeys[b] === hotkeys[a]));
}
