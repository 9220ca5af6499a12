/**
 * Runs deskhand's read tools on every record of a fixture console (through the real
 * extension, from a side-panel page) and judges each against the console's own truth.
 */
import type { Browser, Page, WebWorker } from 'puppeteer-core';
import { VOCABULARY, type FixtureName } from '../../fixtures/index.ts';
import { vocabularyProfile } from '../../fixtures/kit/vocabulary.ts';
import type { FixtureServer, Lang } from '../../fixtures/types.ts';
import { launchWithExtension, type Launched } from '../../scripts/browser.ts';
import { invokeFrom, waitReady } from '../harness.ts';
import { judgeRead, READ_TOOLS, type Judged, type ReadTool, type ReadTruth } from './judge.ts';

/** The real extension in a browser, with a side-panel page to call tools from (the fixture suites' setup). */
export async function launchEnv(): Promise<{ l: Launched; env: Env }> {
  const l = await launchWithExtension();
  const panel = await l.browser.newPage();
  await panel.goto(`chrome-extension://${l.extensionId}/src/sidepanel/index.html?tabId=0`, { waitUntil: 'load' });
  return { l, env: { browser: l.browser, worker: l.worker, panel } };
}

export interface ReadRow {
  console: string;
  record: string;
  lang: Lang;
  tool: ReadTool;
  verdict: Judged['verdict'];
  why: string;
}

export interface Env {
  browser: Browser;
  worker: WebWorker;
  panel: Page;
}

export interface JudgedRecord {
  url: string;
  truth: ReadTruth;
}

/** Installs the console's vocabulary profile (fixtures/index.ts VOCABULARY) as its taught profile, when it has one. */
export async function installVocabulary(worker: WebWorker, name: FixtureName, fx: FixtureServer): Promise<boolean> {
  const rules = VOCABULARY[name];
  if (!rules) return false;
  const origin = new URL(fx.url).origin;
  await worker.evaluate(async (p: { origin: string; profile: unknown }) => {
    const cur = ((await chrome.storage.local.get('taughtProfiles')).taughtProfiles ?? {}) as Record<string, unknown>;
    await chrome.storage.local.set({ taughtProfiles: { ...cur, [p.origin]: p.profile } });
  }, { origin, profile: vocabularyProfile(name, origin, rules) });
  return true;
}

/** A fixture's records as the judge takes them, each at its URL in `lang`. */
export async function fixtureRecords(fixture: FixtureServer, lang: Lang): Promise<JudgedRecord[]> {
  return (await fixture.truth()).records.map((rec) => ({
    url: rec.urls[lang],
    truth: { recordId: rec.recordId, displayId: rec.displayId, messages: rec.messages, customer: rec.customer, history: rec.history.map((x) => x.id) },
  }));
}

export async function judgeFixture(env: Env, fixture: FixtureServer, lang: Lang): Promise<ReadRow[]> {
  return judgeRecords(env, fixture.name, await fixtureRecords(fixture, lang), lang);
}

/** Opens each record page in a new tab, runs the four read tools, judges them. */
export async function judgeRecords(env: Env, name: string, records: JudgedRecord[], lang: Lang, open?: (page: Page, url: string) => Promise<void>): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  for (const { url, truth } of records) {
    const page = await env.browser.newPage();
    try {
      if (open) await open(page, url);
      else await page.goto(url, { waitUntil: 'load' });
      await waitReady({ worker: env.worker }, page);
      await settle(page);
      const tabId = await tabIdOf(env.worker, page.url());
      for (const tool of READ_TOOLS) {
        const input = tool === 'conversation.read' ? { limit: 50 } : tool === 'ticket.history' ? { limit: 20 } : {};
        const r = await invokeFrom(env.panel, tabId, tool, input);
        rows.push({ console: name, record: truth.recordId, lang, tool, ...judgeRead(tool, r, truth) });
      }
    } finally {
      await page.close();
    }
  }
  return rows;
}

// A string, not a function: tsx's name helpers do not exist in the page.
const QUIET = `new Promise((resolve) => {
  let timer;
  const mo = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(end, 300); });
  const end = () => { mo.disconnect(); resolve(); };
  timer = setTimeout(end, 300);
  mo.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  setTimeout(end, 3000);
})`;

/**
 * SPA consoles render after load: wait until the DOM stops changing for a moment — the page's
 * and each frame's (a quick-ticket form in an iframe loads and renders on its own), as a
 * person waits until the page is there.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(QUIET);
  for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
    await frame.waitForFunction(`document.readyState === 'complete' && location.href !== 'about:blank'`, { timeout: 5_000 }).catch(() => {});
    await frame.evaluate(QUIET).catch(() => {});
  }
}

async function tabIdOf(worker: WebWorker, url: string): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const id = await worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? null, url);
    if (id !== null) return id;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no tab for ${url}`);
}

export function summarise(rows: ReadRow[]): Record<string, Record<ReadTool, { right: number; wrong: number; missing: number }>> {
  const out: Record<string, Record<string, { right: number; wrong: number; missing: number }>> = {};
  for (const r of rows) {
    const c = (out[r.console] ??= {});
    const t = (c[r.tool] ??= { right: 0, wrong: 0, missing: 0 });
    t[r.verdict] += 1;
  }
  return out as Record<string, Record<ReadTool, { right: number; wrong: number; missing: number }>>;
}
