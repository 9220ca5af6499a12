/**
 * Console origins the user adds in options get the content script at run time
 * (chrome.scripting.registerContentScripts), and only once the user granted the host
 * permission: no <all_urls> in the manifest.
 */
import { isDemoOrigin, USER_CONSOLES_SCRIPT_ID as ID } from '../settings/schema.ts';
import { loadSettings } from '../settings/store.ts';

function contentScriptFiles(): string[] {
  // The built file name of the isolated content script, as crxjs wrote it into the manifest.
  const cs = chrome.runtime.getManifest().content_scripts?.find((c) => !('world' in c) || (c as { world?: string }).world !== 'MAIN');
  return cs?.js ?? [];
}

export async function syncConsoleScripts(): Promise<string[]> {
  const { settings } = await loadSettings();
  const granted: string[] = [];
  for (const origin of settings.consoles) {
    // The demo hosts already get the manifest's content script; a second copy would double every hotkey.
    if (isDemoOrigin(origin)) continue;
    if (await chrome.permissions.contains({ origins: [`${origin}/*`] })) granted.push(`${origin}/*`);
  }
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: [ID] });
  if (existing.length) await chrome.scripting.unregisterContentScripts({ ids: [ID] });
  const js = contentScriptFiles();
  if (granted.length && js.length) {
    await chrome.scripting.registerContentScripts([{ id: ID, matches: granted, js, runAt: 'document_idle', persistAcrossSessions: true }]);
  }
  return granted;
}
