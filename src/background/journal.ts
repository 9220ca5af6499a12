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
 * Every write takes the next number of a monotonic sequence (its high-water mark lives beside
 * the key in IndexedDB, keys.ts) and re-signs a head: which entries are live, at which
 * number. An entry is replayed only when its own signature is valid AND the head lists it
 * at exactly its number AND the head is not older than the high-water mark. A signed entry
 * put back after deskhand superseded it (captured while pending, restored after the call was
 * carried out) is refused and audited, never reported as "expired, nothing was done".
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
import { readSeq, sign, verify, writeSeq } from './keys.ts';
import { isQuotaError, setLocal, StorageFull } from './room.ts';

const KEY = 'ledgerJournal';
const HEAD = 'ledgerJournalHead';
type OpenState = 'pending' | 'dispatched';
interface JournalEntry {
  state: OpenState;
  call: LedgerEntry['call'];
  seq: number;
  mac: string;
}
type Journal = Record<string, JournalEntry>;
/** Which entries are live, at which sequence number; `seq` is the number of the last write. */
interface Head {
  seq: number;
  live: Record<string, number>;
}

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

const signed = (id: string, state: OpenState, call: LedgerEntry['call'], seq: number) => canonicalJson({ id, state, call, seq });
const signedHead = (h: Head) => canonicalJson({ head: true, seq: h.seq, live: h.live });

/** The stored head if deskhand signed it and it is not older than the high-water mark; else null. */
async function storedHead(): Promise<{ head: Head | null; floor: number }> {
  const floor = await readSeq().catch(() => 0);
  const raw = (await chrome.storage.local.get(HEAD))[HEAD] as Partial<Head & { mac: string }> | undefined;
  const ok =
    raw &&
    Number.isSafeInteger(raw.seq) &&
    raw.live &&
    typeof raw.live === 'object' &&
    (raw.seq as number) >= floor &&
    (await verify(signedHead({ seq: raw.seq as number, live: raw.live }), raw.mac).catch(() => false));
  return { head: ok ? { seq: raw.seq as number, live: { ...raw.live } } : null, floor };
}

/** This worker's head: loaded once per lifetime, then only this worker writes it. */
let current: Head | null = null;

async function loadHead(): Promise<Head> {
  if (!current) {
    const { head, floor } = await storedHead();
    // A head that is missing, unsigned or older than the mark lists nothing: its entries are refused at the next reload (fail closed).
    current = { seq: Math.max(head?.seq ?? 0, floor), live: head?.live ?? {} };
  }
  return current;
}

/** Writes the journal with a head at the next sequence number, then raises the high-water mark. */
async function commit(j: Journal, live: Record<string, number>, seq: number): Promise<void> {
  const head: Head = { seq, live };
  await setLocal({ [KEY]: j, [HEAD]: { ...head, mac: await sign(signedHead(head)) } });
  current = head;
  await writeSeq(seq).catch(() => {});
}

async function journalPut(id: string, entry: { state: OpenState; call: LedgerEntry['call'] } | null): Promise<void> {
  const j = await readJournal();
  const head = await loadHead();
  const live = { ...head.live };
  const seq = head.seq + 1;
  if (entry) {
    const call = masked(entry.call);
    j[id] = { state: entry.state, call, seq, mac: await sign(signed(id, entry.state, call, seq)) };
    live[id] = seq;
  } else {
    if (!(id in j) && !(id in live)) return;
    delete j[id];
    delete live[id];
  }
  await commit(j, live, seq);
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
      // The session holds only the ledger; nothing of the audit's can make room there.
      throw isQuotaError(e) ? new StorageFull('session') : e;
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
    const { head, floor } = await storedHead();
    const recovered: LedgerEntry[] = [];
    let forged = 0;
    let superseded = 0;
    for (const [id, raw] of Object.entries(j)) {
      delete j[id];
      const { state, call, seq, mac } = (raw ?? {}) as Partial<JournalEntry>;
      const valid =
        call && (state === 'pending' || state === 'dispatched') && call.actionId === id && Number.isSafeInteger(seq) && (await verify(signed(id, state, call, seq as number), mac).catch(() => false));
      if (!valid) {
        forged += 1;
        continue;
      }
      // Signed by deskhand, but not the entry the head says is live (an older copy put back).
      if (head?.live[id] !== seq) {
        superseded += 1;
        continue;
      }
      if (await session.get(id)) continue; // the ledger still has it
      const entry = reloaded(call, state === 'dispatched');
      await session.put(entry);
      recovered.push(entry);
      void Promise.resolve(audit.write(confirmationRecord(entry, state === 'dispatched'))).catch(() => {});
    }
    // Everything was read: the journal starts empty, at a number above anything put back.
    await commit(j, {}, Math.max(head?.seq ?? 0, floor, current?.seq ?? 0) + 1);
    if (forged) void Promise.resolve(audit.write(forgedRecord(forged))).catch(() => {});
    if (superseded) void Promise.resolve(audit.write(supersededRecord(superseded))).catch(() => {});
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

const journalRecord = (count: number, errorCode: string, summary: string): AuditRecord =>
  auditRecord({
    kind: 'confirmation',
    traceId: crypto.randomUUID(),
    toolCallId: 'journal',
    tool: 'journal',
    caller: 'ui',
    input: { ignored: count },
    status: 'rejected',
    errorCode,
    summary,
  });

const forgedRecord = (count: number) =>
  journalRecord(count, 'JOURNAL_ENTRY_NOT_SIGNED', `${count} journal entr${count === 1 ? 'y was' : 'ies were'} not written by deskhand (no valid signature) and were ignored.`);

const supersededRecord = (count: number) =>
  journalRecord(count, 'JOURNAL_ENTRY_SUPERSEDED', `${count} journal entr${count === 1 ? 'y was' : 'ies were'} signed by deskhand but later superseded (an older copy put back into storage) and refused.`);
