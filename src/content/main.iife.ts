/**
 * Isolated-world content script: the thin entry. Built as a standalone IIFE (crxjs
 * `*.iife.ts`) so it is ready before a page's own early scripts (TOOLCHAIN.md).
 */
import { OPENS_PANEL } from '../settings/hotkeys.ts';
import { DEFAULT_SETTINGS, isConsoleOrigin, type Settings } from '../settings/schema.ts';
import { loadContentSettings, onContentSettings } from './settings-view.ts';
import { t } from '../ui/i18n.ts';
import { pageLang, runActionWithToast } from './actions.ts';
import { resumeFlow } from './flows.ts';
import { installBridgeHost } from './bridge-host.ts';
import { installHandlers } from './handlers.ts';
import { createHost } from './host.ts';
import { installKeymap } from './keymap.ts';
import { rememberRecords } from './record-memory.ts';
import { toBackground } from '../messages/client.ts';
import { setNotice } from './toast.ts';

function main(): void {
  const startedAt = performance.now();
  let settings: Settings = DEFAULT_SETTINGS;
  let tabId: number | undefined;
  let readyAt: number | null = null;

  const host = createHost(() => settings, () => tabId);
  const registryMs = performance.now() - startedAt;

  const start = async (): Promise<void> => {
    // A key-free view from the worker: content scripts cannot read chrome.storage.
    const [loaded, who] = await Promise.all([loadContentSettings(), toBackground<{ tabId: number }>({ type: 'tab.whoami' }), host.refreshProfiles()]);
    settings = loaded;
    if (who.ok) tabId = who.tabId;
    onContentSettings((s) => (settings = s));
    readyAt = performance.now();
  };

  const ready = start();
  installHandlers({ host, ready, readyMs: () => (readyAt === null ? null : readyAt - startedAt), registryMs });
  const origin = location.origin;
  const bridgeOn = () => settings.bridge.enabled && settings.bridge.origins.includes(origin);
  const showBridgeNotice = () => setNotice(bridgeOn() && settings.bridge.allowLowWrites ? t('bridgeLowWritesNotice') : null);

  void ready.then(() => {
    if (!isConsoleOrigin(location.origin, settings)) return;
    installKeymap(
      () => settings,
      (action) => {
        // Sent first and synchronously, so the key press's gesture lets the worker open the panel.
        if (OPENS_PANEL.includes(action)) void toBackground({ type: 'panel.open' });
        void runActionWithToast(host, action);
      },
    );
    rememberRecords(host.model);
    // A flow this tab's page before was in the middle of (its console reloaded the page).
    void resumeFlow(host, pageLang);
    // Listens always, answers only while the bridge is on for this origin (checked per message).
    installBridgeHost(host, bridgeOn);
    showBridgeNotice();
    onContentSettings(() => setTimeout(showBridgeNotice, 0));
  });
}

// Once per page: the manifest and a run-time registration may both match a URL.
const LOADED = Symbol.for('deskhand.content');
const flags = globalThis as unknown as Record<symbol, boolean>;
if (!flags[LOADED]) {
  flags[LOADED] = true;
  main();
}
