import { afterEach, describe, expect, it, vi } from 'vitest';
import manifest from '../../manifest.config.ts';
import { openPanelFor } from '../../src/background/commands.ts';

afterEach(() => vi.unstubAllGlobals());

describe('opening the side panel from a hotkey', () => {
  it('calls sidePanel.open for the tab synchronously, before anything is awaited (the gesture is only good then)', () => {
    const open = vi.fn(async () => {});
    vi.stubGlobal('chrome', { sidePanel: { open } });
    const reply = openPanelFor(4);
    expect(open).toHaveBeenCalledWith({ tabId: 4 });
    return expect(reply).resolves.toEqual({ ok: true });
  });
  it('reports a refusal (no gesture) as data', async () => {
    vi.stubGlobal('chrome', { sidePanel: { open: async () => Promise.reject(new Error('may only be called in response to a user gesture')) } });
    expect(await openPanelFor(4)).toMatchObject({ ok: false, error: { code: 'PANEL_NOT_OPENED', type: 'unavailable' } });
  });
  it('the manifest declares no chrome.commands: settings.hotkeys is the one place shortcuts live', async () => {
    const m = typeof manifest === 'function' ? await (manifest as (env: unknown) => Promise<chrome.runtime.ManifestV3>)({ command: 'build', mode: 'production' }) : manifest;
    expect((m as chrome.runtime.ManifestV3).commands).toBeUndefined();
  });
});
