/**
 * Attacks from issue 19 items 10, 11 and 13, against the built extension in real Chromium:
 * an old signed journal entry put back into storage, storage filled close to quota, and
 * safety checks that no other test guarded (the audit's sender check, the panel's focus
 * check, the origin half of a call's binding). Each test is named after the attack it stops.
 * The extension reload (item 10) comes last: it replaces the worker and the panel.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { canonicalOf } from '../src/tools/prepared.ts';
import { sha256Hex } from '../src/tools/canonical.ts';
import type { PreparedCall, ToolResult } from '../src/tools/types.ts';
import { confirmCard, DIST, inContentWorld, launchedWorker, mutations, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let page: Page;
let tabId: number;
let panel: Page;

beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT', 'REFUND_APPROVER'], agentName: 'store-agent' });
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
interface StoredRecord {
  kind: string;
  tool: string;
  status: string;
  errorCode: string | null;
  actionId: string | null;
  sideEffect: string | null;
  toolCallId: string;
}
const auditRecords = () => h.worker.evaluate(async () => ((await chrome.storage.local.get('audit')).audit ?? []) as StoredRecord[]);
const setAudit = (records: unknown[]) => h.worker.evaluate((r: unknown[]) => chrome.storage.local.set({ audit: r }), records);
const storedEntry = (id: string) => h.worker.evaluate(async (a: string) => (await chrome.storage.session.get(`ledger:${a}`))[`ledger:${a}`] as { state: string } | undefined, id);

/** A forged call with a valid fingerprint over whatever it claims (an attacker can hash too). */
async function reFingerprint(call: PreparedCall): Promise<PreparedCall> {
  const canonical = canonicalOf(call);
  return { ...call, canonical, fingerprint: await sha256Hex(canonical) };
}
const fromContent = <T>(expression: string) => inContentWorld<T>(page, h.extensionId, expression);

/** An audit record as the worker stores it; `n` orders them (oldest first). */
const record = (n: number, kind: 'invoke' | 'confirmation', over: Partial<StoredRecord> = {}) => ({
  kind,
  traceId: `t-${n}`,
  toolCallId: `seed-${n}`,
  tool: kind === 'invoke' ? 'customer.lookup' : 'reply.send',
  caller: 'ui',
  ctx: { sessionId: null, model: null },
  input: { note: 'x'.repeat(900) },
  sideEffect: kind === 'invoke' ? 'read' : 'send',
  risk: kind === 'invoke' ? null : 'medium',
  status: kind === 'invoke' ? 'done' : 'executed',
  errorCode: null,
  summary: `seed ${n}`,
  durationMs: 1,
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
  dryRun: false,
  humanApproved: kind === 'confirmation',
  approvedBy: kind === 'confirmation' ? 'store-agent' : null,
  actionId: kind === 'confirmation' ? `seed-${n}` : null,
  timeToDecisionMs: null,
  ...over,
});

describe('item 11: storage near quota', () => {
  /** Fills an area with a foreign key up to `free` bytes below its quota; returns what is free. */
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

  it('attack: local storage at 0.3 KB free: the audit makes room by dropping its oldest routine records, never an outcome of a send, and the call is stored', async () => {
    // Two send outcomes are the oldest records; forty routine (invoke) records follow.
    const seed = [record(0, 'confirmation'), record(1, 'confirmation'), ...Array.from({ length: 40 }, (_, i) => record(i + 2, 'invoke'))];
    await setAudit(seed);
    expect(await fill('local', 300)).toBeLessThan(400);
    let r: ToolResult;
    try {
      r = await h.invoke(panel, tabId, 'reply.send', { text: 'stored although storage was nearly full' });
    } finally {
      await unfill('local');
    }
    const call = pending(r);
    expect((await h.pending(tabId)).map((c) => c.actionId)).toEqual([call.actionId]);
    const audit = await auditRecords();
    const seeds = audit.filter((x) => x.toolCallId.startsWith('seed-')).map((x) => x.toolCallId);
    // The outcomes stay; some routine records went, the oldest first (what is left is a tail).
    expect(seeds.slice(0, 2)).toEqual(['seed-0', 'seed-1']);
    const left = seeds.slice(2).map((id) => Number(id.slice(5)));
    expect(left.length).toBeLessThan(40);
    expect(left).toEqual(Array.from({ length: left.length }, (_, i) => 42 - left.length + i));
  });

  it('attack: storage full with nothing the audit may drop: the prepare fails closed and says browser storage for deskhand is full', async () => {
    // Local only: a write to storage.session at quota takes seconds in Chromium (under load past
    // the prepare's timeout); the session's StorageFull takes the same path to the person.
    for (const area of ['local'] as const) {
      // Only outcomes in the log: nothing may go to make room.
      await setAudit([record(0, 'confirmation')]);
      expect(await fill(area, 300)).toBeLessThan(400);
      let r: ToolResult;
      try {
        r = await h.invoke(panel, tabId, 'reply.send', { text: `quota ${area}` });
      } finally {
        await unfill(area);
      }
      if (!('error' in r)) throw new Error(`expected a refusal, got ${JSON.stringify(r)}`);
      expect(r.error, area).toMatchObject({ code: 'CONFIRMATION_NOT_STORED', params: { cause: 'storage_full' } });
      expect(r.error.detail, area).toContain('browser storage for deskhand is full');
      expect(await h.pending(tabId)).toEqual([]);
      expect((await auditRecords()).map((x) => x.toolCallId)).toContain('seed-0');
    }
    // What the person reads, in the browser's language (zh_CN here) and in English: what happened and what to do.
    const shown = await panel.evaluate(() => chrome.i18n.getMessage('err_CONFIRMATION_NOT_STORED_storage_full'));
    expect(shown).toContain('存储已满');
    expect(shown).toContain('导出');
    const en = JSON.parse(readFileSync(`${DIST}/_locales/en/messages.json`, 'utf8')) as Record<string, { message: string }>;
    expect(en.err_CONFIRMATION_NOT_STORED_storage_full?.message).toMatch(/Browser storage for deskhand is full.*export the log and clear it/);
    await setAudit([]);
  });
});

