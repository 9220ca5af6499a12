/**
 * Chromium with the built extension, set up for a real console the way a user sets up
 * one: the console's origin is added in settings (`consoles`) and the extension holds the
 * host permission for it, so the service worker registers the content script at run time
 * (src/background/consoles.ts). Nothing else about the extension changes.
 *
 * The permission: Chromium shows a prompt for `chrome.permissions.request`, even under
 * automation, and no switch accepts it (tried: a puppeteer click as the user gesture,
 * `--apps-gallery-install-auto-confirm-for-tests`, `developerPrivate.addHostPermission`
 * from chrome://extensions). So the tests load a copy of dist/ whose manifest lists the
 * console's origin in `host_permissions`: granted at install, exactly what
 * `chrome.permissions.contains` checks after a user accepted the prompt.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page, WebWorker } from 'puppeteer-core';
import { USER_CONSOLES_SCRIPT_ID, type SettingsInput } from '../../src/settings/schema.ts';
import { DIST, launchWithExtension } from '../../scripts/browser.ts';
import { launchedWorker, waitReady } from '../harness.ts';

export interface PageInfo {
  ok: boolean;
  origin?: string;
  pageType?: string | null;
  conversationId?: string | null;
  readyMs?: number | null;
}

export interface ConsoleBrowser {
  browser: Browser;
  extensionId: string;
  worker: WebWorker;
  /** The console origin the extension was set up for. */
  origin: string;
  settings(patch: SettingsInput): Promise<void>;
  /** Waits until deskhand's content script answers on the page. */
  ready(page: Page): Promise<void>;
  tabIdOf(page: Page): Promise<number>;
  /** What the content script says about the page (the `page.info` message). */
  pageInfo(page: Page): Promise<PageInfo>;
  close(): Promise<void>;
}

const SCRIPT_ID = USER_CONSOLES_SCRIPT_ID;

/** A copy of dist/ whose manifest grants `origin` (see the file comment). */
function distGranting(origin: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'deskhand-dist-'));
  cpSync(DIST, dir, { recursive: true });
  const file = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { host_permissions?: string[] };
  manifest.host_permissions = [...(manifest.host_permissions ?? []), `${origin}/*`];
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  return dir;
}

/**
 * `added: false`: the permission is granted but the site is not a console yet (the panel's
 * "add this site as a console" starts from there).
 */
export async function launchForConsole(origin: string, settings: SettingsInput = {}, opts: { lang?: string; added?: boolean } = {}): Promise<ConsoleBrowser> {
  const dist = distGranting(origin);
  // The project's launcher (flags, profile dir, language) with the stock build, swapped
  // for the copy: one browser, one deskhand.
  const launched = await launchWithExtension(opts.lang ? { lang: opts.lang } : {});
  const { browser } = launched;
  await browser.uninstallExtension(launched.extensionId);
  const extensionId = await browser.installExtension(dist);
  const worker = await launchedWorker(browser, extensionId);

  const cb: ConsoleBrowser = {
    browser,
    extensionId,
    worker,
    origin,
    async settings(patch) {
      await worker.evaluate(async (p: unknown) => {
        const cur = ((await chrome.storage.local.get('settings')).settings ?? {}) as Record<string, unknown>;
        await chrome.storage.local.set({ settings: { ...cur, ...(p as object) } });
      }, patch);
    },
    ready(page) {
      return waitReady(cb, page);
    },
    async tabIdOf(page) {
      const id = await worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? null, page.url());
      if (id === null) throw new Error(`no tab for ${page.url()}`);
      return id;
    },
    async pageInfo(page) {
      const tabId = await cb.tabIdOf(page);
      return worker.evaluate(
        (id: number) => chrome.tabs.sendMessage(id, { type: 'page.info' }, { frameId: 0 }) as Promise<PageInfo>,
        tabId,
      );
    },
    async close() {
      await browser.close().catch(() => {});
      rmSync(launched.dir, { recursive: true, force: true });
      rmSync(dist, { recursive: true, force: true });
    },
  };
  if (opts.added === false) {
    await cb.settings(settings);
    return cb;
  }
  await cb.settings({ ...settings, consoles: [origin, ...(settings.consoles ?? [])] });
  await registered(worker, `${origin}/*`);
  return cb;
}

/** The service worker registers user-console scripts after a settings change; wait for it. */
async function registered(worker: WebWorker, match: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await worker.evaluate(
      async (a: { id: string; match: string }) =>
        (await chrome.scripting.getRegisteredContentScripts({ ids: [a.id] })).some((s) => s.matches?.includes(a.match)),
      { id: SCRIPT_ID, match },
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`deskhand did not register its content script for ${match}`);
}
