/**
 * The browser's audit log: chrome.storage.local, bounded. Writes are queued so records
 * from many tabs never overwrite each other. When full, routine invoke records make room;
 * confirmation outcomes (what a person decided, what happened) are never dropped — they
 * leave only when the agent clears the log, after exporting it.
 */
import { dropInvokeRecords, type AuditRecord, type AuditSink } from '../tools/audit.ts';

const KEY = 'audit';
export const AUDIT_CAPACITY = 2_000;

let queue: Promise<unknown> = Promise.resolve();

function enqueue<T>(fn: () => Promise<T>): Promise<T> {
  const next = queue.then(fn, fn);
  queue = next.catch(() => {});
  return next;
}

export async function readAudit(): Promise<AuditRecord[]> {
  const got = await chrome.storage.local.get(KEY);
  return (got[KEY] as AuditRecord[] | undefined) ?? [];
}

export function appendAudit(records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return Promise.resolve();
  return enqueue(async () => {
    const all = [...(await readAudit()), ...records];
    dropInvokeRecords(all, AUDIT_CAPACITY);
    await chrome.storage.local.set({ [KEY]: all });
  });
}

export function clearAudit(): Promise<void> {
  return enqueue(() => chrome.storage.local.set({ [KEY]: [] }));
}

export const storageAuditSink: AuditSink = { write: (r) => appendAudit([r]) };
