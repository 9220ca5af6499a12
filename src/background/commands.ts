/**
 * chrome.commands: the shortcuts that must open the side panel. A command is a user
 * gesture, so sidePanel.open() is allowed here (a content-script keydown is not:
 * https://developer.chrome.com/docs/extensions/reference/api/sidePanel#method-open).
 */
import type { HotkeyAction } from '../settings/schema.ts';

export const COMMANDS: Record<string, { openPanel: boolean; action?: HotkeyAction }> = {
  'open-panel': { openPanel: true },
  'prepare-send': { openPanel: true, action: 'prepareSend' },
};

export async function handleCommand(command: string, tab: chrome.tabs.Tab | undefined): Promise<{ opened: boolean; ran: boolean }> {
  const spec = COMMANDS[command];
  if (!spec || tab?.id === undefined) return { opened: false, ran: false };
  let opened = false;
  if (spec.openPanel) {
    // Called synchronously inside the gesture; awaiting anything first would lose it.
    opened = await chrome.sidePanel.open({ tabId: tab.id }).then(
      () => true,
      () => false,
    );
  }
  let ran = false;
  if (spec.action) {
    ran = await chrome.tabs
      .sendMessage(tab.id, { type: 'hotkey.run', action: spec.action }, { frameId: 0 })
      .then(() => true, () => false);
  }
  return { opened, ran };
}

export function installCommands(): void {
  chrome.commands.onCommand.addListener((command, tab) => void handleCommand(command, tab));
}
