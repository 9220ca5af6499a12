/**
 * The pure parts of the export to an organisation's log pipeline: OTLP/HTTP JSON encoding
 * (src/tools/otlp.ts), backoff and Retry-After (backoff.ts), the bounded queue (export-queue.ts)
 * and which policy is usable (settings/log-export.ts).
 */
import { describe, expect, it } from 'vitest';
import { auditRecord, toJsonl, type AuditRecord } from '../../src/tools/audit.ts';
import { backoffMs, retryableStatus, retryAfterMs } from '../../src/tools/backoff.ts';
import { delivered, emptyExportState, enqueue, nextBatch, refusedBatch, retryLater } from '../../src/tools/export-queue.ts';
import { exportRequest, logsUrl, rejectedCount, severityOf, unixNano } from '../../src/tools/otlp.ts';
import { exportTarget } from '../../src/settings/log-export.ts';

const rec = (n: number, over: Partial<AuditRecord> = {}): AuditRecord =>
  auditRecord({ kind: 'invoke', traceId: `t${n}`, tool: 'kb.search', caller: 'llm', status: 'done', summary: `r${n}`, timestamp: '2026-03-01T08:00:00.123Z', ...over });

describe('OTLP/HTTP JSON encoding', () => {
  it('one resource and scope; each record a log record with nanosecond times as strings, severity, the JSONL line as body and typed attributes', () => {
    const r = rec(1, {
      kind: 'confirmation',
      tool: 'reply.send',
      status: 'rejected',
      actionId: 'A1',
      decidedBy: 'Lee',
      agent: 'Sam',
      subject: { record: 'C-1001', customer: '张***' },
      timeToDecisionMs: 4200,
      durationMs: 0,
    });
    const body = exportRequest([{ uid: 'u-1', record: r }], '1.2.3', Date.parse('2026-03-01T08:00:05Z'));
    expect(body.resourceLogs).toHaveLength(1);
    const { resource, scopeLogs } = body.resourceLogs[0]!;
    expect(resource.attributes).toEqual([
      { key: 'service.name', value: { stringValue: 'deskhand' } },
      { key: 'service.version', value: { stringValue: '1.2.3' } },
    ]);
    expect(scopeLogs[0]!.scope).toEqual({ name: 'deskhand.audit', version: '1.2.3' });
    const [log] = scopeLogs[0]!.logRecords;
    expect(log!.timeUnixNano).toBe('1772352000123000000');
    expect(log!.observedTimeUnixNano).toBe('1772352005000000000');
    expect(log).toMatchObject({ severityNumber: 13, severityText: 'WARN' });
    // Exactly the line the Activity export writes for it: masked the same.
    expect(`${log!.body.stringValue}\n`).toBe(toJsonl([r]));
    const attr = Object.fromEntries(log!.attributes.map((a) => [a.key, a.value]));
    expect(attr['log.record.uid']).toEqual({ stringValue: 'u-1' });
    expect(attr['deskhand.tool']).toEqual({ stringValue: 'reply.send' });
    expect(attr['deskhand.decided_by']).toEqual({ stringValue: 'Lee' });
    expect(attr['deskhand.agent']).toEqual({ stringValue: 'Sam' });
    expect(attr['deskhand.record']).toEqual({ stringValue: 'C-1001' });
    expect(attr['deskhand.customer']).toEqual({ stringValue: '张***' });
    expect(attr['deskhand.time_to_decision_ms']).toEqual({ intValue: '4200' });
    expect(attr['deskhand.human_approved']).toEqual({ boolValue: false });
    // Absent values are left out, not sent empty.
    expect(attr['deskhand.error_code']).toBeUndefined();
    expect(JSON.parse(JSON.stringify(body))).toEqual(body);
  });
  it('severity by outcome; the logs path; partial success', () => {
    expect(['done', 'executed', 'needs_confirmation', 'dry_run'].map((s) => severityOf(s as AuditRecord['status']))).toEqual(['INFO', 'INFO', 'INFO', 'INFO']);
    expect(severityOf('failed')).toBe('ERROR');
    expect(severityOf('uncertain')).toBe('ERROR');
    expect(severityOf('expired')).toBe('WARN');
    expect(logsUrl('https://otel.corp.example')).toBe('https://otel.corp.example/v1/logs');
    expect(logsUrl('https://otel.corp.example/ingest/')).toBe('https://otel.corp.example/ingest/v1/logs');
    expect(logsUrl('http://127.0.0.1:4318/v1/logs')).toBe('http://127.0.0.1:4318/v1/logs');
    expect(rejectedCount('{"partialSuccess":{"rejectedLogRecords":"3","errorMessage":"x"}}')).toBe(3);
    expect(rejectedCount('{"partialSuccess":{}}')).toBe(0);
    expect(rejectedCount('')).toBe(0);
    expect(unixNano(0)).toBe('0');
  });
});

