/**
 * Controls, dialogs, buttons and result notices through the built extension in real
 * Chromium, on fixture pages built with real widget libraries from npm (Headless UI,
 * React Select, Select2 + jQuery, Tom Select) and plain console shapes. The proof is what the
 * fixture backend recorded (fixtures/controls/server.ts), plus the page's own state: the list
 * closed, focus back where it was, the dialog gone.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startControls, type ControlsServer, type LogEntry } from '../fixtures/controls/server.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { startHarness, until, waitReady, type Harness } from './harness.ts';

let h: Harness;
let fx: ControlsServer;
let panel: Page;

beforeAll(async () => {
  fx = await startControls();
  h = await startHarness({ agentName: 'Alex', queues: ['Sales', 'Billing', 'logistics'] });
  panel = await h.panel(0);
});
afterAll(async () => {
  await h?.close();
  await fx?.close();
});
beforeEach(async () => {
  await fetch(`${fx.url}/api/_reset`, { method: 'POST', body: '{}' });
  for (const p of await h.browser.pages()) if (p.url().startsWith(fx.url)) await p.close();
});

async function open(path: string): Promise<{ page: Page; tabId: number }> {
  const page = await h.browser.newPage();
  await page.goto(`${fx.url}${path}`, { waitUntil: 'load' });
  await waitReady(h, page);
  return { page, tabId: await h.tabIdOf(page) };
}

const log = async (): Promise<LogEntry[]> => (await (await fetch(`${fx.url}/api/_log`)).json()) as LogEntry[];
const invoke = (tabId: number, name: string, input: unknown) => h.invoke(panel, tabId, name, input);
const data = <T = Record<string, unknown>>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};
const errorOf = (r: ToolResult) => {
  if (!('error' in r)) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
};

interface Fill {
  filled: { field: string; value: string; via: string; at: string }[];
  missed: string[];
  failed: { field: string; detail: string }[];
  tried?: Record<string, string>;
}

/** How many lists of choices are open anywhere on the page, and which element has focus. */
async function closedAndFocused(page: Page): Promise<{ openLists: number; active: string }> {
  return page.evaluate(() => ({
    openLists: Array.from(document.querySelectorAll('[role=listbox], .select2-results, .ts-dropdown')).filter((l) => (l as HTMLElement).offsetParent !== null && l.getBoundingClientRect().height > 0).length,
    active: document.activeElement?.id ?? '',
  }));
}

