/**
 * Audit records as OTLP logs, JSON encoding (OTLP/HTTP: `POST {endpoint}/v1/logs` with an
 * `ExportLogsServiceRequest`; https://opentelemetry.io/docs/specs/otlp/). Per the spec's JSON
 * mapping: field names in lowerCamelCase, 64-bit integers (`timeUnixNano`, `intValue`) as
 * decimal strings, enums (`severityNumber`) as numbers.
 *
 * Each log record's body is the record's JSONL line, byte for byte what the Activity export
 * writes: the pipeline gets exactly what a person exporting the log gets, masked the same way
 * (records are masked by the worker before they are stored, and only stored records are
 * sent). The attributes repeat the fields a pipeline filters on.
 *
 * Why hand-written: @opentelemetry/otlp-transformer encodes the SDK's own log-record objects
 * (a LoggerProvider, processors and exporters around it); the mapping from one flat record
 * is the few lines below.
 */
import type { AuditRecord, AuditStatus } from './audit.ts';

export type AnyValue = { stringValue: string } | { intValue: string } | { boolValue: boolean };
export interface KeyValue {
  key: string;
  value: AnyValue;
}
export interface OtlpLogRecord {
  timeUnixNano: string;
  observedTimeUnixNano: string;
  severityNumber: number;
  severityText: string;
  body: { stringValue: string };
  attributes: KeyValue[];
}
export interface ExportLogsServiceRequest {
  resourceLogs: {
    resource: { attributes: KeyValue[] };
    scopeLogs: { scope: { name: string; version: string }; logRecords: OtlpLogRecord[] }[];
  }[];
}

/** A queued record: `uid` is fixed when it is queued, so a batch sent twice carries the same ids (`log.record.uid`). */
export interface ExportItem {
  uid: string;
  record: AuditRecord;
}

/** OTLP SeverityNumber: INFO 9, WARN 13, ERROR 17 (logs data model). */
const SEVERITY = { INFO: 9, WARN: 13, ERROR: 17 } as const;

/** Done and carried-out calls are information; a decision against or a refusal a warning; a failure or an unknown outcome an error. */
export function severityOf(status: AuditStatus): keyof typeof SEVERITY {
  if (status === 'failed' || status === 'uncertain') return 'ERROR';
  if (status === 'rejected' || status === 'expired' || status === 'refused' || status === 'cancelled') return 'WARN';
  return 'INFO';
}

const str = (key: string, v: string | null | undefined): KeyValue[] => (v === null || v === undefined || v === '' ? [] : [{ key, value: { stringValue: v } }]);
const int = (key: string, v: number | null | undefined): KeyValue[] => (v === null || v === undefined || !Number.isFinite(v) ? [] : [{ key, value: { intValue: String(Math.round(v)) } }]);
const bool = (key: string, v: boolean): KeyValue[] => [{ key, value: { boolValue: v } }];

/** Milliseconds since the epoch as OTLP's nanoseconds, in a string (no float rounding past 2^53). */
export function unixNano(ms: number): string {
  return ms <= 0 ? '0' : `${Math.round(ms)}000000`;
}

export function logRecord(item: ExportItem, observedMs: number): OtlpLogRecord {
  const r = item.record;
  const severity = severityOf(r.status);
  return {
    timeUnixNano: unixNano(Date.parse(r.timestamp) || observedMs),
    observedTimeUnixNano: unixNano(observedMs),
    severityNumber: SEVERITY[severity],
    severityText: severity,
    body: { stringValue: JSON.stringify(r) },
    attributes: [
      ...str('log.record.uid', item.uid),
      ...str('deskhand.kind', r.kind),
      ...str('deskhand.tool', r.tool),
      ...str('deskhand.caller', r.caller),
      ...str('deskhand.status', r.status),
      ...str('deskhand.side_effect', r.sideEffect),
      ...str('deskhand.risk', r.risk),
      ...str('deskhand.error_code', r.errorCode),
      ...str('deskhand.action_id', r.actionId),
      ...str('deskhand.trace_id', r.traceId),
      ...str('deskhand.agent', r.agent),
      ...str('deskhand.decided_by', r.decidedBy ?? (r.humanApproved ? r.approvedBy : null)),
      ...str('deskhand.record', r.subject?.record),
      ...str('deskhand.customer', r.subject?.customer),
      ...int('deskhand.duration_ms', r.durationMs),
      ...int('deskhand.time_to_decision_ms', r.timeToDecisionMs),
      ...bool('deskhand.human_approved', r.humanApproved),
      ...bool('deskhand.dry_run', r.dryRun),
    ],
  };
}

/** One request for a batch: one resource (this extension), one scope (its audit log). */
export function exportRequest(items: readonly ExportItem[], version: string, observedMs = Date.now()): ExportLogsServiceRequest {
  return {
    resourceLogs: [
      {
        resource: { attributes: [...str('service.name', 'deskhand'), ...str('service.version', version)] },
        scopeLogs: [{ scope: { name: 'deskhand.audit', version }, logRecords: items.map((i) => logRecord(i, observedMs)) }],
      },
    ],
  };
}

/** `{endpoint}/v1/logs`, unless the endpoint already names the logs path (OTEL_EXPORTER_OTLP_LOGS_ENDPOINT style). */
export function logsUrl(endpoint: string): string {
  const u = new URL(endpoint);
  if (!/\/v1\/logs\/?$/.test(u.pathname)) u.pathname = `${u.pathname.replace(/\/+$/, '')}/v1/logs`;
  return u.href;
}

/**
 * How many records a 2xx answer says were rejected (`partialSuccess.rejectedLogRecords`, an
 * int64: a string or a number in JSON); 0 for a full success or a body that is not JSON.
 */
export function rejectedCount(body: string): number {
  try {
    const parsed: unknown = JSON.parse(body);
    const partial = parsed && typeof parsed === 'object' ? (parsed as { partialSuccess?: { rejectedLogRecords?: unknown } }).partialSuccess : undefined;
    const n = Number(partial?.rejectedLogRecords ?? 0);
    return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
  } catch {
    return 0;
  }
}
