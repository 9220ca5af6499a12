/**
 * Delivery verified on the next page, on the classic fixture console (fixtures/classic): a
 * server-rendered helpdesk whose Post Reply / Post Note / Transfer / Open are full-page form
 * posts followed by a redirect (or an error page). The content script that pressed the
 * button dies with its page; the worker asks the next page's content script what it shows.
 * Judged by the fixture's backend (what landed, exactly once) and by the outcome deskhand
 * reports: executed only when the next page shows it, failed on its error notice (with its
 * text), uncertain when it shows neither or never comes — and an uncertain send is not retried.
 * The generic profile only: nothing here is taught about the classic console.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURES } from '../fixtures/index.ts';
import type { FixtureServer, LogEntry, RecordTruth } from '../fixtures/types.ts';
import type { PreparedCall, ToolResult } from '../src/tools/types.ts';
import { confirmCard, startHarness, waitReady, type Harness } from './harness.ts';

let h: Harness;
let fx: FixtureServer;
let panel: Page;
let rec: RecordTruth;

beforeAll(async () => {
  fx = await FIXTURES.classic();
  h = await startHarness({ agentName: 'Chen Jing', queues: ['Technical support', 'Billing'] });
  panel = await h.panel(0);
});
afterAll(async () => {
  await h?.close();
  await fx?.close();
});
beforeEach(async () => {
  await fx.reset();
  for (const p of await h.browser.pages()) if (p.url().startsWith(fx.url)) await p.close();
  rec = await fx.truth((await fx.truth()).records[1]!.recordId);
});

async function open(url: string): Promise<{ page: Page; tabId: number }> {
  const page = await h.browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await waitReady(h, page);
  return { page, tabId: await h.tabIdOf(page) };
}

const fault = (path: string, mode: 'error' | 'hang' | 'reject') =>
  fetch(`${fx.url}/api/_faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, mode }) });
const posts = async (): Promise<LogEntry[]> => (await fx.log()).filter((e) => e.method === 'POST');
const data = <T = Record<string, unknown>>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};
const errorOf = (r: ToolResult) => {
  if (!('error' in r)) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
};
const added = async () => (await fx.truth(rec.recordId)).messages.slice(rec.messages.length);

/** reply.send prepared from the panel, confirmed as a person does; the ledger entry once it settled. */
async function confirmedSend(tabId: number, text: string): Promise<{ state: string; outcome: { data?: Record<string, unknown>; error?: { code: string; type: string; detail: string } } }> {
  const r = await h.invoke(panel, tabId, 'reply.send', { text });
  if (r.status !== 'needs_confirmation') throw new Error(`expected a pending send, got ${JSON.stringify(r)}`);
  const call: PreparedCall = r.call;
  const p = await h.panel(tabId);
  await confirmCard(p, call.actionId);
  await p.waitForSelector(`.outcome[data-action-id="${call.actionId}"]:not([data-state=dispatched])`, { timeout: 40_000 });
  await p.close();
  return h.worker.evaluate(async (id: string) => Object.values(await chrome.storage.session.get(null)).find((e) => (e as { call?: { actionId: string } }).call?.actionId === id), call.actionId) as never;
}

