/**
 * The log export's queue as data (the worker keeps it in chrome.storage.local and does the
 * sending: src/background/log-export.ts). Bounded: when full, the oldest records go and are
 * counted; a batch the endpoint refused is counted too — nothing leaves unnoticed. Every
 * change is a pure function of the state, so the rules are tested without a browser.
 */
import { backoffMs, retryAfterMs } from './backoff.ts';
import type { AuditRecord } from './audit.ts';
import type { ExportItem } from './otlp.ts';

export const EXPORT_CAPACITY = 2_000;
export const EXPORT_BATCH = 50;

/** Why the last try did not deliver, in a form the Activity view words. */
export type ExportProblem = { kind: 'http'; status: number } | { kind: 'network' } | { kind: 'timeout' } | { kind: 'access'; origin: string };

export interface QueuedItem extends ExportItem {
  seq: number;
}

export interface ExportState {
  items: QueuedItem[];
  nextSeq: number;
  /** Records delivered since the policy was set. */
  sent: number;
  /** Dropped because the queue was full (the oldest first). */
  dropped: number;
  /** Refused by the endpoint (a 4xx other than 408/429, or rejected in a partial success). */
  refused: number;
  lastSentAt: number | null;
  /** When deliveries started failing (cleared by the next success). */
  failingSince: number | null;
  lastProblem: ExportProblem | null;
  /** Failed tries in a row. */
  attempt: number;
  /** Not before this moment (backoff or Retry-After). */
  retryAt: number | null;
}

export const emptyExportState = (): ExportState => ({ items: [], nextSeq: 1, sent: 0, dropped: 0, refused: 0, lastSentAt: null, failingSince: null, lastProblem: null, attempt: 0, retryAt: null });

/** Appends records (each with a fixed uid); over capacity, the oldest are dropped and counted. */
export function enqueue(s: ExportState, records: readonly AuditRecord[], uid: () => string, capacity = EXPORT_CAPACITY): ExportState {
  const added = records.map((record, i) => ({ seq: s.nextSeq + i, uid: uid(), record }));
  const items = [...s.items, ...added];
  const over = Math.max(0, items.length - capacity);
  return { ...s, items: items.slice(over), nextSeq: s.nextSeq + records.length, dropped: s.dropped + over };
}

/** The next batch to send: the oldest records, at most `EXPORT_BATCH`. */
export function nextBatch(s: ExportState, size = EXPORT_BATCH): QueuedItem[] {
  return s.items.slice(0, size);
}

/** Removes a batch by its sequence numbers (records queued meanwhile stay; ones dropped meanwhile are gone already). */
function without(s: ExportState, batch: readonly QueuedItem[]): QueuedItem[] {
  const done = new Set(batch.map((i) => i.seq));
  return s.items.filter((i) => !done.has(i.seq));
}

/** The endpoint took the batch; `rejected` of its records it refused (partial success). */
export function delivered(s: ExportState, batch: readonly QueuedItem[], rejected: number, now: number): ExportState {
  const refusedHere = Math.min(rejected, batch.length);
  return {
    ...s,
    items: without(s, batch),
    sent: s.sent + batch.length - refusedHere,
    refused: s.refused + refusedHere,
    lastSentAt: now,
    failingSince: null,
    lastProblem: null,
    attempt: 0,
    retryAt: null,
  };
}

/** The endpoint refused the batch for good (sending it again cannot help): dropped and counted, the next batch goes on. */
export function refusedBatch(s: ExportState, batch: readonly QueuedItem[], status: number, now: number): ExportState {
  return { ...s, items: without(s, batch), refused: s.refused + batch.length, failingSince: s.failingSince ?? now, lastProblem: { kind: 'http', status }, attempt: 0, retryAt: null };
}

/** A try that may work later: the batch stays, the next try waits (Retry-After when given, else backoff). */
export function retryLater(s: ExportState, problem: ExportProblem, now: number, retryAfter: string | null = null, random: () => number = Math.random): ExportState {
  const attempt = s.attempt + 1;
  const wait = retryAfterMs(retryAfter, now) ?? backoffMs(attempt, random);
  return { ...s, failingSince: s.failingSince ?? now, lastProblem: problem, attempt, retryAt: now + wait };
}

/** Stored state from an older or damaged value: whatever does not parse starts empty. */
export function exportStateOf(raw: unknown): ExportState {
  const base = emptyExportState();
  if (!raw || typeof raw !== 'object') return base;
  const v = raw as Partial<ExportState>;
  return {
    ...base,
    ...v,
    items: Array.isArray(v.items) ? v.items.filter((i) => i && typeof i.seq === 'number' && typeof i.uid === 'string' && i.record && typeof i.record === 'object') : [],
  };
}
