import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncConsoleScripts } from '../../src/background/consoles.ts';

afterEach(() => vi.unstubAllGlobals());

function stubChrome(consoles: string[], granted: string[]) {
  const registered: { matches: string[]; js: string[] }[] = [];
  vi.stubGlobal('chrome', {
    storage: { local: { get: async () => ({ settings: { consoles } }) }, managed: { get: async () => ({}) } },
    permissions: { contains: async ({ origins }: { origins: string[] }) => granted.includes(origins[0]!) },
    runtime: { getManifest: () => ({ content_scripts: [{ js: ['src/content/main.iife.js'], matches: ['http://localhost/*'] }] }) },
    scripting: {
      getRegisteredContentScripts: async () => [],
      unregisterContentScripts: async () => {},
      registerContentScripts: async (scripts: { matches: string[]; js: string[] }[]) => void registered.push(...scripts),
    },
  });
  return registered;
}

describe('user-added console origins', () => {
  it('get the built content script once the user granted the host permission, and not before', async () => {
    const registered = stubChrome(['https://support.example.com', 'https://other.example.com', 'http://localhost:5317'], ['https://support.example.com/*', 'http://localhost:5317/*']);
    expect(await syncConsoleScripts()).toEqual(['https://support.example.com/*']);
    expect(registered).toEqual([expect.objectContaining({ matches: ['https://support.example.com/*'], js: ['src/content/main.iife.js'] })]);
  });
});