describe('item 13: checks no test guarded', () => {
  it('attack: audit.list and audit.clear sent from the content-script world are refused; the audit stays intact', async () => {
    await setAudit([record(0, 'confirmation'), record(1, 'invoke')]);
    const listed = await fromContent<{ ok: boolean; error?: { code: string }; records?: unknown }>(`chrome.runtime.sendMessage({ type: 'audit.list' })`);
    expect(listed).toMatchObject({ ok: false, error: { code: 'NOT_EXTENSION_PAGE' } });
    expect(listed.records).toBeUndefined();
    const cleared = await fromContent<{ ok: boolean; error?: { code: string } }>(`chrome.runtime.sendMessage({ type: 'audit.clear' })`);
    expect(cleared).toMatchObject({ ok: false, error: { code: 'NOT_EXTENSION_PAGE' } });
    expect((await auditRecords()).map((x) => x.toolCallId)).toEqual(['seed-0', 'seed-1']);
    // The side panel (an extension page) still may.
    const fromPanel = (await panel.evaluate(() => chrome.runtime.sendMessage({ type: 'audit.list' }))) as { ok: boolean; records: unknown[] };
    expect(fromPanel.ok).toBe(true);
    expect(fromPanel.records).toHaveLength(2);
    await setAudit([]);
  });

  it('attack: a visible panel without focus (another window in front, no focus emulation) keeps Confirm disabled past the dwell', async () => {
    const call = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'visible but not focused' }));
    await panel.reload({ waitUntil: 'load' });
    await panel.bringToFront();
    const sel = `.card[data-action-id="${call.actionId}"] button.confirm`;
    await panel.waitForSelector(sel);
    // Another window takes the focus (chrome.windows.update focused:false activates the next
    // one in z-order): the panel stays the shown tab of its own window, visible but unfocused.
    // No focus emulation on this page (confirmCard is not used before this point).
    const other = await h.browser.newPage({ type: 'window' });
    try {
      await h.worker.evaluate(async (url: string) => {
        const tab = (await chrome.tabs.query({})).find((t) => t.url === url);
        await chrome.windows.update(tab!.windowId, { focused: false });
      }, panel.url());
      const seen = await until(
        () => panel.evaluate(() => ({ visible: document.visibilityState, focused: document.hasFocus() })),
        (s) => !s.focused,
      );
      expect(seen).toEqual({ visible: 'visible', focused: false });
      await new Promise((r) => setTimeout(r, 2_500)); // longer than any dwell (MEDIUM: 1 s)
      expect(await panel.$eval(sel, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
      await panel.$eval(sel, (b) => (b as HTMLButtonElement).click());
      await new Promise((r) => setTimeout(r, 300));
      expect((await storedEntry(call.actionId))?.state).toBe('pending');
      expect(await sent()).toEqual([]);
    } finally {
      await other.close();
    }
    // Focused again, a person can confirm it.
    await confirmCard(panel, call.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${call.actionId}"][data-state="executed"]`);
  });

  it('attack: a forged call bound to another console origin is refused at ledger.add, and a stored one at approve', async () => {
    const real = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'whose console?' }));
    const elsewhere = String(real.binding.origin).replace('127.0.0.1', 'localhost');
    expect(elsewhere).not.toBe(real.binding.origin);
    const forged = await reFingerprint({ ...real, actionId: crypto.randomUUID(), binding: { ...real.binding, origin: elsewhere } });
    const added = await fromContent<{ ok: boolean; error?: { code: string } }>(`chrome.runtime.sendMessage({ type: 'ledger.add', call: ${JSON.stringify(forged)} })`);
    expect(added, JSON.stringify(added)).toMatchObject({ ok: false, error: { code: 'BINDING_MISMATCH' } });
    expect((await h.pending(tabId)).map((c) => c.actionId)).toEqual([real.actionId]);
    // Had it got into the ledger (the session holds it as pending), approving it delivers nothing.
    await h.worker.evaluate(async (c: PreparedCall) => {
      const now = Date.now();
      await chrome.storage.session.set({ [`ledger:${c.actionId}`]: { call: { ...c, createdAt: now, expiresAt: now + 60_000 }, state: 'pending', updatedAt: now } });
    }, forged);
    const approved = (await panel.evaluate((a: { id: string; fp: string }) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: a.id, fingerprint: a.fp }), { id: forged.actionId, fp: forged.fingerprint })) as {
      ok: boolean;
      error?: { code: string };
    };
    expect(approved, JSON.stringify(approved)).toMatchObject({ ok: false, error: { code: 'TAB_NAVIGATED' } });
    expect((await storedEntry(forged.actionId))?.state).toBe('pending');
    expect(await sent()).toEqual([]);
  });
});

