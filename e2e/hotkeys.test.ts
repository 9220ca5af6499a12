/**
 * The in-page keymap with real (trusted) key presses, the toast it shows, and proof that a
 * page script's synthetic events trigger nothing.
 */
import type { Page } from 'puppeteer-core';
import { chord } from '../scripts/browser.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mutations, startHarness, toastText, until, type Harness } from './harness.ts';

let h: Harness;
let page: Page;
let tabId: number;

beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT'] });
});
afterAll(async () => h?.close());
beforeEach(async () => {
  ({ page, tabId } = await h.freshConsole());
});

const toastIncludes = (text: string) => until(() => toastText(page), (t) => t.includes(text));

const pendingCalls = () => h.pending(tabId);

describe('hotkeys', () => {
  it('Alt+Shift+F fills the customer into the ticket form and says so', async () => {
    await chord(page, 'KeyF');
    expect(await toastIncludes('已填写 4 个字段')).toContain('已填写 4 个字段');
    expect(await page.$eval('input[name=c_n]', (el) => (el as HTMLInputElement).value)).toBe('张伟');
    expect(await page.$eval('#quick-ticket', (el) => (el as HTMLElement).hidden)).toBe(false);
  });

  it('the toast names the fields it missed', async () => {
    await page.evaluate(() => document.querySelector('dh-email-field')!.remove());
    await chord(page, 'KeyF');
    expect(await toastIncludes('未找到')).toContain('已填写 3 个字段，未找到：邮箱');
  });

  it('Alt+Shift+C matches the category and shows the choice', async () => {
    await chord(page, 'KeyC');
    // How sure, in words; never the scorer's number.
    const said = await toastIncludes('分类');
    expect(said).toMatch(/分类：产品质量（把握(大|一般|不大，请核对)；其次：(退款退货|发票问题)）/);
    expect(said).not.toMatch(/得分|\d\.\d/);
    expect(await page.$eval('.combo-value', (el) => el.textContent)).toBe('产品质量');
  });

  it('Alt+Shift+D drafts a reply from the KB without sending it, and names the key that sends it', async () => {
    await chord(page, 'KeyD');
    expect(await toastIncludes('回复草稿')).toMatch(/ · 按 Alt\+Shift\+S 发送$/);
    const draft = await page.$eval('.editor', (el) => el.textContent ?? '');
    expect(draft).toMatch(/^您好 张伟，关于「耳机左耳无声，申请退款」，/);
    expect(mutations(await h.log())).toEqual([]);
  });

  it('Alt+Shift+S prepares a send of the drafted reply and leaves it to the side panel', async () => {
    await chord(page, 'KeyD');
    await toastIncludes('回复草稿');
    const draft = await page.$eval('.editor', (el) => el.textContent ?? '');
    await chord(page, 'KeyS');
    expect(await toastIncludes('待确认')).toContain('侧边栏');
    const pending = await until(pendingCalls, (p) => p.length === 1);
    expect(pending[0]!).toMatchObject({ tool: 'reply.send', caller: 'hotkey', input: { text: draft } });
    await new Promise((r) => setTimeout(r, 300));
    expect(mutations(await h.log())).toEqual([]);
  });

  it('hotkeys are configurable in settings', async () => {
    await h.settings({ hotkeys: { fillCustomer: 'Alt+Shift+Y' } });
    await new Promise((r) => setTimeout(r, 200));
    await chord(page, 'KeyF');
    await new Promise((r) => setTimeout(r, 400));
    expect(await page.$eval('input[name=c_n]', (el) => (el as HTMLInputElement).value)).toBe('');
    await chord(page, 'KeyY');
    await toastIncludes('已填写');
    expect(await page.$eval('input[name=c_n]', (el) => (el as HTMLInputElement).value)).toBe('张伟');
    await h.settings({ hotkeys: {} });
  });
});

describe('page scripts cannot drive deskhand', () => {
  it("a page script's synthetic key events and clicks prepare, confirm and deliver nothing", async () => {
    // A real prepared send is waiting for the panel.
    await chord(page, 'KeyD');
    await toastIncludes('回复草稿');
    await chord(page, 'KeyS');
    await until(pendingCalls, (p) => p.length === 1);
    await page.evaluate(() => {
      for (const code of ['KeyF', 'KeyC', 'KeyD', 'KeyS', 'KeyK', 'Enter']) {
        for (const target of [window, document, document.body, document.activeElement ?? document.body]) {
          target.dispatchEvent(new KeyboardEvent('keydown', { code, key: code.replace('Key', '').toLowerCase(), altKey: true, shiftKey: true, bubbles: true }));
        }
      }
      // Click what deskhand put on the page (the toast host), and ask the extension to confirm.
      // The console's own buttons are left alone: one of them folds the form a fill would land in.
      for (const el of Array.from(document.querySelectorAll('deskhand-toast'))) (el as HTMLElement).click();
      window.postMessage({ type: 'confirm.approve', actionId: 'x', fingerprint: 'y' }, '*');
    });
    // A real press after them: its answer comes once the content script has dealt with all of the above.
    const before = await toastText(page);
    await chord(page, 'KeyC');
    await until(() => toastText(page), (t) => t !== before && t.includes('分类'));
    expect(await pendingCalls()).toHaveLength(1);
    expect(mutations(await h.log())).toEqual([]);
    // The synthetic Alt+Shift+F filled nothing.
    expect(await page.$eval('input[name=c_n]', (el) => (el as HTMLInputElement).value)).toBe('');
  });
});

describe('shortcuts live in one place (settings.hotkeys), and a key press can open the side panel', () => {
  const sidePanels = () => h.worker.evaluate(async () => (await chrome.runtime.getContexts({ contextTypes: ['SIDE_PANEL' as chrome.runtime.ContextType] })).length);
  // An open panel stays open across tabs of the window; close it so each test sees its own opening.
  beforeEach(async () => {
    await h.worker.evaluate(async (id: number) => {
      const { windowId } = await chrome.tabs.get(id);
      await (chrome.sidePanel as unknown as { close(o: { windowId: number }): Promise<void> }).close({ windowId }).catch(() => {});
    }, tabId);
    await until(sidePanels, (n) => n === 0);
  });

  it('the extension declares no chrome.commands, so chrome://extensions/shortcuts cannot disagree', async () => {
    // With no `commands` in the manifest the API is not even there.
    expect(await h.worker.evaluate(async () => (chrome.commands ? await chrome.commands.getAll() : []))).toEqual([]);
  });

  it("a page script's synthetic Alt+Shift+K opens nothing; a real Alt+Shift+K opens the side panel for the tab", async () => {
    await page.evaluate(() => window.dispatchEvent(new KeyboardEvent('keydown', { code: 'KeyK', altKey: true, shiftKey: true, bubbles: true })));
    await new Promise((r) => setTimeout(r, 400));
    expect(await sidePanels()).toBe(0);
    await chord(page, 'KeyK');
    expect(await until(sidePanels, (n) => n === 1)).toBe(1);
  });

  it('Alt+Shift+S prepares the send and opens the panel where it waits; a changed key works at once', async () => {
    await h.settings({ hotkeys: { prepareSend: 'Alt+Shift+P' } });
    await chord(page, 'KeyD');
    await toastIncludes('回复草稿');
    await chord(page, 'KeyP');
    expect(await until(sidePanels, (n) => n === 1)).toBe(1);
    expect((await until(pendingCalls, (p) => p.length === 1))[0]!.tool).toBe('reply.send');
    await h.settings({ hotkeys: {} });
  });
});
