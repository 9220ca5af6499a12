/**
 * The ledger of prepared calls (DESIGN.md "Confirmation"): who may approve what, until
 * when, and exactly once. Storage-agnostic: the service worker backs it with
 * chrome.storage.session; tests and Node use the in-memory store.
 *
 * States: pending -> dispatched -> executed | failed | uncertain; pending -> rejected | expired.
 */
import { isoNow, sanitiseInput, summarise, type AuditRecord, type AuditSink } from './audit.ts';
import { recomputeFingerprint } from './prepared.ts';
import type { ExecOutcome } from './executor.ts';
import type { PreparedCall, ToolError } from './types.ts';

export type CallState = 'pending' | 'dispatched' | 'executed' | 'failed' | 'uncertain' | 'rejected' | 'expired';

export interface LedgerEntry {
  call: PreparedCall;
  state: CallState;
  updatedAt: number;
  decidedAt?: number;
  decidedBy?: string;
  /** The outcome a repeated approve returns instead of acting again. */
  outcome?: ExecOutcome | { status: 'rejected' | 'expired'; error: ToolError };
}

export interface LedgerStore {
  get(actionId: string): Promise<LedgerEntry | undefined>;
  put(entry: LedgerEntry): Promise<void>;
  list(): Promise<LedgerEntry[]>;
  remove(actionId: string): Promise<void>;
}

export class MemoryLedgerStore implements LedgerStore {
  private readonly entries = new Map<string, LedgerEntry>();
  async get(id: string) {
    const e = this.entries.get(id);
    return e ? structuredClone(e) : undefined;
  }
  async put(entry: LedgerEntry) {
    this.entries.set(entry.call.actionId, structuredClone(entry));
  }
  async list() {
    return [...this.entries.values()].map((e) => structuredClone(e));
  }
  async remove(id: string) {
    this.entries.delete(id);
  }
}

export interface Approval {
  /** The fingerprint of what the person saw on the card. */
  fingerprint: string;
  roles: readonly string[];
  approvedBy: string;
}

export type ApproveResult =
  | { ok: true; entry: LedgerEntry; replay: boolean }
  | { ok: false; error: ToolError; entry?: LedgerEntry };

export type Dispatch = (call: PreparedCall) => Promise<ExecOutcome>;

const TERMINAL: readonly CallState[] = ['executed', 'failed', 'uncertain', 'rejected', 'expired'];

export class Ledger {
  /** Per-action queue: two quick confirms are handled one after the other. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: LedgerStore,
    private readonly opts: { now?: () => number; audit?: AuditSink } = {},
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  async add(call: PreparedCall): Promise<void> {
    await this.locked(call.actionId, async () => {
      if (await this.store.get(call.actionId)) throw new Error(`action ${call.actionId} already exists`);
      await this.store.put({ call, state: 'pending', updatedAt: this.now() });
    });
  }

  get(actionId: string): Promise<LedgerEntry | undefined> {
    return this.store.get(actionId);
  }

  /** Pending calls (optionally of one tab); stale ones are expired first. */
  async pending(filter: { tabId?: number } = {}): Promise<LedgerEntry[]> {
    await this.expireStale();
    const all = await this.store.list();
    return all.filter(
      (e) => e.state === 'pending' && (filter.tabId === undefined || e.call.binding.tabId === filter.tabId),
    );
  }

  async all(): Promise<LedgerEntry[]> {
    return this.store.list();
  }

  async expireStale(): Promise<void> {
    const now = this.now();
    for (const e of await this.store.list()) {
      if (e.state === 'pending' && e.call.expiresAt <= now) {
        await this.locked(e.call.actionId, () => this.expireIfDue(e.call.actionId));
      }
    }
  }

  async approve(actionId: string, approval: Approval, dispatch: Dispatch): Promise<ApproveResult> {
    return this.locked(actionId, async () => {
      const entry = await this.store.get(actionId);
      if (!entry) return refuse('UNKNOWN_ACTION', 'No such action is waiting for confirmation.', 'rejected');
      if (TERMINAL.includes(entry.state) || entry.state === 'dispatched') {
        // Single use: a repeated approve reports the first outcome and acts on nothing.
        return { ok: true, entry, replay: true };
      }
      const expired = await this.expireIfDue(actionId);
      if (expired?.outcome && 'error' in expired.outcome) return { ok: false, error: expired.outcome.error, entry: expired };
      const refusal = await this.checkApproval(entry, approval);
      if (refusal) return refusal;
      const dispatched: LedgerEntry = {
        ...entry,
        state: 'dispatched',
        updatedAt: this.now(),
        decidedAt: this.now(),
        decidedBy: approval.approvedBy,
      };
      await this.store.put(dispatched);
      const outcome = await safeDispatch(dispatch, entry.call);
      const done: LedgerEntry = { ...dispatched, state: outcome.status, outcome, updatedAt: this.now() };
      await this.store.put(done);
      this.record(done, true);
      return { ok: true, entry: done, replay: false };
    });
  }

  async reject(actionId: string, by: string, reason = 'A person declined this action.'): Promise<ApproveResult> {
    return this.locked(actionId, async () => {
      const entry = await this.store.get(actionId);
      if (!entry) return refuse('UNKNOWN_ACTION', 'No such action is waiting for confirmation.', 'rejected');
      if (entry.state !== 'pending') return { ok: true, entry, replay: true };
      const error = outcomeError('rejected', 'REJECTED', reason, entry.call.traceId);
      const done: LedgerEntry = {
        ...entry,
        state: 'rejected',
        outcome: { status: 'rejected', error },
        decidedAt: this.now(),
        decidedBy: by,
        updatedAt: this.now(),
      };
      await this.store.put(done);
      this.record(done, false);
      return { ok: true, entry: done, replay: false };
    });
  }

