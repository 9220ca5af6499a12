/**
 * Entry of the content script's lazy kit (issue 22; dist/kit.js, the last of kit-files.ts's parts): the registry, the catalog,
 * the page model, profiles, editors and KB providers. The eager loader (main.iife.ts) asks
 * the worker to inject it on first use; it registers its API on the isolated world's global
 * (kit-api.ts) and hears nothing by itself: every message, key and bridge request comes
 * through the loader's listeners.
 */
import { KIT_EVAL_START } from './kit-clock.ts';
import { defaultSettings, isConsoleOrigin, type Settings } from '../settings/schema.ts';
import { contentSettingsOf, loadContentSettings, onContentSettings } from './settings-view.ts';
import { pageLang, runActionWithToast } from './actions.ts';
import { resumeFlow } from './flows.ts';
import { bridgeHandler } from './bridge-host.ts';
import { handleMessage } from './handlers.ts';
import { offerTools } from './offer.ts';
import { createHost } from './host.ts';
import { rememberRecords } from './record-memory.ts';
import { KIT_API_KEY, KIT_START_KEY, type KitApi, type KitStart } from './kit-api.ts';

function startKit(start: KitStart): KitApi {
  const buildAt = performance.now();
  // The defaults only if something reads settings before the view is parsed (they cost a parse).
  let settings: Settings | null = null;
  let readyAt: number | null = null;
  const host = createHost(() => (settings ??= defaultSettings()), () => start.tabId);
  const registryMs = performance.now() - buildAt;

  const ready = (async () => {
    // The view's parse (it builds its schemas) in a task of its own, after the kit's evaluation:
    // no deskhand task at start may take 50 ms (issue 22). setTimeout is the isolated world's own.
    await new Promise((r) => setTimeout(r, 0));
    // A key-free view from the worker (content scripts cannot read chrome.storage): the one the
    // loader already has, else asked for again.
    const view = start.view === undefined ? loadContentSettings() : contentSettingsOf(start.view);
    const [loaded] = await Promise.all([view, host.refreshProfiles()]);
    settings = loaded;
    // deskhand's own tools offered to the browser's agent (WebMCP), where settings say so.
    const offer = offerTools(host);
    onContentSettings((s) => {
      settings = s;
      offer.update();
    });
    // The console's own declared tools (WebMCP) join the registry before the kit answers anyone.
    if (isConsoleOrigin(location.origin, loaded)) await host.startDeclared().catch(() => {});
    offer.update();
    readyAt = performance.now();
  })();
  // Reading the page for record memory is a task of its own too, when the page is idle.
  void ready.then(() =>
    requestIdleCallback(() => {
      if (settings && isConsoleOrigin(location.origin, settings)) rememberRecords(host.model);
    }, { timeout: 1_000 }),
  );
  const state = { host, ready, readyMs: () => (readyAt === null ? null : readyAt - start.startedAt), registryMs, kitMs: performance.now() - KIT_EVAL_START };
  const bridge = bridgeHandler(host);
  return {
    handle: (raw, sender) => handleMessage(state, raw, sender),
    run: (action) => void ready.then(() => runActionWithToast(host, action)),
    bridge: (data) => void ready.then(() => bridge(data)),
    resume: (handover) => void ready.then(() => resumeFlow(host, pageLang, handover)),
  };
}

const world = globalThis as unknown as Record<symbol, unknown>;
const start = world[Symbol.for(KIT_START_KEY)] as KitStart | undefined;
// Once per frame: a second injection (two first uses racing) finds the API already there.
if (start && !world[Symbol.for(KIT_API_KEY)]) world[Symbol.for(KIT_API_KEY)] = startKit(start);
