/**
 * The panel on a tab deskhand does not work on (issue 23 item 6): it says so, and offers to
 * add the site as a console in one click — the options page's flow (the host permission
 * prompt inside the click, then `consoles`), after which the worker registers the content
 * script and the tab is reloaded so it runs there. The site's address is known only where
 * Chrome lets the panel see it (a host permission, or `activeTab` after a click on deskhand's
 * icon); otherwise the agent is pointed to the options page.
 */
import { useEffect, useState } from 'preact/hooks';
import { isConsoleOrigin, safeUrl, USER_CONSOLES_SCRIPT_ID } from '../settings/schema.ts';
import { loadSettings, saveSettingsPatch } from '../settings/store.ts';
import { t } from '../ui/i18n.ts';

type Offer = { kind: 'add'; origin: string } | { kind: 'reload' } | { kind: 'locked' } | { kind: 'unknown' };

async function offerFor(tabId: number): Promise<Offer> {
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  const url = tab?.url ? safeUrl(tab.url) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { kind: 'unknown' };
  const { settings, locked } = await loadSettings();
  // Already a console, but nothing answers: the tab was open before deskhand was installed or updated.
  if (isConsoleOrigin(url.origin, settings)) return { kind: 'reload' };
  return locked.includes('consoles') ? { kind: 'locked' } : { kind: 'add', origin: url.origin };
}

/** The worker registers the content script once the setting and the permission are there; the reload waits for it. */
async function scriptCovers(origin: string): Promise<boolean> {
  for (let i = 0; i < 50; i++) {
    const [reg] = await chrome.scripting.getRegisteredContentScripts({ ids: [USER_CONSOLES_SCRIPT_ID] });
    if (reg?.matches?.includes(`${origin}/*`)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

export function NotAConsole({ tabId }: { tabId: number | null }) {
  const [offer, setOffer] = useState<Offer>({ kind: 'unknown' });
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (tabId !== null) void offerFor(tabId).then(setOffer);
  }, [tabId]);

  const add = async (origin: string) => {
    // First thing in the click: the permission prompt needs the click's user gesture.
    const granted = await chrome.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
    if (!granted) return setNote(t('permissionDenied'));
    const { settings } = await loadSettings();
    await saveSettingsPatch({ consoles: [...new Set([...settings.consoles, origin])] });
    setNote(t('consoleAdded', new URL(origin).host));
    if (tabId !== null && (await scriptCovers(origin))) await chrome.tabs.reload(tabId);
  };

  return (
    <div class="not-console">
      <p class="empty no-console">{t('noConsoleTab')}</p>
      {offer.kind === 'add' && (
        <button type="button" name="add-this-console" onClick={() => void add(offer.origin)}>
          {t('addThisConsole', new URL(offer.origin).host)}
        </button>
      )}
      {offer.kind === 'reload' && (
        <button type="button" name="reload-console" onClick={() => tabId !== null && void chrome.tabs.reload(tabId)}>
          {t('reloadConsoleTab')}
        </button>
      )}
      {offer.kind === 'locked' && <p class="hint">{t('consolesManaged')}</p>}
      {offer.kind === 'unknown' && (
        <button type="button" name="open-console-settings" onClick={() => void chrome.runtime.openOptionsPage()}>
          {t('addConsoleInSettings')}
        </button>
      )}
      {note && (
        <p class="hint" role="status">
          {note}
        </p>
      )}
      <p class="hint">{t('keysOnConsolesOnly')}</p>
    </div>
  );
}