  /**
   * After an extension reload or service-worker restart: a call left `dispatched` may or may
   * not have been delivered. It becomes `uncertain`, never `executed` and never retried.
   */
  async recoverInterrupted(): Promise<LedgerEntry[]> {
    const changed: LedgerEntry[] = [];
    for (const e of await this.store.list()) {
      if (e.state !== 'dispatched') continue;
      const error = outcomeError(
        'uncertain',
        'INTERRUPTED',
        `${e.call.title} was interrupted after it was confirmed; it may or may not have happened.`,
        e.call.traceId,
      );
      const done: LedgerEntry = { ...e, state: 'uncertain', outcome: { status: 'uncertain', error }, updatedAt: this.now() };
      await this.store.put(done);
      this.record(done, true);
      changed.push(done);
    }
    return changed;
  }

  private async checkApproval(entry: LedgerEntry, approval: Approval): Promise<ApproveResult | null> {
    const call = entry.call;
    const recomputed = await recomputeFingerprint(call);
    if (recomputed !== call.fingerprint || approval.fingerprint !== call.fingerprint) {
      return refuse(
        'FINGERPRINT_MISMATCH',
        'The action shown is not the action stored; it was not carried out.',
        'rejected',
        call.traceId,
      );
    }
    if (call.requiredRole && !approval.roles.includes(call.requiredRole)) {
      return refuse(
        'ROLE_REQUIRED',
        `Only a ${call.requiredRole} can confirm ${call.title}.`,
        'forbidden',
        call.traceId,
        `Ask a colleague with the ${call.requiredRole} role to confirm, or reject it.`,
      );
    }
    return null;
  }

  private async expireIfDue(actionId: string): Promise<LedgerEntry | null> {
    const entry = await this.store.get(actionId);
    if (!entry || entry.state !== 'pending' || entry.call.expiresAt > this.now()) return null;
    const error = outcomeError(
      'rejected',
      'EXPIRED',
      `The confirmation for ${entry.call.title} expired; nothing was done.`,
      entry.call.traceId,
    );
    const done: LedgerEntry = { ...entry, state: 'expired', outcome: { status: 'expired', error }, updatedAt: this.now() };
    await this.store.put(done);
    this.record(done, false);
    return done;
  }

  private record(entry: LedgerEntry, humanApproved: boolean): void {
    const audit = this.opts.audit;
    if (!audit) return;
    const rec = confirmationRecord(entry, humanApproved);
    try {
      void Promise.resolve(audit.write(rec)).catch(() => {});
    } catch {
      // the outcome stands even if the log cannot take it
    }
  }

  private async locked<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => {});
    this.locks.set(id, tail);
    try {
      return await next;
    } finally {
      if (this.locks.get(id) === tail) this.locks.delete(id);
    }
  }
}

async function safeDispatch(dispatch: Dispatch, call: PreparedCall): Promise<ExecOutcome> {
  try {
    return await dispatch(call);
  } catch (e) {
    return {
      status: 'uncertain',
      error: outcomeError(
        'uncertain',
        'DISPATCH_LOST',
        `${call.title} was handed to the console but no answer came back (${e instanceof Error ? e.message : String(e)}).`,
        call.traceId,
      ),
    };
  }
}

function outcomeError(type: ToolError['type'], code: string, detail: string, traceId: string): ToolError {
  const suggestion =
    type === 'uncertain'
      ? 'Check on the console whether it happened before doing anything again; it is never retried automatically.'
      : 'Start the action again if it is still needed.';
  return { type, code, detail, suggestion, retryable: false, traceId };
}

function refuse(
  code: string,
  detail: string,
  type: ToolError['type'],
  traceId = '',
  suggestion = 'Nothing was done. Start the action again if it is still needed.',
): ApproveResult {
  return { ok: false, error: { type, code, detail, suggestion, retryable: false, traceId } };
}

/** The audit record of a confirmation outcome (also used for outcomes recovered after a reload). */
export function confirmationRecord(entry: LedgerEntry, humanApproved: boolean): AuditRecord {
  const call = entry.call;
  const outcome = entry.outcome;
  const error = outcome && 'error' in outcome ? outcome.error : undefined;
  return {
    kind: 'confirmation',
    traceId: call.traceId,
    toolCallId: call.actionId,
    tool: call.tool,
    caller: call.caller,
    ctx: { sessionId: null, model: null },
    input: sanitiseInput(call.input, call.sensitiveFields),
    sideEffect: call.sideEffect,
    risk: call.risk,
    status: entry.state === 'executed' ? 'success' : (entry.state as AuditRecord['status']),
    errorCode: error?.code ?? null,
    summary: error ? error.detail : summarise(outcome && 'data' in outcome ? outcome.data : entry.state),
    durationMs: entry.updatedAt - (entry.decidedAt ?? entry.updatedAt),
    timestamp: isoNow(),
    dryRun: false,
    humanApproved,
    approvedBy: humanApproved ? (entry.decidedBy ?? null) : null,
    actionId: call.actionId,
    timeToDecisionMs: entry.decidedAt !== undefined ? entry.decidedAt - call.createdAt : null,
  };
}
