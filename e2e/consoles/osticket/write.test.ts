/**
 * deskhand's write tools on the real osTicket 1.18.1 staff panel, judged by osTicket's own
 * database and its mail log, never by the page: Alt+Shift+D drafts into the Redactor reply
 * editor from the FAQ search, Alt+Shift+S and Confirm in the side panel post exactly one agent
 * reply with exactly that text and osTicket mails it; note.add posts one internal note;
 * queue.assign transfers through the Transfer dialog and ticket.assign assigns through the
 * Assign dialog; on "Open a New Ticket" customer.fill (the user lookup), category.match (Help
 * Topic), ticket.fill and ticket.submit create exactly one ticket with those values; after
 * PJAX navigation the tools act on the ticket shown and a call prepared on the ticket before
 * is refused. Reply, note and new ticket are full-page POSTs: their outcome is read on the
 * page osTicket loads next. osTicket is reset to its seed before each test.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../../demo/model/server.ts';
import { chord } from '../../../scripts/browser.ts';
import type { PreparedCall, ToolResult } from '../../../src/tools/types.ts';
import { confirmCard, invokeFrom, toastText, until } from '../../harness.ts';
import { launchForConsole, type ConsoleBrowser } from '../console-browser.ts';
import {
  answerDialogs,
  dbNow,
  faqs,
  htmlToText,
  loginStaff,
  mailLog,
  openTicket,
  pageSettled,
  resetOsticket,
  startOsticket,
  ticketsCreatedSince,
  ticketState,
  ticketThread,
  ticketUser,
  type Osticket,
  type SeedTicket,
} from './osticket.ts';

let os: Osticket;
let cb: ConsoleBrowser;
let page: Page;
let panel: Page;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const seeded = (key: string): SeedTicket => {
  const t = os.seed.tickets.find((x) => x.key === key);
  if (!t) throw new Error(`seed ticket ${key} missing`);
  return t;
};
const staffId = (name: string) => os.seed.staff.find((s) => s.name === name)!.id;
const data = <T = Record<string, unknown>>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};
const errorOf = (r: ToolResult) => {
  if (!('error' in r)) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
};

async function invoke(name: string, input: unknown = {}): Promise<ToolResult> {
  return invokeFrom(panel, await cb.tabIdOf(page), name, input);
}

/** What the timings of the waits were, for the report (printed, never asserted). */
function report(what: string, d: { timings?: unknown; seen?: unknown }): void {
  console.log(`[osticket write] ${what}: seen=${JSON.stringify(d.seen)} timings=${JSON.stringify(d.timings)}`);
}

beforeAll(async () => {
  os = await startOsticket();
  cb = await launchForConsole(new URL(os.url).origin, { agentName: 'Ada Agent', queues: ['Sales', 'Support'] });
  page = await cb.browser.newPage();
  answerDialogs(page);
  await loginStaff(page, os.staff);
  panel = await cb.browser.newPage();
  await panel.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=0`, { waitUntil: 'load' });
});
afterAll(async () => cb?.close());
beforeEach(async () => {
  await resetOsticket({ keepSessions: true });
});

async function show(key: string): Promise<SeedTicket> {
  const t = seeded(key);
  await page.bringToFront();
  await openTicket(page, t.id);
  await cb.ready(page);
  return t;
}

/** The side panel pinned to the console tab, as a fresh page (it lists the tab's pending calls). */
async function panelFor(): Promise<Page> {
  const tabId = await cb.tabIdOf(page);
  await panel?.close().catch(() => {});
  panel = await cb.browser.newPage();
  await panel.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=${tabId}`, { waitUntil: 'load' });
  return panel;
}

async function pendingCalls(tabId: number): Promise<PreparedCall[]> {
  return cb.worker.evaluate(async (id: number) => {
    const all = await chrome.storage.session.get(null);
    return Object.values(all)
      .filter((e) => (e as { state?: string; call?: { binding: { tabId?: number } } }).state === 'pending' && (e as { call: { binding: { tabId?: number } } }).call.binding.tabId === id)
      .map((e) => (e as { call: PreparedCall }).call);
  }, tabId) as Promise<PreparedCall[]>;
}

