/**
 * Fixed flows and the human side of risk, in real Chromium: quickTicket end to end,
 * high-risk refunds through the side panel, outcomes, reload recovery, the activity log.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type RecordedRequest } from '../demo/model/server.ts';
import { seedConversations } from '../demo/console/data.ts';
import { chord } from '../scripts/browser.ts';
import { confirmCard, mutations, startHarness, toastText, until, type Harness } from './harness.ts';

let h: Harness;
let model: ModelServer;
let page: Page;
let tabId: number;

beforeAll(async () => {
  model = await startModelServer();
  h = await startHarness({ roles: ['AGENT', 'REFUND_APPROVER'], agentName: 'lead-1', llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'ticket-json' } });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});
beforeEach(async () => {
  await fetch(`${model.url}/_reset`);
  await h.settings({ roles: ['AGENT', 'REFUND_APPROVER'], llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'ticket-json' } });
  ({ page, tabId } = await h.freshConsole());
});

const modelRequests = async () => (await (await fetch(`${model.url}/_requests`)).json()) as RecordedRequest[];
const runStatus = (panel: Page) => panel.$eval('.flow-run', (el) => (el as HTMLElement).dataset.runStatus ?? '').catch(() => '');

async function openPanel(): Promise<Page> {
  const panel = await h.panel(tabId);
  await panel.waitForSelector('button.run-quick-ticket');
  return panel;
}

/** What the open conversation holds (the demo console's seed): the ticket is judged against it, not against the model's words. */
const conversation = () => seedConversations().find((c) => c.id === 'C-1001')!;
const ticketPosts = async () => mutations(await h.log()).filter((e) => e.method === 'POST' && e.path === '/api/tickets');

function expectTicketOf(post: { status: number; body: unknown }) {
  const c = conversation();
  const said = c.messages.filter((m) => m.role === 'customer' && !m.hidden).map((m) => m.text.replace(/\u200b/g, ''));
  expect(post.status).toBe(201);
  expect(post.body).toMatchObject({
    // A model that writes from what it was given: the conversation's own subject, for its customer.
    title: c.subject.zh,
    category: 'quality',
    conversationId: c.id,
    customer: { name: c.customer.name, email: c.customer.email, phone: c.customer.phone, orderId: c.customer.orderId },
  });
  const description = (post.body as { description: string }).description;
  for (const line of said) expect(description).toContain(line);
  // The hidden (injected) message of the seed never reaches the ticket.
  for (const m of c.messages.filter((x) => x.hidden)) expect(description).not.toContain(m.text);
}

