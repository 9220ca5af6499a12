/**
 * Storage near quota (issue 19 item 11): what the audit gives up to make room, and the error
 * a prepare ends with when no room can be made.
 */
import { describe, expect, it } from 'vitest';
import { auditRecord, keptUntilCleared, makeRoom, type AuditRecord } from '../../src/tools/audit.ts';
import { notStored } from '../../src/tools/refusals.ts';

const rec = (id: string, over: Partial<AuditRecord> = {}): AuditRecord => auditRecord({ kind: 'invoke', traceId: id, tool: 'customer.lookup', caller: 'ui', status: 'done', summary: id, ...over });
const outcome = (id: string, over: Partial<AuditRecord> = {}) => rec(id, { kind: 'confirmation', tool: 'reply.send', sideEffect: 'send', status: 'executed', ...over });
const ids = (rs: AuditRecord[]) => rs.map((r) => r.traceId);
const one = () => 1;

describe('makeRoom', () => {
  it('attack: storage full: the oldest invoke records go first, outcomes of sends and writes (submit, refund) and refusals never', () => {
    const records = [
      outcome('send-1'),
      outcome('refund-1', { tool: 'refund.request', sideEffect: 'write', status: 'failed' }),
      outcome('submit-1', { tool: 'form.submit', sideEffect: 'write' }),
      outcome('forged-1', { tool: 'journal', sideEffect: null, status: 'rejected', errorCode: 'JOURNAL_ENTRY_SUPERSEDED' }),
      rec('inv-1'),
      outcome('read-confirmed', { tool: 'kb.search', sideEffect: 'read' }),
      rec('inv-2'),
      rec('inv-3'),
    ];
    expect(makeRoom(records, 2, one)).toBe(2);
    expect(ids(records)).toEqual(['send-1', 'refund-1', 'submit-1', 'forged-1', 'read-confirmed', 'inv-3']);
    // Then other records not kept until cleared; then nothing more.
    expect(makeRoom(records, 10, one)).toBe(2);
    expect(ids(records)).toEqual(['send-1', 'refund-1', 'submit-1', 'forged-1']);
    expect(makeRoom(records, 10, one)).toBe(0);
    expect(records).toHaveLength(4);
  });

  it('frees at least the bytes asked, counting each record by its size, and no more records than needed', () => {
    const records = [rec('a'), rec('b'), rec('c')];
    const size = (r: AuditRecord) => JSON.stringify(r).length;
    const freed = makeRoom(records, size(rec('a')) + 1, size);
    expect(ids(records)).toEqual(['c']);
    expect(freed).toBeGreaterThan(size(rec('a')));
  });

  it('keptUntilCleared: outcomes of send/write tools and any refusal; not invoke records', () => {
    expect(keptUntilCleared(outcome('x'))).toBe(true);
    expect(keptUntilCleared(outcome('x', { sideEffect: 'write', tool: 'ticket.create' }))).toBe(true);
    expect(keptUntilCleared(outcome('x', { sideEffect: null, tool: 'journal', errorCode: 'JOURNAL_ENTRY_NOT_SIGNED' }))).toBe(true);
    expect(keptUntilCleared(rec('x', { tool: 'refund.request', sideEffect: 'write' }))).toBe(false);
  });
});

describe('notStored', () => {
  it('a full browser storage is named as the cause, with what to do, and is not called retryable', () => {
    const full = notStored('reply.send', Object.assign(new Error('Browser storage for deskhand is full (chrome.storage.local)'), { code: 'STORAGE_FULL' }));
    expect(full).toMatchObject({ code: 'CONFIRMATION_NOT_STORED', params: { cause: 'storage_full' }, retryable: false });
    expect(full.detail).toContain('browser storage for deskhand is full');
    expect(full.suggestion).toMatch(/export the log and clear it/);
    const other = notStored('reply.send', new Error('disconnected'));
    expect(other.params).toBeUndefined();
    expect(other.retryable).toBe(true);
  });
});
