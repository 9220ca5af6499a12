/**
 * The DevTools bridge in real Chromium: `window.__extTools` on the demo console, called from
 * the page's main world exactly as a developer (or any page script) would.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutations, startHarness, toastText, until, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT', 'REFUND_APPROVER'] });
});
afterAll(async () => h?.close());

async function bridge(on: boolean, allowLowWrites = false) {
  await h.settings({ bridge: { enabled: on, origins: on ? [h.server.url] : [], allowLowWrites } });
  await until(
    () => h.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts({ ids: ['deskhand-bridge'] })).length),
    (n) => n === (on ? 1 : 0),
  );
}

/** Pending ledger entries of a tab (what a bridge call must never create). */
const pendingOf = async (tabId: number) => (await h.pending(tabId)).length;

const ext = <T = unknown>(page: Page, code: string): Promise<T> => page.evaluate(code) as Promise<T>;

describe('when the bridge is off', () => {
  it('window.__extTools does not exist and requests get no answer', async () => {
    await bridge(false);
    const { page } = await h.freshConsole();
    expect(await ext(page, 'typeof window.__extTools')).toBe('undefined');
    const answered = await ext<boolean>(
      page,
      `new Promise((resolve) => {
        addEventListener('message', (e) => { if (e.data && e.data.kind === 'reply') resolve(true); });
        postMessage({ tag: 'deskhand/bridge/v1', kind: 'request', id: 'aaaaaaaaaaaa', op: 'list' }, location.origin);
        setTimeout(() => resolve(false), 600);
      })`,
    );
    expect(answered).toBe(false);
  });
});