describe('quickTicket', () => {
  // A model that writes the ticket from the conversation it is sent (demo/model/server.ts ticketFrom).
  beforeEach(() => h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'demo-assistant' } }));

  it('from the panel button: creates exactly one ticket of the open conversation, step by step', async () => {
    const panel = await openPanel();
    await panel.click('button.run-quick-ticket');
    expect(await until(() => runStatus(panel), (s) => s === 'completed' || s === 'failed', 20_000)).toBe('completed');
    const steps = await panel.$$eval('.flow-steps .step', (els) => els.map((e) => `${(e as HTMLElement).dataset.step}:${(e as HTMLElement).dataset.status}`));
    expect(steps).toEqual(['form:done', 'read:done', 'draft:done', 'customer:done', 'category:done', 'fill:done', 'required:done', 'submit:done']);
    const tickets = await ticketPosts();
    expect(tickets).toHaveLength(1);
    expectTicketOf(tickets[0]!);
    // The generate step offered the model no tools, and sent it the conversation as data.
    const [req] = await modelRequests();
    expect(req!.tools).toBeUndefined();
    expect(req!.user).toMatch(/^<<data:[^>]+>>\n/);
    expect(req!.user).toContain(conversation().subject.zh);
    // The id the console gave its first ticket (demo/console/server.ts numbers them from T-10001).
    expect(await until(() => toastText(page), (t) => t.includes('完成'))).toContain('T-10001');
  });

  it('from its hotkey, too', async () => {
    await chord(page, 'KeyT');
    expect(await until(() => toastText(page), (t) => /快速建单 (已完成|未完成|已停止)/.test(t), 20_000)).toContain('已完成');
    const tickets = await ticketPosts();
    expect(tickets).toHaveLength(1);
    expectTicketOf(tickets[0]!);
  });

  it('leaves the form untouched and shows why when the model returns invalid JSON', async () => {
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'bad-json' } });
    const panel = await openPanel();
    await panel.click('button.run-quick-ticket');
    await until(() => runStatus(panel), (s) => s === 'failed', 20_000);
    expect(await panel.$eval('.flow-run .error', (el) => el.textContent)).toContain('JSON');
    const steps = await panel.$$eval('.flow-steps .step', (els) => els.map((e) => (e as HTMLElement).dataset.status));
    expect(steps.slice(0, 3)).toEqual(['done', 'done', 'failed']);
    expect(steps.slice(3).every((s) => s === 'pending' || s === 'cancelled')).toBe(true);
    expect(await page.$eval('#quick-ticket', (el) => (el as HTMLElement).hidden)).toBe(true);
    expect(await page.$eval('#f-x81', (el) => (el as HTMLInputElement).value)).toBe('');
    expect(mutations(await h.log())).toEqual([]);
  });

  it('Stop during the generate step ends the flow cancelled and aborts the model request', async () => {
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'slow' } });
    const panel = await openPanel();
    await panel.click('button.run-quick-ticket');
    await panel.waitForSelector('.step[data-step="draft"][data-status="running"]');
    await until(modelRequests, (r) => r.length === 1);
    await panel.click('button.stop-flow');
    await until(() => runStatus(panel), (s) => s !== 'running', 20_000);
    expect(await runStatus(panel)).toBe('cancelled');
    // The worker's request to the model was aborted, not left to finish.
    const [req] = await until(modelRequests, (r) => r[0]?.aborted === true);
    expect(req).toMatchObject({ model: 'slow', aborted: true });
    expect(await page.$eval('#f-x81', (el) => (el as HTMLInputElement).value)).toBe('');
    expect(mutations(await h.log())).toEqual([]);
  });

  it('from the bridge it is a dry run that never asks the model', async () => {
    await h.settings({ bridge: { enabled: true, origins: [h.server.url], allowLowWrites: false } });
    await until(() => h.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts({ ids: ['deskhand-bridge'] })).length), (n) => n === 1);
    ({ page, tabId } = await h.freshConsole());
    const res = (await page.evaluate(`__extTools.runPlan('quickTicket', {})`)) as { status: string; steps: { id: string; status: string }[] };
    expect(res.status).toBe('dry_run');
    expect(res.steps.find((s) => s.id === 'draft')!.status).toBe('planned');
    expect(res.steps.find((s) => s.id === 'submit')!.status).toBe('planned');
    expect(await modelRequests()).toEqual([]);
    expect(mutations(await h.log())).toEqual([]);
    await h.settings({ bridge: { enabled: false, origins: [], allowLowWrites: false } });
  });
});

/** The agent types the refund into the console's own iframe form, then presses Alt+Shift+R. */
async function prepareRefund(amount = '199'): Promise<string> {
  const frame = page.frames().find((f) => f.url().includes('refund-frame'))!;
  await frame.type('input[name=a]', amount);
  await frame.type('textarea[name=r]', '左耳无声，质量问题');
  await chord(page, 'KeyR');
  await until(() => toastText(page), (t) => t.includes('退款'));
  const pending = await until(() => h.pending(tabId), (x) => x.length === 1);
  return pending[0]!.actionId;
}

const refunds = async () => mutations(await h.log()).filter((e) => e.path === '/api/refunds');