describe('a full-page POST console: the outcome is read on the next page', () => {
  it('a confirmed reply is executed once the next page shows it in the thread; exactly one post', async () => {
    const { page, tabId } = await open(rec.urls.en);
    const text = 'Hi Sarah, the duplicate $129.00 charge is refunded — ref RF-7731.';
    const entry = await confirmedSend(tabId, text);
    expect(entry.state).toBe('executed');
    expect(entry.outcome.data).toMatchObject({ sent: true, seen: 'on the next page: the text appears on the page' });
    expect((await added()).map((m) => [m.role, m.text])).toEqual([['agent', text]]);
    expect((await posts()).map((e) => e.status)).toEqual([303]);
    expect(page.url()).toContain('msg=reply');
  });

  it('a reply the console refuses (its error page) is failed with the console\'s words; nothing landed', async () => {
    const { tabId } = await open(rec.urls.en);
    await fault('ticket\\.cgi', 'reject');
    const entry = await confirmedSend(tabId, 'This reply is refused by policy.');
    expect(entry.state).toBe('failed');
    expect(entry.outcome.error).toMatchObject({ code: 'SEND_REFUSED', type: 'failed' });
    expect(entry.outcome.error!.detail).toContain('Action denied by policy');
    expect(await added()).toEqual([]);
  });

  it('a reply answered by a bare 500 page is uncertain (no entry, no notice) and is not retried', async () => {
    const { tabId } = await open(rec.urls.en);
    await fault('ticket\\.cgi', 'error');
    const entry = await confirmedSend(tabId, 'The server breaks on this one.');
    expect(entry.state).toBe('uncertain');
    expect(entry.outcome.error).toMatchObject({ code: 'SEND_UNCONFIRMED', type: 'uncertain' });
    expect(entry.outcome.error!.detail).toContain('on the next page');
    await new Promise((r) => setTimeout(r, 500));
    expect((await posts()).map((e) => e.status)).toEqual([500]);
  });

  it('a reply whose post never gets an answer (no next page) is uncertain after the wait, never executed, and is not retried', async () => {
    const { tabId } = await open(rec.urls.en);
    await fault('ticket\\.cgi', 'hang');
    const entry = await confirmedSend(tabId, 'The server never answers this one.');
    expect(entry.state).toBe('uncertain');
    expect(entry.outcome.error).toMatchObject({ code: 'NO_NEXT_PAGE', type: 'uncertain' });
    expect((await posts()).map((e) => e.status)).toEqual([0]);
  }, 60_000);

  it('note.add behind its tab: the result comes from the next page; exactly one note', async () => {
    const { tabId } = await open(rec.urls.en);
    const text = 'Finance approved the duplicate capture refund, ref FIN-2291.';
    const d = data<{ added: boolean; seen: string }>(await h.invoke(panel, tabId, 'note.add', { text }));
    expect(d).toMatchObject({ added: true, conversationId: rec.recordId, seen: 'on the next page: the text appears on the page' });
    expect((await added()).map((m) => [m.role, m.text])).toEqual([['note', text]]);
  });

  it('a note the console refuses is failed with its text (the draft it puts back in the box is not the note)', async () => {
    const { tabId } = await open(rec.urls.en);
    await fault('ticket\\.cgi', 'reject');
    const e = errorOf(await h.invoke(panel, tabId, 'note.add', { text: 'A note the policy refuses.' }));
    expect(e).toMatchObject({ type: 'failed', code: 'NOTE_REFUSED' });
    expect(e.detail).toContain('Action denied by policy');
    expect(await added()).toEqual([]);
  });

  it('queue.assign through the Dept. Transfer tab: the next page\'s notice is the answer', async () => {
    const { tabId } = await open(rec.urls.en);
    const d = data<{ to: string; seen: string; notice: string }>(await h.invoke(panel, tabId, 'queue.assign', { queue: 'Technical support' }));
    expect(d).toMatchObject({ to: 'Technical support', notice: 'Ticket transferred' });
    expect(d.seen).toMatch(/^on the next page: /);
    expect((await fx.truth(rec.recordId)).assignee).toMatchObject({ queue: 'tech' });
    expect(await posts()).toHaveLength(1);
  });

  it('ticket.submit on the new-ticket page: executed on the new record\'s page; a server-side validation error is failed', async () => {
    const { tabId } = await open(`${fx.url}/open.cgi?lang=en`);
    const fill = async (email: string) => {
      data(await h.invoke(panel, tabId, 'customer.fill', { name: 'Sarah Johnson', email, phone: '+1 415 555 0142' }));
      data(await h.invoke(panel, tabId, 'ticket.fill', { title: 'Duplicate charge on ORD-20261115', description: 'Charged twice for $129.00; one must be refunded.', category: 'Refund / double charge', priority: 'high' }));
    };
    await fill('sarah.j@');
    const refused = errorOf(await h.invoke(panel, tabId, 'ticket.submit', {}));
    expect(refused).toMatchObject({ type: 'failed', code: 'CONSOLE_REFUSED' });
    expect(refused.detail).toMatch(/Email Address is required or invalid/);
    expect((await fx.truth()).tickets).toEqual([]);

    // The error page's content script answered the check, so it is there for the next call.
    await fill('sarah.j@example.com');
    const d = data<{ submitted: boolean; recordId: string; seen: string }>(await h.invoke(panel, tabId, 'ticket.submit', {}));
    const { tickets } = await fx.truth();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ subject: 'Duplicate charge on ORD-20261115', category: 'refund', priority: 'high' });
    expect(d).toMatchObject({ submitted: true, recordId: tickets[0]!.id });
    expect(d.seen).toMatch(/^on the next page: the console shows the new record/);
  });

  it('only the worker asks a page to verify; the page that pressed never answers for itself', async () => {
    const { tabId } = await open(rec.urls.en);
    const check = { tool: 'note.add', caller: 'ui', traceId: 't', text: 'x', before: 0, recordId: rec.recordId, record: 'same', words: { refused: 'A_REFUSED', unclear: 'A_UNCERTAIN', silent: 'A_UNCONFIRMED', fix: '', check: '' }, data: {} };
    const fromPanel = await panel.evaluate(
      (a: { tabId: number; check: unknown }) => chrome.tabs.sendMessage(a.tabId, { type: 'delivery.verify', checkId: crypto.randomUUID(), check: a.check }, { frameId: 0 }),
      { tabId, check },
    );
    expect(fromPanel).toMatchObject({ ok: false, error: { code: 'NOT_FROM_BACKGROUND' } });
    // A check the side panel asks about but no page handed over: uncertain, not executed.
    const unknown = await panel.evaluate(() => chrome.runtime.sendMessage({ type: 'delivery.await', checkId: crypto.randomUUID() }));
    expect(unknown).toMatchObject({ ok: true, result: { status: 'uncertain', error: { code: 'NO_NEXT_PAGE', type: 'uncertain' } } });
  });
});
