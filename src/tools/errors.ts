/**
 * Structured errors (seed 003 "结构化错误"): code, type, detail, suggestion, retryable.
 * Built here so every gate words its refusals the same way.
 */
import type { ErrorType, FieldIssue, RunResult, ToolError } from './types.ts';

export type ErrorSpec = Omit<ToolError, 'traceId'>;

export function toolError(spec: ErrorSpec, traceId: string): ToolError {
  return { ...spec, traceId };
}

/** For tool code: a failed run, as data. */
export function fail(
  type: ErrorType,
  code: string,
  detail: string,
  suggestion: string,
  opts: { retryable?: boolean; fields?: FieldIssue[] } = {},
): RunResult<never> {
  const error: ErrorSpec = { type, code, detail, suggestion, retryable: opts.retryable ?? false };
  if (opts.fields) error.fields = opts.fields;
  return { ok: false, error };
}

/** For tool code: a successful run. */
export function ok<O>(data: O): RunResult<O> {
  return { ok: true, data };
}

/** Anything thrown inside a tool becomes an `internal` error; invoke never throws. */
export function fromThrown(e: unknown): ErrorSpec {
  const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return {
    type: 'internal',
    code: 'TOOL_THREW',
    detail: `The tool failed unexpectedly: ${message.slice(0, 300)}`,
    suggestion: 'This is a bug in the tool, not in your input. Try another tool or report it.',
    retryable: false,
  };
}
