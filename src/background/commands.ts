/**
 * Opening the side panel from a hotkey. deskhand declares no chrome.commands: every shortcut
 * lives in `settings.hotkeys` (README "Shortcuts"). A trusted key press in the console makes
 * the content script send `panel.open`; a message sent during a user gesture carries it to
 * this listener, so sidePanel.open() is allowed here — but only if it is called before
 * anything is awaited (https://developer.chrome.com/docs/extensions/reference/api/sidePanel#method-open).
 */
import { refusal, type Reply } from '../messages/index.ts';

export function openPanelFor(tabId: number): Promise<Reply> {
  return chrome.sidePanel.open({ tabId }).then(
    () => ({ ok: true }) as const,
    (e: unknown) => refusal('PANEL_NOT_OPENED', `The side panel did not open: ${e instanceof Error ? e.message : String(e)}`, 'unavailable', 'Open it with the toolbar icon.'),
  );
}
