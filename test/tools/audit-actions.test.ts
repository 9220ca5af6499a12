/**
 * The team lead's rows (src/tools/audit-actions.ts): records written by the real registry and
 * ledger joined into one action each — prepared, decided, carried out — with who decided
 * (a rejection names who rejected), the subject the call was about, and per-agent counts.
 * Older records (no subject, no decidedBy, no agent) still read.
 */
import { describe, expect, it } from 'vitest';
import { auditRecord, Ledger, maskedRecord, MemoryLedgerStore, RingAuditSink, subjectOfCall, type AuditRecord, type PreparedCall, type ToolResult } from '../../src/tools/index.ts';
import { countByAgent, decisionOf, joinActions } from '../../src/tools/audit-actions.ts';
import { maskSubject } from '../../src/tools/mask.ts';
import { ctx, makeCore } from './fixtures.ts';

const prepared = (r: ToolResult): PreparedCall => {
  if (r.status !== 'needs_confirmation') throw new Error(`expected a confirmation, got ${JSON.stringify(r)}`);
  return r.call;
};

function setup() {
  const audit = new RingAuditSink();
  const ledger = new Ledger(new MemoryLedgerStore(), { audit });
  const core = makeCore({ audit, onPrepared: (c) => ledger.add(c) });
  const dispatch = (call: PreparedCall) => core.executor.execute(call, { approvedBy: 'Sam' });
  return { ...core, ledger, audit, dispatch };
}

