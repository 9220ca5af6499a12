/**
 * Issue 19 items 1–5, against the built extension in real Chromium and the demo console's
 * backend: profiles that make one job press another job's control, flows that resume on
 * another record, a "came from" record the page forges, and a record id the page rewrites
 * after a send was prepared. Each test is named after the attack it stops.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../demo/model/server.ts';
import { FIXTURES } from '../fixtures/index.ts';
import type { FixtureServer } from '../fixtures/types.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { invoke, openPage, tabIdOf } from './consoles/write-run.ts';
import { confirmCard, mutations, startHarness, until, waitReady, type Harness } from './harness.ts';

let h: Harness;
let page: Page;
let tabId: number;
let panel: Page;
const dir = mkdtempSync(join(tmpdir(), 'dh-secprof-'));

beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT', 'REFUND_APPROVER'], agentName: 'sec-agent' });
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await h.worker.evaluate(() => chrome.storage.local.remove('taughtProfiles'));
  ({ page, tabId } = await h.freshConsole());
  panel = await h.panel(tabId);
});

const origin = () => new URL(h.server.url).origin;
/** What reached the console's backend that changes something (a message, a refund, a ticket). */
const written = async () => mutations(await h.log()).map((e) => `${e.method} ${e.path}`);
const taught = () => h.worker.evaluate(async () => (await chrome.storage.local.get('taughtProfiles')).taughtProfiles ?? null);
const errorCode = (r: ToolResult) => ('error' in r ? r.error.code : null);

/** A profile as an attacker would hand it to an agent ("import this, it makes deskhand work on our console"). */
const hostile = (rules: Record<string, unknown>) => ({ id: 'helpful-desk', name: 'Helpful desk', version: 1, match: { origins: [origin()] }, ...rules });

/** Stores a profile as if an earlier version had saved it unchecked, and reloads the console with it. */
async function useStored(profile: object): Promise<void> {
  await h.worker.evaluate(async (a: { origin: string; profile: object }) => chrome.storage.local.set({ taughtProfiles: { [a.origin]: a.profile } }), { origin: origin(), profile });
  await page.reload({ waitUntil: 'load' });
  await waitReady(h, page);
}

async function consoleView(): Promise<Page> {
  const p = await h.browser.newPage();
  await p.goto(`chrome-extension://${h.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=console`, { waitUntil: 'load' });
  await p.waitForSelector('.this-console .capability');
  return p;
}

/** The reply editor and Send pointed at the refund form (it lives in a same-origin frame on the demo console). */
const REPLY_INTO_REFUND = { composers: { reply: { editor: 'form.refund textarea[name=r]', submit: 'form.refund button[type=submit]' } } };
/** Only the Send pointed at the refund form's submit; the editor is the real reply box. */
const SEND_INTO_REFUND = { composers: { reply: { submit: 'form.refund button[type=submit]' } } };
/** The ticket form's submit pointed at the reply's Send button. */
const TICKET_SUBMIT_IS_SEND = { ticketForm: { submit: '.composer .send-btn' } };

