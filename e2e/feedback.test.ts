/**
 * Feedback where a person expects an answer (issue 23 item 6), in both languages, in real
 * Chromium: a conversation key on the console's knowledge-base article page names the page
 * (not "the reply box is empty"), and the header does not show the article's id as if it were
 * a conversation; on a site that is not a console the panel says so and adds the site as a
 * console in one click (the options flow: permission, `consoles`, the content script), after
 * which deskhand runs there.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleServer } from '../demo/console/server.ts';
import { chord, toastText } from '../scripts/browser.ts';
import { launchForConsole, type ConsoleBrowser } from './consoles/console-browser.ts';
import { startHarness, until, type Harness } from './harness.ts';

const WORDS = {
  zh_CN: { kbPage: '这是知识库页面，不是会话', notConsole: '当前标签页不是客服台', add: '添加为客服台', keysOnly: '只在已添加的客服台上有效' },
  en: { kbPage: 'This is a knowledge-base page, not a conversation', notConsole: 'not a support console', add: 'as a console', keysOnly: 'work only on the consoles you added' },
} as const;

const open: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const o of open.reverse()) await o.close().catch(() => {});
});

/** The toast after a key, once it says something (a page's first key also loads the kit). */
const toastAfter = (page: Page, key: 'KeyS' | 'KeyD') => chord(page, key).then(() => until(() => toastText(page).catch(() => ''), (x) => x.length > 0, 10_000));

for (const lang of ['zh_CN', 'en'] as const) {
  const w = WORDS[lang];
  describe(`feedback (${lang})`, () => {
    it('on a KB article page, S and D name the page, and the header shows no conversation id', async () => {
      const h: Harness = await startHarness({}, { lang });
      open.push(h);
      const { page, tabId } = await h.freshConsole('/kb/KB-102');
      const panel = await h.panel(tabId);
      await panel.waitForSelector('.panel-head .where');
      expect(await panel.$eval('.panel-head .where', (e) => e.textContent)).not.toContain('KB-102');
      expect(await toastAfter(page, 'KeyS')).toContain(w.kbPage);
      expect(await toastAfter(page, 'KeyD')).toContain(w.kbPage);
      // On a conversation the header names it.
      const convo = await h.openConsole('/');
      const convoTab = await h.tabIdOf(convo);
      const panel2 = await h.panel(convoTab);
      expect(await until(() => panel2.$eval('.panel-head .where', (e) => e.textContent ?? '').catch(() => ''), (x) => x.includes('C-1001'))).toContain('C-1001');
      expect(h.server.log.filter((e) => e.method !== 'GET')).toEqual([]);
    });

    it('on a site that is not a console, the panel says so and adds it as a console in one click', async () => {
      // 127.0.0.2 is not one of the demo's hosts: deskhand does not run there until it is added.
      const site: ConsoleServer = await startConsole({ host: '127.0.0.2' });
      open.push(site);
      const cb: ConsoleBrowser = await launchForConsole(site.url, {}, { lang, added: false });
      open.push(cb);
      const page = await cb.browser.newPage();
      await page.goto(`${site.url}/`, { waitUntil: 'load' });
      const tabId = await cb.tabIdOf(page);
      const panel = await cb.browser.newPage();
      await panel.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=${tabId}`, { waitUntil: 'load' });
      await panel.waitForSelector('button[name=add-this-console]');
      expect(await panel.$eval('.not-console', (e) => (e as HTMLElement).innerText)).toContain(w.notConsole);
      expect(await panel.$eval('.not-console', (e) => (e as HTMLElement).innerText)).toContain(w.keysOnly);
      const label = await panel.$eval('button[name=add-this-console]', (e) => e.textContent ?? '');
      expect(label).toContain(new URL(site.url).host);
      expect(label).toContain(w.add);
      // A key there does nothing: no content script runs on a site that is not a console.
      expect((await cb.pageInfo(page).catch(() => ({ ok: false }))).ok).not.toBe(true);
      await panel.click('button[name=add-this-console]');
      // Saved as a console, the content script registered, the tab reloaded: deskhand answers there.
      const consoles = await until(() => cb.worker.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { consoles?: string[] } | undefined)?.consoles ?? []), (c) => c.length > 0);
      expect(consoles).toEqual([site.url]);
      await until(() => cb.pageInfo(page).catch(() => ({ ok: false })), (i) => i.ok === true, 15_000);
      expect(await until(() => panel.$eval('.panel-head .where', (e) => e.textContent ?? '').catch(() => ''), (x) => x.includes(new URL(site.url).host), 10_000)).toContain('C-1001');
      expect(await panel.$('.not-console')).toBeNull();
    });
  });
}
