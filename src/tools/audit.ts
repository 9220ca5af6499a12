/**
 * Audit (DESIGN.md "Audit"; seed 003 AuditRecord): one record per invoke and one per
 * confirmation outcome. Sinks are bounded; the ring here is the in-memory one, the
 * extension adds a persistent one behind the same interface.
 */
import { maskSensitive, maskSubject, scrubText, type Scrubber } from './mask.ts';
import { TOOL_STATUSES, type Caller, type PreparedCall, type Risk, type SideEffect, type ToolStatus } from './types.ts';

/**
 * One spelling per state: an invoke record carries its result's status (`ToolStatus`, or
 * `cancelled`); a confirmation record carries the ledger's outcome.
 */
export type AuditStatus = ToolStatus | 'cancelled' | 'executed' | 'rejected' | 'expired';
export const AUDIT_STATUSES = [...TOOL_STATUSES, 'cancelled', 'executed', 'rejected', 'expired'] as const satisfies readonly AuditStatus[];

/** Records written before statuses had one spelling (read from storage, imported JSONL). */
export function legacyStatus(status: string, kind: AuditRecord['kind'], dryRun: boolean): AuditStatus | null {
  if (status === 'success') return kind === 'confirmation' ? 'executed' : dryRun ? 'dry_run' : 'done';
  if (status === 'error') return 'failed';
  if (status === 'requires_confirmation') return 'needs_confirmation';
  return (AUDIT_STATUSES as readonly string[]).includes(status) ? (status as AuditStatus) : null;
}

/**
 * What a record was about, as the agent saw it: the record's number on the page (C-1001,
 * #494495) and the customer. Masked where it is stored (the customer as a sensitive field:
 * `张***`, `z***@example.com`), so a team lead's view and every export name it masked.
 */
export interface AuditSubject {
  record: string | null;
  customer: string | null;
}

export interface AuditRecord {
  kind: 'invoke' | 'confirmation';
  traceId: string;
  toolCallId: string;
  tool: string;
  caller: Caller;
  ctx: { sessionId: string | null; model: string | null };
  /** Sanitised: sensitive fields masked, e-mails and phone numbers scrubbed. */
  input: unknown;
  sideEffect: SideEffect | null;
  risk: Risk | null;
  status: AuditStatus;
  errorCode: string | null;
  summary: string;
  durationMs: number;
  timestamp: string;
  dryRun: boolean;
  humanApproved: boolean;
  approvedBy: string | null;
  actionId: string | null;
  /** Confirmation records: from prepared to decided. */
  timeToDecisionMs: number | null;
  /** HIGH/CRITICAL confirmations: the confirmer's roles, set by policy or self-declared. */
  approverRoles?: { roles: string[]; source: 'policy' | 'self' };
  /**
   * Confirmation records: the person who decided — who confirmed, and who rejected (a
   * rejection has no `approvedBy`). Absent in records written before it existed.
   */
  decidedBy?: string | null;
  /** The conversation and customer the call was about; absent in older records, null when the page showed neither. */
  subject?: AuditSubject | null;
  /**
   * Whose log this is: the agent name in force when the worker stored the record (options or
   * admin policy), null when none was set ("this browser"). Set by the worker only.
   */
  agent?: string | null;
}

/** What a caller of `auditRecord` must say; everything else has a default. */
export type AuditFields = Pick<AuditRecord, 'kind' | 'traceId' | 'tool' | 'caller' | 'status' | 'summary'> & Partial<Omit<AuditRecord, 'kind' | 'traceId' | 'tool' | 'caller' | 'status' | 'summary'>>;

/**
 * THE builder of audit records (the registry, the ledger, plans, the worker's refusals, the
 * journal and next-page checks all use it): one shape, defaults in one place.
 */
export function auditRecord(f: AuditFields): AuditRecord {
  return {
    toolCallId: f.traceId,
    ctx: { sessionId: null, model: null },
    input: null,
    sideEffect: null,
    risk: null,
    errorCode: null,
    durationMs: 0,
    timestamp: isoNow(),
    dryRun: false,
    humanApproved: false,
    approvedBy: null,
    actionId: null,
    timeToDecisionMs: null,
    ...f,
  };
}

/**
 * The subject of a prepared call, from its fingerprinted page facts: the number the agent
 * saw (else the record id it is bound to) and the person it reaches or pays.
 */
export function subjectOfCall(call: Pick<PreparedCall, 'binding' | 'provenance'>): AuditSubject | null {
  const fact = (...fields: string[]) => call.provenance.find((f) => fields.includes(f.field))?.value ?? null;
  const record = fact('number') ?? call.binding.recordId ?? fact('conversation');
  const customer = fact('to', 'customer');
  return record || customer ? { record, customer } : null;
}

