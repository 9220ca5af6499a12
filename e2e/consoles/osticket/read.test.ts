/**
 * deskhand's read tools on the real osTicket 1.18.1 staff panel, judged by osTicket's own
 * database: the page model recognises the panel (profile osticket-1.18), binds to the URL's
 * internal id while showing the 6-digit number, reads every thread entry with the right role,
 * author, time and text, the customer (the phone from the user popup's ajax URL), the
 * user's other tickets (from their user page), the FAQ search, and follows PJAX navigation.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../src/tools/types.ts';
import { invokeFrom } from '../../harness.ts';
import { launchForConsole, type ConsoleBrowser } from '../console-browser.ts';
import { ENTRY_ROLE, faqs, loginStaff, seededTicket, showTicket, startOsticket, ticketThread, ticketUser, userTickets, type Osticket, type SeedTicket } from './osticket.ts';

let os: Osticket;
let cb: ConsoleBrowser;
let page: Page;
let panel: Page;

const data = <T>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

async function invoke(name: string, input: unknown = {}, caller: 'ui' | 'llm' = 'ui'): Promise<ToolResult> {
  return invokeFrom(panel, await cb.tabIdOf(page), name, input, caller);
}

beforeAll(async () => {
  os = await startOsticket();
  cb = await launchForConsole(new URL(os.url).origin, { agentName: 'Ada Agent' });
  page = await cb.browser.newPage();
  await loginStaff(page, os.staff);
  panel = await cb.browser.newPage();
  await panel.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=0`, { waitUntil: 'load' });
});
afterAll(async () => cb?.close());

const show = (key: string): Promise<SeedTicket> => showTicket(page, key, (p) => cb.ready(p));

describe('osTicket ticket page, read side', () => {
  it('page.inspect: the osTicket profile, the URL id bound, the number shown, every facet', async () => {
    const t = await show('maria-refund');
    const d = data<{ profile: { id: string; source: string }; recordId: string; displayId: string; conflict: unknown; facets: string[]; subject: string }>(await invoke('page.inspect'));
    expect(d.profile).toMatchObject({ id: 'osticket-1.18', source: 'builtin' });
    expect(d.recordId).toBe(String(t.id));
    expect(d.displayId).toBe(t.number);
    expect(d.conflict).toBeNull();
    expect(d.subject).toBe(t.subject);
    expect(d.facets).toEqual(expect.arrayContaining(['conversation', 'composer', 'customer', 'history', 'kb']));
  });

  it.each(['maria-refund', 'zhang-invoice', 'liam-login', 'wang-refund'])('conversation.read on %s: every entry as the database holds it', async (key) => {
    const t = await show(key);
    const d = data<{ conversationId: string; messages: { role: string; author: string; text: string; time: string }[]; removed: { hiddenChars: number } }>(
      await invoke('conversation.read', { limit: 50 }),
    );
    expect(d.conversationId).toBe(String(t.id));
    const entries = d.messages.filter((m) => m.role !== 'system');
    const db = await ticketThread(t.id);
    expect(entries.map((m) => m.role)).toEqual(db.map((e) => ENTRY_ROLE[e.type]));
    expect(entries.map((m) => m.author)).toEqual(db.map((e) => e.poster));
    expect(entries.map((m) => squash(m.text))).toEqual(db.map((e) => squash(e.text)));
    expect(entries.map((m) => m.time.slice(0, 16))).toEqual(db.map((e) => `${e.created.replace(' ', 'T')}`.slice(0, 16)));
    // The entries' hidden action menus ("Edit / Create Ticket") never reach the text.
    expect(JSON.stringify(entries)).not.toMatch(/Create Ticket|Create Task/);
    // Events between entries (created, assigned…) come as system entries.
    expect(d.messages.some((m) => m.role === 'system')).toBe(true);
  });

  it.each(['maria-refund', 'zhang-invoice'])('customer.read on %s: name and e-mail from the header, the phone from the user popup', async (key) => {
    const t = await show(key);
    const user = await ticketUser(t.id);
    const d = data<Record<string, string>>(await invoke('customer.read'));
    expect(d).toMatchObject({ name: user.name, email: user.email, phone: user.phoneDisplay });
    const forModel = data<Record<string, string>>(await invoke('customer.read', {}, 'llm'));
    expect(JSON.stringify(forModel)).not.toContain(user.email);
  });

  it("ticket.history: the user's other tickets, from their user page, without the open one", async () => {
    const t = await show('maria-refund');
    const d = data<{ tickets: { id: string; title: string; status: string }[] }>(await invoke('ticket.history'));
    const all = await userTickets(t.userId);
    const others = all.filter((x) => x.id !== t.id);
    expect(d.tickets.map((x) => x.id).sort()).toEqual(others.map((x) => x.number).sort());
    for (const row of d.tickets) {
      const db = others.find((x) => x.number === row.id)!;
      expect(row.title).toBe(db.subject);
      expect(row.status.toLowerCase()).toBe(db.status.toLowerCase());
    }
  });

  it('kb.search: the staff FAQ search through its page, judged by the FAQ table', async () => {
    await show('maria-refund');
    const d = data<{ results: { title: string; source: string }[] }>(await invoke('kb.search', { query: 'refund' }));
    const questions = (await faqs()).map((f) => f.question);
    expect(d.results.length).toBeGreaterThan(0);
    for (const r of d.results.filter((x) => x.source !== 'local')) expect(questions).toContain(r.title);
    expect(d.results.map((r) => r.title)).toContain('Refund policy');
  });

  it('after PJAX navigation to another ticket, the tools read the ticket now shown', async () => {
    const first = await show('maria-refund');
    const next = seededTicket('priya-bulk');
    // The queue links go through jquery-pjax: the container is swapped, the URL pushed.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.goto(new URL('/scp/tickets.php', os.url).href, { waitUntil: 'load' });
    await cb.ready(page);
    const link = `table.list a[href$="tickets.php?id=${next.id}"]:not(.preview)`;
    await page.waitForSelector(link);
    await Promise.all([page.waitForFunction((id: number) => location.search === `?id=${id}` && !!document.querySelector('#thread-items'), {}, next.id), page.click(link)]);
    const d = data<{ recordId: string; displayId: string }>(await invoke('page.inspect'));
    expect(d).toMatchObject({ recordId: String(next.id), displayId: next.number });
    expect(d.recordId).not.toBe(String(first.id));
    const conv = data<{ messages: { role: string; text: string }[] }>(await invoke('conversation.read', { limit: 50 }));
    const db = await ticketThread(next.id);
    expect(conv.messages.filter((m) => m.role !== 'system').map((m) => squash(m.text))).toEqual(db.map((e) => squash(e.text)));
  });
});