describe('item 10: an old signed journal entry put back into storage', () => {
  const journal = () => h.worker.evaluate(async () => ((await chrome.storage.local.get('ledgerJournal')).ledgerJournal ?? {}) as Record<string, unknown>);

  it('attack: a signed entry captured while pending and restored after the call was carried out is refused after a reload, never reported as expired beside the success', async () => {
    const done = pending(await h.invoke(panel, tabId, 'reply.send', { text: 'carried out, then its old entry is put back' }));
    const captured = (await until(journal, (j) => done.actionId in j))[done.actionId];
    // A second call stays pending: its genuine entry must still come back after the reload.
    const waiting = pending(await h.invoke(panel, tabId, 'refund.request', { orderId: 'ORD-20261101', amount: 10, currency: 'CNY', reason: 'still waiting' }));
    await confirmCard(panel, done.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${done.actionId}"][data-state="executed"]`);
    expect(Object.keys(await until(journal, (j) => !(done.actionId in j)))).toContain(waiting.actionId);
    await until(auditRecords, (a) => a.some((x) => x.actionId === done.actionId && x.status === 'executed'));
    // The attacker puts the old, validly signed entry back.
    await h.worker.evaluate(async (a: { id: string; e: unknown }) => {
      const j = ((await chrome.storage.local.get('ledgerJournal')).ledgerJournal ?? {}) as Record<string, unknown>;
      j[a.id] = a.e;
      await chrome.storage.local.set({ ledgerJournal: j });
    }, { id: done.actionId, e: captured });

    const old = h.worker;
    expect(await h.browser.installExtension(DIST)).toBe(h.extensionId);
    const after = await h.panel(tabId);
    h.worker = await launchedWorker(h.browser, h.extensionId, old);

    // The replay has run once the journal is empty; then its records are written.
    expect(await until(journal, (j) => Object.keys(j).length === 0, 15_000)).toEqual({});
    const audit = await until(auditRecords, (a) => a.some((x) => x.errorCode === 'JOURNAL_ENTRY_SUPERSEDED' || (x.actionId === done.actionId && x.status === 'expired')));
    // Only the success about the call carried out: no "expired, nothing was done" beside it.
    expect(audit.filter((x) => x.kind === 'confirmation' && x.actionId === done.actionId).map((x) => x.status)).toEqual(['executed']);
    expect(audit.find((x) => x.errorCode === 'JOURNAL_ENTRY_SUPERSEDED')).toMatchObject({ status: 'rejected', kind: 'confirmation' });
    // The genuine entry came back as expired; the restored one did not come back at all.
    expect(await storedEntry(waiting.actionId)).toMatchObject({ state: 'expired' });
    expect(await storedEntry(done.actionId)).toBeUndefined();
    expect((await sent()).map((e) => e.path)).toEqual(['/api/conversations/C-1001/messages']);
    await after.reload({ waitUntil: 'load' });
    await after.waitForSelector(`.outcome[data-action-id="${waiting.actionId}"][data-state="expired"]`);
    expect(await after.$(`[data-action-id="${done.actionId}"]`)).toBeNull();
    await after.close();
  }, 60_000);
});