describe('high-risk refunds', () => {
  it('shows the structured action, risk, role and countdown, and executes only after a confirm', async () => {
    const id = await prepareRefund();
    // Who confirms, in people's words: the role's code is only under the card's details.
    const toast = await toastText(page);
    expect(toast).toContain('退款审批人');
    expect(toast).not.toContain('REFUND_APPROVER');
    const panel = await openPanel();
    const card = `.card[data-action-id="${id}"]`;
    await panel.waitForSelector(card);
    const text = await panel.$eval(card, (el) => (el as HTMLElement).innerText);
    for (const s of ['申请退款', '高风险', 'ORD-20261101', '199', 'CNY', '左耳无声，质量问题', '可确认者：退款审批人', '不可撤销', '后过期']) expect(text).toContain(s);
    // No codes or sources on the card's face; they are under Details, opened on demand.
    for (const s of ['REFUND_APPROVER', '客服台配置', '页面属性', '（来源']) expect(text).not.toContain(s);
    await panel.click(`${card} .card-details summary`);
    const details = await panel.$eval(`${card} .card-details`, (el) => (el as HTMLElement).innerText);
    expect(details).toContain('REFUND_APPROVER');
    expect(details).toMatch(/会话：[^\n]*客服台配置/);
    await new Promise((r) => setTimeout(r, 300));
    expect(await refunds()).toEqual([]);
    // Money: one amount with its currency, and a deliberate tick of that amount before Confirm.
    expect(await panel.$eval(`${card} .money`, (el) => el.textContent)).toMatch(/^CNY\s199\.00$/);
    expect(await panel.$eval(`${card} .irreversible`, (el) => el.textContent)).toContain('不可撤销');
    expect(await panel.$$eval(`${card} .irreversible, ${card} .effect`, (els) => els.length)).toBe(1);
    expect(await panel.$eval(`${card} .role`, (el) => el.textContent)).toContain('自行声明');
    expect(await panel.$eval(`${card} button.confirm`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await confirmCard(panel, id);
    await panel.waitForSelector(`.outcome[data-action-id="${id}"][data-state="executed"]`);
    const row = (await panel.$eval(`.outcome[data-action-id="${id}"]`, (el) => (el as HTMLElement).innerText)).replace(/\u00a0/g, ' ');
    for (const s of ['CNY 199.00', 'C-1001', 'lead-1']) expect(row).toContain(s);
    expect(await refunds()).toMatchObject([{ status: 201, body: { orderId: 'ORD-20261101', amount: 199, currency: 'CNY' } }]);
  });

  it('is refused after expiry, with the right fingerprint, as EXPIRED', async () => {
    const id = await prepareRefund();
    // Four minutes pass (HIGH lives three): the stored creation times move back, wall and monotonic.
    const fp = await h.worker.evaluate(async (a: string) => {
      const k = `ledger:${a}`;
      const e = (await chrome.storage.session.get(k))[k] as { call: { createdAt: number; fingerprint: string; mono: { at: number } } };
      e.call.createdAt -= 4 * 60_000;
      e.call.mono.at -= 4 * 60_000;
      await chrome.storage.session.set({ [k]: e });
      return e.call.fingerprint;
    }, id);
    const panel = await h.panel(tabId);
    const forced = await panel.evaluate(async (a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id, fp });
    // Refused as expired (or, if an open panel's refresh expired it a moment earlier, the expired
    // outcome is replayed): never by the fingerprint, and never executed.
    const code = forced.ok ? forced.entry?.outcome?.error?.code : forced.error?.code;
    expect(code).toBe('EXPIRED');
    if (forced.ok) expect(forced).toMatchObject({ replay: true, entry: { state: 'expired' } });
    await panel.reload({ waitUntil: 'load' });
    await panel.waitForSelector(`.outcome[data-action-id="${id}"][data-state="expired"]`);
    expect(await refunds()).toEqual([]);
  });

  it('a card for a conversation the console no longer shows is stale: Confirm disabled until the agent goes back', async () => {
    const id = await prepareRefund();
    await page.bringToFront();
    await page.click('a.conv[data-conv="C-1002"]');
    await page.waitForSelector('main[data-conversation-id="C-1002"]');
    const panel = await openPanel();
    const card = `.card[data-action-id="${id}"]`;
    await panel.waitForSelector(`${card}[data-stale="true"] .stale-warning`);
    expect(await panel.$eval(`${card} .stale-warning`, (el) => el.textContent)).toContain('C-1001');
    await panel.click(`${card} input[name=ack-amount]`);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await panel.$eval(`${card} button.confirm`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await panel.$eval(`${card} button.reject`, (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    // Forced past the UI: deskhand refuses it and the call stays pending (not consumed, not "failed").
    const fp = (await h.pending(tabId))[0]!.fingerprint;
    const forced = await panel.evaluate(async (a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id, fp });
    expect(forced).toMatchObject({ ok: false, error: { code: 'STALE_RECORD' } });
    expect((await h.pending(tabId)).map((c) => c.actionId)).toEqual([id]);
    // Back on C-1001 the card is no longer stale, and the refund goes to C-1001.
    await page.bringToFront();
    await page.click('a.conv[data-conv="C-1001"]');
    await page.waitForSelector('main[data-conversation-id="C-1001"]');
    await panel.bringToFront();
    await panel.waitForSelector(`${card}[data-stale="false"]`);
    await confirmCard(panel, id);
    await panel.waitForSelector(`.outcome[data-action-id="${id}"][data-state="executed"]`);
    expect(await refunds()).toMatchObject([{ status: 201, body: { conversationId: 'C-1001', amount: 199 } }]);
  });

  it('cannot be confirmed without the REFUND_APPROVER role', async () => {
    const id = await prepareRefund();
    await h.settings({ roles: ['AGENT'] });
    const panel = await openPanel();
    const card = `.card[data-action-id="${id}"]`;
    await panel.waitForSelector(card);
    expect(await until(() => panel.$eval(`${card} button.confirm`, (b) => (b as HTMLButtonElement).disabled), (d) => d)).toBe(true);
    expect(await panel.$eval(`${card} .role`, (el) => el.textContent)).toContain('没有此角色');
    const fp = await h.worker.evaluate(async (a: string) => ((await chrome.storage.session.get(`ledger:${a}`))[`ledger:${a}`] as { call: { fingerprint: string } }).call.fingerprint, id);
    const forced = await panel.evaluate(async (a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id, fp });
    expect(forced).toMatchObject({ ok: false, error: { code: 'ROLE_REQUIRED' } });
    expect(await refunds()).toEqual([]);
  });

  it('two confirms at once execute it once', async () => {
    const id = await prepareRefund();
    const a = await openPanel();
    const b = await openPanel();
    const fp = (await h.pending(tabId))[0]!.fingerprint;
    const approve = (p: Page) => p.evaluate((x: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: x.id, fingerprint: x.fp }), { id, fp }) as Promise<{ replay?: boolean }>;
    const both = await Promise.all([approve(a), approve(b)]);
    expect(both.map((r) => r.replay).sort()).toEqual([false, true]);
    await a.bringToFront();
    await a.waitForSelector(`.outcome[data-action-id="${id}"][data-state="executed"]`);
    await new Promise((r) => setTimeout(r, 500));
    expect(await refunds()).toHaveLength(1);
  });
});

describe('outcomes across an extension reload', () => {
  it('a prepared call that outlives a reload is reported as not executed, never as executed', async () => {
    const panel = await h.panel(tabId);
    const r = await h.invoke(panel, tabId, 'reply.send', { text: 'pending across a reload' });
    if (r.status !== 'needs_confirmation') throw new Error('expected a pending send');
    const id = r.call.actionId;
    // Reload the extension: session storage (the ledger) is cleared, the journal is not.
    const old = h.worker;
    // Reload the unpacked extension as chrome://extensions does (the same path, the same id).
    const { DIST } = await import('./harness.ts');
    expect(await h.browser.installExtension(DIST)).toBe(h.extensionId);
    const { launchedWorker } = await import('./harness.ts');
    // A service worker starts on demand: the panel asking for its confirmations wakes it.
    const after = await h.panel(tabId);
    const worker = await launchedWorker(h.browser, h.extensionId, old);
    h.worker = worker;
    const entry = await until(
      () =>
        worker
          .evaluate(async (a: string) => {
            const got: Record<string, unknown> = await chrome.storage.session.get(`ledger:${a}`);
            return got[`ledger:${a}`] as { state: string; outcome?: { error?: { code: string } } } | undefined;
          }, id)
          .catch(() => undefined),
      (e) => !!e,
      15_000,
    );
    expect(entry).toMatchObject({ state: 'expired', outcome: { error: { code: 'EXTENSION_RELOADED' } } });
    await after.reload({ waitUntil: 'load' });
    await after.waitForSelector(`.outcome[data-action-id="${id}"][data-state="expired"]`);
    expect(mutations(await h.log())).toEqual([]);
  });
});

describe('activity log', () => {
  it('filters records, shows time to decision, and exports JSONL with phones and e-mails masked', async () => {
    const panel = await h.panel(tabId);
    await h.invoke(panel, tabId, 'note.add', { text: '客户要求回电 13812345678，或发邮件到 zhang.wei@example.com' });
    const r = await h.invoke(panel, tabId, 'reply.send', { text: '已收到，稍后联系 13812345678' });
    if (r.status !== 'needs_confirmation') throw new Error('expected a pending send');
    await panel.reload({ waitUntil: 'load' });
    await confirmCard(panel, r.call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${r.call.actionId}"][data-state="executed"]`);
    await new Promise((res) => setTimeout(res, 300));
    const log = await h.panel(tabId);
    await log.goto(`chrome-extension://${h.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=activity`, { waitUntil: 'load' });
    await log.waitForSelector('.record[data-tool="note.add"]');
    await log.select('select[name=filter-tool]', 'reply.send');
    const rows = await log.$$eval('.record', (els) => els.map((e) => `${(e as HTMLElement).dataset.tool}:${(e as HTMLElement).dataset.status}`));
    expect(rows.every((x) => x.startsWith('reply.send:'))).toBe(true);
    expect(rows).toContain('reply.send:executed');
    expect(rows).toContain('reply.send:needs_confirmation');
    expect(await log.$eval('.record.kind-confirmation .ttd', (el) => el.textContent)).toContain('决定用时');
    await log.select('select[name=filter-tool]', '');
    await log.click('button.export');
    await log.waitForSelector('a.export-link');
    const jsonl = await log.evaluate(async () => (await fetch(document.querySelector<HTMLAnchorElement>('a.export-link')!.href)).text());
    const lines = jsonl.trim().split('\n').map((l) => JSON.parse(l) as { tool: string });
    expect(lines.some((l) => l.tool === 'note.add')).toBe(true);
    expect(jsonl).not.toContain('13812345678');
    expect(jsonl).not.toContain('zhang.wei@example.com');
    expect(jsonl).toContain('138****5678');
    expect(jsonl).toContain('z***@example.com');
  });
});
