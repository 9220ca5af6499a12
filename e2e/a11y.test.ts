/**
 * Accessibility of every screen (issue 23 item 9), with axe-core in real Chromium set to zh-CN
 * and to en, each screen in the light and the dark colour scheme (prefers-color-scheme, as the
 * system sets it): the side panel's work view (a pending send card, a finished quick ticket, an
 * answered question, an outcome), the key sheet, Activity with records, "This console", teach
 * mode with a pick made, and the options page with every section (a field error and the
 * knowledge-source form open on a sample). Every <details> is opened first, so what hides behind
 * "Details" is checked too. No violation of impact serious or critical may remain.
 *
 * Also: a long unbroken string (an order number, a URL) in a card's message does not widen the
 * card past the 320 px panel, nor make the panel scroll sideways.
 */
import { AxePuppeteer } from '@axe-core/puppeteer';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../demo/model/server.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { chord } from '../scripts/browser.ts';
import { startHarness, until, type Harness } from './harness.ts';
import { pickSettled, startPicking } from './teach-picking.ts';

/** The side panel's narrowest width (Chrome does not let it be narrower). */
const PANEL_WIDTH = 320;
const SCHEMES = ['light', 'dark'] as const;
/** One question about the customer (tool chips), one the knowledge base answers (its sources under the answer). */
const QUESTIONS = {
  zh_CN: ['这个客户之前报过类似问题吗？', '退款政策是怎样的？'],
  en: ['Has this customer reported this before?', 'What is the refund policy?'],
} as const;

/**
 * axe on the page as it is now, in both colour schemes: the serious and critical violations,
 * one line per element, naming the scheme, the rule id, the impact, where, and (for contrast)
 * the colours and their ratio, so the failure message lists them all.
 */
async function axe(page: Page): Promise<string[]> {
  // What hides behind a disclosure is read by someone who opens it: check it open.
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  const out: string[] = [];
  for (const scheme of SCHEMES) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    // Every rule in the light scheme; in the dark one only what a colour scheme can change
    // (contrast): names, roles, labels and structure are the same page (half the suite's time).
    const results = await (scheme === 'light' ? new AxePuppeteer(page) : new AxePuppeteer(page).withRules(['color-contrast', 'link-in-text-block'])).analyze();
    for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      for (const n of v.nodes) {
        const c = n.any.find((a) => a.id === 'color-contrast')?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const why = c?.fgColor ? `${c.fgColor} on ${c.bgColor} = ${c.contrastRatio}` : (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160);
        out.push(`${scheme}: ${v.id} (${v.impact}) ${n.target.join(' ')}: ${why}`);
      }
    }
  }
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  return out;
}

