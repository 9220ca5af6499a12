import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleCommand } from '../../src/background/commands.ts';

afterEach(() => vi.unstubAllGlobals());

function stubChrome() {
  const calls: string[] = [];
  vi.stubGlobal('chrome', {
    sidePanel: { open: vi.fn(async ({ tabId }: { tabId: number }) => void calls.push(`open:${tabId}`)) },
    tabs: { sendMessage: vi.fn(async (tabId: number, msg: { action: string }) => void calls.push(`run:${tabId}:${msg.action}`)) },
  });
  return calls;
}

describe('chrome.commands handler', () => {
  it('open-panel opens the side panel for the tab (a command is a user gesture)', async () => {
    const calls = stubChrome();
    expect(await handleCommand('open-panel', { id: 4 } as chrome.tabs.Tab)).toEqual({ opened: true, ran: false });
    expect(calls).toEqual(['open:4']);
  });
  it('prepare-send opens the panel and runs the action in the tab', async () => {
    const calls = stubChrome();
    expect(await handleCommand('prepare-send', { id: 5 } as chrome.tabs.Tab)).toEqual({ opened: true, ran: true });
    expect(calls).toEqual(['open:5', 'run:5:prepareSend']);
  });
  it('ignores unknown commands and missing tabs', async () => {
    const calls = stubChrome();
    expect(await handleCommand('nope', { id: 5 } as chrome.tabs.Tab)).toEqual({ opened: false, ran: false });
    expect(await handleCommand('open-panel', undefined)).toEqual({ opened: false, ran: false });
    expect(calls).toEqual([]);
  });
});