/** Lets the ledger's fire-and-forget audit writes land. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('joining audit records into actions', () => {
  it('a send prepared, confirmed and carried out is one action with its story; reads stay one each', async () => {
    const { registry, ledger, audit, dispatch } = setup();
    await registry.invoke('kb.search', { query: 'refund' }, ctx({ caller: 'llm' }));
    const call = prepared(await registry.invoke('reply.send', { text: 'Hello' }, ctx()));
    await ledger.approve(call.actionId, { fingerprint: call.fingerprint, roles: [], approvedBy: 'Sam' }, dispatch);
    await registry.invoke('conversation.read', {}, ctx({ caller: 'llm' }));
    await settle();

    const records = audit.list();
    expect(records).toHaveLength(4);
    const actions = joinActions(records);
    expect(actions.map((a) => `${a.tool}:${a.status}`)).toEqual(['kb.search:done', 'reply.send:executed', 'conversation.read:done']);
    const send = actions[1]!;
    expect(send.records.map((r) => `${r.kind}:${r.status}`)).toEqual(['invoke:needs_confirmation', 'confirmation:executed']);
    expect(send.prepared?.status).toBe('needs_confirmation');
    expect(send.decision).toMatchObject({ kind: 'confirmed', by: 'Sam' });
    expect(send.decision!.afterMs).not.toBeNull();
    expect(send.outcome).toBe('executed');
    expect(send.caller).toBe('hotkey');
    expect(send.subject).toEqual({ record: 'C-1', customer: null });
  });

  it('a rejection names who rejected it (decidedBy), never as its approver', async () => {
    const { registry, ledger, audit } = setup();
    const call = prepared(await registry.invoke('reply.send', { text: 'No' }, ctx()));
    await ledger.reject(call.actionId, 'Lee');
    await settle();
    const confirmation = audit.list().find((r) => r.kind === 'confirmation')!;
    expect(confirmation).toMatchObject({ status: 'rejected', approvedBy: null, humanApproved: false, decidedBy: 'Lee' });
    const [a] = joinActions(audit.list());
    expect(a).toMatchObject({ status: 'rejected', outcome: null, decision: { kind: 'rejected', by: 'Lee' } });
  });

  it('a call still waiting is one row awaiting confirmation; an expiry decides nobody', async () => {
    const now = { t: 1_000_000 };
    const audit = new RingAuditSink();
    const ledger = new Ledger(new MemoryLedgerStore(), { audit, now: () => now.t });
    const { registry } = makeCore({ audit, now: () => now.t, onPrepared: (c) => ledger.add(c) });
    const call = prepared(await registry.invoke('reply.send', { text: 'Later' }, ctx()));
    expect(joinActions(audit.list()).map((a) => a.status)).toEqual(['needs_confirmation']);
    now.t += 10 * 60_000;
    await ledger.expireStale();
    await settle();
    const [a] = joinActions(audit.list());
    expect(a!.records).toHaveLength(2);
    expect(a).toMatchObject({ key: `a:${call.actionId}`, status: 'expired', decision: { kind: 'expired', by: null } });
  });

  it('older records read the same: a rejection without decidedBy (REJECTED), no subject, no agent', () => {
    const base = { traceId: 't1', tool: 'reply.send', caller: 'hotkey' as const, actionId: 'A1' };
    const old: AuditRecord[] = [
      auditRecord({ ...base, kind: 'invoke', status: 'needs_confirmation', summary: 'prepared A1', timestamp: '2026-01-01T10:00:00.000Z' }),
      auditRecord({ ...base, kind: 'confirmation', status: 'rejected', errorCode: 'REJECTED', summary: 'A person declined this action.', timestamp: '2026-01-01T10:00:09.000Z', timeToDecisionMs: 9000 }),
    ];
    const [a] = joinActions(old);
    expect(a).toMatchObject({ status: 'rejected', agent: null, subject: null, decision: { kind: 'rejected', by: null, afterMs: 9000 } });
  });

  it('a prepare the worker refused and its failed invoke are one row, refused by deskhand', () => {
    const refused: AuditRecord[] = [
      auditRecord({ kind: 'invoke', traceId: 't2', tool: 'reply.send', caller: 'hotkey', status: 'failed', errorCode: 'NOT_STORED', summary: 'not stored', timestamp: '2026-01-01T10:00:00.002Z' }),
      auditRecord({ kind: 'confirmation', traceId: 't2', tool: 'reply.send', caller: 'hotkey', status: 'rejected', errorCode: 'DISPLAY_MISMATCH', summary: 'forged', actionId: 'A2', timestamp: '2026-01-01T10:00:00.001Z' }),
    ];
    const actions = joinActions(refused);
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ decision: { kind: 'refused', by: null }, status: 'refused', errorCode: 'NOT_STORED' });
  });

  it("a next page's check joins its call by trace id; plan steps under one trace stay apart", () => {
    const rec = (over: Partial<AuditRecord> & Pick<AuditRecord, 'tool' | 'status' | 'timestamp'>) => auditRecord({ kind: 'invoke', traceId: 'T', caller: 'plan', summary: '', ...over });
    const actions = joinActions([
      rec({ tool: 'plan:quickTicket/fill', status: 'done', timestamp: '2026-01-01T10:00:00.000Z' }),
      rec({ tool: 'ticket.submit', status: 'done', timestamp: '2026-01-01T10:00:01.000Z' }),
      rec({ tool: 'ticket.submit', status: 'done', input: { nextPage: true }, timestamp: '2026-01-01T10:00:02.000Z' }),
      rec({ tool: 'plan:quickTicket/submit', status: 'done', timestamp: '2026-01-01T10:00:03.000Z' }),
    ]);
    expect(actions.map((a) => `${a.tool}:${a.records.length}`)).toEqual(['plan:quickTicket/fill:1', 'ticket.submit:2', 'plan:quickTicket/submit:1']);
  });

  it('counts per agent: actions, confirmed, rejected, failed', () => {
    const r = (agent: string | null, id: string, status: AuditRecord['status'], extra: Partial<AuditRecord> = {}) =>
      auditRecord({ kind: 'confirmation', traceId: id, tool: 'reply.send', caller: 'hotkey', status, summary: '', actionId: id, agent, ...extra });
    const actions = joinActions([
      r('Sam', 'a', 'executed', { humanApproved: true, approvedBy: 'Sam', decidedBy: 'Sam' }),
      r('Sam', 'b', 'rejected', { decidedBy: 'Sam', errorCode: 'REJECTED' }),
      r('Lee', 'c', 'failed', { humanApproved: true, approvedBy: 'Lee', decidedBy: 'Lee', errorCode: 'X' }),
      r(null, 'd', 'executed', { humanApproved: true, approvedBy: 'agent', decidedBy: 'agent' }),
    ]);
    expect(countByAgent(actions, (a) => a.agent ?? 'this browser')).toEqual([
      { agent: 'Sam', actions: 2, confirmed: 1, rejected: 1, failed: 0 },
      { agent: 'Lee', actions: 1, confirmed: 1, rejected: 0, failed: 1 },
      { agent: 'this browser', actions: 1, confirmed: 1, rejected: 0, failed: 0 },
    ]);
  });

  it('decisionOf: a confirmed outcome names the approver of an older record too', () => {
    const r = auditRecord({ kind: 'confirmation', traceId: 't', tool: 'reply.send', caller: 'ui', status: 'uncertain', summary: '', humanApproved: true, approvedBy: 'Sam' });
    expect(decisionOf(r)).toMatchObject({ kind: 'confirmed', by: 'Sam' });
  });
});

describe('the subject of a call, masked', () => {
  it('is the number the agent saw (else the bound record) and the person it reaches', () => {
    expect(subjectOfCall({ binding: { recordId: '1' }, provenance: [{ field: 'number', value: '#494495', source: 'heading' }, { field: 'to', value: '张伟', source: 'panel' }] })).toEqual({ record: '#494495', customer: '张伟' });
    expect(subjectOfCall({ binding: { recordId: 'C-1001' }, provenance: [] })).toEqual({ record: 'C-1001', customer: null });
    expect(subjectOfCall({ binding: {}, provenance: [] })).toBeNull();
  });
  it('masks the customer whole, like a sensitive field, and again reads the same', () => {
    for (const [raw, masked] of [
      ['张伟', '张***'],
      ['zhang.wei@example.com', 'z***@example.com'],
      ['13812345678', '138****5678'],
    ] as const) {
      const once = maskSubject({ record: 'C-1001', customer: raw });
      expect(once).toEqual({ record: 'C-1001', customer: masked });
      expect(maskSubject(once)).toEqual(once);
    }
    const r = maskedRecord(auditRecord({ kind: 'invoke', traceId: 't', tool: 'customer.read', caller: 'llm', status: 'done', summary: 'call 13812345678', subject: { record: 'C-1', customer: 'Li Na' } }));
    expect(r.subject).toEqual({ record: 'C-1', customer: 'L***' });
    expect(r.summary).toBe('call 138****5678');
  });
});
