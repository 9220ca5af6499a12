import { useCallback, useEffect, useState } from 'preact/hooks';
import { loadSettings, onSettingsChanged } from '../settings/store.ts';
import { defaultSettings, type Settings } from '../settings/schema.ts';
import { toTab } from '../messages/client.ts';
import { t } from '../ui/i18n.ts';
import { useActiveTab } from './active-tab.ts';
import { Flows } from './Flows.tsx';
import { Confirmations } from './Confirmations.tsx';
import { lazyView } from './lazy.tsx';
import { KeySheet, useKeySheet } from './KeySheet.tsx';
import { NotAConsole } from './NotAConsole.tsx';

// Only the cards, the flows and the frame are in index.html's script; the rest loads on its view.
const Chat = lazyView('chat', () => import('./Chat.tsx').then((m) => m.Chat));
const Activity = lazyView('activity', () => import('./Activity.tsx').then((m) => m.Activity));
const ThisConsole = lazyView('console', () => import('./ThisConsole.tsx').then((m) => m.ThisConsole));

interface PageInfo {
  origin: string;
  /** What the page holds (page model facets); null when nothing is recognised. */
  facets: string[] | null;
  conversationId: string | null;
}

/** The header names a record only on a page that shows one (a KB article's id is not a conversation). */
const recordShown = (page: PageInfo) => (page.facets?.includes('conversation') ? page.conversationId : null);

export function App() {
  const tabId = useActiveTab();
  const [settings, setSettings] = useState<Settings>(defaultSettings);
  const [page, setPage] = useState<PageInfo | null>(null);
  // The cards first (issue 22 item 4): the flows and the chat (its chunk and its start-up) wait
  // until the tab's pending confirmations are on screen, the reason the panel is opened most.
  const [listed, setListed] = useState(false);
  const onListed = useCallback(() => setListed(true), []);
  const [view, setView] = useState<'work' | 'activity' | 'console'>(((v) => (v === 'activity' || v === 'console' ? v : 'work'))(new URLSearchParams(location.search).get('view')));

  useEffect(() => {
    const load = () => void loadSettings().then((s) => setSettings(s.settings));
    load();
    onSettingsChanged(load);
  }, []);

  useEffect(() => {
    if (tabId === null) return;
    const refresh = () => void toTab<PageInfo>(tabId, { type: 'page.info' }).then((r) => setPage(r.ok ? r : null));
    refresh();
    // The console is a single-page app: a switched conversation changes the URL, not the page.
    const onUpdated = (id: number, change: chrome.tabs.OnUpdatedInfo) => {
      if (id === tabId && (change.url || change.status === 'complete')) setTimeout(refresh, 100);
    };
    chrome.tabs.onUpdated.addListener(onUpdated);
    return () => chrome.tabs.onUpdated.removeListener(onUpdated);
  }, [tabId]);

  const [keys, showKeys] = useKeySheet();
  return (
    <main class="panel">
      <header class="panel-head">
        <strong>{t('panelTitle')}</strong>
        {page && (
          <span class="where">
            {new URL(page.origin).host}
            {recordShown(page) ? ` · ${recordShown(page)}` : ''}
          </span>
        )}
        <button type="button" class="keys-button" aria-label={t('keysTitle')} aria-expanded={keys} onClick={() => showKeys(!keys)}>
          ?
        </button>
      </header>
      <nav class="views">
        <button class={view === 'work' ? 'view active' : 'view'} aria-pressed={view === 'work'} name="view-work" onClick={() => setView('work')}>
          {t('tabChat')}
        </button>
        <button class={view === 'activity' ? 'view active' : 'view'} aria-pressed={view === 'activity'} name="view-activity" onClick={() => setView('activity')}>
          {t('tabActivity')}
        </button>
        <button class={view === 'console' ? 'view active' : 'view'} aria-pressed={view === 'console'} name="view-console" onClick={() => setView('console')}>
          {t('tabConsole')}
        </button>
      </nav>
      {keys && <KeySheet hotkeys={settings.hotkeys} onClose={() => showKeys(false)} />}
      {view === 'activity' ? (
        <Activity />
      ) : view === 'console' ? (
        tabId === null || !page ? <NotAConsole tabId={tabId} /> : <ThisConsole tabId={tabId} />
      ) : (
        <>
          {tabId === null || !page ? <NotAConsole tabId={tabId} /> : null}
          {tabId !== null && <Confirmations tabId={tabId} roles={settings.roles} onListed={onListed} />}
          {tabId !== null && page && listed && <Flows tabId={tabId} />}
          {tabId !== null && page && listed && <Chat tabId={tabId} settings={settings} conversationId={page.conversationId} />}
        </>
      )}
    </main>
  );
}