describe('comboboxes whose options render only while open', () => {
  it('Headless UI listbox (portalled) and React Select autocomplete: chosen, posted, closed, focus back', async () => {
    const { page, tabId } = await open('/t/7001/react');
    await page.focus('#search');
    expect(await page.$$('[role=option]')).toHaveLength(0);
    const fill = data<Fill>(await invoke(tabId, 'ticket.fill', { title: 'Parcel missing', category: 'Shipping & delivery', priority: 'high', description: 'Tracking stuck for ten days.' }));
    expect(fill.failed).toEqual([]);
    expect(fill.missed).toEqual([]);
    expect(fill.filled.map((f) => f.field).sort()).toEqual(['category', 'description', 'priority', 'title']);
    expect(await closedAndFocused(page)).toMatchObject({ openLists: 0, active: 'search' });
    expect(await page.$eval('.lb-button', (b) => b.textContent)).toBe('Shipping & delivery');
    // An order search lists nothing until typed into: deskhand types to filter, then picks.
    const order = data<Fill>(await invoke(tabId, 'customer.fill', { orderId: 'ORD-20261115' }));
    expect(order).toMatchObject({ filled: [{ field: 'orderId', value: 'ORD-20261115' }], failed: [] });
    expect(await closedAndFocused(page)).toMatchObject({ openLists: 0, active: 'search' });
    data(await invoke(tabId, 'ticket.submit', {}));
    const posted = await until(log, (l) => l.length > 0);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toMatchObject({ title: 'Parcel missing', category: 'shipping', priority: 'high', description: 'Tracking stuck for ten days.', orderId: 'ORD-20261115' });
  });

  it('category.match opens a collapsed combobox to score its options, chooses, and leaves it closed', async () => {
    const { page, tabId } = await open('/t/7001/react');
    await page.focus('#search');
    const m = data<{ choice: { label: string; score: number }; scores: { label: string }[]; applied: boolean }>(await invoke(tabId, 'category.match', {}));
    expect(m.scores.map((s) => s.label).sort()).toEqual(['Account & login', 'Billing & invoices', 'Refunds & returns', 'Shipping & delivery']);
    expect(m.choice.label).toBe('Shipping & delivery');
    expect(m.applied).toBe(true);
    expect(await closedAndFocused(page)).toMatchObject({ openLists: 0, active: 'search' });
    expect(await page.$eval('.lb-button', (b) => b.textContent)).toBe('Shipping & delivery');
  });

  it('Select2 and Tom Select over hidden native selects: the native select posts the choice, the proxy shows it', async () => {
    const { page, tabId } = await open('/t/7002/jquery');
    await page.focus('#search');
    const fill = data<Fill>(await invoke(tabId, 'ticket.fill', { title: 'Invoice', category: 'billing', priority: 'urgent', description: 'Wrong company name.' }));
    expect(fill.failed).toEqual([]);
    expect(fill.missed).toEqual([]);
    expect(await closedAndFocused(page)).toMatchObject({ openLists: 0, active: 'search' });
    expect(await page.$eval('.select2-selection__rendered', (e) => e.textContent?.trim())).toBe('Billing & invoices');
    expect(await page.$eval('.ts-control .item', (e) => e.textContent?.trim())).toBe('Urgent');
    data(await invoke(tabId, 'ticket.submit', {}));
    const posted = await until(log, (l) => l.length > 0);
    expect(posted.map((e) => e.body)).toMatchObject([{ category: 'billing', priority: 'urgent' }]);
  });
});

describe('plain console shapes', () => {
  it('table-cell labels, hashed names, a label whose for points nowhere, a transparent select and fieldset radios', async () => {
    const { page, tabId } = await open('/t/7003/plain');
    const fill = data<Fill>(await invoke(tabId, 'ticket.fill', { title: 'Parcel missing', category: 'Shipping', priority: 'high', description: 'Ten days.' }));
    expect(fill.failed).toEqual([]);
    expect(Object.fromEntries(fill.filled.map((f) => [f.field, f.via]))).toEqual({ title: 'label', category: 'cell', priority: 'legend', description: 'label' });
    const customer = data<Fill>(await invoke(tabId, 'customer.fill', { name: 'Maria Garcia', email: 'maria@example.org', orderId: 'ORD-1' }));
    expect(Object.fromEntries(customer.filled.map((f) => [f.field, f.via]))).toEqual({ name: 'cell', email: 'label' });
    // The order-id input is display:none: no person can fill it, so deskhand does not either — and says what it looked for.
    expect(customer.missed).toEqual(['orderId']);
    expect(customer.tried!.orderId).toMatch(/"order id".*section\.new-ticket/);
    expect(await page.$eval('.styled-select .shown', (e) => e.textContent)).toBe('Shipping');
    data(await invoke(tabId, 'ticket.submit', {}));
    const posted = await until(log, (l) => l.length > 0);
    expect(posted.map((e) => e.body)).toEqual([{ f_9c2e1: '11', a81f2c: 'Parcel missing', f_71bd: 'Maria Garcia', f_e3aa: 'maria@example.org', f_o1: '', f_p: '3', f_d5: 'Ten days.' }]);
  });

  it('radios by a shared name after a text label, and a custom role=radio group', async () => {
    const { tabId } = await open('/t/7005/radios');
    const fill = data<Fill>(await invoke(tabId, 'ticket.fill', { title: 'Login', category: 'Account', priority: 'urgent', description: 'No sms.' }));
    expect(fill.failed).toEqual([]);
    expect(fill.missed).toEqual([]);
    data(await invoke(tabId, 'ticket.submit', {}));
    const posted = await until(log, (l) => l.length > 0);
    expect(posted.map((e) => e.body)).toMatchObject([{ category: 'account', urg: 'urgent' }]);
  });
});

