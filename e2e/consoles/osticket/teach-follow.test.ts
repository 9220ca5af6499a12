/**
 * Teaching what osTicket's ticket page does not show, as a person does it (issue 20 §3), with
 * the built-in profile set aside (this console set to the generic heuristics only): the phone is
 * only in the user popup, which the person opens from the ticket and shows the phone in; the
 * user's other tickets are on the user's own page, which they reach by the popup's Manage User
 * link and show a row of. deskhand learns where each came from (the popup's own address with
 * the ticket's id, the link followed), the saved profile becomes the one in use, and the reads
 * on *other* tickets are judged by osTicket's database.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../src/tools/types.ts';
import { invokeFrom } from '../../harness.ts';
import { launchForConsole, type ConsoleBrowser } from '../console-browser.ts';
import { loginStaff, pageSettled, showTicket, startOsticket, ticketUser, userTickets, type Osticket, type SeedTicket } from './osticket.ts';

let os: Osticket;
let cb: ConsoleBrowser;
let page: Page;
let origin: string;

const data = <T>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};

beforeAll(async () => {
  // Nothing here writes to osTicket: the truth is read from its database as it is.
  os = await startOsticket();
  origin = new URL(os.url).origin;
  cb = await launchForConsole(origin, { agentName: 'Ada Agent' });
  await cb.settings({ consoleProfiles: { [origin]: 'generic' } });
  page = await cb.browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await loginStaff(page, os.staff);
});
afterAll(async () => cb?.close());

const show = (key: string): Promise<SeedTicket> => showTicket(page, key, (p) => cb.ready(p));

/** A trusted click in the middle of what `sel` finds (the picker's overlay takes it when it is up). */
async function pressOn(p: Page, sel: string): Promise<void> {
  await p.bringToFront();
  const el = await p.waitForSelector(sel, { visible: true });
  await el!.scrollIntoView();
  // Where it stays put: osTicket's page still slides its parts in for a moment after a load.
  let box = (await el!.boundingBox())!;
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const now = (await el!.boundingBox())!;
    if (JSON.stringify(now) === JSON.stringify(box)) break;
    box = now;
  }
  // Puppeteer's own click finds the element's middle again just before it presses (a panel that
  // redraws its check above the button moves it).
  await el!.click();
}

/** "Show me" for one capability, then the example on the page; the panel's answer for it. */
async function teachOne(view: Page, cap: string, slot: string, target: string): Promise<string[]> {
  await pressOn(view, `.teach-mode button.show-me[data-teach="${cap}"]`);
  await view.waitForSelector(`.teach-step[data-cap="${cap}"][data-picking="${slot}"]`);
  await page.waitForSelector('deskhand-picker');
  await pressOn(page, target);
  await view.bringToFront();
  await view.waitForSelector(`.teach-step[data-cap="${cap}"] .slot.done[data-slot="${slot}"]`);
  return view.$$eval('.pick-result .notes li', (ls) => ls.map((l) => l.className));
}

describe('osTicket taught by following the popup and the link (generic heuristics otherwise)', () => {
  it('the phone from the user popup and the earlier tickets from the user page: taught on one ticket, read on others as the database has them', async () => {
    const first = await show('maria-refund');
    // Untaught, the generic reading (it opens the user popup itself since issue 21) finds the
    // database's phone or none, never another.
    const panel = await cb.browser.newPage();
    await panel.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=0`, { waitUntil: 'load' });
    const tabId = await cb.tabIdOf(page);
    const before = data<Record<string, string>>(await invokeFrom(panel, tabId, 'customer.read', {}, 'ui'));
    expect([undefined, (await ticketUser(first.id)).phoneDisplay]).toContain(before.phone);

    const view = await cb.browser.newPage();
    await view.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=console`, { waitUntil: 'load' });
    // The view has read this page (its table and the recipes are drawn) before Teach is pressed.
    await view.waitForSelector('.this-console .recipes .recipe-row');
    await pressOn(view, '.this-console button.teach');
    await view.waitForSelector('.teach-mode');

    await page.bringToFront();
    await pageSettled(page);
    await pressOn(page, 'table.ticket_info a[href$="/user"]');
    await page.waitForSelector('#popup table.custom-info', { visible: true });
    await pageSettled(page);
    const digits = (await ticketUser(first.id)).phoneDisplay.replace(/\D/g, '').slice(-7);
    const phoneNotes = await teachOne(view, 'customerPhone', 'one', `::-p-xpath(//div[@id="popup"]//table[contains(@class,"custom-info")]//td[contains(translate(., "()- .", ""), "${digits}")])`);
    expect(phoneNotes.join(' ')).toContain('note-fromPopup');

    await pressOn(page, '#popup a.action[href^="users.php?id="]');
    await page.waitForSelector('#tickets table.list tbody tr');
    await cb.ready(page);
    const historyNotes = await teachOne(view, 'history', 'first', '#tickets table.list tbody tr a.preview');
    expect(historyNotes.join(' ')).toContain('note-followLink');

    await pressOn(view, 'button.save-taught');
    await view.waitForSelector('.this-console').catch(async (e: unknown) => {
      throw new Error(`${String(e)}; the panel says: ${await view.evaluate(() => document.body.innerText.slice(0, 1500))}`);
    });
    const stored = await cb.worker.evaluate(async (o: string) => ((await chrome.storage.local.get('taughtProfiles')).taughtProfiles as Record<string, { id: string; customer?: { follow?: unknown }; history?: { follow?: unknown } }>)[o]!, origin);
    expect(stored.customer?.follow).toMatchObject({ path: '/scp/ajax.php/tickets/{recordId}/user' });
    expect(stored.history?.follow).toEqual({ link: 'a[href^="users.php?id="]' });
    // Saving what was taught made it the profile in use here (the console was set to generic only).
    const choice = await cb.worker.evaluate(async (o: string) => ((await chrome.storage.local.get('settings')).settings as { consoleProfiles: Record<string, string> }).consoleProfiles[o], origin);
    expect(choice).toBe(stored.id);
    await view.close();

    // Other tickets, other customers: the popup's address with their ticket's id, the link on their page.
    for (const key of ['zhang-invoice', 'liam-login']) {
      const t = await show(key);
      const user = await ticketUser(t.id);
      const read = data<Record<string, string>>(await invokeFrom(panel, await cb.tabIdOf(page), 'customer.read', {}, 'ui'));
      expect([key, read.phone]).toEqual([key, user.phoneDisplay]);
    }
    const t = await show('maria-shipping');
    const history = data<{ tickets: { id: string }[] }>(await invokeFrom(panel, await cb.tabIdOf(page), 'ticket.history', {}, 'ui'));
    const others = (await userTickets(t.userId)).filter((x) => x.id !== t.id);
    expect(history.tickets.map((x) => x.id).sort()).toEqual(others.map((x) => x.number).sort());
    await panel.close();
  });
});
