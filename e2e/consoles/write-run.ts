/**
 * Driving deskhand's write side on a fixture console as an agent does — hotkeys pressed with
 * real (trusted) keys, tools called from a side-panel page, confirmations given in the side
 * panel — and reading what landed from the console's own backend (its log and truth). Shared
 * by e2e/fixtures-write.test.ts and `npm run bench:consoles`, so both judge the same way.
 *
 * What a person does with the console's own controls (open its refund form, press its own
 * Send) is test-side knowledge of each fixture, in HANDS below; deskhand never sees it.
 */
import type { Frame, Page } from 'puppeteer-core';
import { F as CLASSIC } from '../../fixtures/classic/render.ts';
import type { FixtureName } from '../../fixtures/index.ts';
import { click, typeOver } from '../../fixtures/kit/person.ts';
import type { FixtureServer, Lang, LogEntry, RecordTruth } from '../../fixtures/types.ts';
import { chord, confirmCard, toastText } from '../../scripts/browser.ts';
import type { PreparedCall, ToolResult } from '../../src/tools/types.ts';
import { invokeFrom, until, waitReady } from '../harness.ts';
import { settle, type Env } from './fixture-run.ts';

export type NormalFixture = Exclude<FixtureName, 'opaque'>;

/** The category a person files each scenario's ticket under (by the customer, fixtures/kit/data.ts). */
export const EXPECTED_CATEGORY: Record<string, string> = {
  'li.wei@example.cn': 'delivery',
  'sarah.j@example.com': 'refund',
  'wangfang@example.com.cn': 'account',
  't.mueller@example.de': 'invoice',
};

export interface Opened {
  page: Page;
  tabId: number;
}

/** Opens a console page in a new tab and waits for deskhand's content script and the console's own rendering. */
export async function openPage(env: Env, url: string): Promise<Opened> {
  const page = await env.browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await waitReady({ worker: env.worker }, page);
  await settle(page);
  return { page, tabId: await tabIdOf(env, page.url()) };
}

export async function tabIdOf(env: Env, url: string): Promise<number> {
  const id = await until(() => env.worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? null, url), (v) => v !== null, 5_000);
  if (id === null) throw new Error(`no tab for ${url}`);
  return id;
}

/** A real Alt+Shift+<key> press; resolves with deskhand's toast once it says something new (`done` decides when a flow is over). */
export async function press(page: Page, key: 'KeyF' | 'KeyC' | 'KeyD' | 'KeyS' | 'KeyT' | 'KeyR', done: (toast: string) => boolean = () => true, timeoutMs = 10_000): Promise<string> {
  const before = await toastText(page);
  await chord(page, key);
  return until(() => toastText(page), (t) => t !== '' && t !== before && done(t), timeoutMs);
}

export const invoke = (env: Env, tabId: number, name: string, input: unknown): Promise<ToolResult> => invokeFrom(env.panel, tabId, name, input);

export interface LedgerEntry {
  state: string;
  call: PreparedCall;
  outcome?: { data?: Record<string, unknown>; error?: { code: string; type: string; detail: string } };
}

/** Every ledger entry bound to a tab, straight from the worker's session storage. */
export function ledger(env: Env, tabId: number): Promise<LedgerEntry[]> {
  return env.worker.evaluate(async (id: number) => {
    const all = await chrome.storage.session.get(null);
    return Object.values(all).filter((e) => (e as { call?: { binding?: { tabId?: number } } }).call?.binding?.tabId === id) as never;
  }, tabId) as Promise<LedgerEntry[]>;
}

export async function pendingCall(env: Env, tabId: number, tool: string): Promise<PreparedCall | null> {
  const entries = await until(() => ledger(env, tabId), (l) => l.some((e) => e.state === 'pending' && e.call.tool === tool), 5_000);
  return entries.find((e) => e.state === 'pending' && e.call.tool === tool)?.call ?? null;
}

const extensionIdOf = (env: Env) => new URL(env.panel.url()).host;

/**
 * Confirms a prepared call in the side panel as a person does (the panel in front, Confirm
 * once armed), and waits until the ledger has its outcome; the panel page is closed again.
 */
export async function confirmInPanel(env: Env, tabId: number, call: PreparedCall, timeoutMs = 40_000): Promise<LedgerEntry> {
  const panel = await env.browser.newPage();
  try {
    await panel.goto(`chrome-extension://${extensionIdOf(env)}/src/sidepanel/index.html?tabId=${tabId}`, { waitUntil: 'load' });
    await confirmCard(panel, call.actionId);
    return await settled(env, tabId, call.actionId, timeoutMs);
  } finally {
    await panel.close();
  }
}