describe('controls that are buttons, and choices the console applies at once', () => {
  it('a segmented aria-pressed group is one choice: ticket.fill presses its segment and the form posts it; a toolbar\'s toggles are no control', async () => {
    const { page, tabId } = await open('/t/7009/segments');
    const fill = data<Fill>(await invoke(tabId, 'ticket.fill', { title: 'Parcel missing', category: 'Shipping', priority: 'high', description: 'Ten days.' }));
    expect(fill.failed).toEqual([]);
    expect(Object.fromEntries(fill.filled.map((f) => [f.field, f.value]))).toMatchObject({ priority: 'High' });
    expect(await page.$$eval('.seg button[aria-pressed=true]', (bs) => bs.map((b) => b.textContent))).toEqual(['High']);
    expect(await page.$$eval('[role=toolbar] button[aria-pressed=true]', (bs) => bs.length)).toBe(0);
    data(await invoke(tabId, 'ticket.submit', {}));
    const posted = await until(log, (l) => l.length > 0);
    expect(posted.map((e) => e.body)).toEqual([{ title: 'Parcel missing', category: 'shipping', priority: 'high', description: 'Ten days.' }]);
  });

  it('queue.assign through a menu button whose popup is plain divs: posted once, the notice read; a choice off the allow-list closes the menu, nothing posted', async () => {
    const { page, tabId } = await open('/t/7009/segments');
    expect(errorOf(await invoke(tabId, 'queue.assign', { queue: 'Support' }))).toMatchObject({ type: 'forbidden', code: 'QUEUE_NOT_ALLOWED' });
    expect(await page.$('.menu')).toBeNull();
    expect(await log()).toEqual([]);
    const d = data<{ to: string; notice: string }>(await invoke(tabId, 'queue.assign', { queue: 'Sales' }));
    expect(d).toMatchObject({ to: 'Sales', notice: 'Ticket transferred to Sales' });
    expect((await log()).map((e) => [e.path, e.body])).toEqual([['/api/tickets/7009/department', { value: '2' }]]);
    expect(await page.$('.menu')).toBeNull();
  });

  it('ticket.assign through a select outside any form that the console applies on change: posted once, the notice read', async () => {
    const { tabId } = await open('/t/7009/segments');
    const d = data<{ to: string; notice: string }>(await invoke(tabId, 'ticket.assign', { agent: 'Li Na' }));
    expect(d).toMatchObject({ to: 'Li Na', notice: 'Ticket assigned to Li Na' });
    expect((await log()).map((e) => [e.path, e.body])).toEqual([['/api/tickets/7009/assignee', { value: 's4' }]]);
  });
});

/** The dialog's choice field: its name is hashed per session (`9c2e1a7b[]`). */
const choice = (body: Record<string, unknown>) => Object.entries(body).find(([k]) => /^[0-9a-f]+\[\]$/.test(k))?.[1];

