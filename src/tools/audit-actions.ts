/**
 * The audit log as a team lead reads it: one action per row. A call that needed a person —
 * prepared, then decided (confirmed, rejected, expired), then carried out or not — is written
 * as several records (the prepare's invoke record, the confirmation record with the decision
 * and outcome, a next page's check); here they become one action telling that story. Plain
 * calls (reads, low-risk writes) stay one action each.
 *
 * Joined by what the records carry: the ledger's `actionId` (on the prepare's invoke record and
 * on every confirmation record of that call), and the call's `traceId` for records written
 * without it — a next page's check and a prepare the worker refused — when they are about the
 * same tool. Old records (no subject, no decidedBy, no agent) join and read the same.
 */
import type { AuditRecord, AuditStatus, AuditSubject } from './audit.ts';
import type { Caller } from './types.ts';

export type DecisionKind = 'confirmed' | 'rejected' | 'expired' | 'refused';

export interface Decision {
  kind: DecisionKind;
  /** Who confirmed or rejected; null for an expiry or a refusal (nobody decided). */
  by: string | null;
  /** From prepared to decided; null when unknown. */
  afterMs: number | null;
  roles?: AuditRecord['approverRoles'];
}

export type Outcome = 'executed' | 'failed' | 'uncertain';

export interface AuditAction {
  /** Unique within one log (the action id, else the record's own ids). */
  key: string;
  tool: string;
  caller: Caller;
  /** The agent name the records carry (null: none was set). */
  agent: string | null;
  subject: AuditSubject | null;
  /** When it started (its first record), ISO. */
  at: string;
  /** The invoke record that prepared it, for actions that needed a person. */
  prepared: AuditRecord | null;
  decision: Decision | null;
  outcome: Outcome | null;
  /** The action's state now: its outcome, else its decision, else how its call ended. */
  status: AuditStatus;
  /** The code and detail of what went wrong last, if anything did. */
  errorCode: string | null;
  summary: string;
  dryRun: boolean;
  /** Every record of it, oldest first (the Details). */
  records: AuditRecord[];
}

const OUTCOMES: readonly string[] = ['executed', 'failed', 'uncertain'];

/** What a confirmation record says was decided. */
export function decisionOf(r: AuditRecord): Decision | null {
  if (r.kind !== 'confirmation' || r.status === 'needs_confirmation') return null;
  const afterMs = r.timeToDecisionMs;
  const roles = r.approverRoles;
  if (OUTCOMES.includes(r.status)) {
    // Carried out or tried after a person confirmed (an outcome recovered after a reload too).
    const by = r.decidedBy ?? r.approvedBy;
    return { kind: 'confirmed', by, afterMs, ...(roles ? { roles } : {}) };
  }
  if (r.status === 'expired') return { kind: 'expired', by: null, afterMs: null };
  if (r.status === 'rejected') {
    // A person's "no" (older records: the ledger's REJECTED code), else deskhand refused the call.
    const person = r.decidedBy ?? null;
    if (person !== null || r.errorCode === 'REJECTED') return { kind: 'rejected', by: person, afterMs };
    return { kind: 'refused', by: null, afterMs: null };
  }
  return null;
}

/** A next page's check (src/background/next-page.ts): written by the worker under the call's trace id. */
const isCheck = (r: AuditRecord): boolean => r.kind === 'invoke' && !!r.input && typeof r.input === 'object' && (r.input as { nextPage?: unknown }).nextPage === true;

function newAction(key: string, r: AuditRecord): AuditAction {
  return {
    key,
    tool: r.tool,
    caller: r.caller,
    agent: r.agent ?? null,
    subject: r.subject ?? null,
    at: r.timestamp,
    prepared: null,
    decision: null,
    outcome: null,
    status: r.status,
    errorCode: null,
    summary: '',
    dryRun: r.dryRun,
    records: [],
  };
}

