/**
 * Every catalog tool through the real content script of the built extension, on the demo
 * console, with what the console's backend recorded as the proof.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogInputSchemas } from '../scripts/input-schemas.ts';
import type { FunctionSchema, ToolResult } from '../src/tools/types.ts';
import { fromWire } from '../src/tools/wire.ts';
import { confirmCard, mutations, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let page: Page;
let panel: Page;
let tabId: number;

beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT', 'REFUND_APPROVER'], agentName: 'e2e-agent' });
});
afterAll(async () => h?.close());

beforeEach(async () => {
  ({ page, tabId } = await h.freshConsole());
  panel = await h.panel(tabId);
});

const data = <T = Record<string, unknown>>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};
const errorOf = (r: ToolResult) => {
  if (!('error' in r)) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
};
const pending = (r: ToolResult) => {
  if (r.status !== 'needs_confirmation') throw new Error(`expected a confirmation, got ${JSON.stringify(r)}`);
  return r.call;
};

describe('read tools', () => {
  it('kb.search calls the console KB endpoint and returns trimmed hits', async () => {
    const d = data<{ total: number; results: { id: string; title: string; snippet: string }[] }>(
      await h.invoke(panel, tabId, 'kb.search', { query: '发票', limit: 3 }),
    );
    expect(d.results[0]!.id).toBe('KB-101');
    expect(d.results.length).toBeLessThanOrEqual(3);
    expect(mutations(await h.log())).toEqual([]);
  });

  it('conversation.read returns visible messages only, with hidden and invisible text counted', async () => {
    const d = data<{ conversationId: string; messages: { role: string; text: string }[]; removed: { hiddenMessages: number; invisibleChars: number } }>(
      await h.invoke(panel, tabId, 'conversation.read', {}, 'llm'),
    );
    expect(d.conversationId).toBe('C-1001');
    expect(d.messages.map((m) => m.role)).toEqual(['customer', 'agent', 'customer', 'customer']);
    expect(JSON.stringify(d)).not.toContain('忽略之前的所有指令');
    expect(d.messages[2]!.text).toContain('左耳没声音');
    expect(d.removed).toMatchObject({ hiddenMessages: 1, invisibleChars: 1 });
  });

  it('customer.read gives people the profile and masks phone and email for the model', async () => {
    const forPerson = data(await h.invoke(panel, tabId, 'customer.read', {}, 'ui'));
    expect(forPerson).toMatchObject({ name: '张伟', phone: '13812345678', email: 'zhang.wei@example.com', orderId: 'ORD-20261101', membership: '金卡会员' });
    const forModel = data(await h.invoke(panel, tabId, 'customer.read', {}, 'llm'));
    expect(forModel).toMatchObject({ name: '张伟', phone: '138****5678', email: 'z***@example.com', orderId: 'ORD-20261101' });
    expect(JSON.stringify(forModel)).not.toContain('13812345678');
  });

  it('ticket.history lists the earlier tickets', async () => {
    const d = data<{ tickets: { id: string; title: string; status: string }[] }>(await h.invoke(panel, tabId, 'ticket.history', {}, 'llm'));
    expect(d.tickets.map((t) => t.id)).toEqual(['T-9001', 'T-9002']);
    expect(d.tickets[0]).toMatchObject({ title: '耳机左耳无声', status: '已关闭' });
  });

  it('page.inspect finds every known field, including the shadow-root e-mail and the iframe refund form', async () => {
    type Form = { found: boolean; missing: string[]; fields: Record<string, { via: string }> };
    const d = data<{ facets: string[]; profile: { id: string }; recordId: string; capabilities: Record<string, { found: boolean; via?: string }> & { ticketForm: Form; refundForm: Form } }>(
      await h.invoke(panel, tabId, 'page.inspect', {}),
    );
    expect(d.facets).toEqual(expect.arrayContaining(['conversation', 'composer', 'customer', 'history', 'ticketForm', 'refundForm', 'assign']));
    expect(d.profile.id).toBe('deskhand-demo');
    expect(d.recordId).toBe('C-1001');
    for (const s of ['ticketForm', 'refundForm'] as const) expect(d.capabilities[s]).toMatchObject({ found: true, missing: [] });
    for (const c of ['thread', 'customer', 'history', 'replyComposer', 'noteBox']) expect(d.capabilities[c], c).toMatchObject({ found: true });
    const via = Object.fromEntries(Object.entries(d.capabilities.ticketForm.fields).map(([k, f]) => [k, f.via]));
    expect(via).toMatchObject({ title: 'label', category: 'aria-labelledby', description: 'aria-label', name: 'label', phone: 'placeholder', orderId: 'nearby', priority: 'legend' });
  });

  it('works on the English console too', async () => {
    const en = await h.openConsole('/?lang=en&c=C-1002');
    const enTab = await h.tabIdOf(en);
    const d = data<{ capabilities: Record<string, { missing: string[] }> }>(await h.invoke(panel, enTab, 'page.inspect', {}));
    expect(d.capabilities.ticketForm!.missing).toEqual([]);
    expect(d.capabilities.refundForm!.missing).toEqual([]);
    const p = data(await h.invoke(panel, enTab, 'customer.read', {}));
    expect(p).toMatchObject({ name: 'Li Na', orderId: 'ORD-20261115', membership: 'Member' });
  });
});

describe('write tools', () => {
  it('customer.fill opens the form and fills name, phone, shadow-root email and order id', async () => {
    const d = data<{ filled: { field: string }[]; missed: string[]; opened: boolean }>(await h.invoke(panel, tabId, 'customer.fill', {}));
    expect(d.opened).toBe(true);
    expect(d.filled.map((f) => f.field).sort()).toEqual(['email', 'name', 'orderId', 'phone']);
    expect(d.missed).toEqual([]);
    const email = await page.evaluate(() => document.querySelector('dh-email-field')!.shadowRoot!.querySelector('input')!.value);
    expect(email).toBe('zhang.wei@example.com');
  });

  it('a missing field gives a partial result, not an error', async () => {
    await page.evaluate(() => document.querySelector('dh-email-field')!.remove());
    const d = data<{ filled: { field: string }[]; missed: string[] }>(await h.invoke(panel, tabId, 'customer.fill', {}));
    expect(d.filled).toHaveLength(3);
    expect(d.missed).toEqual(['email']);
  });

  it('customer fields that render after the form box are waited for and filled', async () => {
    // As a framework does: the form's box is there first, its fields a moment later.
    await page.evaluate(() => {
      const grid = document.querySelector('#quick-ticket .grid')!;
      const parent = grid.parentElement!;
      const next = grid.nextSibling;
      grid.remove();
      setTimeout(() => parent.insertBefore(grid, next), 600);
    });
    const d = data<{ filled: { field: string }[]; missed: string[] }>(await h.invoke(panel, tabId, 'customer.fill', {}));
    expect(d.filled.map((f) => f.field).sort()).toEqual(['email', 'name', 'orderId', 'phone']);
    expect(await page.evaluate(() => (document.querySelector('#quick-ticket [name=c_n]') as HTMLInputElement).value)).not.toBe('');
  });

  it('a form that never shows the customer fields is an error naming what was looked for, never "filled 0"', async () => {
    await page.evaluate(() => document.querySelector('#quick-ticket .grid')!.remove());
    const e = errorOf(await h.invoke(panel, tabId, 'customer.fill', {}));
    expect(e).toMatchObject({ type: 'not_found', code: 'NO_FORM_FIELDS' });
    expect(e.detail).toMatch(/name, phone, email, orderId/);
    expect(e.detail).toMatch(/looked for a control named/);
  });

  it('the framework-controlled title keeps what deskhand filled and the ticket is submitted with it', async () => {
    await h.invoke(panel, tabId, 'customer.fill', {});
    data(await h.invoke(panel, tabId, 'ticket.fill', { title: '耳机左耳无声', description: '客户反馈左耳无声，申请退款。', priority: 'high' }));
    const match = data<{ choice: { value: string; score: number }; runnerUp: { value: string; score: number } }>(await h.invoke(panel, tabId, 'category.match', {}));
    expect(match.choice.value).toBe('quality');
    // Refund and invoice are both mentioned; either may be the runner-up, below the choice.
    expect(['refund', 'invoice']).toContain(match.runnerUp.value);
    expect(match.runnerUp.score).toBeLessThan(match.choice.score);
    const submit = data<{ ticketId: string }>(await h.invoke(panel, tabId, 'ticket.submit', {}));
    expect(submit.ticketId).toBe('T-10001');
    const log = mutations(await h.log());
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      path: '/api/tickets',
      status: 201,
      body: {
        title: '耳机左耳无声',
        category: 'quality',
        priority: 'high',
        description: '客户反馈左耳无声，申请退款。',
        conversationId: 'C-1001',
        customer: { name: '张伟', phone: '13812345678', email: 'zhang.wei@example.com', orderId: 'ORD-20261101' },
      },
    });
  });

  it('a plain .value assignment is lost by the controlled input (the console really is framework-style)', async () => {
    await page.evaluate(() => {
      (document.querySelector('.open-ticket') as HTMLElement).click();
      (document.querySelector('#f-x81') as HTMLInputElement).value = 'set without events';
    });
    await h.invoke(panel, tabId, 'ticket.fill', { description: 'desc', category: 'invoice' });
    const r = errorOf(await h.invoke(panel, tabId, 'ticket.submit', {}));
    // The DOM shows a title, so deskhand's required check passes; the console's own state
    // has none, and it refuses the submit.
    expect(r.code).toBe('CONSOLE_REFUSED');
    expect(mutations(await h.log())).toEqual([]);
  });

  it('ticket.submit refuses an incomplete form before touching the console', async () => {
    await h.invoke(panel, tabId, 'ticket.fill', { title: 'only a title' });
    const e = errorOf(await h.invoke(panel, tabId, 'ticket.submit', {}));
    expect(e).toMatchObject({ type: 'validation', code: 'REQUIRED_EMPTY' });
    expect(e.fields!.map((f) => f.path)).toEqual(['category', 'description']);
    expect(mutations(await h.log())).toEqual([]);
  });

  it('reply.draft fills the model-based composer without sending', async () => {
    data(await h.invoke(panel, tabId, 'reply.draft', { text: '您好，我们已为您登记售后。' }));
    expect(await page.$eval('.editor', (el) => el.textContent)).toBe('您好，我们已为您登记售后。');
    expect(mutations(await h.log())).toEqual([]);
  });

  it('note.add adds an internal note through the console', async () => {
    data(await h.invoke(panel, tabId, 'note.add', { text: '客户第二次反馈同一问题' }));
    expect(mutations(await h.log())).toMatchObject([{ path: '/api/conversations/C-1001/notes', body: { text: '客户第二次反馈同一问题' }, status: 201 }]);
  });

  it('queue.assign moves the conversation to an allowed queue and refuses others', async () => {
    data(await h.invoke(panel, tabId, 'queue.assign', { queue: '物流组' }));
    expect(mutations(await h.log())).toMatchObject([{ path: '/api/conversations/C-1001/queue', body: { queue: 'logistics' } }]);
    await h.settings({ queues: ['billing', 'logistics'] });
    await new Promise((r) => setTimeout(r, 150));
    expect(errorOf(await h.invoke(panel, tabId, 'queue.assign', { queue: 'vip' }))).toMatchObject({ type: 'forbidden', code: 'QUEUE_NOT_ALLOWED' });
    expect(errorOf(await h.invoke(panel, tabId, 'queue.assign', { queue: 'nowhere' })).code).toBe('UNKNOWN_QUEUE');
    expect(mutations(await h.log())).toHaveLength(1);
    await h.settings({ queues: ['billing', 'logistics', 'tech', 'vip'] });
  });
});

describe('confirmed actions', () => {
  it('refund.request waits for a confirmation, then the approved refund goes through the iframe form', async () => {
    const call = pending(await h.invoke(panel, tabId, 'refund.request', { orderId: 'ORD-20261101', amount: 199, currency: 'CNY', reason: '左耳无声，质量问题' }));
    expect(call).toMatchObject({ requiredRole: 'REFUND_APPROVER', risk: 'high', binding: { tabId, recordId: 'C-1001' } });
    expect(mutations(await h.log())).toEqual([]);
    await panel.reload({ waitUntil: 'load' });
    await confirmCard(panel, call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="executed"]`);
    expect(mutations(await h.log())).toMatchObject([
      { path: '/api/refunds', status: 201, body: { orderId: 'ORD-20261101', amount: 199, currency: 'CNY', reason: '左耳无声，质量问题', conversationId: 'C-1001' } },
    ]);
  });

  it('a refund the console refuses is shown as failed, not executed', async () => {
    const call = pending(await h.invoke(panel, tabId, 'refund.request', { orderId: 'ORD-20261101', amount: 5000, currency: 'CNY', reason: 'too much money' }));
    await panel.reload({ waitUntil: 'load' });
    await confirmCard(panel, call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="failed"][data-failed-by="console"]`);
    expect(await panel.$eval(`.outcome[data-action-id="${call.actionId}"] .state`, (el) => el.textContent)).toBe('失败（客服台拒绝）');
    expect(mutations(await h.log())).toMatchObject([{ path: '/api/refunds', status: 422 }]);
  });

  it('reply.send delivers nothing until confirmed, and exactly one message after two quick confirms from two panels', async () => {
    const text = '您好，退款申请已提交，预计 3 个工作日到账。';
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text }));
    expect(call.display).toMatchObject({ conversation: 'C-1001', to: '张伟', text });
    await new Promise((r) => setTimeout(r, 300));
    expect(mutations(await h.log())).toEqual([]);
    const second = await h.panel(tabId);
    const sel = `.card[data-action-id="${call.actionId}"] button.confirm`;
    await panel.bringToFront();
    await panel.reload({ waitUntil: 'load' });
    await panel.waitForSelector(sel);
    expect(await panel.$eval(`.card[data-action-id="${call.actionId}"] .exact-text`, (el) => el.textContent)).toBe(text);
    // The panel in the background cannot confirm: its Confirm stays disabled.
    await second.waitForSelector(sel);
    expect(await second.$eval(sel, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    // Two approvals of the same call at the same moment, from both panels' own pages.
    const approve = (p: Page) =>
      p.evaluate((a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id: call.actionId, fp: call.fingerprint }) as Promise<{ ok: boolean; replay?: boolean }>;
    const both = await Promise.all([approve(panel), approve(second)]);
    expect(both.map((r) => r.ok)).toEqual([true, true]);
    expect(both.map((r) => r.replay).sort()).toEqual([false, true]);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="executed"]`);
    await new Promise((r) => setTimeout(r, 500));
    const sent = mutations(await h.log()).filter((e) => e.path.endsWith('/messages'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ path: '/api/conversations/C-1001/messages', body: { text }, status: 201 });
  });

  it('a rejected send is never delivered', async () => {
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'should never go out' }));
    await panel.reload({ waitUntil: 'load' });
    await panel.waitForSelector(`.card[data-action-id="${call.actionId}"] button.reject`);
    await panel.click(`.card[data-action-id="${call.actionId}"] button.reject`);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="rejected"]`);
    expect(mutations(await h.log())).toEqual([]);
  });

  it('a send the console answers with HTTP 500 is shown as uncertain and not retried', async () => {
    await fetch(`${h.server.url}/api/_faults`, { method: 'POST', body: JSON.stringify({ path: '/messages$', mode: 'error' }) });
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'server will fail' }));
    await panel.reload({ waitUntil: 'load' });
    await confirmCard(panel, call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="uncertain"] button.check`);
    const log = await until(() => h.log(), (l) => mutations(l).length > 0);
    expect(mutations(log)).toMatchObject([{ status: 500 }]);
    await new Promise((r) => setTimeout(r, 500));
    expect(mutations(await h.log())).toHaveLength(1);
  });

  it('a send whose console call hangs (never answers) is shown as uncertain and is never retried', async () => {
    await fetch(`${h.server.url}/api/_faults`, { method: 'POST', body: JSON.stringify({ path: '/messages$', mode: 'hang' }) });
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'the console will hang' }));
    await panel.reload({ waitUntil: 'load' });
    await confirmCard(panel, call.actionId);
    const row = `.outcome[data-action-id="${call.actionId}"][data-state="uncertain"]`;
    await panel.waitForSelector(`${row} button.check`, { timeout: 30_000 });
    expect(await panel.$eval(`${row} .detail`, (el) => el.textContent)).toContain('客服台没有显示这条消息');
    // The console got exactly one request (it never answered), and nothing was sent again.
    expect(mutations(await h.log())).toMatchObject([{ path: '/api/conversations/C-1001/messages', status: 0 }]);
    const again = await panel.evaluate((a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id: call.actionId, fp: call.fingerprint });
    expect(again).toMatchObject({ ok: true, replay: true, entry: { state: 'uncertain' } });
    await new Promise((r) => setTimeout(r, 500));
    expect(mutations(await h.log())).toHaveLength(1);
  }, 45_000);

  it('the model path cannot run writes or sends, even when asked directly', async () => {
    for (const [name, input] of [
      ['reply.send', { text: 'hi' }],
      ['ticket.submit', {}],
      ['refund.request', { orderId: 'ORD-20261101', amount: 1, currency: 'CNY', reason: 'test it' }],
      ['note.add', { text: 'x' }],
    ] as const) {
      expect(errorOf(await h.invoke(panel, tabId, name, input, 'llm')).type).toBe('forbidden');
    }
    const list = await panel.evaluate(async (id: number) => (await chrome.tabs.sendMessage(id, { type: 'tools.schemas' })).tools.map((t: { function: { name: string } }) => t.function.name), tabId);
    expect(list.sort()).toEqual(['conversation__read', 'customer__read', 'kb__search', 'page__inspect', 'ticket__history']);
    expect(mutations(await h.log())).toEqual([]);
  });

  it('hands the model input schemas with the facts the catalog promises (written here by hand, not generated)', async () => {
    const tools: FunctionSchema[] = await panel.evaluate(async (id: number) => (await chrome.tabs.sendMessage(id, { type: 'tools.schemas' })).tools, tabId);
    const int = (minimum: number, maximum: number, dflt: number) => ({ type: 'integer', minimum, maximum, default: dflt, description: expect.any(String) });
    // What each read tool takes, as the catalog says it (docs/ARCHITECTURE.md, README's tool table).
    const facts: Record<string, { properties: Record<string, unknown>; required?: string[] }> = {
      page__inspect: { properties: {} },
      customer__read: { properties: {} },
      conversation__read: { properties: { limit: int(1, 50, 20), offset: int(0, 500, 0) } },
      ticket__history: { properties: { limit: int(1, 20, 10) } },
      kb__search: { properties: { query: { type: 'string', minLength: 2, maxLength: 2000, description: expect.stringMatching(/发票|refund/) }, limit: int(1, 10, 5) }, required: ['query'] },
    };
    expect(tools.map((t) => t.function.name).sort()).toEqual(Object.keys(facts).sort());
    for (const t of tools) {
      const want = facts[t.function.name]!;
      // Unknown keys are refused (the model cannot smuggle fields), and nothing else rides along.
      expect(t.function.parameters, t.function.name).toEqual({ type: 'object', additionalProperties: false, properties: want.properties, ...(want.required ? { required: want.required } : {}) });
      expect(t.function.description.length, t.function.name).toBeGreaterThan(20);
    }
    // The shipped schemas are also what zod makes of the catalog's inputs (one source, no drift).
    const zod = catalogInputSchemas();
    for (const t of tools) expect(t.function.parameters, t.function.name).toEqual(zod[fromWire(t.function.name)]);
  });
});
