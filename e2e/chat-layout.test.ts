/**
 * The chat as an agent uses it all day (issue 23 items 2 and 4), in both languages, in real
 * Chromium with the real openai client and the local model server:
 * - the ask box stays in view at the bottom of a long panel, a new answer scrolls into view,
 *   finished outcomes fold to the latest one;
 * - Insert never overwrites a reply box silently: into an empty box it goes straight in; into
 *   a box with text the agent chooses replace or append; Undo puts back what was there, and
 *   leaves a box the agent edited since as it is. Nothing is ever sent (the backend's log).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../demo/model/server.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { jsonEndpoint } from '../src/kb/presets.ts';
import { mutations, startHarness, until, type Harness } from './harness.ts';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
});
afterAll(async () => model?.close());

const WORDS = {
  zh_CN: { howTo: '退款政策是怎样的？', kbDown: '知识库暂时不可用', question: '这个客户之前报过类似问题吗？', hasText: '回复框里已经有内容', undone: '已撤销', changed: '被编辑过', earlier: '更早的结果（2）' },
  en: { howTo: 'What is the refund policy?', kbDown: 'could not be reached', question: 'Has this customer reported this before?', hasText: 'already has text', undone: 'Undone', changed: 'edited since', earlier: 'Earlier (2)' },
} as const;

for (const lang of ['zh_CN', 'en'] as const) {
  const w = WORDS[lang];
  describe(`chat layout and Insert (${lang})`, () => {
    let h: Harness;
    let console_: Page;
    let panel: Page;
    let tabId: number;
    beforeAll(async () => {
      h = await startHarness({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'demo-assistant' } }, { lang });
      ({ page: console_, tabId } = await h.freshConsole());
    });
    afterAll(async () => h?.close());

    /** The console's reply box, whitespace folded (the editor lays paragraphs out its own way; list items are "- " lines there). */
    const box = () => console_.$eval('.editor', (el) => (el as HTMLElement).innerText.replace(/\s+-\s+/g, ' ').replace(/\s+/g, ' ').trim());
    const typeInBox = async (text: string) => {
      await console_.bringToFront();
      await console_.click('.editor');
      await console_.keyboard.type(text);
    };
    const ask = async (question: string) => {
      await panel.bringToFront();
      const before = await panel.$$eval('.turn[data-stopped]', (els) => els.length);
      await panel.type('textarea[name=question]', question);
      await panel.click('button.send');
      await until(() => panel.$$eval('.turn[data-stopped]', (els) => els.length), (n) => n === before + 1, 20_000);
    };
    const lastTurn = '.turns > li:last-child';

    it('the ask box stays in view, the new answer scrolls into view, earlier outcomes fold', async () => {
      // Three finished confirmations (prepared, then rejected) and a long history above the chat.
      panel = await h.panel(tabId);
      await panel.setViewport({ width: 360, height: 640 });
      for (const text of ['一', '二', '三']) {
        const r: ToolResult = await h.invoke(panel, tabId, 'reply.send', { text });
        if (r.status !== 'needs_confirmation') throw new Error(JSON.stringify(r));
        await h.worker.evaluate(async (id: string) => {
          const all = await chrome.storage.session.get(null);
          const key = Object.keys(all).find((k) => (all[k] as { call?: { actionId?: string } }).call?.actionId === id)!;
          await chrome.storage.session.set({ [key]: { ...(all[key] as object), state: 'rejected', updatedAt: Date.now(), decidedBy: 'test' } });
        }, r.call.actionId);
      }
      const turns = Array.from({ length: 6 }, (_, i) => ({ id: `old-${i}`, question: `Q${i}`, answer: 'lorem ipsum dolor sit amet '.repeat(30), chips: [], rounds: 1, stopped: 'answered', at: Date.now() - 60_000 + i }));
      await h.worker.evaluate(async (a: { key: string; turns: unknown[] }) => chrome.storage.session.set({ [a.key]: { conversationId: 'C-1001', turns: a.turns } }), { key: `chat:${tabId}`, turns });
      await panel.reload({ waitUntil: 'load' });
      await panel.waitForSelector('details.earlier');
      expect(await panel.$eval('details.earlier', (d) => ({ open: (d as HTMLDetailsElement).open, summary: d.querySelector('summary')!.textContent, rows: d.querySelectorAll('.outcome').length }))).toEqual({ open: false, summary: w.earlier, rows: 2 });
      expect(await panel.$$eval('.confirmations > .outcomes > .outcome', (els) => els.length)).toBe(1);
      await panel.waitForSelector(`${lastTurn}[data-stopped]`);
      await ask(w.question);
      // The new turn's top is in view, and so is the whole ask box, in a panel far taller than the window.
      const at = await until(
        () =>
          panel.evaluate((sel: string) => {
            const turn = document.querySelector(sel)!.getBoundingClientRect();
            const form = document.querySelector('form.ask')!.getBoundingClientRect();
            return { turnTop: turn.top, turnBottom: turn.bottom, formTop: form.top, formBottom: form.bottom, view: innerHeight, page: document.documentElement.scrollHeight };
          }, lastTurn),
        // The new turn starts at the top of the panel, its answer above the pinned ask box.
        (x) => x.turnTop >= 0 && x.turnTop < 40,
      );
      expect(at.page).toBeGreaterThan(2 * at.view);
      expect(at.formTop).toBeGreaterThanOrEqual(0);
      expect(at.formBottom).toBeLessThanOrEqual(at.view);
      await panel.evaluate(() => scrollTo(0, 0));
      const top = await panel.$eval('form.ask', (f) => ({ top: f.getBoundingClientRect().top, bottom: f.getBoundingClientRect().bottom, view: innerHeight }));
      expect(top.bottom).toBeLessThanOrEqual(top.view);
      expect(top.top).toBeGreaterThan(top.view / 2);
    });

    it('Insert: straight into an empty box with Undo; replace or append into a box with text; Undo leaves an edited box alone', async () => {
      const answer = () => panel.$eval(`${lastTurn} .md`, (el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim());
      const said = (sel: string) => panel.waitForSelector(`${lastTurn} ${sel}`, { timeout: 10_000 }).then((e) => e!.evaluate((x) => x.textContent ?? ''));
      expect(await box()).toBe('');
      const text = await answer();
      // Empty box: no question asked.
      await panel.click(`${lastTurn} .insert-reply`);
      await said('.note.inserted');
      expect(await box()).toBe(text);
      await panel.click(`${lastTurn} .insert-undo`);
      expect(await said('.note.undone')).toContain(w.undone);
      expect(await box()).toBe('');
      // A box with the agent's own words: asked, then appended below them; Undo restores them.
      await typeInBox('MINE-1');
      await panel.bringToFront();
      await panel.click(`${lastTurn} .insert-reply`);
      expect(await said('.insert-choice')).toContain(w.hasText);
      expect(await box()).toBe('MINE-1');
      await panel.click(`${lastTurn} .insert-append`);
      await said('.note.inserted');
      expect(await box()).toBe(`MINE-1 ${text}`);
      await panel.click(`${lastTurn} .insert-undo`);
      await said('.note.undone');
      expect(await box()).toBe('MINE-1');
      // Replace, then the agent edits: Undo does not overwrite the edit.
      await panel.click(`${lastTurn} .insert-reply`);
      await said('.insert-choice');
      await panel.click(`${lastTurn} .insert-replace`);
      await said('.note.inserted');
      expect(await box()).toBe(text);
      await typeInBox(' EDITED');
      await panel.bringToFront();
      await panel.click(`${lastTurn} .insert-undo`);
      expect(await said('.note.error')).toContain(w.changed);
      expect(await box()).toContain('EDITED');
      // Cancel leaves everything as it is.
      await panel.click(`${lastTurn} .insert-reply`);
      await said('.insert-choice');
      await panel.click(`${lastTurn} .insert-cancel`);
      await panel.waitForSelector(`${lastTurn} .insert-choice`, { hidden: true });
      expect(await box()).toContain('EDITED');
      expect(mutations(await h.log())).toEqual([]);
    });

    it('an answer whose knowledge search could not be reached says so and offers no Insert', async () => {
      await h.settings({ kb: { providers: { [h.server.url]: [jsonEndpoint('/api/kb/broken', 'Broken API')] } } } as never);
      await ask(w.howTo);
      expect(await panel.$$eval(`${lastTurn} .chip`, (els) => els.map((e) => `${(e as HTMLElement).dataset.tool}:${(e as HTMLElement).dataset.status}`))).toEqual(['kb.search:error']);
      expect(await panel.$eval(`${lastTurn} .kb-down`, (el) => el.textContent)).toContain(w.kbDown);
      expect(await panel.$(`${lastTurn} .insert-reply`)).toBeNull();
    });
  });
}
