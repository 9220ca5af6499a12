/**
 * The error catalogue of the gates, the executor and the ledger: every refusal or failure
 * the core itself words (a tool words its own through `fail`). One place, one wording.
 */
import { errorSpec, type ErrorSpec } from './errors.ts';
import type { Caller, SideEffect } from './types.ts';

export type UnavailableCode = 'FEATURE_OFF' | 'WRONG_PAGE';

export function unknownTool(name: string, callable: readonly string[], hint = ''): ErrorSpec {
  return errorSpec('not_found', 'UNKNOWN_TOOL', `There is no tool named "${String(name).slice(0, 80)}".${hint}`, `Use one of: ${callable.join(', ')}.`);
}

export function notForCaller(tool: string, effect: SideEffect, caller: Caller, reads: readonly string[]): ErrorSpec {
  return errorSpec(
    'forbidden',
    'NOT_ALLOWED_FOR_CALLER',
    `${tool} is a ${effect} tool; the ${caller} caller may only use read tools.`,
    `Read tools you may use: ${reads.join(', ')}. Tell the agent what you would do instead; a person acts through the console or a hotkey.`,
  );
}

export function unavailable(code: UnavailableCode, reason: string): ErrorSpec {
  return errorSpec(
    'unavailable',
    code,
    reason,
    code === 'FEATURE_OFF' ? 'Ask your team lead to turn the feature on in deskhand settings.' : 'Open the right console page and try again, or use another tool.',
  );
}

export function circuitOpen(name: string, ms: number): ErrorSpec {
  return errorSpec('unavailable', 'CIRCUIT_OPEN', `${name} failed 3 times in a row and is paused for ${Math.ceil(ms / 1000)} s.`, 'Use another tool or try again after the pause; check that the console is reachable.', {
    retryable: true,
    retryAfterMs: ms,
  });
}

export function timedOut(name: string, ms: number): ErrorSpec {
  return errorSpec('timeout', 'TIMEOUT', `${name} did not finish within ${ms} ms and was stopped.`, 'Try again with a smaller request (a lower `limit`), or use another tool.', { retryable: true });
}

export function timedOutUncertain(name: string, ms: number): ErrorSpec {
  return errorSpec('uncertain', 'TIMEOUT_UNCERTAIN', `${name} did not finish within ${ms} ms; it may or may not have taken effect.`, 'Check on the console before doing it again; it is not retried automatically.');
}

export function cancelled(name: string): ErrorSpec {
  return errorSpec('cancelled', 'CANCELLED', `${name} was cancelled before it finished.`, 'Nothing more will happen for this call.');
}

/**
 * The worker could not store a confirmation. When its reason is that browser storage is full
 * (code STORAGE_FULL, after the audit made what room it could) the error says so, as its
 * `cause`, with what the person can do; retrying as it is would not help.
 */
export function notStored(tool: string, e: unknown): ErrorSpec {
  const why = e instanceof Error ? e.message : String(e);
  if ((e as { code?: unknown } | null)?.code === 'STORAGE_FULL') {
    return errorSpec(
      'unavailable',
      'CONFIRMATION_NOT_STORED',
      `The confirmation for ${tool} could not be stored: browser storage for deskhand is full (${why}).`,
      "Nothing was done. In the side panel's Activity tab, export the log and clear it, then try again.",
      { params: { cause: 'storage_full' } },
    );
  }
  return errorSpec('unavailable', 'CONFIRMATION_NOT_STORED', `The confirmation for ${tool} could not be stored: ${why}`, 'Nothing was done. Reload the console tab and try again.', {
    retryable: true,
  });
}

/** The executor: no delivery for this tool here. */
export function noDelivery(name: string): ErrorSpec {
  return errorSpec('failed', 'UNKNOWN_TOOL', `No tool "${name}" can carry out this action here.`, 'Nothing was done. Reload the console tab and start again.');
}

export function badStoredInput(name: string): ErrorSpec {
  return errorSpec('failed', 'INVALID_STORED_INPUT', `The stored input of ${name} no longer passes validation.`, 'Nothing was done. Start the action again.');
}

/** The executor: a call that was approved but may or may not have happened. */
export function outcomeUnknown(title: string, what: string): ErrorSpec {
  return errorSpec('uncertain', 'OUTCOME_UNKNOWN', `${title} ${what}; it may or may not have happened.`, 'Check on the console before doing anything again. It will not be retried automatically.');
}
