/**
 * Attacks from issue 14 that are timed or fill storage, so they run alone (vitest.config.ts):
 * a click against the panel's dwell and attention, a conflict that keeps Confirm disabled past
 * any dwell, storage filled to quota, and a bridge answer awaited for 800 ms. The other attacks
 * of issue 14 are in e2e/security-attacks.test.ts. Each test is named after the attack it stops.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PreparedCall, ToolResult } from '../src/tools/types.ts';
import { confirmCard, mutations, poll, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let page: Page;
let tabId: number;
let panel: Page;

beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT', 'REFUND_APPROVER'], agentName: 'sec-agent', llm: { baseURL: 'http://127.0.0.1:9/v1', apiKey: 'sk-test-secret-0123456789abcdef', model: 'x' } });
});
afterAll(async () => h?.close());
beforeEach(async () => {
  ({ page, tabId } = await h.freshConsole());
  panel = await h.panel(tabId);
});

const pending = (r: ToolResult): PreparedCall => {
  if (r.status !== 'needs_confirmation') throw new Error(`expected a confirmation, got ${JSON.stringify(r)}`);
  return r.call;
};
const sent = async () => mutations(await h.log()).filter((e) => e.path.endsWith('/messages') || e.path === '/api/refunds');
const approveFrom = (p: Page, call: Pick<PreparedCall, 'actionId' | 'fingerprint'>) =>
  p.evaluate((a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id: call.actionId, fp: call.fingerprint }) as Promise<{
    ok: boolean;
    replay?: boolean;
    error?: { code: string };
    entry?: { state: string; outcome?: { error?: { code: string } } };
  }>;
const storedEntry = (id: string) => h.worker.evaluate(async (a: string) => (await chrome.storage.session.get(`ledger:${a}`))[`ledger:${a}`] as { state: string } | undefined, id);

describe('items 4 and 5: hidden characters and confirmation fatigue', () => {
  it('attack: a click right after the card appears, or while the panel is in the background, confirms nothing', async () => {
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'fatigue test' }));
    await panel.reload({ waitUntil: 'load' });
    await panel.bringToFront();
    const sel = `.card[data-action-id="${call.actionId}"] button.confirm`;
    await panel.waitForSelector(sel);
    // At once, the way a page or a fast double-click would: no effect.
    await panel.$eval(sel, (b) => (b as HTMLButtonElement).click());
    await panel.click(sel);
    await new Promise((r) => setTimeout(r, 300));
    expect((await storedEntry(call.actionId))?.state).toBe('pending');
    // In the background (another tab in front) it stays disabled however long it waits.
    await page.bringToFront();
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await panel.$eval(sel, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await sent()).toEqual([]);
    await confirmCard(panel, call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="executed"]`);
  });
});

describe('item 6: a record taken from a page an attacker can rewrite', () => {
  it('attack: a page script rewrote the conversation id and recipient: the card shows the conflict and Confirm is blocked', async () => {
    await page.evaluate(() => {
      document.querySelector('main[data-conversation-id]')!.setAttribute('data-conversation-id', 'C-1002');
      document.querySelector('.profile dd')!.textContent = '李娜';
    });
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'to whom?' }));
    expect(call.conflicts.map((c) => c.field).sort()).toEqual(['conversation', 'to']);
    await panel.reload({ waitUntil: 'load' });
    const card = `.card[data-action-id="${call.actionId}"]`;
    await panel.waitForSelector(`${card} .conflict-warning`);
    const warning = await panel.$eval(`${card} .conflict-warning`, (el) => el.textContent ?? '');
    for (const s of ['C-1002', 'C-1001', '李娜', '张伟', '页面属性', '标题']) expect(warning).toContain(s);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(await panel.$eval(`${card} button.confirm`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await approveFrom(panel, call)).toMatchObject({ ok: false, error: { code: 'CONFLICTING_SOURCES' } });
    expect(await sent()).toEqual([]);
  });
});

describe('item 8: storage at quota', () => {
  const fill = (area: 'session' | 'local', free: number) =>
    h.worker.evaluate(
      async (a: { area: 'session' | 'local'; free: number }) => {
        const s = chrome.storage[a.area];
        await s.remove('filler');
        const used = await s.getBytesInUse(null);
        const quota = (s as unknown as { QUOTA_BYTES: number }).QUOTA_BYTES;
        await s.set({ filler: 'x'.repeat(Math.max(0, quota - used - a.free - 20)) });
        return quota - (await s.getBytesInUse(null));
      },
      { area, free },
    );
  const unfill = (area: 'session' | 'local') => h.worker.evaluate((a: 'session' | 'local') => chrome.storage[a].remove('filler'), area);

  it('attack: with storage full, no card appears for a call that could not be stored', async () => {
    for (const area of ['session', 'local'] as const) {
      // Routine audit records would make room in local (issue 19 item 11, e2e/security-store.test.ts): none here.
      // A batch of the earlier calls' records may land between the clear and the fill: cleared and filled again then.
      const free = await poll(
        async () => {
          if (area === 'local') await h.worker.evaluate(() => chrome.storage.local.set({ audit: [] }));
          const left = await fill(area, 300);
          const audit = area === 'local' ? await h.worker.evaluate(async () => (((await chrome.storage.local.get('audit')).audit ?? []) as unknown[]).length) : 0;
          return audit === 0 ? left : null;
        },
        (left) => left !== null,
      );
      expect(free).toBeLessThan(400);
      try {
        const r = await h.invoke(panel, tabId, 'reply.send', { text: `quota ${area}` });
        if (!('error' in r)) throw new Error(`expected a refusal, got ${JSON.stringify(r)}`);
        expect(r.error.code).toBe('CONFIRMATION_NOT_STORED');
      } finally {
        await unfill(area);
      }
      expect(await h.pending(tabId)).toEqual([]);
    }
    await panel.reload({ waitUntil: 'load' });
    await panel.waitForSelector('.nothing-pending');
  });

  it('attack: an approve that cannot record "dispatched" delivers nothing and says why; the call stays pending', async () => {
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'quota approve' }));
    await fill('session', 100);
    let r: Awaited<ReturnType<typeof approveFrom>>;
    try {
      r = await approveFrom(panel, call);
    } finally {
      await unfill('session');
    }
    expect(r).toMatchObject({ ok: false, error: { code: 'NOT_RECORDED' } });
    expect((await storedEntry(call.actionId))?.state).toBe('pending');
    expect(await sent()).toEqual([]);
  });

  it('attack: an outcome that cannot be stored is still recorded (in memory) and shown as unsaved', async () => {
    await fetch(`${h.server.url}/api/_faults`, { method: 'POST', body: JSON.stringify({ path: '/messages$', mode: 'hang' }) });
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'quota outcome' }));
    const approving = approveFrom(panel, call);
    // While the console hangs (the outcome is not known yet), storage fills up.
    await until(() => h.log(), (l) => mutations(l).length === 1);
    await fill('session', 50);
    let r: Awaited<ReturnType<typeof approveFrom>>;
    try {
      r = await approving;
      expect(r).toMatchObject({ ok: true, entry: { state: 'uncertain', unsaved: true } });
      await panel.reload({ waitUntil: 'load' });
      await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-unsaved="true"][data-state="uncertain"]`);
    } finally {
      await unfill('session');
    }
    expect(mutations(await h.log())).toHaveLength(1);
  }, 45_000);
});

describe('item 10: sender checks', () => {
  it('attack: a bridge request posted from another window (a frame) gets no answer; the page itself does', async () => {
    await h.settings({ bridge: { enabled: true, origins: [h.server.url], allowLowWrites: false } });
    await until(() => h.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts({ ids: ['deskhand-bridge'] })).length), (n) => n === 1);
    ({ page, tabId } = await h.freshConsole());
    const answered = (from: 'frame' | 'self') =>
      page.evaluate(
        (f: string) =>
          new Promise<boolean>((resolve) => {
            const id = `${f === 'frame' ? 'aaaa' : 'bbbb'}${Math.random().toString(16).slice(2, 10).padEnd(8, '0')}`;
            addEventListener('message', (e) => {
              const d = e.data as { tag?: string; kind?: string; id?: string };
              if (d?.tag === 'deskhand/bridge/v1' && d.kind === 'reply' && d.id === id) resolve(true);
            });
            const req = { tag: 'deskhand/bridge/v1', kind: 'request', id, op: 'list' };
            const frame = document.querySelector<HTMLIFrameElement>('iframe.refund-frame')!.contentWindow!;
            if (f === 'frame') (frame as unknown as { eval(code: string): void }).eval(`parent.postMessage(${JSON.stringify(req)}, '*')`);
            else postMessage(req, location.origin);
            setTimeout(() => resolve(false), 800);
          }),
        from,
      );
    expect(await answered('self')).toBe(true);
    expect(await answered('frame')).toBe(false);
    await h.settings({ bridge: { enabled: false, origins: [], allowLowWrites: false } });
  });
});
