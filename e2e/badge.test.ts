/**
 * The toolbar badge counts the confirmations waiting for each tab, and follows them as they
 * are prepared, decided and expire. The icon's click opens the side panel.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chord } from '../scripts/browser.ts';
import { startHarness, toastText, until, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT'] });
});
afterAll(async () => h?.close());

const badge = (tabId: number) => h.worker.evaluate((id: number) => chrome.action.getBadgeText({ tabId: id }), tabId);
const title = (tabId: number) => h.worker.evaluate((id: number) => chrome.action.getTitle({ tabId: id }), tabId);

async function prepareSend(page: Page) {
  await chord(page, 'KeyD');
  await until(() => toastText(page), (t) => t.includes('回复草稿'));
  await chord(page, 'KeyS');
  await until(() => toastText(page), (t) => t.includes('待确认'));
}

describe('the action badge', () => {
  it('counts pending confirmations per tab and drops them when decided or expired', async () => {
    const { page, tabId } = await h.freshConsole();
    expect(await badge(tabId)).toBe('');
    await prepareSend(page);
    expect(await until(() => badge(tabId), (b) => b === '1')).toBe('1');
    expect(await title(tabId)).toContain('1 个操作等待确认');

    // Another console tab has nothing waiting: its badge stays empty.
    const other = await h.openConsole('/?c=C-1002');
    const otherId = await h.tabIdOf(other);
    await new Promise((r) => setTimeout(r, 300));
    expect(await badge(otherId)).toBe('');
    expect(await badge(tabId)).toBe('1');

    // A person rejects it in the panel: the count goes.
    const [pending] = await h.pending(tabId);
    const panel = await h.panel(tabId);
    await panel.waitForSelector(`.card[data-action-id="${pending!.actionId}"] button.reject`);
    await panel.click(`.card[data-action-id="${pending!.actionId}"] button.reject`);
    expect(await until(() => badge(tabId), (b) => b === '')).toBe('');

    // One that expires goes too (its life is moved into the past, as time would: expiry is its age against the risk's TTL).
    await page.bringToFront();
    await chord(page, 'KeyS');
    expect(await until(() => badge(tabId), (b) => b === '1')).toBe('1');
    const [next] = await until(() => h.pending(tabId), (p) => p.length === 1);
    await h.worker.evaluate(async (a: string) => {
      const k = `ledger:${a}`;
      const e = (await chrome.storage.session.get(k))[k] as { call: { createdAt: number; expiresAt: number } };
      const life = e.call.expiresAt - e.call.createdAt;
      e.call.createdAt = Date.now() - life - 1;
      e.call.expiresAt = Date.now() - 1;
      await chrome.storage.session.set({ [k]: e });
    }, next!.actionId);
    expect(await until(() => badge(tabId), (b) => b === '')).toBe('');
    expect(await title(tabId)).toBe('打开 deskhand 侧边栏');
  });

  it('the toolbar icon opens the side panel (panel behaviour set by the worker) and has the icon set', async () => {
    expect(await h.worker.evaluate(() => chrome.sidePanel.getPanelBehavior())).toEqual({ openPanelOnActionClick: true });
    const icons = await h.worker.evaluate(() => chrome.runtime.getManifest().action?.default_icon);
    expect(icons).toEqual({ 16: 'icons/icon-16.png', 32: 'icons/icon-32.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' });
    const sizes = await h.worker.evaluate(async () => {
      const out: number[] = [];
      for (const s of [16, 32, 48, 128]) {
        const bmp = await createImageBitmap(await (await fetch(chrome.runtime.getURL(`icons/icon-${s}.png`))).blob());
        out.push(bmp.width);
      }
      return out;
    });
    expect(sizes).toEqual([16, 32, 48, 128]);
  });
});
