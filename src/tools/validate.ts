/**
 * Input gates before a tool sees anything: shape and size caps, then strict zod.
 * Validation errors carry `fields[]` with allowed values and bounds (seed 003).
 */
import { z } from './zod.ts';
import { errorSpec, type ErrorSpec } from './errors.ts';
import type { FieldIssue } from './types.ts';

export interface InputCaps {
  /** JSON characters. */
  maxChars: number;
  /** Nesting of objects/arrays. */
  maxDepth: number;
}

export const DEFAULT_CAPS: InputCaps = { maxChars: 32_000, maxDepth: 8 };

export type CapProblem = { code: string; detail: string };

/**
 * Refuses what is not small, plain JSON data. Recursion is bounded by `maxDepth` (it stops
 * one level past it), so a deeply nested page payload cannot overflow the stack.
 */
export function checkShape(input: unknown, caps: InputCaps = DEFAULT_CAPS): CapProblem | null {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { code: 'INPUT_NOT_OBJECT', detail: 'The input must be a JSON object, e.g. { "query": "…" }.' };
  }
  const budget = { chars: caps.maxChars };
  return walkShape(input, 1, caps.maxDepth, budget, []);
}

function walkShape(
  value: unknown,
  depth: number,
  maxDepth: number,
  budget: { chars: number },
  ancestors: object[],
): CapProblem | null {
  const problem = scalarProblem(value);
  if (problem) return problem;
  budget.chars -= typeof value === 'string' ? value.length + 2 : 4;
  if (budget.chars < 0) return { code: 'INPUT_TOO_LARGE', detail: 'The input is larger than the allowed size.' };
  if (value === null || typeof value !== 'object') return null;
  if (ancestors.includes(value)) return { code: 'INPUT_CYCLE', detail: 'The input refers to itself.' };
  if (depth > maxDepth) {
    return { code: 'INPUT_TOO_DEEP', detail: `The input is nested deeper than ${maxDepth} levels.` };
  }
  ancestors.push(value);
  let found: CapProblem | null = null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && !found; i++) found = walkShape(value[i], depth + 1, maxDepth, budget, ancestors);
  } else {
    const obj = value as Record<string, unknown>;
    for (const key in obj) {
      budget.chars -= key.length + 3;
      found = walkShape(obj[key], depth + 1, maxDepth, budget, ancestors);
      if (found) break;
    }
  }
  ancestors.pop();
  return found;
}

function scalarProblem(value: unknown): CapProblem | null {
  const t = typeof value;
  if (t === 'function' || t === 'symbol' || t === 'bigint' || t === 'undefined') {
    return { code: 'INPUT_NOT_JSON', detail: `The input holds a ${t}, which is not JSON data.` };
  }
  if (t === 'number' && !Number.isFinite(value as number)) {
    return { code: 'INPUT_NOT_JSON', detail: 'The input holds NaN or Infinity, which is not JSON data.' };
  }
  if (t === 'object' && value !== null && !Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) {
      return { code: 'INPUT_NOT_JSON', detail: 'The input holds an object that is not plain JSON data.' };
    }
  }
  return null;
}

const pathText = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    return acc ? `${acc}.${String(key)}` : String(key);
  }, '');

/** zod issues -> the fields[] a caller (or a model) can act on. */
export function fieldIssues(error: z.core.$ZodError, allowedKeys: readonly string[]): FieldIssue[] {
  const out: FieldIssue[] = [];
  for (const issue of error.issues) {
    const path = pathText(issue.path);
    switch (issue.code) {
      case 'unrecognized_keys':
        for (const key of issue.keys) {
          out.push({
            path: path ? `${path}.${key}` : key,
            message: `Unknown field "${key}"; only declared fields are accepted.`,
            allowed: [...allowedKeys],
          });
        }
        break;
      case 'invalid_value':
        out.push({ path, message: issue.message, allowed: issue.values.map(primitive) });
        break;
      case 'too_small':
        out.push({ path, message: issue.message, min: Number(issue.minimum) });
        break;
      case 'too_big':
        out.push({ path, message: issue.message, max: Number(issue.maximum) });
        break;
      default:
        out.push({ path, message: issue.message });
    }
  }
  return out;
}

function primitive(v: unknown): string | number | boolean | null {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : v === null ? null : String(v);
}

/**
 * True when the schema refuses unknown keys (zod 4 `z.strictObject` / `.strict()`). Checked on
 * zod's core classes, so a classic and a mini object both count.
 */
export function isStrictObject(schema: unknown): boolean {
  if (!(schema instanceof z.core.$ZodObject)) return false;
  return schema._zod.def.catchall instanceof z.core.$ZodNever;
}

export type Validated = { status: 'valid'; data: Record<string, unknown> } | { status: 'invalid'; error: ErrorSpec };

/** The input gate: shape and size caps, then the tool's strict schema, worded for the caller. */
export function validateInput(name: string, schema: z.core.$ZodObject, input: unknown, caps: InputCaps = DEFAULT_CAPS): Validated {
  const value = input === undefined ? {} : input;
  const shape = checkShape(value, caps);
  if (shape) return { status: 'invalid', error: errorSpec('validation', shape.code, shape.detail, 'Send a small JSON object with only the fields the tool declares.') };
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return { status: 'valid', data: parsed.data as Record<string, unknown> };
  const fields = fieldIssues(parsed.error, Object.keys(schema._zod.def.shape));
  return {
    status: 'invalid',
    error: errorSpec('validation', 'INVALID_INPUT', `Input for ${name} is not valid: ${fields.map((f) => `${f.path || '(input)'}: ${f.message}`).join('; ')}`, 'Fix the fields listed in `fields` and call again.', { fields }),
  };
}
