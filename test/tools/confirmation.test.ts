import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  fingerprintOf,
  Ledger,
  MemoryLedgerStore,
  RingAuditSink,
  sha256Hex,
  type PreparedCall,
  type ToolResult,
} from '../../src/tools/index.ts';
import { ctx, makeCore } from './fixtures.ts';

const prepared = (r: ToolResult): PreparedCall => {
  if (r.status !== 'needs_confirmation') throw new Error(`expected a confirmation, got ${JSON.stringify(r)}`);
  return r.call;
};

describe('canonical JSON and fingerprints', () => {
  it('sorts keys, drops whitespace and normalises strings to NFC', () => {
    expect(canonicalJson({ b: [1, { d: 'x', c: null }], a: 'e\u0301' })).toBe('{"a":"é","b":[1,{"c":null,"d":"x"}]}');
    expect(() => canonicalJson({ 'e\u0301': 1, é: 2 })).toThrow(/NFC/);
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });
  it('is stable under key order and changed by any value change', async () => {
    const a = await fingerprintOf({ orderId: 'ORD-1', amount: 20, currency: 'CNY' });
    const b = await fingerprintOf({ currency: 'CNY', amount: 20, orderId: 'ORD-1' });
    expect(a).toBe(b);
    for (const changed of [
      { orderId: 'ORD-2', amount: 20, currency: 'CNY' },
      { orderId: 'ORD-1', amount: 20.01, currency: 'CNY' },
      { orderId: 'ORD-1', amount: 20, currency: 'USD' },
      { orderId: 'ORD-1', amount: '20', currency: 'CNY' },
    ]) {
      expect(await fingerprintOf(changed)).not.toBe(a);
    }
  });
  it('uses WebCrypto SHA-256', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

function setup(now = { t: 1_000_000 }) {
  const audit = new RingAuditSink();
  const ledger = new Ledger(new MemoryLedgerStore(), { now: () => now.t, audit });
  const core = makeCore({ now: () => now.t, onPrepared: (c) => ledger.add(c) });
  const dispatch = (call: PreparedCall) => core.executor.execute(call, { approvedBy: 'agent-1' });
  return { ...core, ledger, audit, now, dispatch };
}

const refund = { orderId: 'ORD-7', amount: 20, currency: 'CNY', reason: 'arrived broken' };
const approver = (call: PreparedCall) => ({ fingerprint: call.fingerprint, roles: ['REFUND_APPROVER'], approvedBy: 'lead-1' });

describe('prepared calls and the ledger', () => {
  it('TTL comes from the risk policy, never from input', async () => {
    const { registry } = setup();
    const res = await registry.invoke('refund.request', { ...refund, ttl: 999_999 }, ctx());
    expect(res.status).toBe('refused');
    const call = prepared(await registry.invoke('refund.request', refund, ctx()));
    expect(call.expiresAt - call.createdAt).toBe(3 * 60_000);
    expect(call.requiredRole).toBe('REFUND_APPROVER');
    expect(call.idempotencyKey).toContain(call.fingerprint.slice(0, 16));
  });
  it('a refund is not executed until approved, then exactly once', async () => {
    const { registry, ledger, effects, dispatch } = setup();
    const call = prepared(await registry.invoke('refund.request', refund, ctx()));
    expect(effects.refunds).toEqual([]);
    expect((await ledger.pending()).map((e) => e.call.actionId)).toEqual([call.actionId]);
    const first = await ledger.approve(call.actionId, approver(call), dispatch);
    expect(first).toMatchObject({ status: 'executed', replay: false, entry: { state: 'executed', outcome: { status: 'executed', data: { refundId: 'R-1' } } } });
    expect(effects.refunds).toEqual([refund]);
  });
  it('double approve delivers once, even when both arrive at the same time', async () => {
    const { registry, ledger, effects, dispatch } = setup();
    const call = prepared(await registry.invoke('reply.send', { text: 'Your refund is on its way.' }, ctx()));
    const [a, b] = await Promise.all([
      ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'agent-1' }, dispatch),
      ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'agent-1' }, dispatch),
    ]);
    expect(effects.sent).toEqual(['Your refund is on its way.']);
    expect([a, b].map((r) => r.status !== 'refused' && r.replay).sort()).toEqual([false, true]);
    const third = await ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'x' }, dispatch);
    expect(third).toMatchObject({ status: 'executed', replay: true, entry: { state: 'executed' } });
    expect(effects.sent).toHaveLength(1);
  });
  it('an expired approval is refused and nothing runs', async () => {
    const { registry, ledger, effects, dispatch, now } = setup();
    const call = prepared(await registry.invoke('refund.request', refund, ctx()));
    now.t += 3 * 60_000 + 1;
    const res = await ledger.approve(call.actionId, approver(call), dispatch);
    expect(res).toMatchObject({ status: 'expired', entry: { state: 'expired', outcome: { error: { code: 'EXPIRED' } } } });
    expect((await ledger.get(call.actionId))!.state).toBe('expired');
    expect(effects.refunds).toEqual([]);
  });
  it('an approval of a changed action is refused (stored input tampered, or card fingerprint differs)', async () => {
    const store = new MemoryLedgerStore();
    const ledger = new Ledger(store);
    const core = makeCore({ onPrepared: (c) => ledger.add(c) });
    const dispatch = (c: PreparedCall) => core.executor.execute(c, { approvedBy: 'x' });
    const a = prepared(await core.registry.invoke('refund.request', refund, ctx()));
    const wrongCard = await ledger.approve(a.actionId, { ...approver(a), fingerprint: 'f'.repeat(64) }, dispatch);
    expect(wrongCard).toMatchObject({ status: 'refused', error: { code: 'FINGERPRINT_MISMATCH' } });
    const b = prepared(await core.registry.invoke('refund.request', refund, ctx()));
    const entry = (await store.get(b.actionId))!;
    entry.call.input = { ...entry.call.input, amount: 9_999 };
    await store.put(entry);
    const tampered = await ledger.approve(b.actionId, approver(b), dispatch);
    expect(tampered).toMatchObject({ status: 'refused', error: { code: 'FINGERPRINT_MISMATCH' } });
    expect(core.effects.refunds).toEqual([]);
  });
  it('an approval without the required role is refused and the action stays pending', async () => {
    const { registry, ledger, effects, dispatch } = setup();
    const call = prepared(await registry.invoke('refund.request', refund, ctx()));
    const res = await ledger.approve(call.actionId, { ...approver(call), roles: ['AGENT'] }, dispatch);
    expect(res).toMatchObject({ status: 'refused', error: { type: 'forbidden', code: 'ROLE_REQUIRED' } });
    expect((await ledger.get(call.actionId))!.state).toBe('pending');
    expect(effects.refunds).toEqual([]);
  });
  it('refuses to execute when the page now shows another conversation', async () => {
    const { registry, ledger, effects, dispatch, page } = setup();
    const call = prepared(await registry.invoke('reply.send', { text: 'hi' }, ctx()));
    page.conversationId = 'C-2';
    const res = await ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'a' }, dispatch);
    expect(res).toMatchObject({ status: 'failed', entry: { state: 'failed', outcome: { error: { code: 'RECORD_CHANGED', params: { record: 'C-1', now: 'C-2' } } } } });
    expect(effects.sent).toEqual([]);
  });
  it('attack (CF-04d): the heading moves to another record while the first source stays: every source recorded at prepare is re-read, nothing is sent', async () => {
    const { registry, ledger, effects, dispatch, page } = setup();
    page.headingId = 'C-1';
    const call = prepared(await registry.invoke('reply.send', { text: 'hi' }, ctx()));
    page.headingId = 'C-2';
    const res = await ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'a' }, dispatch);
    expect(res).toMatchObject({ status: 'failed', entry: { state: 'failed', outcome: { error: { code: 'RECORD_CHANGED', params: { record: 'C-1', now: 'C-2' } } } } });
    expect(effects.sent).toEqual([]);
  });
  it('a source gone at delivery while the others still agree is the same record; a source that appears naming another is not', async () => {
    const { registry, ledger, effects, dispatch, page } = setup();
    page.headingId = 'C-1';
    const gone = prepared(await registry.invoke('reply.send', { text: 'one' }, ctx()));
    delete page.headingId;
    expect(await ledger.approve(gone.actionId, { fingerprint: gone.fingerprint, roles: [], approvedBy: 'a' }, dispatch)).toMatchObject({ status: 'executed' });
    const appeared = prepared(await registry.invoke('reply.send', { text: 'two' }, ctx()));
    page.headingId = 'C-9';
    expect(await ledger.approve(appeared.actionId, { fingerprint: appeared.fingerprint, roles: [], approvedBy: 'a' }, dispatch)).toMatchObject({ status: 'failed', entry: { outcome: { error: { code: 'RECORD_CHANGED' } } } });
    expect(effects.sent).toEqual(['one']);
  });
  it('a refusal by the outside check (the tab shows another record) leaves the call pending and dispatches nothing', async () => {
    const { registry, ledger, effects, dispatch } = setup();
    const call = prepared(await registry.invoke('reply.send', { text: 'hi' }, ctx()));
    let onRecord = false;
    const check = async () => (onRecord ? null : { code: 'STALE_RECORD', type: 'rejected' as const, detail: 'another record', suggestion: 'go back', retryable: false, traceId: '' });
    const approval = { fingerprint: call.fingerprint, roles: [], approvedBy: 'a', check };
    expect(await ledger.approve(call.actionId, approval, dispatch)).toMatchObject({ status: 'refused', error: { code: 'STALE_RECORD', traceId: call.traceId } });
    expect((await ledger.get(call.actionId))!.state).toBe('pending');
    expect(effects.sent).toEqual([]);
    onRecord = true;
    expect(await ledger.approve(call.actionId, approval, dispatch)).toMatchObject({ status: 'executed', replay: false, entry: { state: 'executed' } });
    expect(effects.sent).toEqual(['hi']);
  });
  it('a rejected action never runs; a lost dispatch is uncertain and not retried', async () => {
    const { registry, ledger, effects, dispatch } = setup();
    const a = prepared(await registry.invoke('reply.send', { text: 'one' }, ctx()));
    await ledger.reject(a.actionId, 'agent-1');
    const after = await ledger.approve(a.actionId, { fingerprint: a.fingerprint, roles: [], approvedBy: 'x' }, dispatch);
    expect(after).toMatchObject({ status: 'rejected', replay: true, entry: { state: 'rejected' } });
    const b = prepared(await registry.invoke('reply.send', { text: 'two' }, ctx()));
    let attempts = 0;
    const lost = async () => {
      attempts += 1;
      throw new Error('tab closed');
    };
    const res = await ledger.approve(b.actionId, { fingerprint: b.fingerprint, roles: [], approvedBy: 'x' }, lost);
    expect(res).toMatchObject({ status: 'uncertain', entry: { state: 'uncertain', outcome: { error: { code: 'DISPATCH_LOST' } } } });
    await ledger.approve(b.actionId, { fingerprint: b.fingerprint, roles: [], approvedBy: 'x' }, lost);
    expect(attempts).toBe(1);
    expect(effects.sent).toEqual([]);
  });
  it('a call left dispatched by a restart is recovered as uncertain, never executed', async () => {
    const store = new MemoryLedgerStore();
    const { registry } = makeCore({ onPrepared: (c) => new Ledger(store).add(c) });
    const call = prepared(await registry.invoke('reply.send', { text: 'x' }, ctx()));
    await store.put({ ...(await store.get(call.actionId))!, state: 'dispatched' });
    const changed = await new Ledger(store).recoverInterrupted();
    expect(changed.map((e) => e.state)).toEqual(['uncertain']);
  });
  it('confirmation outcomes are audited with time to decision', async () => {
    const { registry, ledger, audit, dispatch, now } = setup();
    const call = prepared(await registry.invoke('refund.request', refund, ctx()));
    now.t += 4_200;
    await ledger.approve(call.actionId, approver(call), dispatch);
    const rec = audit.list().find((r) => r.kind === 'confirmation')!;
    expect(rec).toMatchObject({
      tool: 'refund.request',
      status: 'executed',
      humanApproved: true,
      approvedBy: 'lead-1',
      timeToDecisionMs: 4_200,
      actionId: call.actionId,
    });
  });

  it('attack: the wall clock moved back before the call was created: refused as CLOCK_CHANGED', async () => {
    const { registry, ledger, effects, dispatch, now } = setup();
    const call = prepared(await registry.invoke('refund.request', refund, ctx()));
    now.t -= 10 * 60_000;
    const res = await ledger.approve(call.actionId, approver(call), dispatch);
    expect(res).toMatchObject({ status: 'expired', entry: { state: 'expired', outcome: { error: { code: 'CLOCK_CHANGED' } } } });
    expect(effects.refunds).toEqual([]);
  });
  it('attack: a clock moved back by less than the age is caught by the monotonic age (same worker lifetime)', async () => {
    const now = { t: 1_000_000 };
    const mono = { at: 0 };
    const ledger = new Ledger(new MemoryLedgerStore(), { now: () => now.t, mono: () => ({ boot: 'b1', at: mono.at }) });
    const core = makeCore({ now: () => now.t, onPrepared: (c) => ledger.add(c) });
    const call = prepared(await core.registry.invoke('refund.request', refund, ctx()));
    // 4 minutes pass for real; the wall clock was set back 3 minutes meanwhile: it says 1 minute.
    mono.at += 4 * 60_000;
    now.t += 60_000;
    const res = await ledger.approve(call.actionId, approver(call), (c) => core.executor.execute(c, { approvedBy: 'x' }));
    expect(res).toMatchObject({ status: 'expired', entry: { state: 'expired', outcome: { error: { code: 'EXPIRED' } } } });
    // In another worker lifetime the monotonic stamp does not apply; the wall clock does.
    const other = new Ledger(new MemoryLedgerStore(), { now: () => now.t, mono: () => ({ boot: 'b2', at: 0 }) });
    expect(other.expiry({ ...call, createdAt: now.t - 60_000, mono: { boot: 'b1', at: -1e9 } })).toBe('ok');
  });
  it('attack: a call whose sources disagree (attribute vs heading) is refused before anything runs', async () => {
    const { registry, ledger, effects, dispatch, page } = setup();
    page.headingId = 'C-9';
    const call = prepared(await registry.invoke('reply.send', { text: 'hi' }, ctx()));
    expect(call.conflicts).toEqual([{ field: 'conversation', values: [{ source: 'attribute', value: 'C-1' }, { source: 'heading', value: 'C-9' }] }]);
    const res = await ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'a' }, dispatch);
    expect(res).toMatchObject({ status: 'refused', error: { code: 'CONFLICTING_SOURCES' } });
    expect((await ledger.get(call.actionId))!.state).toBe('pending');
    expect(effects.sent).toEqual([]);
  });
  it('the card follows from the fingerprinted part only: display = input + sourced facts, covered by the fingerprint', async () => {
    const { registry } = setup();
    const call = prepared(await registry.invoke('reply.send', { text: 'hi' }, ctx()));
    expect(call.display).toEqual({ conversation: 'C-1', text: 'hi' });
    const { recomputeFingerprint } = await import('../../src/tools/prepared.ts');
    expect(await recomputeFingerprint({ ...call, display: { ...call.display, text: 'other' } })).not.toBe(call.fingerprint);
  });
  it('storage that refuses writes: no pending entry is left, an approve delivers nothing, an outcome is kept in memory', async () => {
    const store = new MemoryLedgerStore();
    let failing = false;
    const flaky = { get: (id: string) => store.get(id), list: () => store.list(), remove: (id: string) => store.remove(id), put: async (e: Parameters<typeof store.put>[0]) => (failing ? Promise.reject(new Error('QUOTA_BYTES quota exceeded')) : store.put(e)) };
    const ledger = new Ledger(flaky, { outcomeRetries: 1 });
    const core = makeCore({ onPrepared: (c) => ledger.add(c) });
    failing = true;
    const refused = await core.registry.invoke('reply.send', { text: 'one' }, ctx());
    expect(refused).toMatchObject({ status: 'failed', error: { code: 'CONFIRMATION_NOT_STORED' } });
    expect(await ledger.pending()).toEqual([]);
    failing = false;
    const call = prepared(await core.registry.invoke('reply.send', { text: 'two' }, ctx()));
    failing = true;
    const dispatch = (c: PreparedCall) => core.executor.execute(c, { approvedBy: 'x' });
    expect(await ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'a' }, dispatch)).toMatchObject({ status: 'refused', error: { code: 'NOT_RECORDED' } });
    expect(core.effects.sent).toEqual([]);
    // The dispatched record goes through, the outcome write does not: kept in memory, marked unsaved.
    let writes = 0;
    flaky.put = async (e) => (++writes > 1 ? Promise.reject(new Error('quota')) : store.put(e));
    const res = await ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'a' }, dispatch);
    expect(res).toMatchObject({ status: 'executed', entry: { state: 'executed', unsaved: true } });
    expect((await ledger.get(call.actionId))!.state).toBe('executed');
    expect(core.effects.sent).toEqual(['two']);
  });
});

