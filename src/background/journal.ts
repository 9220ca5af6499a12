/**
 * chrome.storage.session is cleared when the extension reloads, and with it the ledger. A
 * small journal in chrome.storage.local (trusted contexts only: content scripts can neither
 * read nor write it) remembers calls that were still open, masked, each signed with an HMAC
 * whose key content scripts cannot reach (keys.ts). After a reload they are reported — a
 * pending one as expired (nothing was done), a dispatched one as uncertain — never as
 * executed. Replay happens only when the session was really cleared (clock.ts boot marker)
 * and only for entries this worker signed; anything else in the journal is dropped and
 * audited.
 *
 * Writes fail closed: an open state goes to the journal first, then to the session; if
 * either cannot be stored the other is put back and the error reaches the ledger (which then
 * shows no card, or delivers nothing).
 */
import { canonicalJson } from '../tools/canonical.ts';
import type { AuditRecord, AuditSink } from '../tools/audit.ts';
import { confirmationRecord, type LedgerEntry, type LedgerStore } from '../tools/ledger.ts';
import { maskPii } from '../tools/pii.ts';
import { auditRecord } from '../tools/audit.ts';
import { sign, verify } from './keys.ts';

const KEY = 'ledgerJournal';
type OpenState = 'pending' | 'dispatched';
interface JournalEntry {
  state: OpenState;
  call: LedgerEntry['call'];
  mac: string;
}
type Journal = Record<string, JournalEntry>;

let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(fn: () => Promise<T>): Promise<T> => {
  const next = queue.then(fn, fn);
  queue = next.catch(() => {});
  return next;
};

async function readJournal(): Promise<Journal> {
  const raw = (await chrome.storage.local.get(KEY))[KEY];
  return raw && typeof raw === 'object' ? (raw as Journal) : {};
}

/** Masked with the full scrubber (phones in every form, cards, IBANs, tokens, e-mails). */
function masked(call: LedgerEntry['call']): LedgerEntry['call'] {
  const fields = call.sensitiveFields ?? [];
  return {
    ...call,
    input: maskPii(call.input, fields) as Record<string, unknown>,
    display: maskPii(call.display, fields) as Record<string, unknown>,
    provenance: maskPii(call.provenance, []) as LedgerEntry['call']['provenance'],
    conflicts: maskPii(call.conflicts, []) as LedgerEntry['call']['conflicts'],
    canonical: '',
  };
}

const signed = (id: string, state: OpenState, call: LedgerEntry['call']) => canonicalJson({ id, state, call });

async function journalPut(id: string, entry: { state: OpenState; call: LedgerEntry['call'] } | null): Promise<void> {
  const j = await readJournal();
  if (entry) {
    const call = masked(entry.call);
    j[id] = { state: entry.state, call, mac: await sign(signed(id, entry.state, call)) };
  } else {
    if (!(id in j)) return;
    delete j[id];
  }
  await chrome.storage.local.set({ [KEY]: j });
}

const isOpen = (e: LedgerEntry) => e.state === 'pending' || e.state === 'dispatched';

/** A ledger store that mirrors open entries into the journal. */
export class JournaledStore implements LedgerStore {
  constructor(private readonly inner: LedgerStore) {}
  get(id: string) {
    return this.inner.get(id);
  }
  list() {
    return this.inner.list();
  }
  async remove(id: string) {
    await this.inner.remove(id);
    await serial(() => journalPut(id, null)).catch(() => {});
  }
  async put(entry: LedgerEntry) {
    const id = entry.call.actionId;
    if (!isOpen(entry)) {
      // Outcome first (the session is what the panel shows), then the journal forgets it.
      await this.inner.put(entry);
      await serial(() => journalPut(id, null)).catch(() => {});
      return;
    }
    const before = await this.inner.get(id);
    await serial(() => journalPut(id, { state: entry.state as OpenState, call: entry.call }));
    try {
      await this.inner.put(entry);
    } catch (e) {
      await serial(() => journalPut(id, before && isOpen(before) ? { state: before.state as OpenState, call: before.call } : null)).catch(() => {});
      throw e;
    }
  }
}

/**
 * After a reload (the session was cleared): open calls the session lost become expired or
 * uncertain, with an audit record. Entries without a valid signature were not written by
 * this worker (a forged entry, say): they are dropped and one audit record says so.
 */
export async function recoverAfterReload(session: LedgerStore, audit: AuditSink): Promise<LedgerEntry[]> {
  return serial(async () => {
    const j = await readJournal();
    const recovered: LedgerEntry[] = [];
    let forged = 0;
    for (const [id, raw] of Object.entries(j)) {
      delete j[id];
      const { state, call, mac } = (raw ?? {}) as Partial<JournalEntry>;
      const valid = call && (state === 'pending' || state === 'dispatched') && call.actionId === id && (await verify(signed(id, state, call), mac).catch(() => false));
      if (!valid) {
        forged += 1;
        continue;
      }
      if (await session.get(id)) continue; // the ledger still has it
      const entry = reloaded(call, state === 'dispatched');
      await session.put(entry);
      recovered.push(entry);
      void Promise.resolve(audit.write(confirmationRecord(entry, state === 'dispatched'))).catch(() => {});
    }
    await chrome.storage.local.set({ [KEY]: j });
    if (forged) void Promise.resolve(audit.write(forgedRecord(forged))).catch(() => {});
    return recovered;
  });
}

function reloaded(call: LedgerEntry['call'], wasDispatched: boolean): LedgerEntry {
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
  return {
    call,
    state: wasDispatched ? 'uncertain' : 'expired',
    updatedAt: Date.now(),
    outcome: wasDispatched ? { status: 'uncertain', error } : { status: 'expired', error },
  };
}

function forgedRecord(count: number): AuditRecord {
  return auditRecord({
    kind: 'confirmation',
    traceId: crypto.randomUUID(),
    toolCallId: 'journal',
    tool: 'journal',
    caller: 'ui',
    input: { ignored: count },
    status: 'rejected',
    errorCode: 'JOURNAL_ENTRY_NOT_SIGNED',
    summary: `${count} journal entr${count === 1 ? 'y was' : 'ies were'} not written by deskhand (no valid signature) and were ignored.`,
  });
}