describe('ajax dialogs', () => {
  it('queue.assign opens the Transfer dialog (its body arrives after 300 ms), finds the hashed field by its label, submits, reads the banner', async () => {
    const { page, tabId } = await open('/t/7004/dialogs');
    const d = data<{ assigned: string; to: string; notice: string }>(await invoke(tabId, 'queue.assign', { queue: 'Sales' }));
    expect(d).toMatchObject({ assigned: '2', to: 'Sales', notice: 'Ticket transferred to Sales' });
    const posted = await log();
    expect(posted.map((e) => e.path)).toEqual(['/api/tickets/7004/transfer']);
    expect(choice(posted[0]!.body)).toBe('2');
    expect(await page.$eval('#popup', (p) => (p as HTMLElement).style.display)).toBe('none');
  });

  it('a console that loads another page right after the dialog closes still gets its answer read', async () => {
    const { page, tabId } = await open('/t/7004/dialogs?redirect=1');
    const d = data<{ to: string; seen: string }>(await invoke(tabId, 'queue.assign', { queue: 'Sales' }));
    expect(d).toMatchObject({ to: 'Sales', seen: 'the dialog closed' });
    await until(async () => page.url(), (u) => u.endsWith('?after=1'));
    expect((await log()).map((e) => [e.path, choice(e.body), e.status])).toEqual([['/api/tickets/7004/transfer', '2', 200]]);
  });

  it('ticket.assign opens the Assign dialog through a link inside a closed menu and assigns the agent', async () => {
    const { tabId } = await open('/t/7004/dialogs');
    const d = data<{ to: string; notice: string }>(await invoke(tabId, 'ticket.assign', { agent: 'Ben Becker' }));
    expect(d).toMatchObject({ to: 'Ben Becker', notice: 'Ticket assigned to Ben Becker' });
    const posted = await log();
    expect(posted.map((e) => [e.path, choice(e.body)])).toEqual([['/api/tickets/7004/assign', 's3']]);
  });

  it('a queue off the allow-list, or one the console lacks, is refused and the dialog is cancelled: nothing posted, nothing left open', async () => {
    const { page, tabId } = await open('/t/7004/dialogs');
    expect(errorOf(await invoke(tabId, 'queue.assign', { queue: 'Support' }))).toMatchObject({ type: 'forbidden', code: 'QUEUE_NOT_ALLOWED' });
    expect(await page.$eval('#popup', (p) => (p as HTMLElement).style.display)).toBe('none');
    const unknown = errorOf(await invoke(tabId, 'queue.assign', { queue: 'Nowhere' }));
    expect(unknown.code).toBe('UNKNOWN_QUEUE');
    expect(unknown.suggestion).toMatch(/Sales.*Support.*Billing/);
    expect(await page.$eval('#popup', (p) => (p as HTMLElement).style.display)).toBe('none');
    expect(await log()).toEqual([]);
  });

  it('a transfer the console refuses with a warning box is failed with its text, and the dialog is closed', async () => {
    const { page, tabId } = await open('/t/7004/dialogs');
    const e = errorOf(await invoke(tabId, 'queue.assign', { queue: 'Billing' }));
    expect(e).toMatchObject({ type: 'failed', code: 'CONSOLE_REFUSED' });
    expect(e.detail).toContain('Ticket is assigned to Ben Becker');
    expect(await page.$eval('#popup', (p) => (p as HTMLElement).style.display)).toBe('none');
    expect((await log()).map((x) => x.status)).toEqual([422]);
  });

  it('a console with no queue control names what was looked for', async () => {
    const { tabId } = await open('/t/7005/radios');
    const e = errorOf(await invoke(tabId, 'queue.assign', { queue: 'Sales' }));
    expect(e).toMatchObject({ type: 'not_found', code: 'NO_QUEUE_FIELD' });
    expect(e.detail).toMatch(/"department"/);
    expect(e.detail).toMatch(/transfer dialog opener .*"transfer"/);
  });
});

