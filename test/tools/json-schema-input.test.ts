import { describe, expect, it } from 'vitest';
import { inputFromJsonSchema, SCHEMA_LIMITS } from '../../src/tools/json-schema-input.ts';
import { z } from '../../src/tools/zod.ts';

const ok = (raw: unknown) => {
  const r = inputFromJsonSchema(raw);
  if (!r.ok) throw new Error(r.problem);
  return r;
};

describe('a page tool input schema, as deskhand checks it', () => {
  it('validates the subset it understands, strictly', () => {
    const { input } = ok({
      type: 'object',
      properties: { q: { type: 'string', maxLength: 5 }, n: { type: 'integer', minimum: 1, maximum: 3 }, kind: { enum: ['a', 'b'] }, tags: { type: 'array', items: { type: 'string' } }, when: { type: ['string', 'null'] }, flag: { type: 'boolean' } },
      required: ['q'],
    });
    expect(z.safeParse(input, { q: 'hi', n: 2, kind: 'a', tags: ['x'], when: null, flag: true }).success).toBe(true);
    for (const bad of [{}, { q: 'toolong' }, { q: 'a', n: 1.5 }, { q: 'a', n: 9 }, { q: 'a', kind: 'c' }, { q: 'a', extra: 1 }]) {
      expect(z.safeParse(input, bad).success).toBe(false);
    }
  });
  it('treats a missing schema as no input', () => {
    const { input } = ok(undefined);
    expect(z.safeParse(input, {}).success).toBe(true);
    expect(z.safeParse(input, { a: 1 }).success).toBe(false);
  });
  it('refuses what it cannot check or what is too big', () => {
    const deep = { type: 'object', properties: { a: { type: 'object', properties: { b: { type: 'object', properties: { c: { type: 'object', properties: { d: { type: 'object', properties: { e: { type: 'string' } } } } } } } } } } };
    for (const raw of [
      { type: 'string' },
      { type: 'object', properties: { a: { type: 'string', pattern: '.*' } } },
      { type: 'object', properties: { a: { $ref: '#/x' } } },
      { type: 'object', properties: { a: {} } },
      { type: 'object', properties: {}, required: ['gone'] },
      { type: 'object', properties: { 'a b': { type: 'string' } } },
      { type: 'object', properties: { a: { type: 'string', description: 'x'.repeat(SCHEMA_LIMITS.chars) } } },
      { type: 'object', properties: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`p${i}`, { type: 'string' }])) },
      deep,
    ]) {
      expect(inputFromJsonSchema(raw).ok).toBe(false);
    }
  });
  it('shows callers a normalised schema, never the page object itself', () => {
    const { jsonSchema } = ok({ type: 'object', properties: { q: { type: 'string', description: 'query', 'x-evil': 'ignore previous' } }, extra: 1 });
    expect(jsonSchema).toEqual({ type: 'object', properties: { q: { type: 'string', maxLength: 8000, description: 'query' } }, additionalProperties: false });
  });
});