/** The ledger entry of an action, once it is no longer dispatched. */
async function settled(actionId: string): Promise<{ state: string; outcome?: { data?: Record<string, unknown>; error?: { code: string; detail: string } } }> {
  return until(
    () => cb.worker.evaluate(async (id: string) => Object.values(await chrome.storage.session.get(null)).find((e) => (e as { call?: { actionId: string } }).call?.actionId === id) ?? null, actionId) as Promise<{ state: string } | null>,
    (e) => !!e && e.state !== 'pending' && e.state !== 'dispatched',
    40_000,
  ) as never;
}

/** The reply editor's text, and the hidden textarea Redactor posts. */
const replyEditor = () =>
  page.evaluate(() => ({
    shown: (document.querySelector('form#reply .redactor-in') as HTMLElement).innerText.trim(),
    source: (document.querySelector('form#reply textarea[name=response]') as HTMLTextAreaElement).value,
  }));

describe('osTicket ticket page, write side', () => {
  it('Alt+Shift+D drafts from the FAQ search into Redactor; Alt+Shift+S and Confirm post exactly that reply once, and osTicket mails it', async () => {
    const t = await show('liam-login');
    const before = await ticketThread(t.id);
    await chord(page, 'KeyD');
    const draft = await until(replyEditor, (e) => e.shown.length > 0 && e.source.includes('<p>'), 10_000);
    // The draft used an FAQ of this osTicket (its staff FAQ search), and nothing was posted.
    const questions = (await faqs()).map((f) => f.question);
    expect(questions.some((q) => draft.shown.includes(q))).toBe(true);
    expect(htmlToText(draft.source)).toBe(draft.shown.replace(/\n+/g, '\n'));
    expect(await ticketThread(t.id)).toEqual(before);

    await chord(page, 'KeyS');
    const tabId = await cb.tabIdOf(page);
    const [call] = await until(() => pendingCalls(tabId), (p) => p.length === 1);
    expect(call).toMatchObject({ tool: 'reply.send', caller: 'hotkey', binding: { recordId: String(t.id) } });
    const text = (call!.input as { text: string }).text;
    expect(squash(text)).toBe(squash(draft.shown));
    await panelFor();
    await confirmCard(panel, call!.actionId);
    const entry = await settled(call!.actionId);
    expect(entry.state).toBe('executed');
    report('reply.send', entry.outcome!.data!);
    expect(entry.outcome!.data).toMatchObject({ sent: true, conversationId: String(t.id), seen: expect.stringMatching(/^on the next page: /) });
    // The agent pressed a hotkey: the page osTicket loaded says what became of it.
    expect(await until(() => toastText(page), (s) => s.includes('已完成'))).toContain('已完成');

    const after = await ticketThread(t.id);
    const added = after.slice(before.length);
    expect(added.map((e) => [e.type, e.poster])).toEqual([['R', 'Ada Agent']]);
    expect(squash(added[0]!.text)).toBe(squash(text));
    const user = await ticketUser(t.id);
    const mails = (await mailLog()).filter((m) => m.to.includes(user.email));
    expect(mails.map((m) => m.subject)).toEqual([`Re: ${t.subject} [#${t.number}]`]);
    expect(squash(mails[0]!.body)).toContain(squash(text).slice(0, 60));
    // Confirming again replays the outcome: nothing is posted twice.
    const again = await panel.evaluate((a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id: call!.actionId, fp: call!.fingerprint });
    expect(again).toMatchObject({ ok: true, replay: true, entry: { state: 'executed' } });
    expect((await ticketThread(t.id)).length).toBe(after.length);
  });

  it('reply.send from the panel into an empty editor: Redactor synced and the lock held before Post Reply; one reply, one mail', async () => {
    const t = await show('zhang-invoice');
    const before = await ticketThread(t.id);
    const text = '张先生您好，发票抬头可以在「账户 → 发票信息」里修改，修改后重新开票即可。';
    const prepared = await invoke('reply.send', { text });
    if (prepared.status !== 'needs_confirmation') throw new Error(`expected a pending send, got ${JSON.stringify(prepared)}`);
    // Nothing is typed into the console before the confirmation.
    expect((await replyEditor()).source).toBe('');
    await panelFor();
    await confirmCard(panel, prepared.call.actionId);
    const entry = await settled(prepared.call.actionId);
    expect(entry.state).toBe('executed');
    report('reply.send (cold editor)', entry.outcome!.data!);
    const added = (await ticketThread(t.id)).slice(before.length);
    expect(added.map((e) => [e.type, e.poster, squash(e.text)])).toEqual([['R', 'Ada Agent', squash(text)]]);
    const user = await ticketUser(t.id);
    expect((await mailLog()).filter((m) => m.to.includes(user.email)).map((m) => m.subject)).toEqual([`Re: ${t.subject} [#${t.number}]`]);
  });

  it('Alt+Shift+S with an empty reply editor prepares nothing, and nothing is posted', async () => {
    const t = await show('maria-refund');
    const before = await ticketThread(t.id);
    await chord(page, 'KeyS');
    // The flow's answer: it ends here, having prepared nothing (a prepared send would say 待确认).
    expect(await until(() => toastText(page), (s) => s.length > 0)).toContain('回复框是空的');
    expect(await pendingCalls(await cb.tabIdOf(page))).toEqual([]);
    expect(await ticketThread(t.id)).toEqual(before);
    expect(await mailLog()).toEqual([]);
  });

  it('note.add posts exactly one internal note behind the "Post Internal Note" tab, read back on the page osTicket loads next', async () => {
    const t = await show('maria-refund');
    const before = await ticketThread(t.id);
    const text = 'Warehouse confirmed the return on 3 Dec; refund RF-20931 released. 仓库已确认。';
    const d = data<{ added: boolean; seen: string; timings: unknown }>(await invoke('note.add', { text }));
    report('note.add', d);
    expect(d).toMatchObject({ added: true, conversationId: String(t.id), seen: 'on the next page: the text appears on the page' });
    const added = (await ticketThread(t.id)).slice(before.length);
    expect(added.map((e) => [e.type, e.poster, squash(e.text)])).toEqual([['N', 'Ada Agent', squash(text)]]);
    // An internal note is for colleagues: nothing went to the customer.
    const user = await ticketUser(t.id);
    expect((await mailLog()).filter((m) => m.to.includes(user.email))).toEqual([]);
  });

  it('while another agent holds the ticket lock, note.add and a confirmed reply wait for it, then post nothing (CONSOLE_NOT_READY)', async () => {
    const t = await show('maria-shipping');
    // Ben types in his own browser session: osTicket's autolock gives the ticket to him.
    const ben = os.seed.staff.find((s) => s.username === 'ben')!;
    const other = await cb.browser.createBrowserContext();
    try {
      const benPage = await other.newPage();
      await loginStaff(benPage, ben);
      await openTicket(benPage, t.id);
      await benPage.click('#reply .redactor-in');
      await benPage.keyboard.type('Ben is answering this one');
      await benPage.waitForFunction(() => !!(document.querySelector('form#reply input[name=lockCode]') as HTMLInputElement).value, { timeout: 10_000 });
      await page.bringToFront();
      const before = await ticketThread(t.id);

      const note = errorOf(await invoke('note.add', { text: 'Ada tries to add a note while Ben holds the lock.' }));
      expect(note).toMatchObject({ type: 'failed', code: 'CONSOLE_NOT_READY' });
      expect(note.detail).toContain('lockCode');

      const prepared = await invoke('reply.send', { text: 'Ada tries to reply while Ben holds the lock.' });
      if (prepared.status !== 'needs_confirmation') throw new Error(`expected a pending send, got ${JSON.stringify(prepared)}`);
      await panelFor();
      await confirmCard(panel, prepared.call.actionId);
      const entry = await settled(prepared.call.actionId);
      expect(entry).toMatchObject({ state: 'failed', outcome: { error: { code: 'CONSOLE_NOT_READY' } } });

      expect(await ticketThread(t.id)).toEqual(before);
      expect(await mailLog()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('queue.assign transfers through the Transfer dialog; the current department is refused by osTicket with its own words', async () => {
    const t = await show('liam-login');
    expect((await ticketState(t.id)).dept).toBe('Support');
    const refused = errorOf(await invoke('queue.assign', { queue: 'Support' }));
    expect(refused).toMatchObject({ type: 'failed', code: 'CONSOLE_REFUSED' });
    expect(refused.detail).toMatch(/already in the department|Unable to transfer/i);
    expect((await ticketState(t.id)).dept).toBe('Support');
    expect(await page.$eval('#popup', (p) => getComputedStyle(p).display)).toBe('none');

    const d = data<{ to: string; seen: string }>(await invoke('queue.assign', { queue: 'Sales' }));
    report('queue.assign', d);
    expect(d.to).toBe('Sales');
    expect((await ticketState(t.id)).dept).toBe('Sales');
  });

  it('queue.assign refuses a department off the allow-list, and closes the dialog it opened', async () => {
    await cb.settings({ queues: ['Support'] });
    try {
      const t = await show('liam-login');
      expect(errorOf(await invoke('queue.assign', { queue: 'Sales' }))).toMatchObject({ type: 'forbidden', code: 'QUEUE_NOT_ALLOWED' });
      expect(await page.$eval('#popup', (p) => getComputedStyle(p).display)).toBe('none');
      expect((await ticketState(t.id)).dept).toBe('Support');
    } finally {
      await cb.settings({ queues: ['Sales', 'Support'] });
    }
  });

  it.each(['liam-login', 'zhang-shipping'])('ticket.assign assigns %s to an agent through the Assign dialog', async (key) => {
    const t = await show(key);
    const d = data<{ to: string; seen: string }>(await invoke('ticket.assign', { agent: 'Ben Becker' }));
    report(`ticket.assign ${key}`, d);
    expect(d.to).toBe('Ben Becker');
    expect((await ticketState(t.id)).staffId).toBe(staffId('Ben Becker'));
  });
});

describe('osTicket "Open a New Ticket", write side', () => {
  it('customer.fill (the user lookup), category.match (Help Topic), ticket.fill and ticket.submit create exactly one ticket with those values', async () => {
    const maria = os.seed.users.find((u) => u.key === 'maria')!;
    await page.bringToFront();
    // Started from the queue, not from a ticket: the ticket is about what the agent says. (A
    // page that shows neither a record nor a ticket form for 2 s forgets the record before it.)
    await page.goto(`${os.url}/scp/tickets.php`, { waitUntil: 'load' });
    await cb.ready(page);
    await new Promise((r) => setTimeout(r, 2_500));
    await page.goto(`${os.url}/scp/tickets.php?a=open`, { waitUntil: 'load' });
    // osTicket opens "Lookup or create a user" by itself.
    await page.waitForSelector('#popup input#user-search', { visible: true });
    await pageSettled(page);
    await cb.ready(page);
    const since = await dbNow();

    const who = data<{ filled: { field: string; value: string }[]; seen: string }>(await invoke('customer.fill', { email: maria.email, name: maria.name }));
    report('customer.fill', who);
    expect(who.filled.map((f) => [f.field, f.value])).toEqual([['email', maria.email], ['name', maria.name]]);
    expect(new URL(page.url()).searchParams.get('uid')).toBe(String(maria.id));
    await cb.ready(page);

    const topic = data<{ choice: { label: string } }>(await invoke('category.match', { hint: 'my refund was never paid back' }));
    expect(topic.choice.label).toBe('Refund Request');
    const title = 'Refund for a returned rain jacket';
    const description = 'The customer returned order #10482 and is still waiting for the $89.00 refund.';
    const fill = data<{ filled: { field: string }[]; missed: string[]; failed: unknown[] }>(await invoke('ticket.fill', { title, description, priority: 'high' }));
    expect(fill.filled.map((f) => f.field).sort()).toEqual(['description', 'priority', 'title']);
    expect(fill.failed).toEqual([]);
    expect(await ticketsCreatedSince(since)).toEqual([]);

    const done = data<{ submitted: boolean; ticketId: string; recordId: string; seen: string }>(await invoke('ticket.submit', {}));
    report('ticket.submit', done);
    const created = await ticketsCreatedSince(since);
    expect(created).toHaveLength(1);
    const [ticket] = created;
    expect(ticket).toMatchObject({ subject: title, userId: maria.id, number: done.ticketId });
    expect(String(ticket!.id)).toBe(done.recordId);
    expect(await ticketState(ticket!.id)).toMatchObject({ topic: 'Refund Request', priority: 'High' });
    const thread = await ticketThread(ticket!.id);
    expect(squash(thread[0]!.text)).toBe(squash(description));
    expect(done.seen).toMatch(/^on the next page: the console shows the new record/);
  });

  it('ticket.submit with the Help Topic unset is refused before anything is posted', async () => {
    const maria = os.seed.users.find((u) => u.key === 'maria')!;
    await page.goto(`${os.url}/scp/tickets.php?a=open&uid=${maria.id}`, { waitUntil: 'load' });
    await cb.ready(page);
    const since = await dbNow();
    expect(errorOf(await invoke('ticket.submit', {}))).toMatchObject({ type: 'validation', code: 'REQUIRED_EMPTY' });
    expect(await ticketsCreatedSince(since)).toEqual([]);
  });
});

describe('osTicket after PJAX navigation', () => {
  it('a reply prepared on ticket A is refused on ticket B; note.add then lands on B', async () => {
    const a = await show('maria-refund');
    const b = seeded('priya-bulk');
    const beforeA = await ticketThread(a.id);
    const beforeB = await ticketThread(b.id);
    const prepared = await invoke('reply.send', { text: 'This reply belongs to ticket A only.' });
    if (prepared.status !== 'needs_confirmation') throw new Error(`expected a pending send, got ${JSON.stringify(prepared)}`);
    const call = prepared.call;
    expect(call.binding.recordId).toBe(String(a.id));

    // To the queue and on to B through osTicket's own PJAX links: one document all along.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.evaluate(() => window.scrollTo(0, 0));
    await Promise.all([page.waitForFunction(() => !!document.querySelector('table.list')), page.click('#sub_nav a[href^="tickets.php"]')]);
    const link = `table.list a[href$="tickets.php?id=${b.id}"]:not(.preview)`;
    await page.waitForSelector(link);
    await Promise.all([page.waitForFunction((id: number) => location.search === `?id=${id}` && !!document.querySelector('#reply .redactor-in'), {}, b.id), page.click(link)]);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await pageSettled(page);
    expect(data<{ recordId: string }>(await invoke('page.inspect')).recordId).toBe(String(b.id));

    const approve = await panel.evaluate((x: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: x.id, fingerprint: x.fp }), { id: call.actionId, fp: call.fingerprint });
    expect(approve).toMatchObject({ ok: false, error: { code: 'STALE_RECORD' } });

    const text = 'Priya asked for 200 units; quote sent by Sales.';
    const d = data<{ conversationId: string; seen: string }>(await invoke('note.add', { text }));
    expect(d.conversationId).toBe(String(b.id));
    expect(await ticketThread(a.id)).toEqual(beforeA);
    const addedB = (await ticketThread(b.id)).slice(beforeB.length);
    expect(addedB.map((e) => [e.type, squash(e.text)])).toEqual([['N', squash(text)]]);
    // The prepared reply went nowhere.
    expect((await mailLog()).filter((m) => m.subject.startsWith('Re: '))).toEqual([]);
  });
});

describe('osTicket quick ticket (Alt+Shift+T) on "Open a New Ticket", reached from a ticket', () => {
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer();
    await cb.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'demo-assistant' } });
  });
  afterAll(async () => model?.close());

  it('T on the ticket page says where the form is; there, T chooses that ticket’s user (osTicket reloads the form), its Help Topic, and opens exactly one ticket', async () => {
    const t = await show('maria-refund');
    const user = await ticketUser(t.id);
    const since = await dbNow();
    // Let the ticket page leave its record with the worker (it does once the page settles).
    await new Promise((r) => setTimeout(r, 1_000));
    await chord(page, 'KeyT');
    expect(await until(() => toastText(page), (x) => x.includes('a=open'), 3_000)).toMatch(/New Ticket.*\/scp\/tickets\.php\?a=open/);
    // The agent goes there with osTicket's own sub-nav link (PJAX: no referrer, same document).
    await page.evaluate(() => window.scrollTo(0, 0));
    await Promise.all([page.waitForFunction(() => location.search.includes('a=open')), page.click('#sub_nav a[href*="a=open"]')]);
    await page.waitForSelector('#popup input#user-search', { visible: true });
    await pageSettled(page);
    await cb.ready(page);
    await chord(page, 'KeyT');
    // Two page loads on the way (the lookup's Continue, the form's Open): the flow goes on across both.
    const done = await until(() => toastText(page).catch(() => ''), (x) => /快速建单 (已完成|未完成|已取消)/.test(x), 60_000);
    expect(done).toMatch(/快速建单 已完成：工单 \d{6}/);
    const created = await ticketsCreatedSince(since);
    expect(created).toHaveLength(1);
    expect(created[0]!.userId).toBe(user.id);
    expect(done).toContain(created[0]!.number);
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(created[0]!.id));
    const state = await ticketState(created[0]!.id);
    expect(state.topic).toBe('Refund Request');
    const thread = await ticketThread(created[0]!.id);
    expect(thread[0]!.text).toMatch(/10482/);
  });
});
