/**
 * Quick ticket announces its submit (issue 23 item 10), in real Chromium on the demo console,
 * judged by what the console's server received: before the submit the page says what will be
 * submitted with a countdown; a trusted Esc or the Stop button ends the run as stopped by the
 * agent with nothing posted; without them exactly one ticket is posted once the countdown ends;
 * where the console's profile asks for a confirmation, the submit is a card in the side panel
 * and nothing is posted until a person confirms it. In zh-CN and in en.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../demo/model/server.ts';
import { chord } from '../scripts/browser.ts';
import { demoProfile } from '../src/profiles/builtin/demo.ts';
import type { PreparedCall } from '../src/tools/types.ts';
import { clickCountdownStop, confirmCard, countdownText, mutations, poll, startHarness, toastText, until, waitReady, type Harness } from './harness.ts';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => {
  await model?.close();
});

const ticketPosts = async (h: Harness) => mutations(await h.log()).filter((e) => e.method === 'POST' && e.path === '/api/tickets');
const titleInForm = (page: Page) => page.$eval('#f-x81', (el) => (el as HTMLInputElement).value);
const runStatus = (panel: Page) => panel.$eval('.flow-run', (el) => (el as HTMLElement).dataset.runStatus ?? '').catch(() => '');
/** Longer than any countdown here: a submit the agent stopped would have been posted by then. */
const PAST_COUNTDOWN_MS = 7_000;

async function settings(h: Harness): Promise<void> {
  await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'demo-assistant' }, flows: { submitCountdownS: 4 } });
}

