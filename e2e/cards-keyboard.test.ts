/**
 * Keyboard-first confirming (issue 23 item 1), in the real side panel with real key presses:
 * the card that just appeared has the focus; the wait before Confirm is armed shows on the
 * button; then Enter confirms and Esc rejects — neither before the card is armed — and the
 * arrow keys move between cards. Judged by the demo console's backend and the ledger.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../src/tools/types.ts';
import { mutations, startHarness, until, type Harness } from './harness.ts';

const WORDS = {
  zh_CN: { lang: 'zh-CN', announced: /^等待您确认：/, rejectedBy: '拒绝人：王芳' },
  en: { lang: 'en', announced: /^Waiting for your confirmation: /, rejectedBy: 'rejected by 王芳' },
} as const;

for (const locale of ['zh_CN', 'en'] as const) {
  const w = WORDS[locale];
  let h: Harness;
  let tabId: number;

  describe(`confirming from the keyboard (${locale})`, () => {
    beforeAll(async () => {
      h = await startHarness({ roles: ['AGENT'], agentName: '王芳' }, { lang: locale });
    });
    afterAll(async () => h?.close());
    beforeEach(async () => {
      ({ tabId } = await h.freshConsole());
    });

    async function prepare(panel: Page, text: string): Promise<string> {
      const r: ToolResult = await h.invoke(panel, tabId, 'reply.send', { text });
      if (r.status !== 'needs_confirmation') throw new Error(`not prepared: ${JSON.stringify(r)}`);
      return r.call.actionId;
    }

    /** The side panel in front with the focus a person looking at it has (as scripts/browser.ts confirmCard). */
    async function panelInFront(): Promise<Page> {
      const panel = await h.panel(tabId);
      await panel.bringToFront();
      const cdp = await panel.createCDPSession();
      await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
      return panel;
    }

    const focusedCard = (panel: Page) => panel.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.actionId ?? `${document.activeElement?.tagName}.${document.activeElement?.className}`);
    /** The ledger's state of a call, straight from the worker's session storage. */
    const stateOf = (actionId: string) =>
      h.worker.evaluate(async (id: string) => {
        const all = Object.values(await chrome.storage.session.get(null)) as { state?: string; call?: { actionId?: string } }[];
        return all.find((e) => e.call?.actionId === id)?.state ?? null;
      }, actionId);

    it('the new card has the focus; Enter before it is armed does nothing, once armed it confirms; the send lands once', async () => {
      const panel = await panelInFront();
      const id = await prepare(panel, '您好，已为您处理。');
      const card = `.card[data-action-id="${id}"]`;
      await panel.waitForSelector(card);
      expect(await until(() => focusedCard(panel), (x) => x === id, 5_000)).toBe(id);
      // Announced to a screen reader, in a page that says its language; the open view says it is pressed.
      expect(await panel.$eval('.confirmations [aria-live]', (e) => e.textContent)).toMatch(w.announced);
      expect(await panel.evaluate(() => document.documentElement.lang)).toBe(w.lang);
      expect(await panel.$eval('button[name=view-work]', (b) => b.getAttribute('aria-pressed'))).toBe('true');
      // The wait shows on the button while it lasts.
      expect(await panel.$eval(`${card} button.confirm`, (b) => b.classList.contains('arming'))).toBe(true);
      await panel.keyboard.press('Enter');
      expect(await stateOf(id)).toBe('pending');
      await panel.waitForSelector(`${card}[data-armed="true"]`);
      expect(await panel.$eval(`${card} .keys`, (e) => e.textContent)).toMatch(/Enter/);
      await panel.keyboard.press('Enter');
      expect(await until(() => stateOf(id), (s) => s === 'executed', 10_000)).toBe('executed');
      expect(mutations(await h.log())).toHaveLength(1);
      await panel.close();
    });

    it('Esc rejects an armed card and sends nothing; arrow keys move between cards', async () => {
      const panel = await panelInFront();
      const first = await prepare(panel, '第一条');
      await until(() => focusedCard(panel), (x) => x === first, 5_000);
      const second = await prepare(panel, '第二条');
      // The newer card takes the focus when it appears.
      expect(await until(() => focusedCard(panel), (x) => x === second, 5_000)).toBe(second);
      await panel.keyboard.press('ArrowUp');
      expect(await focusedCard(panel)).toBe(first);
      await panel.keyboard.press('ArrowDown');
      expect(await focusedCard(panel)).toBe(second);
      await panel.waitForSelector(`.card[data-action-id="${second}"][data-armed="true"]`);
      await panel.keyboard.press('Escape');
      expect(await until(() => stateOf(second), (s) => s === 'rejected', 5_000)).toBe('rejected');
      expect(await stateOf(first)).toBe('pending');
      expect(mutations(await h.log())).toEqual([]);
      // The outcome says who rejected it, as a rejection (not "confirmed by").
      const said = await until(() => panel.$eval(`.outcome[data-action-id="${second}"] .when`, (e) => e.textContent ?? '').catch(() => ''), (x) => x.includes('王芳'));
      expect(said).toContain(w.rejectedBy);
      await panel.close();
    });

    it('? shows the keys as they are set now (a changed key too); Esc closes it', async () => {
      const panel = await panelInFront();
      await panel.waitForSelector('button.keys-button');
      await panel.keyboard.press('?');
      await panel.waitForSelector('.key-sheet');
      expect(await panel.$eval('.key-sheet kbd[data-action=prepareSend]', (e) => e.textContent)).toBe('Alt+Shift+S');
      await h.settings({ hotkeys: { prepareSend: 'Alt+Shift+Y' } });
      expect(await until(() => panel.$eval('.key-sheet kbd[data-action=prepareSend]', (e) => e.textContent), (k) => k === 'Alt+Shift+Y')).toBe('Alt+Shift+Y');
      await panel.keyboard.press('Escape');
      expect(await panel.$('.key-sheet')).toBeNull();
      await h.settings({ hotkeys: {} });
      await panel.close();
    });
  });
}