function add(a: AuditAction, r: AuditRecord): void {
  a.records.push(r);
  if (r.timestamp < a.at) a.at = r.timestamp;
  if (r.kind === 'invoke' && r.status === 'needs_confirmation') a.prepared = r;
  // The call's own facts (from the fingerprinted call) win over what the page showed at the time.
  if (r.subject && (r.kind === 'confirmation' || !a.subject)) a.subject = r.subject;
  if (a.agent === null && r.agent) a.agent = r.agent;
  const decision = decisionOf(r);
  if (decision) {
    a.decision = decision;
    a.outcome = OUTCOMES.includes(r.status) ? (r.status as Outcome) : null;
  }
  if (r.errorCode) {
    a.errorCode = r.errorCode;
    a.summary = r.summary;
  } else if (!a.summary) a.summary = r.summary;
  a.status = statusOf(a, r);
}

/** The outcome, else the decision, else the latest call's own status (a refused prepare stays refused). */
function statusOf(a: AuditAction, latest: AuditRecord): AuditStatus {
  if (a.outcome) return a.outcome;
  if (a.decision) return a.decision.kind === 'expired' ? 'expired' : a.decision.kind === 'refused' ? 'refused' : 'rejected';
  return a.prepared && latest === a.prepared ? 'needs_confirmation' : latest.status;
}

/**
 * The log as actions, in the order they started (oldest first, as the records are stored).
 * `scope` keeps keys apart when several logs are shown together (an imported file's name).
 */
export function joinActions(logged: readonly AuditRecord[], scope = ''): AuditAction[] {
  // In time order (stable): a record's place in storage is when it was appended, not when it happened.
  const records = [...logged].sort(byTime);
  const byAction = new Map<string, AuditAction>();
  const byTrace = new Map<string, AuditAction>();
  const out: AuditAction[] = [];
  // Records that name an action first, so a check written before its confirmation still finds it.
  for (const r of records) {
    if (!r.actionId) continue;
    let a = byAction.get(r.actionId);
    if (!a) {
      a = newAction(`${scope}a:${r.actionId}`, r);
      byAction.set(r.actionId, a);
      out.push(a);
    }
    add(a, r);
    if (r.traceId) byTrace.set(`${r.traceId}|${r.tool}`, a);
  }
  // Plain calls: one each, but a submit and the check its next page answered are one call.
  const actions = new Set(byAction.values());
  const checked = new Set<AuditAction>();
  for (const r of records) {
    if (r.actionId) continue;
    const trace = r.traceId ? `${r.traceId}|${r.tool}` : '';
    const joined = trace ? byTrace.get(trace) : undefined;
    if (joined && (actions.has(joined) || checked.has(joined) || isCheck(r))) {
      add(joined, r);
      if (isCheck(r)) checked.add(joined);
      continue;
    }
    const a = newAction(`${scope}r:${r.kind}:${r.toolCallId}:${r.timestamp}:${out.length}`, r);
    add(a, r);
    out.push(a);
    if (isCheck(r)) checked.add(a);
    if (trace && !joined) byTrace.set(trace, a);
  }
  return out.sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
}

const byTime = (x: AuditRecord, y: AuditRecord): number => (x.timestamp < y.timestamp ? -1 : x.timestamp > y.timestamp ? 1 : 0);

export interface AgentCounts {
  agent: string;
  actions: number;
  confirmed: number;
  rejected: number;
  failed: number;
}

/** Per agent (as `label` names them): how many actions, how many confirmed, rejected, failed. */
export function countByAgent(actions: readonly AuditAction[], label: (a: AuditAction) => string): AgentCounts[] {
  const by = new Map<string, AgentCounts>();
  for (const a of actions) {
    const agent = label(a);
    const c = by.get(agent) ?? { agent, actions: 0, confirmed: 0, rejected: 0, failed: 0 };
    c.actions += 1;
    if (a.decision?.kind === 'confirmed') c.confirmed += 1;
    if (a.decision?.kind === 'rejected') c.rejected += 1;
    if (a.status === 'failed') c.failed += 1;
    by.set(agent, c);
  }
  return [...by.values()].sort((x, y) => y.actions - x.actions || x.agent.localeCompare(y.agent));
}