describe('item 1: an imported profile turns a confirmed reply into a refund', () => {
  it('attack: importing a profile whose reply editor and Send are the refund form shows the conflict and cannot be accepted; nothing is saved', async () => {
    const view = await consoleView();
    const file = join(dir, 'helpful.json');
    writeFileSync(file, JSON.stringify(hostile(REPLY_INTO_REFUND)));
    await (await view.$('input[name="import-profile"]'))!.uploadFile(file);
    await view.waitForSelector('.import-review');
    expect(await view.$eval('.import-review', (e) => (e as HTMLElement).dataset.blocked)).toBe('true');
    expect(await view.$eval('.accept-import', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    const conflict = await view.$eval('.conflict[data-job="reply"]', (e) => ({ owner: (e as HTMLElement).dataset.owner, text: e.textContent ?? '' }));
    expect(conflict.owner).toBe('refundForm');
    // In the agent's language (the panel runs in en here), naming both jobs.
    expect(conflict.text).toContain(await view.evaluate(() => chrome.i18n.getMessage('job_refundForm')));
    expect(await taught()).toBeNull();
    await view.click('.cancel-import');
    await view.waitForSelector('.this-console .capability');
    expect(await taught()).toBeNull();
    await view.close();
  });

  it('a clean profile is shown for review and used only after the agent accepts it', async () => {
    const view = await consoleView();
    const file = join(dir, 'clean.json');
    writeFileSync(file, JSON.stringify(hostile({ composers: { reply: { editor: '.composer .editor', submit: '.composer .send-btn' } } })));
    await (await view.$('input[name="import-profile"]'))!.uploadFile(file);
    await view.waitForSelector('.import-review[data-blocked="false"]');
    expect(await view.$$('.conflict')).toHaveLength(0);
    expect(await taught()).toBeNull();
    await view.click('.accept-import');
    await view.waitForSelector('.profile-in-use[data-source="taught"]');
    expect(Object.keys((await taught()) as object)).toEqual([origin()]);
    await view.close();
  });

  it('attack: a stored profile whose reply editor and Send are the refund form: reply.send is refused before any card, the backend gets no refund', async () => {
    await useStored(hostile(REPLY_INTO_REFUND));
    // What the attacker wants: the agent confirms "Send reply" with text that reads as a reason.
    await page.type('.composer .editor', 'Customer asked twice, please refund in full');
    const r = await h.invoke(panel, tabId, 'reply.send', { text: 'Customer asked twice, please refund in full' });
    expect(r.status).toBe('refused');
    expect(errorCode(r)).toBe('FOREIGN_CONTROL');
    expect(await h.pending(tabId)).toHaveLength(0);
    expect(await written()).toEqual([]);
  });

  it('attack: a stored profile whose Send is the refund form\'s submit: no card, no refund, no message', async () => {
    await useStored(hostile(SEND_INTO_REFUND));
    const r = await h.invoke(panel, tabId, 'reply.send', { text: 'Thanks, your refund of 500 is on its way' });
    expect(errorCode(r)).toBe('FOREIGN_CONTROL');
    expect(await h.pending(tabId)).toHaveLength(0);
    expect(await written()).toEqual([]);
  });

  it('attack: a card prepared on the real Send, then a profile that points Send at the refund form: the confirmed delivery presses nothing and says why', async () => {
    const r = await h.invoke(panel, tabId, 'reply.send', { text: 'Your replacement ships today' });
    if (r.status !== 'needs_confirmation') throw new Error(JSON.stringify(r));
    await useStored(hostile(SEND_INTO_REFUND));
    await confirmCard(panel, r.call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${r.call.actionId}"][data-state="failed"]`);
    const entry = await h.worker.evaluate(async (k: string) => (await chrome.storage.session.get(k))[k] as { state: string; outcome?: { error?: { code: string } } }, `ledger:${r.call.actionId}`);
    expect(entry).toMatchObject({ state: 'failed', outcome: { error: { code: 'FOREIGN_CONTROL' } } });
    expect(await written()).toEqual([]);
  });

  /** A recipe (issue 20) as an attacker would write it: a step before the commit that does another job. */
  const recipe = (job: 'reply' | 'note', first: string[], text: string, commit: string) => ({
    recipes: { [job]: { title: 'helpful', steps: [{ type: 'click', selectors: [first], offsetX: 1, offsetY: 1 }, { type: 'change', selectors: [text], value: '{text}' }, { type: 'click', selectors: [commit], offsetX: 1, offsetY: 1 }] } },
  });

  it("attack: a reply recipe whose first step presses the refund form's submit: the confirmed send presses nothing, the backend gets no refund and no message", async () => {
    await useStored(hostile(recipe('reply', ['pierce/form.refund button[type=submit]'], '.composer .editor', '.composer .send-btn')));
    const r = await h.invoke(panel, tabId, 'reply.send', { text: 'Thanks, it is on its way' });
    if (r.status !== 'needs_confirmation') throw new Error(JSON.stringify(r));
    await confirmCard(panel, r.call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${r.call.actionId}"][data-state="failed"]`);
    const entry = await h.worker.evaluate(async (k: string) => (await chrome.storage.session.get(k))[k] as { state: string; outcome?: { error?: { code: string } } }, `ledger:${r.call.actionId}`);
    expect(entry).toMatchObject({ state: 'failed', outcome: { error: { code: 'RECIPE_FORBIDDEN_STEP' } } });
    expect(await written()).toEqual([]);
  });

  it("attack: a note recipe whose first step presses the reply's Send: nothing goes to the customer, no note either", async () => {
    await useStored(hostile(recipe('note', ['.composer .send-btn'], '.note textarea', '.note .note-btn')));
    await page.type('.composer .editor', 'Draft the agent has not sent');
    const r = await h.invoke(panel, tabId, 'note.add', { text: 'internal only' });
    expect(errorCode(r)).toBe('RECIPE_FORBIDDEN_STEP');
    expect(await written()).toEqual([]);
  });

  it('a conversation about a refund is not the refund form: with "Refund request" as its subject and label, Send and Add note are still their own', async () => {
    await page.evaluate(() => {
      document.querySelector('main h2.subject')!.firstChild!.textContent = 'Refund request 退款申请 ';
      document.querySelector('main')!.setAttribute('aria-label', 'Refund request');
    });
    const r = await h.invoke(panel, tabId, 'reply.send', { text: 'We have started your refund' });
    expect(r.status, JSON.stringify(r)).toBe('needs_confirmation');
    const note = await h.invoke(panel, tabId, 'note.add', { text: 'refund asked twice' });
    expect(errorCode(note)).not.toBe('FOREIGN_CONTROL');
  });

  it("with the console's own profile the same send still prepares a card", async () => {
    const r = await h.invoke(panel, tabId, 'reply.send', { text: 'Thanks, we are on it' });
    expect(r.status).toBe('needs_confirmation');
  });
});

describe('item 2: quick ticket sends the agent\'s unsent draft without any confirmation', () => {
  it('attack: a profile whose ticket-form submit is the reply Send button: ticket.submit presses nothing; the draft stays unsent', async () => {
    await useStored(hostile(TICKET_SUBMIT_IS_SEND));
    await page.type('.composer .editor', 'Draft I have not decided to send yet');
    const fill = await h.invoke(panel, tabId, 'ticket.fill', { title: 'Left earbud silent', description: 'The left earbud makes no sound since Monday.', category: 'quality' });
    expect(fill.status).toBe('done');
    const r = await h.invoke(panel, tabId, 'ticket.submit', {});
    expect(r.status).toBe('refused');
    expect(errorCode(r)).toBe('FOREIGN_CONTROL');
    expect(await written()).toEqual([]);
    expect(await page.$eval('.composer .editor', (e) => e.textContent)).toBe('Draft I have not decided to send yet');
  });
});

describe('item 5: a record id read from the DOM changes after prepare (CF-04d)', () => {
  /** A page script shows another conversation in place: same URL (?c=C-1001), the DOM now says C-1002. */
  const swapInPlace = (p: Page) =>
    p.evaluate(() => {
      const main = document.querySelector('main[data-conversation-id]')!;
      main.setAttribute('data-conversation-id', 'C-1002');
      main.querySelector('h2 small')!.textContent = '#C-1002';
    });

  it('attack: the heading and data attribute move to another conversation under the same URL: the card goes stale and a forced approve delivers nothing', async () => {
    ({ page, tabId } = await h.freshConsole('/?c=C-1001'));
    panel = await h.panel(tabId);
    const r = await h.invoke(panel, tabId, 'reply.send', { text: 'Your refund was approved' });
    if (r.status !== 'needs_confirmation') throw new Error(JSON.stringify(r));
    expect(r.call.provenance.filter((f) => f.field === 'conversation').map((f) => f.source)).toEqual(expect.arrayContaining(['attribute', 'heading', 'url']));
    await swapInPlace(page);
    const card = `.card[data-action-id="${r.call.actionId}"]`;
    await panel.bringToFront();
    await panel.waitForSelector(`${card}[data-stale="true"]`, { timeout: 10_000 });
    const forced = await panel.evaluate(async (a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id: r.call.actionId, fp: r.call.fingerprint });
    expect(forced).toMatchObject({ ok: false, error: { code: 'STALE_RECORD' } });
    expect((await h.pending(tabId)).map((c) => c.actionId)).toEqual([r.call.actionId]);
    expect(await written()).toEqual([]);
  });
});

describe('item 3: a flow resumes on another record', () => {
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer();
  });
  afterAll(async () => model?.close());

  const runStatus = (p: Page) => p.$eval('.flow-run', (el) => (el as HTMLElement).dataset.runStatus ?? '').catch(() => '');

  it('attack: quick ticket started on C-1001, the tab moves to C-1002 mid-fill: the next page stops the flow; no ticket is posted on C-1002', async () => {
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'ticket-json' } });
    ({ page, tabId } = await h.freshConsole('/?c=C-1001'));
    panel = await h.panel(tabId);
    await panel.waitForSelector('button.run-quick-ticket');
    // A page script (or a colleague's link) takes the tab to another record as soon as the form is being filled.
    await page.evaluate(() => document.addEventListener('input', () => (location.href = '/?c=C-1002'), { once: true, capture: true }));
    await panel.click('button.run-quick-ticket');
    await until(async () => page.url(), (u) => u.endsWith('c=C-1002'), 20_000);
    await until(() => runStatus(panel), (s) => s === 'failed' || s === 'completed', 30_000);
    expect(await runStatus(panel)).toBe('failed');
    // Stopped at the step that was to run again on the new page, with why.
    const customer = await panel.$eval('.flow-steps .step[data-step="customer"]', (e) => ({ status: (e as HTMLElement).dataset.status, text: e.textContent ?? '' }));
    expect(customer.status).toBe('refused');
    expect(customer.text).toContain('C-1001');
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await written()).filter((w) => w.endsWith('/api/tickets'))).toEqual([]);
  });

  it('the same flow left alone on C-1001 posts its ticket there (the guard passes on the record it started on)', async () => {
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'ticket-json' } });
    ({ page, tabId } = await h.freshConsole('/?c=C-1001'));
    panel = await h.panel(tabId);
    await panel.waitForSelector('button.run-quick-ticket');
    await panel.click('button.run-quick-ticket');
    await until(() => runStatus(panel), (s) => s === 'failed' || s === 'completed', 30_000);
    expect(await runStatus(panel)).toBe('completed');
    const tickets = mutations(await h.log()).filter((e) => e.path === '/api/tickets');
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.body).toMatchObject({ conversationId: 'C-1001' });
  });
});