describe('backoff', () => {
  it('doubles from the base with equal jitter, capped', () => {
    expect(backoffMs(1, () => 0)).toBe(1_000);
    expect(backoffMs(1, () => 1)).toBe(2_000);
    expect(backoffMs(3, () => 0)).toBe(4_000);
    expect(backoffMs(3, () => 0.999)).toBeLessThanOrEqual(8_000);
    expect(backoffMs(40, () => 1)).toBe(5 * 60_000);
  });
  it('honours Retry-After in seconds or as a date, capped; unreadable is null', () => {
    const now = Date.parse('2026-03-01T08:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('Sun, 01 Mar 2026 08:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('99999', now)).toBe(5 * 60_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
  it('tries again on 408, 429 and 5xx; not on other 4xx', () => {
    expect([408, 429, 500, 502, 503, 504].every(retryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 413].some(retryableStatus)).toBe(false);
  });
});

describe('the bounded export queue', () => {
  let n = 0;
  const uid = () => `u${++n}`;
  it('drops the oldest when full and counts them', () => {
    const s = enqueue(enqueue(emptyExportState(), [rec(1), rec(2), rec(3)], uid, 4), [rec(4), rec(5), rec(6)], uid, 4);
    expect(s.items.map((i) => i.record.summary)).toEqual(['r3', 'r4', 'r5', 'r6']);
    expect(s.dropped).toBe(2);
    expect(s.items.map((i) => i.seq)).toEqual([3, 4, 5, 6]);
  });
  it('a delivered batch leaves; records queued meanwhile stay; counters reset on success', () => {
    let s = enqueue(emptyExportState(), [rec(1), rec(2), rec(3)], uid);
    const batch = nextBatch(s, 2);
    s = retryLater(s, { kind: 'http', status: 503 }, 1_000, null, () => 0);
    expect(s).toMatchObject({ attempt: 1, failingSince: 1_000, retryAt: 2_000, lastProblem: { kind: 'http', status: 503 } });
    s = enqueue(s, [rec(4)], uid);
    s = delivered(s, batch, 1, 5_000);
    expect(s.items.map((i) => i.record.summary)).toEqual(['r3', 'r4']);
    expect(s).toMatchObject({ sent: 1, refused: 1, lastSentAt: 5_000, failingSince: null, attempt: 0, retryAt: null, lastProblem: null });
  });
  it('Retry-After wins over backoff; a refused batch is dropped and counted', () => {
    let s = enqueue(emptyExportState(), [rec(1), rec(2)], uid);
    s = retryLater(s, { kind: 'http', status: 429 }, 0, '20', () => 0);
    expect(s.retryAt).toBe(20_000);
    s = refusedBatch(s, nextBatch(s, 1), 400, 30_000);
    expect(s.items).toHaveLength(1);
    expect(s).toMatchObject({ refused: 1, lastProblem: { kind: 'http', status: 400 }, failingSince: 0, retryAt: null });
  });
});

describe('which log-export policy is used', () => {
  it('https anywhere, http only on this machine, never credentials in the URL', () => {
    expect(exportTarget({ endpoint: 'https://otel.corp.example', headers: { 'x-api-key': 'k' } })).toMatchObject({ origin: 'https://otel.corp.example', headers: { 'x-api-key': 'k' } });
    expect(exportTarget({ endpoint: 'http://127.0.0.1:4318' })).toMatchObject({ origin: 'http://127.0.0.1:4318', headers: {} });
    expect(exportTarget({ endpoint: 'http://otel.corp.example' })).toBeNull();
    expect(exportTarget({ endpoint: 'https://u:p@otel.corp.example' })).toBeNull();
    expect(exportTarget({ endpoint: 'https://otel.corp.example', headers: { 'bad header': 'x' } })).toBeNull();
    expect(exportTarget(undefined)).toBeNull();
  });
});