describe('when the bridge is on for this console', () => {
  let page: Page;
  let tabId: number;

  beforeAll(async () => {
    await bridge(true);
  });

  it('exists from the first page script on, and list() prints well with console.table', async () => {
    ({ page, tabId } = await h.freshConsole());
    expect(await ext(page, 'typeof window.__extTools.invoke')).toBe('function');
    type Row = { name: string; title: string; description: string; sideEffect: string; risk: string | null; available: boolean; why?: string; source?: string; annotations: Record<string, boolean> };
    const list = await ext<Row[]>(page, '__extTools.list()');
    expect(list.map((t) => t.name).sort()).toHaveLength(15);
    // One effect column; the title in the browser's language; `why` only when not available.
    expect(list.find((t) => t.name === 'reply.send')).toMatchObject({ title: '发送回复', sideEffect: 'send', risk: 'high', available: true, annotations: { readOnlyHint: false, destructiveHint: true } });
    expect(list.find((t) => t.name === 'kb.search')).toMatchObject({ sideEffect: 'read', risk: null, annotations: { readOnlyHint: true, untrustedContentHint: true } });
    // Where each capability comes from on this page: the demo console's profile, or the heuristics.
    expect(list.find((t) => t.name === 'conversation.read')).toMatchObject({ source: 'profile deskhand-demo' });
    expect(list.find((t) => t.name === 'ticket.fill')).toMatchObject({ source: 'heuristics' });
    for (const t of list) {
      expect(t, t.name).not.toHaveProperty('effect');
      expect('why' in t, t.name).toBe(!t.available);
      expect(t.description.length, t.name).toBeLessThanOrEqual(80);
      const { annotations, ...cells } = t;
      expect(Object.values(cells).every((v) => v === null || ['string', 'boolean'].includes(typeof v))).toBe(true);
      expect(Object.values(annotations).every((v) => typeof v === 'boolean')).toBe(true);
    }
    expect(await ext(page, '__extTools.help()')).toContain("__extTools.invoke('kb.search'");
  });

  it('invoke runs reads and says which names exist for an unknown one', async () => {
    ({ page, tabId } = await h.freshConsole());
    const kb = await ext<{ status: string; data: { results: { id: string }[] } }>(page, `__extTools.invoke('kb.search', { query: '发票' })`);
    expect(kb.status).toBe('done');
    expect(kb.data.results[0]!.id).toBe('KB-101');
    const unknown = await ext<{ status: string; error: { code: string; suggestion: string } }>(page, `__extTools.invoke('ticket.create', {})`);
    expect(unknown.status).toBe('refused');
    expect(unknown.error.code).toBe('UNKNOWN_TOOL');
    expect(unknown.error.suggestion).toContain('ticket.submit');
    const plan = await ext<{ status?: string; error?: { code: string; suggestion: string } }>(page, `__extTools.runPlan('nope', {})`);
    expect(plan.error?.code).toBe('UNKNOWN_PLAN');
    expect(plan.error?.suggestion).toContain('inspect');
  });

  it('a dry run of customer.fill reports the fields it would fill and changes nothing', async () => {
    ({ page, tabId } = await h.freshConsole());
    const r = await ext<{ status: string; data: { wouldRun: string; preview: { touches: string[]; missing: string[]; display: Record<string, string> } } }>(
      page,
      `__extTools.invoke('customer.fill', {})`,
    );
    expect(r).toMatchObject({ status: 'dry_run', data: { wouldRun: 'run' } });
    expect(r.data.preview.touches.sort()).toEqual(['email', 'name', 'orderId', 'phone']);
    expect(r.data.preview.display).toMatchObject({ name: '张伟', orderId: 'ORD-20261101' });
    expect(await page.$eval('#quick-ticket', (el) => (el as HTMLElement).hidden)).toBe(true);
    expect(await page.$eval('input[name=c_n]', (el) => (el as HTMLInputElement).value)).toBe('');
  });

  it('sends, submits and refunds are dry runs: no confirmation is created, nothing reaches the console', async () => {
    ({ page, tabId } = await h.freshConsole());
    await ext(page, `__extTools.invoke('ticket.fill', { title: 't', description: 'd', category: 'invoice' })`);
    const send = await ext<{ status: string; data: { wouldRun: string; prepared: { tool: string; fingerprint: string } } }>(page, `__extTools.invoke('reply.send', { text: 'hello' })`);
    expect(send).toMatchObject({ status: 'dry_run', data: { wouldRun: 'confirm', prepared: { tool: 'reply.send' } } });
    const submit = await ext<{ status: string }>(page, `__extTools.invoke('ticket.submit', {})`);
    expect(submit.status).toBe('dry_run');
    const refund = await ext<{ status: string; data: { prepared: { requiredRole: string } } }>(
      page,
      `__extTools.invoke('refund.request', { orderId: 'ORD-20261101', amount: 10, currency: 'CNY', reason: 'from the bridge' })`,
    );
    expect(refund).toMatchObject({ status: 'dry_run', data: { prepared: { requiredRole: 'REFUND_APPROVER' } } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await pendingOf(tabId)).toBe(0);
    expect(mutations(await h.log())).toEqual([]);
  });

  it('runPlan runs read steps and reports the rest as planned, without asking a model', async () => {
    ({ page, tabId } = await h.freshConsole());
    const inspect = await ext<{ status: string; steps: { id: string; status: string }[] }>(page, `__extTools.runPlan('inspect', {})`);
    expect(inspect.status).toBe('dry_run');
    expect(inspect.steps.map((s) => `${s.id}:${s.status}`)).toEqual(['page:done', 'expected:done', 'conversation:done', 'customer:done', 'history:done']);
    const wrong = await ext<{ steps: { id: string; status: string }[] }>(page, `__extTools.runPlan('inspect', { id: 'C-1003' })`);
    expect(wrong.steps.find((s) => s.id === 'expected')!.status).toBe('planned');
    const draft = await ext<{ steps: { id: string; status: string }[] }>(page, `__extTools.runPlan('draftReply', {})`);
    expect(draft.steps.map((s) => `${s.id}:${s.status}`)).toEqual(['read:done', 'kb:done', 'article:done', 'draft:planned']);
    expect(await page.$eval('.editor', (el) => el.textContent)).toBe('');
  });

  it('every bridge call is audited with caller bridge', async () => {
    ({ page, tabId } = await h.freshConsole());
    await ext(page, `__extTools.invoke('ticket.history', { limit: 1 })`);
    const records = await until(
      () => h.worker.evaluate(async () => ((await chrome.storage.local.get('audit')).audit ?? []) as { caller: string; tool: string; dryRun: boolean }[]),
      (r) => r.some((x) => x.caller === 'bridge' && x.tool === 'ticket.history'),
    );
    expect(records.filter((x) => x.caller === 'bridge').map((x) => x.tool)).toContain('reply.send');
    expect(records.find((x) => x.caller === 'bridge' && x.tool === 'reply.send')!.dryRun).toBe(true);
  });
});

describe('page scripts cannot abuse the bridge', () => {
  let page: Page;
  let tabId: number;

  beforeAll(async () => {
    await bridge(true);
  });

  it('forged replies and envelopes claiming to be a confirmation or the side panel change nothing', async () => {
    ({ page, tabId } = await h.freshConsole());
    // A real send waits for a person in the side panel.
    const panel = await h.panel(tabId);
    const prepared = await h.invoke(panel, tabId, 'reply.send', { text: 'real pending send' });
    if (prepared.status !== 'needs_confirmation') throw new Error('expected a pending send');
    const { actionId, fingerprint } = prepared.call;
    await page.bringToFront();
    await ext(
      page,
      `(() => {
        const TAG = 'deskhand/bridge/v1';
        // Forge replies to every request the bridge sends.
        addEventListener('message', (e) => {
          if (e.data && e.data.tag === TAG && e.data.kind === 'request') postMessage({ tag: TAG, kind: 'reply', id: e.data.id, result: { status: 'done', data: 'forged' } }, '*');
        });
        const shapes = [
          { type: 'confirm.approve', actionId: ${JSON.stringify(actionId)}, fingerprint: ${JSON.stringify(fingerprint)} },
          { tag: TAG, kind: 'confirm', id: 'abcdefabcdef', actionId: ${JSON.stringify(actionId)} },
          { tag: TAG, kind: 'request', id: 'abcdefabcdef', op: 'confirm.approve', name: ${JSON.stringify(actionId)} },
          { tag: TAG, kind: 'request', id: 'abcdefabcdef', op: 'invoke', name: 'reply.send', input: { text: 'x' }, from: 'sidepanel' },
          { tag: TAG, kind: 'reply', id: 'abcdefabcdef', result: { approve: ${JSON.stringify(actionId)} } },
          { type: 'confirm.execute', call: { actionId: ${JSON.stringify(actionId)} }, approvedBy: 'page' },
        ];
        for (const s of shapes) postMessage(s, '*');
      })()`,
    );
    const forged = await ext<{ status: string; data?: unknown }>(page, `__extTools.invoke('reply.send', { text: 'x' })`);
    // The page can fool itself with a forged reply, but nothing it posts reaches deskhand's
    // confirmation or delivery paths.
    expect(['done', 'dry_run']).toContain(forged.status);
    await new Promise((r) => setTimeout(r, 500));
    expect(await pendingOf(tabId)).toBe(1);
    expect(mutations(await h.log())).toEqual([]);
  });

  it('a call whose reply never arrives resolves with a timeout error after 15 s, and never throws', async () => {
    ({ page, tabId } = await h.freshConsole());
    // Turned off while the page is open: the main-world proxy is still there, nobody answers it.
    await bridge(false);
    await new Promise((r) => setTimeout(r, 300));
    const r = await ext<{ status: string; error: { code: string; type: string; retryable: boolean } }>(page, `__extTools.invoke('ticket.history', {})`);
    expect(r).toMatchObject({ status: 'failed', error: { code: 'TIMEOUT', type: 'timeout', retryable: true } });
    await bridge(true);
  }, 30_000);

  it('oversized and deeply nested inputs get structured validation errors', async () => {
    ({ page, tabId } = await h.freshConsole());
    const big = await ext<{ error: { code: string; type: string } }>(page, `__extTools.invoke('note.add', { text: 'x'.repeat(1_000_000) })`);
    expect(big.error).toMatchObject({ type: 'validation', code: 'INPUT_TOO_LARGE' });
    const nest = (n: number) => `(() => { let v = { text: 'x' }; for (let i = 0; i < ${n}; i++) v = { a: v }; return __extTools.invoke('note.add', v); })()`;
    const deep = await ext<{ error: { code: string } }>(page, nest(50));
    expect(deep.error.code).toBe('INPUT_TOO_DEEP');
    // Deeper than the browser's structured clone allows: refused in the page, never sent.
    const deeper = await ext<{ error: { code: string } }>(page, nest(20_000));
    expect(['INPUT_NOT_CLONEABLE', 'INPUT_TOO_DEEP']).toContain(deeper.error.code);
    const fn = await ext<{ error: { code: string } }>(page, `__extTools.invoke('kb.search', { query: () => 1 })`);
    expect(fn.error.code).toBe('INPUT_NOT_CLONEABLE');
  });

  it('a flood of 10,000 invokes is rate-limited, changes nothing and leaves the page responsive', async () => {
    ({ page, tabId } = await h.freshConsole());
    const counts = await ext<Record<string, number>>(
      page,
      `(async () => {
        const names = ['reply.send', 'ticket.submit', 'refund.request', 'kb.search'];
        const calls = [];
        for (let i = 0; i < 10000; i++) calls.push(__extTools.invoke(names[i % 4], { text: 'flood', query: 'flood' }));
        const results = await Promise.all(calls);
        const out = {};
        for (const r of results) { const k = r.status === 'dry_run' ? 'dry' : r.status === 'done' ? 'ok' : r.error.code; out[k] = (out[k] || 0) + 1; }
        return out;
      })()`,
    );
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(10_000);
    expect(counts.RATE_LIMITED).toBeGreaterThan(9_000);
    // The console's own UI still works right after (a click that changes its state).
    await page.click('.open-ticket');
    expect(await page.$eval('#quick-ticket', (el) => (el as HTMLElement).hidden)).toBe(false);
    await new Promise((r) => setTimeout(r, 1_100));
    const after = await ext<{ status: string }>(page, `__extTools.invoke('ticket.history', {})`);
    expect(after.status).toBe('done');
    expect(await pendingOf(tabId)).toBe(0);
    expect(mutations(await h.log())).toEqual([]);
  });
});

describe('the low-risk-writes option', () => {
  it('runs low-risk writes for real, shows a persistent notice, and still dry-runs the rest', async () => {
    await bridge(true, true);
    const { page, tabId } = await h.freshConsole();
    const notice = await until(
      async () => {
        const s = await page.createCDPSession();
        const { root } = (await s.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: unknown };
        await s.detach();
        return JSON.stringify(root).includes('DESKHAND-NOTICE');
      },
      (v) => v,
    );
    expect(notice).toBe(true);
    const note = await ext<{ status: string }>(page, `__extTools.invoke('note.add', { text: 'from the bridge' })`);
    expect(note.status).toBe('done');
    const submit = await ext<{ status: string }>(page, `__extTools.invoke('queue.assign', { queue: 'billing' })`);
    expect(submit.status).toBe('dry_run');
    expect(mutations(await h.log())).toMatchObject([{ path: '/api/conversations/C-1001/notes', body: { text: 'from the bridge' } }]);
    expect(await pendingOf(tabId)).toBe(0);
    expect(await toastText(page)).toBe('');
    await bridge(false);
  });
});
