import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fromWire, ok, Registry, toWire, WIRE_NAME, type Tool } from '../../src/tools/index.ts';
import { ctx, makeCore } from './fixtures.ts';

const read = (over: Record<string, unknown>): Tool =>
  ({
    name: 'kb.lookup',
    title: 'Lookup',
    description: 'Look something up.',
    sideEffect: 'read',
    input: z.strictObject({}),
    run: async () => ok(1),
    ...over,
  }) as Tool;

const refused = (over: Record<string, unknown>) => {
  const r = new Registry();
  return () => r.register(read(over));
};

describe('register refuses bad definitions with what to fix', () => {
  it('refuses a name that is not <domain>.<capability>', () => {
    expect(refused({ name: 'search' })).toThrow(/<domain>\.<capability>/);
    expect(refused({ name: 'KB.search' })).toThrow(/<domain>\.<capability>/);
    expect(refused({ name: 'kb.search.more' })).toThrow(/<domain>\.<capability>/);
  });
  it('refuses "__" in a name because the wire mapping uses it', () => {
    expect(refused({ name: 'kb.deep__search' })).toThrow(/contains "__"/);
  });
  it('refuses a name whose wire name would exceed 64 characters', () => {
    expect(refused({ name: `kb.${'a'.repeat(70)}` })).toThrow(/wire name .* must match/);
  });
  it('refuses a duplicate name', () => {
    const r = new Registry();
    r.register(read({}));
    expect(() => r.register(read({}))).toThrow(/already registered/);
  });
  it('refuses an empty description and an empty title', () => {
    expect(refused({ description: '  ' })).toThrow(/description/);
    expect(refused({ title: '' })).toThrow(/title/);
  });
  it('refuses input that is not a strict zod object', () => {
    expect(refused({ input: z.object({ q: z.string() }) })).toThrow(/strict zod object/);
    expect(refused({ input: z.string() })).toThrow(/strict zod object/);
    expect(refused({ input: { type: 'object' } })).toThrow(/strict zod object/);
  });
  it('refuses a write without a risk and a read with one', () => {
    expect(refused({ sideEffect: 'write' })).toThrow(/needs a `risk`/);
    expect(refused({ sideEffect: 'write', risk: 'extreme' })).toThrow(/needs a `risk`/);
    expect(refused({ risk: 'low' })).toThrow(/read tool has no `risk`/);
  });
  it('refuses a send without a separate delivery function', () => {
    expect(refused({ sideEffect: 'send', risk: 'high' })).toThrow(/separate `deliver`/);
  });
  it('refuses an unknown facet', () => {
    expect(refused({ facets: ['inbox'] })).toThrow(/unknown facet/);
  });
});

describe('wire names', () => {
  it('dotted internal names round-trip through wire names that gateways accept', () => {
    const { registry } = makeCore();
    for (const name of registry.names()) {
      const wire = toWire(name);
      expect(wire).toMatch(WIRE_NAME);
      expect(wire).not.toContain('.');
      expect(fromWire(wire)).toBe(name);
    }
  });
  it('toFunctionSchemas uses wire names and zod JSON Schema with constraints', () => {
    const { registry } = makeCore();
    const schemas = registry.toFunctionSchemas(ctx());
    const kb = schemas.find((s) => s.function.name === 'kb__search')!;
    expect(kb.type).toBe('function');
    expect(kb.function.description).toBe('Search the knowledge base.');
    expect(kb.function.parameters).toMatchObject({
      type: 'object',
      additionalProperties: false,
      properties: { query: { type: 'string', minLength: 2 }, limit: { type: 'integer', minimum: 1, maximum: 50 } },
      required: ['query'],
    });
  });
});
