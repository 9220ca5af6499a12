/**
 * Reading agents' JSONL exports into the team lead's view (src/sidepanel/audit-import.ts):
 * what the export writes reads back the same; a bad line is counted with its number, never
 * thrown; older records read with today's statuses; whatever a file carries is masked again.
 */
import { describe, expect, it } from 'vitest';
import { parseJsonl, parseLine, MAX_LINES } from '../../src/sidepanel/audit-import.ts';
import { auditRecord, toJsonl, type AuditRecord } from '../../src/tools/audit.ts';

const rec = (n: number, over: Partial<AuditRecord> = {}): AuditRecord =>
  auditRecord({ kind: 'invoke', traceId: `t${n}`, tool: 'kb.search', caller: 'llm', status: 'done', summary: `r${n}`, timestamp: '2026-03-01T08:00:00.000Z', agent: 'Sam', ...over });

describe('importing JSONL exports', () => {
  it("reads back what the export wrote, the new fields included", () => {
    const records = [
      rec(1),
      rec(2, { kind: 'confirmation', tool: 'reply.send', status: 'rejected', actionId: 'A', decidedBy: 'Sam', subject: { record: 'C-1001', customer: '张***' }, timeToDecisionMs: 3000 }),
    ];
    const f = parseJsonl('sam.jsonl', toJsonl(records));
    expect(f).toMatchObject({ name: 'sam.jsonl', bad: 0, skipped: 0, badLines: [] });
    expect(f.records).toEqual(records);
  });

  it('counts bad lines with their numbers and keeps the good ones', () => {
    const text = [JSON.stringify(rec(1)), '{not json', '', JSON.stringify({ ...rec(2), caller: 'robot' }), '[1,2]', JSON.stringify({ ...rec(3), status: 'exploded' }), JSON.stringify(rec(4)), 'null'].join('\r\n');
    const f = parseJsonl('x.jsonl', text);
    expect(f.records.map((r) => r.traceId)).toEqual(['t1', 't4']);
    expect(f.bad).toBe(5);
    expect(f.badLines).toEqual([2, 4, 5, 6, 8]);
  });

  it('reads records of older versions: legacy statuses, fields added since', () => {
    const { decidedBy: _d, subject: _s, agent: _a, actionId: _i, timeToDecisionMs: _t, ...old } = rec(1, { status: 'done' });
    const r = parseLine(JSON.stringify({ ...old, status: 'success' }));
    expect(r).toMatchObject({ status: 'done', actionId: null, timeToDecisionMs: null });
    expect(parseLine(JSON.stringify({ ...old, kind: 'confirmation', status: 'success' }))?.status).toBe('executed');
  });

  it('masks what a file carries, as this browser masks its own log', () => {
    const raw = rec(1, { summary: 'call 13812345678 or zhang.wei@example.com', subject: { record: 'C-1001', customer: 'zhang.wei@example.com' }, input: { text: 'zhang.wei@example.com' } });
    const r = parseLine(JSON.stringify(raw))!;
    expect(JSON.stringify(r)).not.toContain('zhang.wei@');
    expect(JSON.stringify(r)).not.toContain('13812345678');
    expect(r.subject).toEqual({ record: 'C-1001', customer: 'z***@example.com' });
  });

  it('stops reading past the line limit and says how many it left', () => {
    const line = JSON.stringify(rec(1));
    const f = parseJsonl('big.jsonl', Array.from({ length: MAX_LINES + 3 }, () => line).join('\n'));
    expect(f.records).toHaveLength(MAX_LINES);
    expect(f.skipped).toBe(3);
  });
});
