/**
 * Execution policy (DESIGN.md "Execution policy", caller x effect x risk) and the
 * risk policy (seed 004: risk decides TTL, role, what the card shows, failure handling).
 * Nothing a caller sends can change these: they are read from the tool's code.
 */
import type { Caller, PolicyDecision, Risk, SideEffect } from './types.ts';

export interface PolicyOptions {
  /** Developer option: low-risk writes run for real from the bridge (test consoles only). */
  bridgeRunsLowWrites?: boolean;
}

/** The model decides what to call; nobody watches each step. */
export const isAutonomous = (caller: Caller): boolean => caller === 'llm';

export function needsConfirmation(effect: SideEffect, risk: Risk | undefined): boolean {
  return effect === 'send' || (effect === 'write' && (risk === 'high' || risk === 'critical'));
}

/**
 * May a prepared call of this effect wait for a person's decision? Every write and send may: a
 * caller that asks for a confirmation where policy would run the write (a console profile's
 * `quickTicket.confirm`) only adds a person's decision, never removes one.
 */
export const mayConfirm = (effect: SideEffect): boolean => effect !== 'read';

/** The decision when the caller asks for a person's confirmation (`InvokeCtx.confirm`): a write it would run is confirmed first. */
export function confirmedIfAsked(decision: PolicyDecision, effect: SideEffect, asked: boolean | undefined): PolicyDecision {
  return asked && decision === 'run' && mayConfirm(effect) ? 'confirm' : decision;
}

export function decide(
  caller: Caller,
  effect: SideEffect,
  risk: Risk | undefined,
  opts: PolicyOptions = {},
): PolicyDecision {
  if (effect === 'read') return 'run';
  if (caller === 'llm') return 'forbidden';
  if (caller === 'bridge') {
    const lowWrite = effect === 'write' && risk === 'low';
    return lowWrite && opts.bridgeRunsLowWrites ? 'run' : 'dry_run';
  }
  return needsConfirmation(effect, risk) ? 'confirm' : 'run';
}

export interface RiskRule {
  /** How long a prepared call may wait for a person. */
  ttlMs: number;
  /** Shown on the card; the required role itself comes from the tool. */
  cardEmphasis: 'normal' | 'irreversible';
  /**
   * An unclear failure after the action started (timeout, retryable error): for LOW a
   * person may simply look and redo it (`failed`, retryable); from MEDIUM up (a submit could
   * duplicate a ticket) it is `uncertain`, never retried blindly (seed 004: EXECUTION_UNCERTAIN).
   */
  unclearFailure: 'failed' | 'uncertain';
}

/** Seed 004: HIGH lives shorter than a queue move; CRITICAL shortest. Never from input. */
export const RISK_RULES: Readonly<Record<Risk, RiskRule>> = {
  low: { ttlMs: 15 * 60_000, cardEmphasis: 'normal', unclearFailure: 'failed' },
  medium: { ttlMs: 10 * 60_000, cardEmphasis: 'normal', unclearFailure: 'uncertain' },
  high: { ttlMs: 3 * 60_000, cardEmphasis: 'irreversible', unclearFailure: 'uncertain' },
  critical: { ttlMs: 60_000, cardEmphasis: 'irreversible', unclearFailure: 'uncertain' },
};

/** How a failure with no clear answer is classified, by effect and risk. */
export function unclearOutcome(effect: SideEffect, risk: Risk | undefined): 'failed' | 'uncertain' {
  if (effect === 'read') return 'failed';
  if (effect === 'send') return 'uncertain';
  return RISK_RULES[risk ?? 'low'].unclearFailure;
}
