/**
 * Every screen of deskhand, walked as an agent would in one language, with a screenshot of
 * each: the console toast, the side panel (a finished quick ticket, a pending send and a
 * pending refund, an answered question), its outcomes, the activity log, the options page.
 *
 * `npm run docs:screens` writes docs/screens/<lang>/*.png for both languages (what the README
 * shows). e2e/screens.test.ts walks the same screens into .tmp/screens/ and checks that the
 * zh_CN screens hold no English and the en screens no Chinese, besides console data and names.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';
import { startConsole, type ConsoleServer, type LogEntry } from '../demo/console/server.ts';
import { CATEGORIES, KB, QUEUES, seedConversations } from '../demo/console/data.ts';
import { startModelServer } from '../demo/model/server.ts';
import { chord, confirmCard, launchWithExtension, toastText } from './browser.ts';
import { maskSubject } from '../src/tools/mask.ts';

export type Lang = 'zh_CN' | 'en';

export interface Screen {
  name: string;
  file: string;
  /** What a person reads on it (innerText; the toast's text for the console). */
  text: string;
}

export interface Walk {
  screens: Screen[];
  /** Strings that come from the console (names, messages, tickets, KB): shown as they are. */
  consoleData: string[];
  flowStatus: string;
  tickets: LogEntry[];
  /** The activity rows' times: what is shown, the hover text, the ISO value. */
  times: { text: string; title: string; iso: string }[];
  /** The JSONL export's timestamps. */
  exportedTimestamps: string[];
  /** The refund (a HIGH money action) as the card, the outcome row, the audit record and the activity row show it. */
  refund: RefundSeen;
}

export interface RefundSeen {
  card: { text: string; money: string; labels: string[]; role: string; rolesSource: string; effectLines: string[] };
  outcome: string;
  audit: { status: string; humanApproved: boolean; approvedBy: string | null; approverRoles?: { roles: string[]; source: string } } | null;
  activity: string;
}

export const AGENT_NAME = { zh_CN: '李静', en: 'Alex Chen' } as const;
const QUESTION = { zh_CN: '这个客户之前报过类似问题吗？', en: 'Has this customer reported this before?' } as const;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await fn();
  while (!ok(v) && Date.now() < end) {
    await wait(100);
    v = await fn();
  }
  return v;
}

/** Every string value in the demo console's data, longest first (so substrings go last). */
function consoleData(): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk([seedConversations(), KB, CATEGORIES, QUEUES]);
  // Customers as the activity log names them: masked (张***), still console data.
  out.push(...seedConversations().map((c) => maskSubject({ record: null, customer: c.customer.name }).customer ?? ''));
  return [...new Set(out.flatMap((s) => [s, ...s.split(/[，。、；：！？\s]+/)]).filter((s) => s.length > 1))].sort((a, b) => b.length - a.length);
}

