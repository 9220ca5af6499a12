/**
 * Real-browser harness: Debian Chromium (CHROME_PATH) with the built extension from dist/,
 * the demo console on a free port, and helpers that go through the real paths (content
 * script, service worker, side panel page).
 */
import { rmSync } from 'node:fs';
import type { Browser, Page, WebWorker } from 'puppeteer-core';
import { startConsole, type ConsoleServer, type LogEntry } from '../demo/console/server.ts';
import type { SettingsInput } from '../src/settings/schema.ts';
import type { PreparedCall, ToolResult } from '../src/tools/types.ts';
import { launchWithExtension, type LaunchOptions } from '../scripts/browser.ts';

export { CHROME, clickCountdownStop, confirmCard, countdownText, DIST, toastText } from '../scripts/browser.ts';

export interface Harness {
  browser: Browser;
  extensionId: string;
  worker: WebWorker;
  server: ConsoleServer;
  openConsole(path?: string): Promise<Page>;
  /** A reset backend and one fresh console tab (other pages closed). */
  freshConsole(path?: string): Promise<{ page: Page; tabId: number }>;
  tabIdOf(page: Page): Promise<number>;
  panel(tabId: number): Promise<Page>;
  invoke(panel: Page, tabId: number, name: string, input: unknown, caller?: 'ui' | 'llm'): Promise<ToolResult>;
  settings(patch: SettingsInput): Promise<void>;
  /** Pending ledger entries bound to a tab, read straight from chrome.storage.session. */
  pending(tabId: number): Promise<PreparedCall[]>;
  log(): Promise<LogEntry[]>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(initial: SettingsInput = {}, launch: LaunchOptions = {}): Promise<Harness> {
  const server = await startConsole();
  const { browser, extensionId, worker, dir } = await launchWithExtension(launch);
  const h: Harness = {
    browser,
    extensionId,
    worker,
    server,
    async openConsole(path = '/') {
      const page = await browser.newPage();
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      await waitReady(h, page);
      return page;
    },
    async freshConsole(path = '/') {
      await h.reset();
      for (const p of await browser.pages()) if (p.url() !== 'about:blank') await p.close();
      const page = await h.openConsole(path);
      return { page, tabId: await h.tabIdOf(page) };
    },
    async tabIdOf(page) {
      const url = page.url();
      const id = await h.worker.evaluate(async (u: string) => {
        const tabs = await chrome.tabs.query({});
        return tabs.find((t) => t.url === u)?.id ?? null;
      }, url);
      if (id === null) throw new Error(`no tab for ${url}`);
      return id;
    },
    async panel(tabId) {
      const page = await browser.newPage();
      await page.goto(`chrome-extension://${extensionId}/src/sidepanel/index.html?tabId=${tabId}`, { waitUntil: 'load' });
      return page;
    },
    invoke: invokeFrom,
    async settings(patch) {
      await h.worker.evaluate(async (p: unknown) => {
        const cur = ((await chrome.storage.local.get('settings')).settings ?? {}) as Record<string, unknown>;
        await chrome.storage.local.set({ settings: { ...cur, ...(p as object) } });
      }, patch);
    },
    pending(tabId) {
      return h.worker.evaluate(async (id: number) => {
        const all = await chrome.storage.session.get(null);
        return Object.values(all)
          .filter((e) => {
            const entry = e as { state?: string; call?: { binding: { tabId?: number } } };
            return entry.state === 'pending' && entry.call?.binding.tabId === id;
          })
          .map((e) => (e as { call: PreparedCall }).call);
      }, tabId);
    },
    async log() {
      const r = await fetch(`${server.url}/api/_log`);
      return (await r.json()) as LogEntry[];
    },
    async reset() {
      await fetch(`${server.url}/api/_reset`, { method: 'POST', body: '{}' });
    },
    async close() {
      await browser.close().catch(() => {});
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (Object.keys(initial).length) await h.settings(initial);
  return h;
}

/** One tool call from a side-panel page to a console tab, as the panel makes it. */
export function invokeFrom(panel: Page, tabId: number, name: string, input: unknown, caller: 'ui' | 'llm' = 'ui'): Promise<ToolResult> {
  return panel.evaluate(
    async (a: { tabId: number; name: string; input: unknown; caller: string }) => {
      const checkId = crypto.randomUUID();
      let r;
      try {
        r = await chrome.tabs.sendMessage(a.tabId, {
          type: 'tools.invoke',
          caller: a.caller,
          name: a.name,
          input: a.input,
          toolCallId: `t-${Math.random().toString(16).slice(2)}`,
          sessionId: 'e2e',
          model: 'none',
          checkId,
        }, { frameId: 0 });
      } catch (e) {
        // As invokeInTab: the page went before its answer could leave; its check was named up front.
        if (!/message channel closed|message port closed|receiving end does not exist|back\/forward cache/i.test(String(e))) throw e;
        r = { ok: true, nextPage: checkId };
      }
      if (!r?.ok) throw new Error(`invoke refused: ${JSON.stringify(r)}`);
      // As src/messages/client.ts invokeInTab: a submit that loaded another page is decided there.
      if (!r.nextPage) return r.result;
      const v = await chrome.runtime.sendMessage({ type: 'delivery.await', checkId: r.nextPage });
      if (!v?.ok) throw new Error(`delivery.await refused: ${JSON.stringify(v)}`);
      return v.result;
    },
    { tabId, name, input, caller },
  ) as Promise<ToolResult>;
}

/** The content script answers page.info once its registry is ready. */
export async function waitReady(h: Pick<Harness, 'worker'>, page: Page, timeoutMs = 10_000): Promise<void> {
  const url = page.url();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ready = await h.worker.evaluate(async (u: string) => {
      const tab = (await chrome.tabs.query({})).find((t) => t.url === u);
      if (!tab?.id) return false;
      try {
        const r = await chrome.tabs.sendMessage(tab.id, { type: 'page.info' }, { frameId: 0 });
        return r?.ok === true && r.readyMs !== null;
      } catch {
        return false;
      }
    }, url);
    if (ready) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`content script not ready on ${url}`);
}

/**
 * Waits until `ok(fn())` holds and returns that value; throws when it does not within
 * `timeoutMs`, naming the last value, so a wait whose condition is the test's claim fails
 * the test instead of handing back a value nobody checks. For a wait that may rightly end
 * either way (did anything land?), use `poll`.
 */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const last = await poll(fn, ok, timeoutMs);
  if (!ok(last)) throw new Error(`until: not within ${timeoutMs} ms; last value ${describe(last)}`);
  return last;
}

/** Like `until`, but a timeout is an answer: the last value comes back for the caller to judge. */
export async function poll<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 8_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await fn();
  while (!ok(last) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    last = await fn();
  }
  return last;
}