describe('the console\'s answer after a submit', () => {
  it('an error notice the console shows is a failed outcome carrying its text', async () => {
    const { tabId } = await open('/t/7007/validate');
    data(await invoke(tabId, 'ticket.fill', { title: 'Parcel', category: 'Shipping', description: 'Lost.' }));
    const e = errorOf(await invoke(tabId, 'ticket.submit', {}));
    expect(e).toMatchObject({ type: 'failed', code: 'CONSOLE_REFUSED' });
    expect(e.detail).toContain('Unable to create the ticket: Email address is required');
    expect((await log()).map((x) => x.status)).toEqual([422]);
  });

  it('silence is uncertain, never done: the console did receive it, so it must be checked, not retried', async () => {
    const { tabId } = await open('/t/7006/silent');
    data(await invoke(tabId, 'ticket.fill', { title: 'Parcel', category: 'Shipping', description: 'Lost.' }));
    const e = errorOf(await invoke(tabId, 'ticket.submit', {}));
    expect(e).toMatchObject({ type: 'uncertain', code: 'SUBMIT_UNCONFIRMED', retryable: false });
    expect((await log()).map((x) => x.status)).toEqual([201]);
  });

  it('a success banner with the new id is a done outcome with that id', async () => {
    const { tabId } = await open('/t/7003/plain');
    data(await invoke(tabId, 'ticket.fill', { title: 'Parcel', category: 'Shipping', description: 'Lost.' }));
    const d = data<{ ticketId: string; notice: string }>(await invoke(tabId, 'ticket.submit', {}));
    expect(d.ticketId).toBe('500101');
    expect(d.notice).toBe('Ticket #500101 created successfully');
  });
});

describe('dry runs find controls exactly as runs do', () => {
  beforeAll(async () => {
    await h.settings({ bridge: { enabled: true, origins: [fx.url], allowLowWrites: false } });
    await until(
      () => h.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts({ ids: ['deskhand-bridge'] })).length),
      (n) => n === 1,
    );
  });

  type Dry = { status: 'dry_run'; data: { preview: { touches: string[]; missing: string[]; display: { found: Record<string, string>; opensFirst?: string } } } };
  const dryRun = (page: Page, name: string, input: unknown) => page.evaluate((n: string, i: unknown) => (window as unknown as { __extTools: { invoke(n: string, i: unknown): Promise<Dry> } }).__extTools.invoke(n, i), name, input);

  it('a closed form behind its opener: the plan says it opens the form first, and names the same controls the run fills', async () => {
    const { page, tabId } = await open('/t/7008/closed');
    const input = { title: 'Parcel', category: 'Shipping', description: 'Lost.' };
    const dry = await dryRun(page, 'ticket.fill', input);
    expect(dry.status).toBe('dry_run');
    expect(dry.data.preview.display.opensFirst).toMatch(/section\.new-ticket, through the console's button "new ticket"/);
    // Nothing changed: the form is still closed and empty.
    expect(await page.$eval('#form-col', (c) => (c as HTMLElement).hidden)).toBe(true);
    const run = data<Fill & { opened: boolean }>(await invoke(tabId, 'ticket.fill', input));
    expect(run.opened).toBe(true);
    expect(Object.fromEntries(run.filled.map((f) => [f.field, f.at]))).toEqual(dry.data.preview.display.found);
    expect(dry.data.preview.touches.sort()).toEqual(['category', 'description', 'title']);
  });

  it('a hidden input is missing in the dry run and in the run alike; a transparent select is found by both', async () => {
    const { page, tabId } = await open('/t/7008/closed');
    const dry = await dryRun(page, 'customer.fill', { orderId: 'ORD-1' });
    expect(dry.data.preview.missing).toEqual(['orderId']);
    // Nothing else was asked for, so the run fills nothing: an error that names the field, never "filled 0".
    const run = await invoke(tabId, 'customer.fill', { orderId: 'ORD-1' });
    expect(run).toMatchObject({ status: 'failed', error: { code: 'NO_FORM_FIELDS', detail: expect.stringContaining('orderId') } });
    const dryCat = await dryRun(page, 'ticket.fill', { category: 'Billing' });
    expect(dryCat.data.preview.display.found).toEqual({ category: 'select#c8[name="category"]' });
    const runCat = data<{ filled: { field: string; at: string }[] }>(await invoke(tabId, 'ticket.fill', { category: 'Billing' }));
    expect(runCat.filled).toMatchObject([{ field: 'category', at: 'select#c8[name="category"]', value: 'Billing' }]);
    expect(await page.$eval('#form-col .shown', (e) => e.textContent)).toBe('Billing');
  });
});