export async function walkScreens(opts: { lang: Lang; outDir: string; timeZone: string }): Promise<Walk> {
  mkdirSync(opts.outDir, { recursive: true });
  const server: ConsoleServer = await startConsole();
  const model = await startModelServer();
  const { browser, extensionId, worker, dir } = await launchWithExtension({ lang: opts.lang, timeZone: opts.timeZone });
  const screens: Screen[] = [];
  const shot = async (page: Page, name: string, text: string) => {
    const file = join(opts.outDir, `${name}.png`);
    await page.screenshot({ path: file as `${string}.png`, fullPage: true });
    screens.push({ name, file, text });
  };
  try {
    await worker.evaluate(
      async (s: unknown) => chrome.storage.local.set({ settings: s }),
      { llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'demo-assistant' }, roles: ['AGENT', 'REFUND_APPROVER'], agentName: AGENT_NAME[opts.lang] },
    );
    const consolePage = await browser.newPage();
    await consolePage.setViewport({ width: 1280, height: 800 });
    await consolePage.goto(`${server.url}/${opts.lang === 'en' ? '?lang=en' : ''}`, { waitUntil: 'load' });
    const tabId = await until(() => worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1, consolePage.url()), (id) => id > 0);
    await until(() => worker.evaluate(async (id: number) => chrome.tabs.sendMessage(id, { type: 'page.info' }, { frameId: 0 }).then((r) => r?.readyMs != null, () => false), tabId), Boolean);

    await chord(consolePage, 'KeyF');
    const toast = await until(() => toastText(consolePage), (t) => t.length > 0);
    await wait(300);
    await shot(consolePage, 'console-toast', toast);

    const panel = await openPanel(browser, extensionId, tabId);
    await panel.click('button.run-quick-ticket');
    const flowStatus = await until(() => panel.$eval('.flow-run', (el) => (el as HTMLElement).dataset.runStatus ?? '').catch(() => ''), (s) => s !== '' && s !== 'running');

    // S sends what the reply box holds: it waits for D's toast (the draft is in the box), as a person does.
    const drafted = await worker.evaluate(() => chrome.i18n.getMessage('toastDrafted'));
    await chord(consolePage, 'KeyD');
    await until(() => toastText(consolePage), (t) => t.includes(drafted));
    await chord(consolePage, 'KeyS');
    const frame = consolePage.frames().find((f) => f.url().includes('refund-frame'))!;
    await frame.type('input[name=a]', '199');
    await frame.type('textarea[name=r]', opts.lang === 'en' ? 'Left earbud silent, a quality defect' : '左耳无声，质量问题');
    await chord(consolePage, 'KeyR');
    await panel.bringToFront();
    await until(() => panel.$$eval('.card', (c) => c.length), (n) => n === 2);
    await panel.type('textarea[name=question]', QUESTION[opts.lang]);
    await panel.click('button.send');
    await panel.waitForSelector('.turn[data-stopped]', { timeout: 20_000 });
    await shot(panel, 'sidepanel', await panel.$eval('body', (b) => b.innerText));

    const card = await panel.$eval('.card[data-tool="refund.request"]', (c) => ({
      text: (c as HTMLElement).innerText,
      money: c.querySelector('.money')?.textContent ?? '',
      labels: Array.from(c.querySelectorAll('dl.fields dt'), (dt) => dt.textContent ?? ''),
      role: c.querySelector('.role')?.textContent ?? '',
      rolesSource: (c.querySelector('.role') as HTMLElement | null)?.dataset.rolesSource ?? '',
      effectLines: Array.from(c.querySelectorAll('.irreversible, .effect'), (p) => p.textContent ?? ''),
    }));

    // A person decides: the refund is confirmed, the send is declined.
    const refundId = await panel.$eval('.card[data-tool="refund.request"]', (c) => (c as HTMLElement).dataset.actionId ?? '');
    await confirmCard(panel, refundId);
    await panel.waitForSelector('.outcome[data-state="executed"]', { timeout: 15_000 });
    const outcome = await panel.$eval(`.outcome[data-action-id="${refundId}"]`, (el) => (el as HTMLElement).innerText);
    await panel.click('.card[data-tool="reply.send"] button.reject');
    await panel.waitForSelector('.outcome[data-state="rejected"]', { timeout: 15_000 });
    await panel.evaluate(() => window.scrollTo(0, 0));
    await shot(panel, 'sidepanel-outcomes', await panel.$eval('body', (b) => b.innerText));

    await panel.click('button[name=view-activity]');
    await panel.waitForSelector('.record');
    const times = await panel.$$eval('.record time.when', (els) => els.map((e) => ({ text: e.textContent ?? '', title: e.getAttribute('title') ?? '', iso: e.getAttribute('datetime') ?? '' })));
    const activity = await panel.$eval('.record.kind-confirmation[data-tool="refund.request"]', (el) => (el as HTMLElement).innerText).catch(() => '');
    const audit = await worker.evaluate(async (id: string) => {
      const all = ((await chrome.storage.local.get('audit')).audit ?? []) as { kind: string; actionId: string | null; status: string; humanApproved: boolean; approvedBy: string | null; approverRoles?: { roles: string[]; source: string } }[];
      const r = all.find((x) => x.kind === 'confirmation' && x.actionId === id);
      return r ? { status: r.status, humanApproved: r.humanApproved, approvedBy: r.approvedBy, ...(r.approverRoles ? { approverRoles: r.approverRoles } : {}) } : null;
    }, refundId);
    await shot(panel, 'activity', await panel.$eval('body', (b) => b.innerText));
    await panel.click('button.export');
    const href = await until(() => panel.$eval('a.export-link', (a) => (a as HTMLAnchorElement).href).catch(() => ''), (h) => h !== '');
    const jsonl = await panel.evaluate((u: string) => fetch(u).then((r) => r.text()), href);
    const exportedTimestamps = jsonl.trim().split('\n').map((l) => (JSON.parse(l) as { timestamp: string }).timestamp);

    const options = await browser.newPage();
    await options.setViewport({ width: 1280, height: 800 });
    await options.goto(`chrome-extension://${extensionId}/src/options/index.html`, { waitUntil: 'load' });
    await options.waitForSelector('main[data-loaded="1"]');
    await options.click('input[name=hotkey-draftReply]');
    await options.keyboard.down('Alt');
    await options.keyboard.down('Shift');
    await options.keyboard.press('KeyC');
    await options.keyboard.up('Shift');
    await options.keyboard.up('Alt');
    await options.waitForSelector('[data-path="hotkeys.draftReply"] .field-error');
    await shot(options, 'options', await options.$eval('body', (b) => b.innerText));

    const tickets = server.log.filter((e) => e.method === 'POST' && e.path === '/api/tickets');
    return { screens, consoleData: [...consoleData(), AGENT_NAME[opts.lang]], flowStatus, tickets, times, exportedTimestamps, refund: { card, outcome, audit, activity } };
  } finally {
    await browser.close().catch(() => {});
    await server.close();
    await model.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function openPanel(browser: Browser, extensionId: string, tabId: number): Promise<Page> {
  const panel = await browser.newPage();
  await panel.setViewport({ width: 420, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/src/sidepanel/index.html?tabId=${tabId}`, { waitUntil: 'load' });
  await panel.waitForSelector('button.run-quick-ticket');
  return panel;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(import.meta.dirname, '..');
  for (const [lang, timeZone] of [['zh_CN', 'Asia/Shanghai'], ['en', 'America/New_York']] as const) {
    const walk = await walkScreens({ lang, timeZone, outDir: join(root, 'docs/screens', lang) });
    for (const s of walk.screens) console.log(s.file.replace(`${root}/`, ''));
  }
}