function describe(v: unknown): string {
  try {
    return (JSON.stringify(v) ?? String(v)).slice(0, 400);
  } catch {
    return String(v).slice(0, 400);
  }
}

export const mutations = (log: LogEntry[]) => log.filter((e) => e.method !== 'GET');

/** The extension's (current) service worker, once its APIs are up — e.g. after a reload. */
export async function launchedWorker(browser: Browser, extensionId: string, not?: WebWorker): Promise<WebWorker> {
  // A deadline, not a count of tries: each try's evaluate takes longer on a loaded machine.
  // 60 s: a worker restarting under a whole suite on two cores has been seen to need more than 30.
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
    const targets = browser.targets().filter((t) => t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${extensionId}/`));
    let worker: WebWorker | null = null;
    for (const t of targets) {
      const w = await t.worker().catch(() => null);
      if (w && w !== not) worker = w;
    }
    const up = worker ? await worker.evaluate(() => typeof chrome !== 'undefined' && !!chrome.runtime?.id).catch(() => false) : false;
    if (worker && up) return worker;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the extension service worker did not come back');
}

/**
 * Confirms a card as a person does: the panel in front (visible and focused), the amount
 * ticked for money, then Confirm once the card has been on screen long enough to be armed.
 */

/** Evaluates code in deskhand's content-script world of a page, as a compromised renderer could. */
export async function inContentWorld<T = unknown>(page: Page, extensionId: string, expression: string): Promise<T> {
  const cdp = await page.createCDPSession();
  type Ctx = { id: number; origin: string; auxData?: { type?: string; frameId?: string } };
  const contexts: Ctx[] = [];
  cdp.on('Runtime.executionContextCreated', (e: { context: Ctx }) => contexts.push(e.context));
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  await cdp.send('Runtime.enable');
  await new Promise((r) => setTimeout(r, 100));
  const ctx = contexts.find((c) => c.auxData?.type === 'isolated' && c.auxData.frameId === frameTree.frame.id && c.origin === `chrome-extension://${extensionId}`);
  if (!ctx) throw new Error('no deskhand content-script world in this page');
  const r = (await cdp.send('Runtime.evaluate', { contextId: ctx.id, expression, awaitPromise: true, returnByValue: true })) as { result: { value: T }; exceptionDetails?: { text: string } };
  await cdp.detach();
  if (r.exceptionDetails) throw new Error(`content world threw: ${JSON.stringify(r.exceptionDetails)}`);
  return r.result.value;
}
