/**
 * Prepared calls (DESIGN.md "Confirmation"; seed 004 "写动作先编译成确定参数"):
 * the validated input compiled into a fixed action with a fingerprint, an action id, an
 * idempotency key and a TTL from the risk policy (never from input).
 */
import { conflictsOf, displayOf, type Fact } from './card.ts';
import { canonicalJson, sha256Hex } from './canonical.ts';
import { RISK_RULES } from './policy.ts';
import type { CallBinding, Caller, PreparedCall, Risk, SideEffect } from './types.ts';

export interface PrepareArgs {
  tool: string;
  title: string;
  sideEffect: SideEffect;
  risk: Risk;
  requiredRole?: string;
  sensitiveFields?: readonly string[];
  input: Record<string, unknown>;
  caller: Caller;
  binding: CallBinding;
  /** Page values the card shows, each with its source. */
  provenance?: readonly Fact[];
  /** A page-declared tool's definition (see DeclaredMark). */
  definition?: string;
  traceId: string;
  now: number;
}

type Fingerprinted = Pick<PreparedCall, 'tool' | 'sideEffect' | 'risk' | 'requiredRole' | 'input' | 'binding' | 'actionId' | 'provenance' | 'conflicts' | 'display' | 'definition'>;

/**
 * The part a person approves. The fingerprint covers exactly this: the action, its input,
 * where it is bound, every page value the card shows with its source, the conflicts, and the
 * card's display itself (which must equal `displayOf(input, provenance)`).
 */
function fingerprinted(call: Fingerprinted) {
  return {
    actionId: call.actionId,
    tool: call.tool,
    sideEffect: call.sideEffect,
    risk: call.risk,
    requiredRole: call.requiredRole ?? null,
    input: call.input,
    binding: call.binding,
    provenance: call.provenance ?? [],
    conflicts: call.conflicts ?? [],
    display: call.display,
    // Only when there is one: the canonical text of deskhand's own calls stays as it was.
    ...(call.definition !== undefined ? { definition: call.definition } : {}),
  };
}

/** The canonical text of the fingerprinted part (what the fingerprint is the hash of). */
export function canonicalOf(call: Fingerprinted): string {
  return canonicalJson(fingerprinted(call));
}

export async function prepareCall(args: PrepareArgs): Promise<PreparedCall> {
  const actionId = crypto.randomUUID();
  const base = {
    actionId,
    tool: args.tool,
    sideEffect: args.sideEffect,
    risk: args.risk,
    input: args.input,
    binding: args.binding,
    ...(args.requiredRole ? { requiredRole: args.requiredRole } : {}),
    provenance: [...(args.provenance ?? [])],
    conflicts: conflictsOf(args.provenance ?? []),
    display: displayOf(args.input, args.provenance ?? []),
    ...(args.definition !== undefined ? { definition: args.definition } : {}),
  };
  const canonical = canonicalJson(fingerprinted(base));
  const fingerprint = await sha256Hex(canonical);
  return {
    ...base,
    idempotencyKey: `${args.tool}:${fingerprint.slice(0, 16)}:${actionId.slice(0, 8)}`,
    title: args.title,
    ...(args.sensitiveFields?.length ? { sensitiveFields: args.sensitiveFields } : {}),
    canonical,
    fingerprint,
    caller: args.caller,
    createdAt: args.now,
    expiresAt: args.now + RISK_RULES[args.risk].ttlMs,
    traceId: args.traceId,
  };
}

/** Recomputed from the stored fields, so a tampered store cannot pass as approved. */
export async function recomputeFingerprint(call: PreparedCall): Promise<string> {
  return sha256Hex(canonicalOf(call));
}

/** Fingerprint of an arbitrary input (benchmarks, tests, display). */
export async function fingerprintOf(value: unknown): Promise<string> {
  return sha256Hex(canonicalJson(value));
}
