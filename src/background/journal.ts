/**
 * chrome.storage.session is cleared when the extension reloads, and with it the ledger. A
 * small journal in chrome.storage.local remembers calls that were still open (masked), so
 * after a reload they are reported — a pending one as expired (nothing was done), a
 * dispatched one as uncertain — and never as executed.
 */
import { maskSensitive } from '../tools/mask.ts';
import type { AuditSink } from '../tools/audit.ts';
import { confirmationRecord, type LedgerEntry, type LedgerStore } from '../tools/ledger.ts';

const KEY = 'ledgerJournal';
type Journal = Record<string, { state: 'pending' | 'dispatched'; call: LedgerEntry['call'] }>;

let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(fn: () => Promise<T>): Promise<T> => {
  const next = queue.then(fn, fn);
  queue = next.catch(() => {});
  return next;
};

async function readJournal(): Promise<Journal> {
  return ((await chrome.storage.local.get(KEY))[KEY] as Journal | undefined) ?? {};
}

function masked(call: LedgerEntry['call']): LedgerEntry['call'] {
  return {
    ...call,
    input: maskSensitive(call.input, call.sensitiveFields ?? []) as Record<string, unknown>,
    display: maskSensitive(call.display, call.sensitiveFields ?? []) as Record<string, unknown>,
  };
}

/** A ledger store that mirrors open entries into the journal. */
export class JournaledStore implements LedgerStore {
  constructor(private readonly inner: LedgerStore) {}
  get(id: string) {
    return this.inner.get(id);
  }
  list() {
    return this.inner.list();
  }
  remove(id: string) {
    return this.inner.remove(id);
  }
  async put(entry: LedgerEntry) {
    await this.inner.put(entry);
    await serial(async () => {
      const j = await readJournal();
      if (entry.state === 'pending' || entry.state === 'dispatched') j[entry.call.actionId] = { state: entry.state, call: masked(entry.call) };
      else delete j[entry.call.actionId];
      await chrome.storage.local.set({ [KEY]: j });
    });
  }
}

/** After a reload: open calls the session lost become expired or uncertain, with an audit record. */
export async function recoverAfterReload(session: LedgerStore, audit: AuditSink): Promise<LedgerEntry[]> {
  return serial(async () => {
    const j = await readJournal();
    const recovered: LedgerEntry[] = [];
    for (const [id, { state, call }] of Object.entries(j)) {
      if (await session.get(id)) continue; // a worker restart, not a reload: the ledger still has it
      const wasDispatched = state === 'dispatched';
      const error = {
        type: wasDispatched ? ('uncertain' as const) : ('rejected' as const),
        code: 'EXTENSION_RELOADED',
        detail: wasDispatched
          ? `${call.title} was being carried out when the extension reloaded; it may or may not have happened.`
          : `${call.title} was waiting for confirmation when the extension reloaded; nothing was done.`,
        suggestion: wasDispatched ? 'Check on the console before doing anything again.' : 'Start the action again if it is still needed.',
        retryable: false,
        traceId: call.traceId,
      };
      const entry: LedgerEntry = {
        call,
        state: wasDispatched ? 'uncertain' : 'expired',
        updatedAt: Date.now(),
        outcome: wasDispatched ? { status: 'uncertain', error } : { status: 'expired', error },
      };
      await session.put(entry);
      recovered.push(entry);
      void Promise.resolve(audit.write(confirmationRecord(entry, wasDispatched))).catch(() => {});
      delete j[id];
    }
    await chrome.storage.local.set({ [KEY]: j });
    return recovered;
  });
}