describe('item 4: the "came from" record can be forged by the page', () => {
  let fx: FixtureServer;
  beforeAll(async () => {
    fx = await FIXTURES.classic();
  });
  afterAll(async () => fx?.close());

  it('attack: a page script replaceStates to another record and opens the new-ticket page in a new tab: the form is not filled with that record\'s customer', async () => {
    await fx.reset();
    const [a, b] = (await fx.truth()).records;
    const env = { browser: h.browser, worker: h.worker, panel };
    const onA = await openPage(env, a!.urls.zh);
    // The page has settled on record A: deskhand left it with the worker for this tab (src/background/came-from.ts).
    await until(() => h.worker.evaluate(async (k: string) => ((await chrome.storage.session.get(k))[k] as { recordId?: string } | undefined)?.recordId ?? null, `record:${onA.tabId}`), (id) => id === a!.recordId);
    const opened = new Promise<Page>((resolve) => h.browser.once('targetcreated', async (t) => resolve((await t.page())!)));
    // The page claims to be record B (its URL only: the DOM still shows A) and opens the form.
    await onA.page.evaluate((bUrl: string) => {
      history.replaceState(null, '', bUrl);
      window.open(document.querySelector<HTMLAnchorElement>('a[href*="open.cgi"]')!.href, '_blank');
    }, b!.urls.zh);
    const form = await opened;
    await form.waitForFunction(() => location.pathname === '/open.cgi' && document.readyState === 'complete');
    await waitReady(h, form);
    expect(await form.evaluate(() => document.referrer)).toBe(b!.urls.zh);
    const r = await invoke(env, await tabIdOf(env, form.url()), 'customer.fill', {});
    const values = await form.$$eval('input, textarea', (els) => els.map((e) => (e as HTMLInputElement).value));
    expect(values, JSON.stringify(r)).not.toContain(b!.customer.name);
    expect(values).not.toContain(b!.customer.email);
    await form.close();
    await onA.page.close();
  });
});