describe('quick ticket in zh-CN', () => {
  let h: Harness;
  let page: Page;
  let tabId: number;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.worker.evaluate(() => chrome.storage.local.remove('taughtProfiles')).catch(() => undefined);
    await h?.close();
  });
  beforeEach(async () => {
    await fetch(`${model.url}/_reset`);
    await h.worker.evaluate(() => chrome.storage.local.remove('taughtProfiles'));
    await settings(h);
    ({ page, tabId } = await h.freshConsole());
  });

  /**
   * The demo console with a profile that asks for the submit to be confirmed (taught, as an agent
   * would have saved it; removed before each test), quick ticket started from the panel: its
   * panel and the card waiting there.
   */
  async function runWhereProfileConfirms(): Promise<{ panel: Page; call: PreparedCall }> {
    const origin = new URL(h.server.url).origin;
    const profile = { ...demoProfile, id: 'taught-demo-confirm', name: 'demo (submit confirmed)', match: { origins: [origin] }, quickTicket: { confirm: true } };
    await h.worker.evaluate((o: string, p: unknown) => chrome.storage.local.set({ taughtProfiles: { [o]: p } }), origin, profile);
    await page.reload({ waitUntil: 'load' });
    await waitReady(h, page);
    const panel = await h.panel(tabId);
    await panel.waitForSelector('button.run-quick-ticket');
    await panel.click('button.run-quick-ticket');
    const [call] = await until(() => h.pending(tabId), (x) => x.length === 1, 30_000);
    return { panel, call: call! };
  }

  it('T says what it will submit with a countdown; Esc stops it: nothing is posted, and the toast, the panel and the audit say stopped by you', async () => {
    await chord(page, 'KeyT');
    const shown = await until(() => countdownText(page), (t) => t.includes('秒后提交'), 30_000);
    const title = await titleInForm(page);
    expect(title.length).toBeGreaterThan(3);
    for (const s of [`即将提交工单「${title}」`, '分类：产品质量', '按 Esc 可停止', '停止（Esc）']) expect(shown).toContain(s);
    expect(await ticketPosts(h)).toEqual([]);
    await page.keyboard.press('Escape');
    await until(() => countdownText(page), (t) => t === '');
    expect(await until(() => toastText(page), (t) => t.includes('已由你停止'))).toContain('没有提交');
    expect(await poll(() => ticketPosts(h), (p) => p.length > 0, PAST_COUNTDOWN_MS)).toEqual([]);
    // The console's own Esc never happened: its ticket form is still open with the ticket in it.
    expect(await page.$eval('#quick-ticket', (el) => (el as HTMLElement).hidden)).toBe(false);

    const panel = await h.panel(tabId);
    await panel.waitForSelector('.flow-run[data-run-status="cancelled"][data-stopped-by="agent"]');
    expect(await panel.$eval('.flow-run .run-status', (el) => el.textContent)).toBe('已由你停止');
    expect(await panel.$eval('.step[data-step="submit"]', (el) => (el as HTMLElement).dataset.status)).toBe('cancelled');
    await panel.goto(`chrome-extension://${h.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=activity`, { waitUntil: 'load' });
    const row = await until(
      () => panel.$eval('.record[data-tool="ticket.submit"][data-status="cancelled"]', (el) => (el as HTMLElement).innerText).catch(() => ''),
      (t) => t.length > 0,
    );
    expect(row).toContain('已由你在执行前停止');
  });

  it('without Esc it submits exactly once when the countdown ends; an Esc a page script makes up does not stop it', async () => {
    await chord(page, 'KeyT');
    await until(() => countdownText(page), (t) => t.includes('秒后提交'), 30_000);
    // Synthetic key events (isTrusted false) from the page: never a person's Esc.
    await page.evaluate(() => {
      for (const target of [document.activeElement ?? document.body, document, window]) target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
    });
    expect(await ticketPosts(h)).toEqual([]);
    expect(await until(() => toastText(page), (t) => /快速建单 (已完成|未完成|已停止)|已由你停止/.test(t), 30_000)).toContain('已完成');
    const posts = await ticketPosts(h);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ status: 201, body: { category: 'quality' } });
    expect(await countdownText(page)).toBe('');
  });

  it('the Stop button on the countdown, clicked, stops it too', async () => {
    const panel = await h.panel(tabId);
    await panel.waitForSelector('button.run-quick-ticket');
    await panel.click('button.run-quick-ticket');
    await until(() => countdownText(page), (t) => t.includes('秒后提交'), 30_000);
    // The panel shows what is about to be submitted while the page counts down.
    expect(await panel.$eval('.step[data-step="submit"] .step-summary', (el) => el.textContent)).toContain('即将提交工单');
    await clickCountdownStop(page);
    await until(() => countdownText(page), (t) => t === '');
    await until(() => runStatus(panel), (s) => s === 'cancelled');
    expect(await panel.$eval('.flow-run .run-status', (el) => el.textContent)).toBe('已由你停止');
    expect(await poll(() => ticketPosts(h), (p) => p.length > 0, PAST_COUNTDOWN_MS)).toEqual([]);
  });

  it('where the console profile asks for a confirmation, the submit is a medium-risk card: nothing is posted until Confirm, then exactly once', async () => {
    const { panel, call } = await runWhereProfileConfirms();
    expect(call).toMatchObject({ tool: 'ticket.submit', sideEffect: 'write', risk: 'medium', caller: 'plan' });
    expect(await until(() => runStatus(panel), (s) => s !== 'running')).toBe('needs_confirmation');
    expect(await countdownText(page)).toBe('');
    const title = await titleInForm(page);
    const card = `.card[data-action-id="${call.actionId}"]`;
    await panel.waitForSelector(card);
    const text = await panel.$eval(card, (el) => (el as HTMLElement).innerText);
    for (const s of ['提交工单', '中风险', title, '产品质量']) expect(text).toContain(s);
    expect(await toastText(page)).toContain('确认提交');
    expect(await poll(() => ticketPosts(h), (p) => p.length > 0, PAST_COUNTDOWN_MS)).toEqual([]);
    await confirmCard(panel, call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="executed"]`);
    const posts = await ticketPosts(h);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ status: 201, body: { title, category: 'quality' } });
    // The card's decision settles the run the panel shows.
    expect(await until(() => runStatus(panel), (s) => s === 'completed')).toBe('completed');
  });

  it('a confirmed submit goes ahead only while the form shows what the card showed: a title changed after the card posts nothing', async () => {
    const { panel, call } = await runWhereProfileConfirms();
    // The agent edits the title after the card was made.
    await page.bringToFront();
    await page.type('#f-x81', '（已改）');
    await confirmCard(panel, call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="failed"]`);
    expect(await panel.$eval(`.outcome[data-action-id="${call.actionId}"]`, (el) => (el as HTMLElement).innerText)).toContain('确认之后建单表单有改动');
    expect(await ticketPosts(h)).toEqual([]);
    expect(await until(() => runStatus(panel), (s) => s === 'failed')).toBe('failed');
  });
});

describe('quick ticket in en', () => {
  let h: Harness;
  let page: Page;
  beforeAll(async () => {
    h = await startHarness({}, { lang: 'en' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the countdown says what will be submitted in English; Esc stops it and nothing is posted', async () => {
    await fetch(`${model.url}/_reset`);
    await settings(h);
    let tabId: number;
    ({ page, tabId } = await h.freshConsole('/?lang=en'));
    await chord(page, 'KeyT');
    const shown = await until(() => countdownText(page), (t) => t.includes('Submitting in'), 30_000);
    const title = await titleInForm(page);
    for (const s of [`About to submit the ticket “${title}” (category: Product quality). Press Esc to stop it.`, 'Stop (Esc)']) expect(shown).toContain(s);
    await page.keyboard.press('Escape');
    expect(await until(() => toastText(page), (t) => t.includes('stopped by you'))).toContain('nothing was submitted');
    expect(await poll(() => ticketPosts(h), (p) => p.length > 0, PAST_COUNTDOWN_MS)).toEqual([]);
    const panel = await h.panel(tabId);
    await panel.waitForSelector('.flow-run[data-stopped-by="agent"]');
    expect(await panel.$eval('.flow-run .run-status', (el) => el.textContent)).toBe('Stopped by you');
  });
});