export interface AuditSink {
  write(record: AuditRecord): void | Promise<void>;
}

export function sanitiseInput(input: unknown, sensitiveFields: readonly string[] = []): unknown {
  return maskSensitive(input, sensitiveFields);
}

/**
 * A record as it is kept: input masked (named fields whole, free text scrubbed), summary and
 * subject scrubbed, the customer masked whole. The worker passes its full scrubber (pii.ts);
 * an imported file is masked again with the light one (idempotent on what was masked before).
 */
export function maskedRecord(r: AuditRecord, scrub: Scrubber = scrubText, sensitiveFields: readonly string[] = []): AuditRecord {
  return {
    ...r,
    input: maskSensitive(r.input, sensitiveFields, '', scrub),
    summary: scrub(r.summary),
    ...(r.subject ? { subject: maskSubject(r.subject, scrub) } : {}),
  };
}

/**
 * A short, masked, one-line summary of a result for the log. Scrubbed after a generous
 * first cut (so a number straddling the final cut was already masked), then cut again.
 */
export function summarise(value: unknown, max = 160): string {
  const raw = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  const text = scrubText(raw.slice(0, max * 3));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

let isoSecond = -1;
let isoPrefix = '';

/** ISO-8601 now, cheaply: the date part is formatted once per second (hot path). */
export function isoNow(ms = Date.now()): string {
  const second = Math.floor(ms / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoPrefix = new Date(second * 1000).toISOString().slice(0, 20);
  }
  return `${isoPrefix}${String(ms % 1000).padStart(3, '0')}Z`;
}

/**
 * Makes room down to `capacity` by dropping the oldest invoke records only, in one pass.
 * Confirmation outcomes are never dropped to make room (the log may exceed its bound with
 * them until someone exports and clears it). Returns how many records were dropped.
 */
export function dropInvokeRecords(records: AuditRecord[], capacity: number): number {
  let excess = records.length - capacity;
  if (excess <= 0) return 0;
  let dropped = 0;
  let w = 0;
  for (let r = 0; r < records.length; r++) {
    const rec = records[r]!;
    if (excess > 0 && rec.kind === 'invoke') {
      excess -= 1;
      dropped += 1;
      continue;
    }
    records[w++] = rec;
  }
  records.length = w;
  return dropped;
}

/**
 * Records that stay until the agent clears the log (after exporting it): outcomes of the
 * calls a person confirms — sends, and writes such as a submit or a refund — and refusals
 * (a record with an error code: a forged call, a journal entry put back).
 */
export function keptUntilCleared(r: AuditRecord): boolean {
  return r.kind === 'confirmation' && (r.sideEffect === 'send' || r.sideEffect === 'write' || /refund|submit/i.test(r.tool) || r.errorCode !== null);
}

/**
 * Storage is full: frees at least `bytes` (as `size` counts them) by dropping the oldest
 * invoke records first, then the oldest other records that are not kept until cleared.
 * In place; returns the bytes freed (less than asked when nothing more may go).
 */
export function makeRoom(records: AuditRecord[], bytes: number, size: (r: AuditRecord) => number = (r) => JSON.stringify(r).length + 1): number {
  const drop = new Set<number>();
  let freed = 0;
  const tiers: ((r: AuditRecord) => boolean)[] = [(r) => r.kind === 'invoke', (r) => !keptUntilCleared(r)];
  for (const tier of tiers) {
    for (let i = 0; i < records.length && freed < bytes; i++) {
      if (drop.has(i) || !tier(records[i]!)) continue;
      drop.add(i);
      freed += size(records[i]!);
    }
  }
  if (drop.size) {
    let w = 0;
    for (let r = 0; r < records.length; r++) if (!drop.has(r)) records[w++] = records[r]!;
    records.length = w;
  }
  return freed;
}

/**
 * In-memory ring with the same rule: invoke records make room, outcomes stay. It trims in
 * batches (once it is `slack` over capacity), so a write is O(1) amortised, not O(n).
 */
export class RingAuditSink implements AuditSink {
  private records: AuditRecord[] = [];
  private readonly slack: number;
  dropped = 0;

  constructor(readonly capacity = 1_000) {
    this.slack = Math.max(16, Math.floor(capacity / 10));
  }

  write(record: AuditRecord): void {
    this.records.push(record);
    if (this.records.length > this.capacity + this.slack) this.trim();
  }

  private trim(): void {
    this.dropped += dropInvokeRecords(this.records, this.capacity);
  }

  list(): AuditRecord[] {
    this.trim();
    return [...this.records];
  }

  clear(): void {
    this.records = [];
  }
}

export function toJsonl(records: readonly AuditRecord[]): string {
  return records.map((r) => JSON.stringify(r)).join('\n') + (records.length ? '\n' : '');
}
