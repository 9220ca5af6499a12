/**
 * Teach mode that people can use (issue 20 §5), through the built extension in real Chromium
 * on the demo console, driven by trusted input (puppeteer's mouse and keyboard):
 * - the picker is drawn in the top layer: a page overlay at the highest z-index does not hide
 *   it, and a disabled Send that the page made `pointer-events: none` is picked;
 * - the panel names picked things in words, never markup or CSS;
 * - a page reload in the middle of teaching keeps the examples picked before it;
 * - the check runs again when the page changes, shows every message with the count per role,
 *   and tells "not on this page" from "broken";
 * - one rule is undone and every other stays.
 * Each test has its own fresh console tab (the file runs beside others).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, until, waitReady, type Harness } from './harness.ts';
import { pickSettled, startPicking } from './teach-picking.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT'], agentName: 'teach-ux' });
});
afterAll(async () => {
  await h?.close();
});

async function consoleView(tabId: number): Promise<Page> {
  const panel = await h.browser.newPage();
  await panel.goto(`chrome-extension://${h.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=console`, { waitUntil: 'load' });
  await panel.waitForSelector('.this-console .capability');
  return panel;
}

/** Presses a control once it is there and has stopped moving (the check re-renders the list). */
async function press(p: Page, sel: string): Promise<void> {
  await p.bringToFront();
  await p.waitForSelector(sel);
  const boxOf = async () => JSON.stringify(await (await p.$(sel))?.boundingBox());
  for (let i = 0, last = await boxOf(); i < 40; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const now = await boxOf();
    if (now === last && now !== 'null' && now !== undefined) break;
    last = now;
  }
  await p.click(sel);
}

