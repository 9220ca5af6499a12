/**
 * The ledger of prepared calls (DESIGN.md "Confirmation"): who may approve what, until
 * when, and exactly once. Storage-agnostic: the service worker backs it with
 * chrome.storage.session; tests and Node use the in-memory store.
 *
 * States: pending -> dispatched -> executed | failed | uncertain; pending -> rejected | expired.
 */
import { auditRecord, sanitiseInput, subjectOfCall, summarise, type AuditRecord, type AuditSink } from './audit.ts';
import { errorSpec, toolError } from './errors.ts';
import { RISK_RULES } from './policy.ts';
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
  /** The confirmer's roles and whether an admin policy set them or the agent declared them. */
  decidedRoles?: { roles: string[]; source: RolesSource };
  /** The outcome a repeated approve returns instead of acting again. */
  outcome?: ExecOutcome | { status: 'rejected' | 'expired'; error: ToolError };
  /** The outcome could not be stored (storage full): it lives only in this worker's memory. */
  unsaved?: true;
}

export type RolesSource = 'policy' | 'self';

/** A point on the worker's monotonic clock: which worker lifetime, and `performance.now()` in it. */
export interface MonoStamp {
  boot: string;
  at: number;
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
  /** Whether the roles come from an admin policy or were declared by the agent. */
  rolesSource?: RolesSource;
  approvedBy: string;
  /**
   * Checks of the world outside the ledger (is the tab still on this record? still this
   * console?). A refusal leaves the call pending: the agent may go back and confirm, or reject.
   */
  check?: (call: PreparedCall) => Promise<ToolError | null>;
}

export interface LedgerOptions {
  now?: () => number;
  /** Monotonic clock of this worker lifetime (`performance.now()`), to cap ages under clock changes. */
  mono?: () => MonoStamp;
  /** The latest wall-clock time this worker has seen (persisted), so a rollback cannot make a call younger. */
  highWater?: () => number;
  audit?: AuditSink;
  /** Retries of an outcome write before it falls back to memory (storage full). */
  outcomeRetries?: number;
}

/**
 * What an approve or a reject did, in one word: `refused` (a check said no: nothing was done,
 * the call stays as it was) or the call's state after the decision — `executed`, `failed`,
 * `uncertain`, `rejected`, `expired`, or `dispatched` while a first approve is still
 * delivering. `replay`: a repeated decision that only reports the first one.
 */
export type ApproveResult =
  | { status: 'refused'; error: ToolError; entry?: LedgerEntry }
  | { status: Exclude<CallState, 'pending'>; entry: LedgerEntry; replay: boolean };

const decided = (entry: LedgerEntry, replay: boolean): ApproveResult => ({ status: entry.state === 'pending' ? 'dispatched' : entry.state, entry, replay });

export type Dispatch = (call: PreparedCall) => Promise<ExecOutcome>;

const TERMINAL: readonly CallState[] = ['executed', 'failed', 'uncertain', 'rejected', 'expired'];

export class Ledger {
  /** Per-action queue: two quick confirms are handled one after the other. */
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Outcomes the store could not take (storage full): kept here, shown as unsaved. */
  private readonly unsaved = new Map<string, LedgerEntry>();

