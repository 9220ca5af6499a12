/**
 * The real osTicket 1.18.1 (setup.sh) in Chromium with deskhand loaded as for a user console:
 * the staff panel works, the page shows what osTicket's own database holds, the content
 * script runs there, and a reset brings the seeded helpdesk back.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchForConsole, type ConsoleBrowser } from '../console-browser.ts';
import {
  loginStaff,
  mailLog,
  openTicket,
  resetOsticket,
  startOsticket,
  ticketIdByNumber,
  ticketState,
  ticketThread,
  ticketUser,
  type Osticket,
  type SeedTicket,
} from './osticket.ts';

let os: Osticket;
let cb: ConsoleBrowser;
let page: Page;

function seeded(key: string): SeedTicket {
  const t = os.seed.tickets.find((x) => x.key === key);
  if (!t) throw new Error(`seed ticket ${key} missing`);
  return t;
}


const text = (selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim());

beforeAll(async () => {
  os = await startOsticket();
  cb = await launchForConsole(new URL(os.url).origin);
  page = await cb.browser.newPage();
  await loginStaff(page, os.staff);
});
afterAll(async () => cb?.close());

describe('osTicket staff panel (real console)', () => {
  it('shows the ticket whose number is in the heading, as the database holds it', async () => {
    const ticket = seeded('maria-refund');
    await openTicket(page, ticket.id);
    const number = /Ticket #(\d{6})/.exec(await text('.sticky.bar h2'))?.[1] ?? '';
    expect(await ticketIdByNumber(number)).toBe(ticket.id);

    const state = await ticketState(ticket.id);
    expect(await text('.tixTitle h3')).toBe(state.subject);
    expect(await text('#field_assign')).toBe(state.staff);
    const thread = await ticketThread(ticket.id);
    const shown = await page.$$eval('#thread-items .thread-entry', (els) =>
      els.map((e) => ({
        kind: ['message', 'response', 'note'].find((c) => e.classList.contains(c)) ?? '',
        poster: e.querySelector('.header > b')?.textContent?.trim() ?? '',
      })),
    );
    const kind = { M: 'message', R: 'response', N: 'note' } as const;
    expect(shown).toEqual(thread.map((e) => ({ kind: kind[e.type], poster: e.poster })));
    expect(new Set(thread.map((e) => e.type))).toEqual(new Set(['M', 'R', 'N']));
  });

  it('the user popup shows the phone osTicket stores for the ticket owner', async () => {
    const ticket = seeded('zhang-invoice');
    await openTicket(page, ticket.id);
    // The page scrolled to the last entry; up there the fixed sticky bar would cover the link.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('table.ticket_info a[href$="/user"]').click();
    await page.waitForSelector('#popup table.custom-info', { visible: true });
    const user = await ticketUser(ticket.id);
    expect(user.name).toBe('张伟');
    const phone = await page.$$eval('#popup table.custom-info tr', (rows) =>
      rows.find((r) => r.cells[0]?.textContent?.trim() === 'Phone Number:')?.cells[1]?.textContent?.trim(),
    );
    expect(phone).toBe(user.phoneDisplay);
  });

  it("deskhand's content script runs on the osTicket origin (a user console)", async () => {
    await openTicket(page, seeded('maria-refund').id);
    await cb.ready(page);
    const info = await cb.pageInfo(page);
    expect(info.ok).toBe(true);
    expect(info.origin).toBe(cb.origin);
    expect(info.readyMs).not.toBeNull();
  });

  it("an agent's reply lands in the database and the mail log; reset brings the seed back", async () => {
    const ticket = seeded('liam-login');
    const before = await ticketThread(ticket.id);
    await openTicket(page, ticket.id);
    await page.locator('#reply .redactor-in').click();
    await page.keyboard.type('Smoke test reply 42.');
    // Redactor fills its hidden textarea about 250 ms after the change; posting earlier sends nothing.
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('#response')?.value.includes('Smoke test reply 42.'));
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.locator('#reply input[type=submit][value="Post Reply"]').click()]);

    const after = await ticketThread(ticket.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({ type: 'R', poster: 'Ada Agent', text: 'Smoke test reply 42.' });
    const user = await ticketUser(ticket.id);
    const mails = await mailLog();
    expect(mails.map((m) => ({ to: m.to, subject: m.subject }))).toEqual([
      { to: [user.email], subject: `Re: ${ticket.subject} [#${ticket.number}]` },
    ]);
    expect(mails[0]?.body).toContain('Smoke test reply 42.');

    await resetOsticket({ keepSessions: true });
    expect(await ticketThread(ticket.id)).toEqual(before);
    expect(await mailLog()).toEqual([]);
    // Sessions were kept: the browser is still logged in.
    await openTicket(page, ticket.id);
    expect(await page.$$eval('#thread-items .thread-entry', (els) => els.length)).toBe(before.length);
  });
});