/** The ledger entry once it left pending/dispatched (or as it is when the time is up). */
export async function settled(env: Env, tabId: number, actionId: string, timeoutMs = 40_000): Promise<LedgerEntry> {
  const entries = await until(
    () => ledger(env, tabId),
    (l) => {
      const e = l.find((x) => x.call.actionId === actionId);
      return !!e && e.state !== 'pending' && e.state !== 'dispatched';
    },
    timeoutMs,
  );
  return entries.find((x) => x.call.actionId === actionId)!;
}

export const fault = (fx: FixtureServer, path: string, mode: 'error' | 'hang' | 'reject') =>
  fetch(`${fx.url}/api/_faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, mode }) });

export const mutations = async (fx: FixtureServer): Promise<LogEntry[]> => (await fx.log()).filter((e) => e.method !== 'GET');

/** Entries the record gained since `before` (its truth then). */
export async function added(fx: FixtureServer, before: RecordTruth): Promise<{ role: string; text: string }[]> {
  return (await fx.truth(before.recordId)).messages.slice(before.messages.length).map((m) => ({ role: m.role, text: m.text }));
}

// ---------------------------------------------------------------- what a person does on each console

export interface Hands {
  /** Which requests of the log are the record's replies, notes, tickets, refunds, assignments. */
  paths: { reply: RegExp; note: RegExp; ticket: RegExp; refund?: RegExp; assign: RegExp };
  /** Presses the console's own Send for what the composer holds (judging a draft by what the backend gets). */
  send(page: Page, lang: Lang): Promise<void>;
  /** Presses the ticket form's own submit (judging fills when deskhand's submit is not the one judged). */
  submitTicket(page: Page, lang: Lang): Promise<void>;
  /** Gets to the page with the new-ticket form when it is a page of its own (classic). */
  ticketPage?(page: Page, lang: Lang): Promise<void>;
  /** Opens the console's refund form and types an amount and a reason, as an agent does before pressing R. */
  refund?(page: Page, lang: Lang, amount: string, reason: string): Promise<void>;
  /** The queue and the agent control the console has (for queue.assign / ticket.assign). */
  assigns: { queue: boolean; agent: boolean };
}

const L = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);
const quickFrame = (page: Page): Frame => {
  const f = page.frames().find((x) => x.url().includes('/embed/quick-ticket'));
  if (!f) throw new Error('no quick-ticket frame');
  return f;
};
const load = async (page: Page, selector: string) => {
  const el = await page.waitForSelector(selector, { visible: true });
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), el!.click()]);
};

const CHAT = 'lc-console >>> ';

export const HANDS: Record<NormalFixture, Hands> = {
  react: {
    paths: { reply: /\/parts$/, note: /\/parts$/, ticket: /^\/api\/v2\/tickets$/, refund: /\/refunds$/, assign: /\/assignee$/ },
    send: (page, lang) => click(page, `main button::-p-text(${L(lang, '发送', 'Send')})`),
    submitTicket: async (page) => {
      await click(quickFrame(page), 'form button');
    },
    async refund(page, lang, amount, reason) {
      await click(page, `aside button::-p-text(${L(lang, '退款', 'Refund')})`);
      const dialog = (await page.waitForSelector('[role=dialog]', { visible: true }))!;
      await typeOver(page, (await dialog.$('input[inputmode=decimal]'))!, amount);
      await typeOver(page, (await dialog.$('textarea'))!, reason);
    },
    assigns: { queue: true, agent: false },
  },
  vue: {
    paths: { reply: /\/comments$/, note: /\/comments$/, ticket: /^\/api\/tickets$/, assign: /^\/api\/conversations\/\w+$/ },
    send: (page) => click(page, '.composer-pane:not([style*="none"]) button.primary'),
    submitTicket: (page) => click(page, 'form.ticket-form button.primary'),
    assigns: { queue: false, agent: true },
  },
  classic: {
    paths: { reply: /^\/ticket\.cgi/, note: /^\/ticket\.cgi/, ticket: /^\/open\.cgi/, refund: /^\/ticket\.cgi/, assign: /^\/ticket\.cgi/ },
    send: (page) => load(page, '#reply input[type=submit]'),
    submitTicket: (page) => load(page, '#ticketForm input[type=submit]'),
    ticketPage: (page) => load(page, 'a[href*="open.cgi"]'),
    async refund(page, _lang, amount, reason) {
      await click(page, 'a[href="#refund"]');
      await typeOver(page, (await page.waitForSelector(`#refund input[name=${CLASSIC.refundAmount}]`, { visible: true }))!, amount);
      await typeOver(page, (await page.$(`#refund textarea[name=${CLASSIC.refundReason}]`))!, reason);
    },
    assigns: { queue: true, agent: true },
  },
  chat: {
    paths: { reply: /\/events$/, note: /\/events$/, ticket: /\/api\/tickets$/, assign: /\/transfer$/ },
    send: (page) => click(page, `${CHAT}lc-composer >>> button`),
    submitTicket: (page) => click(page, `${CHAT}lc-ticket-dialog >>> button.go`),
    assigns: { queue: true, agent: false },
  },
};