/** A trusted click at the centre of `target` while the picker is up. */
async function clickOn(page: Page, target: string): Promise<void> {
  await page.bringToFront();
  await page.waitForSelector('deskhand-picker');
  const box = (await (await page.$(target))!.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.click(x, y);
}

/** Starts the picker for one slot of a capability (from the check's "show me" button). */
async function startPick(panel: Page, cap: string, slot: string): Promise<void> {
  await startPicking(panel, cap, slot, press);
}


async function teachOne(panel: Page, page: Page, cap: string, slot: string, target: string): Promise<void> {
  await startPick(panel, cap, slot);
  await clickOn(page, target);
  await panel.bringToFront();
  await panel.waitForSelector(`.teach-step[data-cap="${cap}"] .slot.done[data-slot="${slot}"]`);
  await pickSettled(panel, slot);
}

const row = (panel: Page, cap: string) =>
  panel.$eval(`.teach-mode .capability[data-cap="${cap}"]`, (e) => ({
    state: (e as HTMLElement).dataset.state ?? '',
    via: e.querySelector('.badge.via')?.textContent ?? '',
    counts: e.querySelector('.role-counts')?.textContent ?? '',
    messages: e.querySelectorAll('.reads > li:not(.role-counts)').length,
    things: Array.from(e.querySelectorAll('.reads > li.thing')).map((l) => l.textContent ?? ''),
    text: e.textContent ?? '',
  }));

const msg = (panel: Page, key: string, ...subs: string[]) => panel.evaluate((k: string, s: string[]) => chrome.i18n.getMessage(k, s), key, subs);

/** Markup, a selector or a stringified element: what a person must never read in the panel. */
const NOT_WORDS = /\[object|[>#.[\]{}]|send-btn|button\.|div\b|span\b/;

describe('teach mode that people can use', () => {
  it('the picker is drawn above a page overlay at the highest z-index; a disabled, pointer-events:none Send is picked and named in words', async () => {
    const { page, tabId } = await h.freshConsole('/?lang=en');
    // The page's own overlay (a chat widget, a cookie bar) at the highest z-index, and a Send that is
    // disabled until there is text and that hit testing skips (Bootstrap's `.btn:disabled`).
    await page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '.send-btn:disabled { pointer-events: none; opacity: .5 } #page-overlay { position: fixed; left: 0; top: 0; right: 0; height: 80px; z-index: 2147483647; background: rgba(200, 0, 0, .2) }';
      document.head.append(style);
      const overlay = document.createElement('div');
      overlay.id = 'page-overlay';
      document.body.append(overlay);
      (document.querySelector('.send-btn') as HTMLButtonElement).disabled = true;
    });
    const panel = await consoleView(tabId);
    await press(panel, 'button.teach');
    await startPick(panel, 'send', 'one');
    await page.bringToFront();
    await page.waitForSelector('deskhand-picker');
    const onTop = await page.evaluate(() => {
      const r = document.getElementById('page-overlay')!.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.localName;
    });
    expect(onTop).toBe('deskhand-picker');
    await clickOn(page, '.send-btn');
    await panel.bringToFront();
    await panel.waitForSelector('.teach-step[data-cap="send"] .slot.done[data-slot="one"]');
    const viaProfile = await msg(panel, 'via_profile');
    const what = await panel.$eval('.pick-result .picked-what', (e) => e.textContent ?? '');
    expect(what).toBe(await msg(panel, 'pickedThing', await msg(panel, 'thingNamed_button', 'Send')));
    expect(what).not.toMatch(NOT_WORDS);
    // The check: Send found by the taught rule, named in words, read right.
    const send = await until(() => row(panel, 'sendButton'), (r) => r.state === 'ok' && r.via === viaProfile);
    expect(send.state).toBe('ok');
    expect(send.things).toEqual([await msg(panel, 'thingNamed_button', 'Send')]);
    const composer = await row(panel, 'replyComposer');
    expect(composer.things.length).toBe(1);
    for (const t of [...send.things, ...composer.things]) expect(t).not.toMatch(NOT_WORDS);

    // The page opens a modal dialog ("Move to …"): everything outside it turns inert, a plain
    // overlay or a popover too, and a click would go through to the dialog's button. The picker
    // follows the dialog: still on top, and the click picks without pressing.
    await page.evaluate(() => {
      const d = document.createElement('dialog');
      d.innerHTML = '<p>Move to another queue</p><button type="button" id="move-btn">Move</button>';
      document.body.append(d);
      (window as unknown as { moved: number }).moved = 0;
      d.querySelector('button')!.addEventListener('click', () => (window as unknown as { moved: number }).moved++);
      d.showModal();
    });
    await startPick(panel, 'noteSubmit', 'one');
    await page.bringToFront();
    await page.waitForSelector('deskhand-picker');
    const overDialog = await page.evaluate(() => {
      const r = document.getElementById('move-btn')!.getBoundingClientRect();
      return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)?.localName;
    });
    expect(overDialog).toBe('deskhand-picker');
    await clickOn(page, '#move-btn');
    await panel.bringToFront();
    await panel.waitForSelector('.teach-step[data-cap="noteSubmit"] .slot.done[data-slot="one"]');
    expect(await panel.$eval('.pick-result .picked-what', (e) => e.textContent ?? '')).toBe(await msg(panel, 'pickedThing', await msg(panel, 'thingNamed_button', 'Move')));
    expect(await page.evaluate(() => (window as unknown as { moved: number }).moved)).toBe(0);
    await panel.close();
  });

  it('a reload keeps the picks; the check follows the page (every message, the count per role, broken vs not on this page); one rule undone keeps the others', async () => {
    const { page, tabId } = await h.freshConsole('/?lang=en');
    const panel = await consoleView(tabId);
    await press(panel, 'button.teach');
    await teachOne(panel, page, 'thread', 'customer', '.messages li.msg.customer .text');
    // The console page reloads in the middle of teaching: the customer example is not lost.
    await page.bringToFront();
    await page.reload({ waitUntil: 'load' });
    await waitReady(h, page);
    await teachOne(panel, page, 'thread', 'agent', '.messages li.msg.agent .text');
    await teachOne(panel, page, 'reply', 'one', '.composer .editor');
    const viaProfile = await msg(panel, 'via_profile');
    const thread = await until(() => row(panel, 'threadRoles'), (r) => r.via === viaProfile && r.state === 'ok');
    // Both examples made the rule: the thread is read by the taught rule, both roles present.
    expect([thread.via, thread.state]).toEqual([viaProfile, 'ok']);
    expect(await panel.$$eval('.teach-step[data-cap="reply"], .taught-rules .taught-rule', (els) => els.map((e) => (e as HTMLElement).dataset.cap))).toEqual(['reply', 'thread', 'reply']);
    // Every message (4 shown: the hidden one is not read), with the count per role.
    expect(thread.messages).toBe(4);
    const counts = async (c: number, a: number) =>
      msg(panel, 'messageCounts', String(c + a), [await msg(panel, 'roleCount', await msg(panel, 'entryRole_customer'), String(c)), await msg(panel, 'roleCount', await msg(panel, 'entryRole_agent'), String(a))].join(await msg(panel, 'listSeparator')));
    expect(thread.counts).toBe(await counts(3, 1));

    // The page changes (a new message arrives): the check runs again by itself.
    await page.evaluate(() => {
      const li = document.createElement('li');
      li.className = 'msg customer';
      li.innerHTML = '<span class="who">Ana</span><time>09:20</time><p class="text">one more question</p>';
      document.querySelector('.messages')!.append(li);
    });
    const fresh = await until(() => row(panel, 'threadRoles'), (r) => r.text.includes('one more question'));
    expect(fresh.text).toContain('one more question');
    expect([fresh.messages, fresh.counts]).toEqual([5, await counts(4, 1)]);

    // The page loses its note box (not on this page) and the marks the taught roles lean on
    // (broken) — the authors' names too, or the customer's name alone tells the roles apart.
    await page.evaluate(() => {
      document.querySelector('section.note')?.remove();
      for (const li of document.querySelectorAll('.messages li.msg')) {
        li.className = 'msg';
        li.querySelector('.who')?.remove();
      }
    });
    const broken = await until(() => row(panel, 'threadRoles'), (r) => r.state !== 'ok');
    expect(broken.state).toBe('broken');
    expect(broken.text).toContain(await msg(panel, 'capState_broken'));
    const note = await row(panel, 'noteBox');
    expect(note.state).toBe('absent');
    expect(note.text).toContain(await msg(panel, 'capState_absent'));

    // Undo the thread rule: the composer rule stays, the thread is the heuristics' again.
    expect(await panel.$$eval('.taught-rules .taught-rule', (li) => li.map((l) => (l as HTMLElement).dataset.cap))).toEqual(['thread', 'reply']);
    await press(panel, '.taught-rules button.undo[data-undo="thread"]');
    await until(() => panel.$$eval('.taught-rules .taught-rule', (li) => li.map((l) => (l as HTMLElement).dataset.cap)), (c) => c.join() === 'reply');
    const after = await until(() => row(panel, 'threadRoles'), (r) => r.via !== viaProfile);
    expect(after.via).not.toBe(viaProfile);
    expect((await row(panel, 'replyComposer')).via).toBe(viaProfile);
    expect(await panel.$('.teach-step[data-cap="reply"] .slot.done[data-slot="one"]')).not.toBeNull();
    await panel.close();
  });
});
