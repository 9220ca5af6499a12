/**
 * The browser's audit log: chrome.storage.local (trusted contexts only, see storage-lock.ts),
 * bounded. Every record is masked here, in the worker, before it is stored — content scripts
 * send raw records — with the full scrubber (phones in every form, cards, IBANs, tokens).
 * Writes are queued so records from many tabs never overwrite each other. When full, routine
 * invoke records make room; confirmation outcomes are never dropped — they leave only when
 * the agent clears the log, after exporting it. When storage is full, the oldest routine
 * records make room (tools/audit.ts `makeRoom`), for the log itself and for other writes
 * deskhand needs (room.ts); when storage still refuses a write, the records are kept in
 * memory and listed as unsaved, never silently lost. Each record is stamped with whose log
 * it is (`agent`: the agent name in force), and handed to the organisation's log pipeline
 * when an admin's policy names one (log-export.ts), after it is kept.
 */
import { dropInvokeRecords, legacyStatus, makeRoom, maskedRecord, type AuditRecord, type AuditSink } from '../tools/audit.ts';
import { scrubPii } from '../tools/pii.ts';
import { loadSettings } from '../settings/store.ts';
import { exportRecords } from './log-export.ts';

const KEY = 'audit';
export const AUDIT_CAPACITY = 2_000;

let queue: Promise<unknown> = Promise.resolve();
const unsaved: AuditRecord[] = [];

function enqueue<T>(fn: () => Promise<T>): Promise<T> {
  const next = queue.then(fn, fn);
  queue = next.catch(() => {});
  return next;
}

/** The record as it is stored: input, summary and subject scrubbed in the worker with the full scrubber. */
export function maskRecord(r: AuditRecord, sensitiveFields: readonly string[] = []): AuditRecord {
  return maskedRecord(r, scrubPii, sensitiveFields);
}

async function stored(): Promise<AuditRecord[]> {
  const got = await chrome.storage.local.get(KEY);
  return ((got[KEY] as AuditRecord[] | undefined) ?? []).map(current);
}

/** A record kept by an older version speaks today's statuses (one spelling per state). */
function current(r: AuditRecord): AuditRecord {
  const status = legacyStatus(String(r.status), r.kind, r.dryRun);
  return status && status !== r.status ? { ...r, status } : r;
}

export async function readAudit(): Promise<{ records: AuditRecord[]; unsaved: number }> {
  return { records: [...(await stored()), ...unsaved], unsaved: unsaved.length };
}

/** Whose log this is: the agent name in force (options or admin policy), null for "this browser". */
async function agentNow(): Promise<string | null> {
  try {
    return (await loadSettings()).settings.agentName || null;
  } catch {
    return null;
  }
}

export function appendAudit(records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  const masked = records.map((r) => maskRecord(r));
  return enqueue(async () => {
    // Stamped here, in the write queue, so records keep the order they arrived in.
    const agent = await agentNow();
    const kept = masked.map((r) => ({ ...r, agent }));
    await keep(kept);
    // To the organisation's log pipeline when a policy names one: after the record is kept,
    // without waiting (the sending is the worker's, never the agent's).
    void exportRecords(kept).catch(() => {});
  });
}

async function keep(masked: AuditRecord[]): Promise<void> {
  const all = [...(await stored()), ...unsaved, ...masked];
  dropInvokeRecords(all, AUDIT_CAPACITY);
  try {
    await chrome.storage.local.set({ [KEY]: all });
    unsaved.length = 0;
    return;
  } catch {
    // Storage full: the oldest routine records make room for the new ones, once.
  }
  try {
    if (makeRoom(all, masked.reduce((n, r) => n + JSON.stringify(r).length + 1, 512)) === 0) throw new Error('no room');
    await chrome.storage.local.set({ [KEY]: all });
    unsaved.length = 0;
  } catch {
    // Still full: keep them here (this worker's lifetime) and try again with the next write.
    unsaved.push(...masked);
  }
}

/** Drops the oldest routine records from the stored log to free `bytes`; returns the bytes freed. */
export function makeAuditRoom(bytes: number): Promise<number> {
  return enqueue(async () => {
    const all = await stored();
    const freed = makeRoom(all, bytes);
    if (freed > 0) await chrome.storage.local.set({ [KEY]: all });
    return freed;
  });
}

export function clearAudit(): Promise<void> {
  return enqueue(async () => {
    unsaved.length = 0;
    await chrome.storage.local.set({ [KEY]: [] });
  });
}

export const storageAuditSink: AuditSink = { write: (r) => appendAudit([r]) };