describe.each(['zh_CN', 'en'] as const)('axe on every screen in %s', (lang) => {
  let h: Harness;
  let model: ModelServer;
  let tabId: number;
  let panel: Page;

  beforeAll(async () => {
    model = await startModelServer();
    h = await startHarness({ roles: ['AGENT'], llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'demo-assistant' } }, { lang });
    ({ tabId } = await h.freshConsole(lang === 'en' ? '/?lang=en' : '/'));
    panel = await h.panel(tabId);
    await panel.setViewport({ width: PANEL_WIDTH, height: 900 });
  });
  afterAll(async () => {
    await h?.close();
    await model?.close();
  });

  const prepare = async (text: string): Promise<string> => {
    const r: ToolResult = await h.invoke(panel, tabId, 'reply.send', { text });
    if (r.status !== 'needs_confirmation') throw new Error(`not prepared: ${JSON.stringify(r)}`);
    return r.call.actionId;
  };

  it('the page says its language, and follows the system into the dark theme and back', async () => {
    expect(await panel.evaluate(() => document.documentElement.lang)).toBe(lang === 'en' ? 'en' : 'zh-CN');
    const colours = () => panel.evaluate(() => [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]);
    await panel.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect(await colours()).toEqual(['rgb(20, 24, 29)', 'rgb(228, 232, 238)']);
    await panel.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    expect(await colours()).toEqual(['rgb(246, 247, 249)', 'rgb(31, 41, 51)']);
  });

  it('the work view: a finished quick ticket, an outcome, a pending send card, an answered question', { timeout: 120_000 }, async () => {
    await panel.bringToFront();
    await panel.waitForSelector('button.run-quick-ticket');
    await panel.click('button.run-quick-ticket');
    await until(() => panel.$eval('.flow-run', (el) => (el as HTMLElement).dataset.runStatus ?? '').catch(() => ''), (s) => s !== '' && s !== 'running', 30_000);
    // One card decided (an outcome row), one waiting.
    const declined = await prepare(lang === 'en' ? 'Hello, this is handled.' : '您好，已为您处理。');
    await panel.waitForSelector(`.card[data-action-id="${declined}"]`);
    await panel.click(`.card[data-action-id="${declined}"] button.reject`);
    await panel.waitForSelector('.outcome[data-state="rejected"]');
    // Marked text on the card: a phone, an e-mail, a URL, a zero-width and a look-alike character.
    const marked = 'https://help.example.com/refund · 13800138000 · li.jing@example.com · p\u0430y\u200bpal';
    const waiting = await prepare(lang === 'en' ? `Your refund is on its way: ${marked}` : `您的退款已在处理中：${marked}`);
    await panel.waitForSelector(`.card[data-action-id="${waiting}"] mark.hidden-char.confusable`);
    await panel.waitForSelector(`.card[data-action-id="${waiting}"] mark.hl-phone`);
    for (const [i, q] of QUESTIONS[lang].entries()) {
      await panel.type('textarea[name=question]', q);
      await panel.click('button.send');
      await until(() => panel.$$eval('.turn[data-stopped="answered"]', (t) => t.length), (n) => n === i + 1, 30_000);
    }
    // The finished answer is said once, in the page's language (the region is empty while it streams: test/sidepanel/announce.test.ts).
    const said = await panel.$eval('.chat .answer-announced[aria-live="polite"]', (e) => e.textContent ?? '');
    expect(said).toMatch(lang === 'en' ? /^Answer: \S/ : /^回答：\S/);
    expect(await axe(panel)).toEqual([]);
  });

  it('Insert into a reply box that has text: the replace / append choice, then Undo', async () => {
    const page = (await h.browser.pages()).find((p) => p.url().startsWith(h.server.url))!;
    await page.bringToFront();
    await page.click('.editor');
    await page.keyboard.type('draft');
    await panel.bringToFront();
    await panel.click('.turns > li:last-child .insert-reply');
    await panel.waitForSelector('.turns > li:last-child .insert-choice');
    expect(await axe(panel)).toEqual([]);
    await panel.click('.turns > li:last-child .insert-append');
    await panel.waitForSelector('.turns > li:last-child .insert-undo');
    expect(await axe(panel)).toEqual([]);
  });

  it('a tab that is not a console', async () => {
    const other = await h.browser.newPage();
    await other.goto(`chrome-extension://${h.extensionId}/src/sidepanel/index.html?tabId=2147483000`, { waitUntil: 'load' });
    await other.setViewport({ width: PANEL_WIDTH, height: 700 });
    await other.waitForSelector('.not-console button');
    expect(await axe(other)).toEqual([]);
    await other.close();
  });

  it('the key sheet', async () => {
    await panel.click('button.keys-button');
    await panel.waitForSelector('.key-sheet');
    expect(await axe(panel)).toEqual([]);
    await panel.click('.key-sheet button.close');
  });

  it('Activity, with records', async () => {
    await panel.click('button[name=view-activity]');
    await panel.waitForSelector('.record');
    expect(await axe(panel)).toEqual([]);
  });

  it('"This console"', async () => {
    await panel.click('button[name=view-console]');
    await panel.waitForSelector('.this-console .capability');
    expect(await axe(panel)).toEqual([]);
  });

  it('teach mode, with a pick made', { timeout: 90_000 }, async () => {
    await panel.click('button.teach');
    await panel.waitForSelector('.teach-mode .capability');
    const press = async (p: Page, sel: string) => {
      await p.bringToFront();
      await p.waitForSelector(sel);
      await p.click(sel);
    };
    await startPicking(panel, 'send', 'one', press);
    const consolePage = (await h.browser.pages()).find((p) => p.url().startsWith(h.server.url))!;
    await consolePage.bringToFront();
    await consolePage.waitForSelector('deskhand-picker');
    const box = (await (await consolePage.$('.send-btn'))!.boundingBox())!;
    await consolePage.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await panel.bringToFront();
    await panel.waitForSelector('.teach-step[data-cap="send"] .slot.done[data-slot="one"]');
    await pickSettled(panel, 'one');
    expect(await axe(panel)).toEqual([]);
    await panel.click('button.cancel-teach');
    await panel.waitForSelector('.this-console');
  });

  it('the options page, every section (a field error, a connection tested, a preset asking, URL sources synced, a console\'s sources open)', { timeout: 90_000 }, async () => {
    // Knowledge-base URLs: their section shows only when there are some.
    await h.worker.evaluate(async (url: string) => {
      const cur = ((await chrome.storage.local.get('settings')).settings ?? {}) as { kb?: object };
      await chrome.storage.local.set({ settings: { ...cur, kb: { ...(cur.kb ?? {}), urls: [url] } } });
    }, `${h.server.url}/kb/KB-102`);
    const options = await h.browser.newPage();
    await options.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
    await options.waitForSelector('main[data-loaded="1"]');
    expect(await options.evaluate(() => document.documentElement.lang)).toBe(lang === 'en' ? 'en' : 'zh-CN');
    // A hotkey the browser keeps for itself: the field shows its error.
    await options.click('input[name=hotkey-draftReply]');
    await chord(options, 'KeyC');
    await options.waitForSelector('[data-path="hotkeys.draftReply"] .field-error');
    await options.click('button[name=llm-test]');
    await options.waitForSelector('.test-result.good');
    // A preset over what the person set asks first (an alert dialog).
    await options.select('select[name=llm-preset]', 'ollama');
    await options.waitForSelector('.ask-overwrite');
    await options.click('button[name=kb-sync]');
    await until(() => options.$eval('.kb-urls [role=status]', (e) => e.textContent ?? ''), (t) => t !== '' && t !== '…');
    // The knowledge sources of a console, a source open in the form with a sample's fields to pick and its JSON.
    await options.type('input[name=kb-origin]', h.server.url);
    await options.keyboard.press('Tab');
    await options.waitForSelector('.kb-console button[name=kb-preset-demoJson]');
    await options.click('button[name=kb-preset-demoJson]');
    await options.click('button[name=kb-source-try]');
    await options.waitForSelector('.kb-sample[data-kind="json"] .kb-preview li');
    expect(await axe(options)).toEqual([]);
    await options.close();
  });

  it('a 200-character unbroken string in a card and in a question stays inside the 320 px panel: no sideways scroll', { timeout: 60_000 }, async () => {
    await panel.click('button[name=view-work]');
    const long = `ORD-${'7'.repeat(200)}`;
    /** How far right the text inside `sel` reaches (a Range measures the text, not the boxes it overflows). */
    const reach = (sel: string) =>
      panel.$eval(sel, (el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return { text: el.textContent ?? '', right: range.getBoundingClientRect().right, boxRight: el.getBoundingClientRect().right, viewport: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth };
      });
    const id = await prepare(long);
    await panel.waitForSelector(`.card[data-action-id="${id}"]`);
    const card = await reach(`.card[data-action-id="${id}"]`);
    expect(card.text).toContain(long);
    expect(card.viewport).toBeLessThanOrEqual(PANEL_WIDTH);
    expect(card.right).toBeLessThanOrEqual(card.viewport);
    expect(card.boxRight).toBeLessThanOrEqual(card.viewport);
    expect(card.scroll).toBe(card.viewport);
    // The same in the chat: the question as typed, long token and all.
    await panel.type('textarea[name=question]', long);
    await panel.click('button.send');
    await panel.waitForSelector('.turn[data-stopped]:last-child', { timeout: 30_000 });
    const turn = await reach('.turn:last-child .question');
    expect(turn.text).toBe(long);
    expect(turn.right).toBeLessThanOrEqual(turn.viewport);
    expect(turn.scroll).toBe(turn.viewport);
  });

  it('a refund card (money to tick, a role the agent lacks) and cards gone stale once the console shows another conversation', { timeout: 60_000 }, async () => {
    const consolePage = (await h.browser.pages()).find((p) => p.url().startsWith(h.server.url))!;
    const before = (await h.pending(tabId)).length;
    const frame = consolePage.frames().find((f) => f.url().includes('refund-frame'))!;
    await frame.type('input[name=a]', '199');
    await frame.type('textarea[name=r]', lang === 'en' ? 'Left earbud silent' : '左耳无声');
    await chord(consolePage, 'KeyR');
    await until(() => h.pending(tabId), (x) => x.length === before + 1);
    await consolePage.click('a.conv[data-conv="C-1002"]');
    await consolePage.waitForSelector('main[data-conversation-id="C-1002"]');
    await panel.bringToFront();
    await panel.waitForSelector('.card[data-tool="refund.request"][data-stale="true"] .stale-warning');
    await panel.waitForSelector('.card[data-tool="refund.request"] input[name=ack-amount]');
    expect(await axe(panel)).toEqual([]);
  });
});
