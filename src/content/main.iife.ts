/**
 * Isolated-world content script: the thin entry, and the eager loader (issue 22). Built as a
 * standalone IIFE (crxjs `*.iife.ts`, TOOLCHAIN.md). At document_idle it installs only what
 * must exist at once — the trusted keydown listener, the message listener, the bridge's window
 * listener, the bridge notice — and asks the worker for this origin's settings view and the
 * tab. The registry, catalog, page model, profiles, editors and KB providers are the kit
 * (kit-loader.ts, kit-files.ts): loaded by the first key press, panel request or bridge call,
 * or once the page has loaded and is idle (record memory needs the page model). A key press
 * that arrives before the kit is ready waits for it; one before the view arrives is replayed.
 */
import { OPENS_PANEL } from '../settings/combo.ts';
import type { HotkeyAction } from '../settings/schema.ts';
import { classifySender } from '../messages/sender.ts';
import { t } from '../ui/i18n.ts';
import { listenBridge } from './bridge-listen.ts';
import { installKeymap } from './keymap.ts';
import { ask, lazyKit } from './kit-loader.ts';
import { actionOf, isRecord, loaderView, type LoaderView } from './loader-view.ts';
import { setNotice, toast } from './toast.ts';

/** After the load event, how long a page must stay before the kit loads on its own (a page flicked past pays nothing). */
const IDLE_AFTER_LOAD_MS = 1_000;
const IDLE_TIMEOUT_MS = 2_000;

function afterLoadIdle(fn: () => void): void {
  const later = () => setTimeout(() => requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS }), IDLE_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

const typeOf = (raw: unknown): string => (isRecord(raw) && typeof raw.type === 'string' ? raw.type : '');

function kitError(e: unknown) {
  const detail = e instanceof Error ? e.message : String(e);
  return { ok: false, error: { code: 'KIT_UNAVAILABLE', type: 'unavailable', detail, suggestion: 'Reload the console tab.', retryable: true, traceId: '' } };
}

function main(): void {
  const startedAt = performance.now();
  let view: LoaderView | null = null;
  /** The worker's view as sent, for the kit to parse with the schema (it need not ask again). */
  let rawView: unknown;
  let tabId: number | undefined;
  let known = false;
  const takeView = (raw: unknown) => {
    const v = loaderView(raw);
    if (v) [view, rawView] = [v, raw];
  };
  const started = Promise.all([ask({ type: 'settings.view' }), ask({ type: 'tab.whoami' })]).then(([v, who]) => {
    takeView(v?.view);
    if (typeof who?.tabId === 'number') tabId = who.tabId;
    known = true;
  });
  const kit = lazyKit(() => started.then(() => ({ startedAt, tabId, view: rawView })));
  const onConsole = () => view?.console === true;
  const showNotice = () => setNotice(onConsole() && view!.bridge.on && view!.bridge.allowLowWrites ? t('bridgeLowWritesNotice') : null);

  chrome.runtime.onMessage.addListener((raw: unknown, sender, sendResponse) => {
    const type = typeOf(raw);
    if (type === 'settings.changed' && classifySender(sender, chrome.runtime.id, chrome.runtime.getURL('')).kind === 'background') {
      takeView((raw as { view?: unknown }).view);
      showNotice();
    }
    // Pushed to every tab: a kit never asked for reads both afresh when it starts.
    if ((type === 'settings.changed' || type === 'profiles.changed') && !kit.requested()) {
      sendResponse({ ok: true });
      return false;
    }
    kit.get().then((k) => k.handle(raw, sender)).then(sendResponse, (e: unknown) => sendResponse(kitError(e)));
    return true; // async reply
  });

  const run = (action: HotkeyAction) => {
    // Sent first and synchronously, so the key press's gesture lets the worker open the panel.
    if (OPENS_PANEL.includes(action)) void ask({ type: 'panel.open' });
    kit.get().then(
      (k) => k.run(action),
      () => toast(t('err_KIT_UNAVAILABLE'), 'error'),
    );
  };
  const early: string[] = [];
  installKeymap((combo) => {
    if (!known) early.push(combo); // the settings are not here yet: replayed below once they are
    return view && onConsole() ? actionOf(view, combo) : null;
  }, run);
  // Listens always, answers only while the bridge is on for this console (checked per message).
  listenBridge(() => onConsole() && view!.bridge.on, (data) => void kit.get().then((k) => k.bridge(data), () => undefined));

  void started.then(async () => {
    for (const combo of early.splice(0)) {
      const action = view && onConsole() ? actionOf(view, combo) : null;
      if (action) run(action);
    }
    if (!onConsole()) return;
    showNotice();
    if (window !== window.top) return;
    // A flow this tab's page before was in the middle of (its console reloaded the page).
    const resumed = await ask({ type: 'flow.resume' });
    if (resumed?.handover) void kit.get().then((k) => k.resume(resumed.handover), () => undefined);
    // Record memory (record-memory.ts) reads the page once it has settled: the kit is needed anyway.
    else afterLoadIdle(() => void kit.get().catch(() => undefined));
  });
}

// Once per page: the manifest and a run-time registration may both match a URL.
const LOADED = Symbol.for('deskhand.content');
const flags = globalThis as unknown as Record<symbol, boolean>;
if (!flags[LOADED]) {
  flags[LOADED] = true;
  main();
}
