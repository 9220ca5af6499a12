/**
 * Structured errors (seed 003 "结构化错误"): code, type, detail, suggestion, retryable.
 * The one builder of error data: the registry's gates, the executor, the ledger and every
 * tool word their errors through `errorSpec` / `toolError`, so a state has one spelling.
 */
import type { ErrorStatus, ErrorType, FieldIssue, RunResult, ToolError } from './types.ts';

export type ErrorSpec = Omit<ToolError, 'traceId'>;

export interface ErrorOpts {
  retryable?: boolean;
  fields?: FieldIssue[];
  retryAfterMs?: number;
  params?: Record<string, string>;
}

/** An error as plain data (no traceId yet: the registry or ledger adds it). */
export function errorSpec(type: ErrorType, code: string, detail: string, suggestion: string, opts: ErrorOpts = {}): ErrorSpec {
  const spec: ErrorSpec = { type, code, detail, suggestion, retryable: opts.retryable ?? false };
  if (opts.fields) spec.fields = opts.fields;
  if (opts.retryAfterMs !== undefined) spec.retryAfterMs = opts.retryAfterMs;
  if (opts.params) spec.params = opts.params;
  return spec;
}

export function toolError(spec: ErrorSpec, traceId: string): ToolError {
  return { ...spec, traceId };
}

/**
 * The status an error gives a result. A tool that would not act on this input or for this
 * caller *refused*; one whose outcome is unknown is *uncertain*; anything else *failed*.
 */
export function statusOfError(type: ErrorType): ErrorStatus {
  if (type === 'uncertain') return 'uncertain';
  if (type === 'validation' || type === 'forbidden') return 'refused';
  return 'failed';
}

/** For tool code: a failed run, as data. */
export function fail(type: ErrorType, code: string, detail: string, suggestion: string, opts: ErrorOpts = {}): RunResult<never> {
  return failWith(errorSpec(type, code, detail, suggestion, opts));
}

/** A run result for an error spec already built. */
export function failWith(error: ErrorSpec): RunResult<never> {
  return { status: statusOfError(error.type), error };
}

/** For tool code: a successful run. */
export function ok<O>(data: O): RunResult<O> {
  return { status: 'done', data };
}

/** Anything thrown inside a tool becomes an `internal` error; invoke never throws. */
export function fromThrown(e: unknown): ErrorSpec {
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return errorSpec('internal', 'TOOL_THREW', `The tool failed unexpectedly: ${message.slice(0, 300)}`, 'This is a bug in the tool, not in your input. Try another tool or report it.');
}