  constructor(
    private readonly store: LedgerStore,
    private readonly opts: LedgerOptions = {},
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /**
   * Stores a new pending call. If the store cannot take it, nothing is left behind (no card
   * for a call that was not stored) and the error is thrown to the caller.
   */
  async add(call: PreparedCall): Promise<void> {
    await this.locked(call.actionId, async () => {
      if (await this.store.get(call.actionId)) throw new Error(`action ${call.actionId} already exists`);
      const stamped: PreparedCall = this.opts.mono ? { ...call, mono: this.opts.mono() } : call;
      try {
        await this.store.put({ call: stamped, state: 'pending', updatedAt: this.now() });
      } catch (e) {
        await this.store.remove(call.actionId).catch(() => {});
        throw e;
      }
    });
  }

  async get(actionId: string): Promise<LedgerEntry | undefined> {
    return this.unsaved.get(actionId) ?? (await this.store.get(actionId));
  }

  /** Pending calls (optionally of one tab); stale ones are expired first. */
  async pending(filter: { tabId?: number } = {}): Promise<LedgerEntry[]> {
    await this.expireStale();
    const all = await this.all();
    return all.filter(
      (e) => e.state === 'pending' && (filter.tabId === undefined || e.call.binding.tabId === filter.tabId),
    );
  }

  /** Every entry, with outcomes that live only in memory in place of their stored state. */
  async all(): Promise<LedgerEntry[]> {
    const stored = await this.store.list();
    const ids = new Set(stored.map((e) => e.call.actionId));
    const merged = stored.map((e) => this.unsaved.get(e.call.actionId) ?? e);
    for (const [id, e] of this.unsaved) if (!ids.has(id)) merged.push(e);
    return merged;
  }

  async expireStale(): Promise<void> {
    for (const e of await this.store.list()) {
      if (e.state === 'pending' && this.expiry(e.call) !== 'ok') {
        await this.locked(e.call.actionId, () => this.expireIfDue(e.call.actionId));
      }
    }
  }

  /**
   * Expiry that holds under clock changes: refused when the wall clock is now before the
   * call's creation (moved back), or when its age exceeds the TTL of its risk (policy, not the
   * stored `expiresAt`). The age is the largest of the wall-clock age, the monotonic age
   * within this worker lifetime, and the age against the latest time this worker has seen.
   */
  expiry(call: PreparedCall): 'ok' | 'expired' | 'clock_back' {
    const now = this.now();
    if (now < call.createdAt) return 'clock_back';
    let age = now - call.createdAt;
    const hw = this.opts.highWater?.();
    if (hw !== undefined) age = Math.max(age, hw - call.createdAt);
    const mono = this.opts.mono?.();
    if (mono && call.mono && mono.boot === call.mono.boot) age = Math.max(age, mono.at - call.mono.at);
    return age >= RISK_RULES[call.risk].ttlMs ? 'expired' : 'ok';
  }

  async approve(actionId: string, approval: Approval, dispatch: Dispatch): Promise<ApproveResult> {
    return this.locked(actionId, async () => {
      const entry = await this.get(actionId);
      if (!entry) return refuse('UNKNOWN_ACTION', 'No such action is waiting for confirmation.', 'rejected');
      if (TERMINAL.includes(entry.state) || entry.state === 'dispatched') {
        // Single use: a repeated approve reports the first outcome and acts on nothing.
        return decided(entry, true);
      }
      const expired = await this.expireIfDue(actionId);
      if (expired) return decided(expired, false);
      const refusal = await this.checkApproval(entry, approval);
      if (refusal) return refusal;
      const outside = approval.check ? await approval.check(entry.call) : null;
      if (outside) return { status: 'refused', error: { ...outside, traceId: entry.call.traceId }, entry };
      const dispatched: LedgerEntry = {
        ...entry,
        state: 'dispatched',
        updatedAt: this.now(),
        decidedAt: this.now(),
        decidedBy: approval.approvedBy,
        decidedRoles: { roles: [...approval.roles], source: approval.rolesSource ?? 'self' },
      };
      try {
        await this.store.put(dispatched);
      } catch (e) {
        // Fail closed: without a record that it was confirmed, nothing is delivered.
        await this.store.put(entry).catch(() => {});
        return refuse(
          'NOT_RECORDED',
          `deskhand could not record the confirmation of ${entry.call.title} (${e instanceof Error ? e.message : String(e)}), so it was not carried out.`,
          'unavailable',
          entry.call.traceId,
          'Nothing was done. Free some browser storage (clear the activity log after exporting it) and confirm again.',
        );
      }
      const outcome = await safeDispatch(dispatch, entry.call);
      const done: LedgerEntry = { ...dispatched, state: outcome.status, outcome, updatedAt: this.now() };
      const kept = await this.keepOutcome(done);
      this.record(kept, true);
      return decided(kept, false);
    });
  }

  /** An outcome is always recorded: retried, then kept in memory and marked unsaved. */
  private async keepOutcome(done: LedgerEntry): Promise<LedgerEntry> {
    const tries = this.opts.outcomeRetries ?? 3;
    for (let i = 0; i < tries; i++) {
      try {
        await this.store.put(done);
        this.unsaved.delete(done.call.actionId);
        return done;
      } catch {
        await new Promise((r) => setTimeout(r, 50 * (i + 1)));
      }
    }
    const kept: LedgerEntry = { ...done, unsaved: true };
    this.unsaved.set(done.call.actionId, kept);
    return kept;
  }

  async reject(actionId: string, by: string, reason = 'A person declined this action.'): Promise<ApproveResult> {
    return this.locked(actionId, async () => {
      const entry = await this.get(actionId);
      if (!entry) return refuse('UNKNOWN_ACTION', 'No such action is waiting for confirmation.', 'rejected');
      if (entry.state !== 'pending') return decided(entry, true);
      const error = outcomeError('rejected', 'REJECTED', reason, entry.call.traceId);
      const done: LedgerEntry = {
        ...entry,
        state: 'rejected',
        outcome: { status: 'rejected', error },
        decidedAt: this.now(),
        decidedBy: by,
        updatedAt: this.now(),
      };
      const kept = await this.keepOutcome(done);
      this.record(kept, false);
      return decided(kept, false);
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
      const done = await this.keepOutcome({ ...e, state: 'uncertain', outcome: { status: 'uncertain', error }, updatedAt: this.now() });
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
    if (call.conflicts.length) {
      const fields = call.conflicts.map((c) => `${c.field} (${c.values.map((v) => `${v.source}: "${v.value}"`).join(' vs ')})`).join('; ');
      return refuse(
        'CONFLICTING_SOURCES',
        `The page disagrees with itself about ${fields}; deskhand does not carry out an action whose target is in doubt.`,
        'rejected',
        call.traceId,
        'Reject it, reload the console tab and start the action again.',
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
    if (!entry || entry.state !== 'pending') return null;
    const why = this.expiry(entry.call);
    if (why === 'ok') return null;
    const error =
      why === 'clock_back'
        ? outcomeError('rejected', 'CLOCK_CHANGED', `The computer's clock was moved back after ${entry.call.title} was prepared; to be safe the confirmation expired and nothing was done.`, entry.call.traceId)
        : outcomeError('rejected', 'EXPIRED', `The confirmation for ${entry.call.title} expired; nothing was done.`, entry.call.traceId);
    const done: LedgerEntry = { ...entry, state: 'expired', outcome: { status: 'expired', error }, updatedAt: this.now() };
    const kept = await this.keepOutcome(done);
    this.record(kept, false);
    return kept;
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
  return toolError(errorSpec(type, code, detail, suggestion), traceId);
}

function refuse(
  code: string,
  detail: string,
  type: ToolError['type'],
  traceId = '',
  suggestion = 'Nothing was done. Start the action again if it is still needed.',
): ApproveResult {
  return { status: 'refused', error: toolError(errorSpec(type, code, detail, suggestion), traceId) };
}

/** The audit record of a confirmation outcome (also used for outcomes recovered after a reload). */
export function confirmationRecord(entry: LedgerEntry, humanApproved: boolean): AuditRecord {
  const call = entry.call;
  const outcome = entry.outcome;
  const error = outcome && 'error' in outcome ? outcome.error : undefined;
  return auditRecord({
    kind: 'confirmation',
    traceId: call.traceId,
    toolCallId: call.actionId,
    tool: call.tool,
    caller: call.caller,
    input: sanitiseInput(call.input, call.sensitiveFields),
    sideEffect: call.sideEffect,
    risk: call.risk,
    status: entry.state === 'pending' || entry.state === 'dispatched' ? 'needs_confirmation' : entry.state,
    errorCode: error?.code ?? null,
    summary: error ? error.detail : summarise(outcome && 'data' in outcome ? outcome.data : entry.state),
    durationMs: entry.updatedAt - (entry.decidedAt ?? entry.updatedAt),
    humanApproved,
    approvedBy: humanApproved ? (entry.decidedBy ?? null) : null,
    // Who decided either way: a rejection names who rejected it (never as its approver).
    decidedBy: entry.decidedBy ?? null,
    subject: subjectOfCall(call),
    actionId: call.actionId,
    timeToDecisionMs: entry.decidedAt !== undefined ? entry.decidedAt - call.createdAt : null,
    // Seed 004: who confirmed a HIGH action, with which roles, and whether a policy set them.
    ...(entry.decidedRoles && (call.risk === 'high' || call.risk === 'critical') ? { approverRoles: entry.decidedRoles } : {}),
  });
}
