/**
 * A page-declared tool's input schema (WebMCP `inputSchema`, JSON Schema) turned into a strict
 * zod object the registry validates with, and the normalised JSON Schema callers are shown.
 *
 * The schema comes from the page: untrusted. It is bounded (size, depth, properties, enums)
 * and only a small checked subset is understood: objects with `properties` / `required`,
 * string (enum, minLength, maxLength), number / integer (enum, minimum, maximum), boolean,
 * arrays of those (maxItems), `["<type>", "null"]`, and a `description` on each. Anything
 * else (`$ref`, `pattern`, `oneOf`, formats…) refuses the tool rather than guessing: a schema
 * deskhand cannot check would let any input through. Why not zod's `fromJSONSchema`: it exists
 * (zod 4.6) but only in classic zod, which the content script does not bundle (see zod.ts), and
 * it accepts far more than is safe to take from a page (`pattern` is a regex the page writes).
 */
import { z } from './zod.ts';
import type { ToolInput } from './types.ts';
import { stripInvisible } from './unicode.ts';

export const SCHEMA_LIMITS = { chars: 8_000, depth: 4, properties: 40, enumValues: 50, description: 500, stringMax: 8_000, items: 100 } as const;

export type Converted = { ok: true; input: ToolInput; jsonSchema: Record<string, unknown> } | { ok: false; problem: string };

type Node = { schema: z.core.$ZodType; json: Record<string, unknown> };

class SchemaProblem extends Error {}

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function inputFromJsonSchema(raw: unknown): Converted {
  let text: string;
  try {
    text = JSON.stringify(raw ?? { type: 'object', properties: {} });
  } catch {
    return { ok: false, problem: 'the input schema is not plain JSON.' };
  }
  if (text.length > SCHEMA_LIMITS.chars) return { ok: false, problem: `the input schema is larger than ${SCHEMA_LIMITS.chars} characters.` };
  const schema = JSON.parse(text) as unknown;
  try {
    const budget = { properties: SCHEMA_LIMITS.properties };
    if (!isPlain(schema) || (schema.type !== undefined && schema.type !== 'object')) throw new SchemaProblem('the input schema must be an object schema.');
    const root = objectNode(schema, 1, budget);
    return { ok: true, input: root.schema as ToolInput, jsonSchema: root.json };
  } catch (e) {
    if (e instanceof SchemaProblem) return { ok: false, problem: e.message };
    throw e;
  }
}

function describe(s: Record<string, unknown>, json: Record<string, unknown>): Record<string, unknown> {
  // Page text the model reads outside any data block: invisible characters (hidden instructions) go.
  const text = typeof s.description === 'string' ? stripInvisible(s.description).text.trim() : '';
  if (text) json.description = text.slice(0, SCHEMA_LIMITS.description);
  return json;
}

function objectNode(s: Record<string, unknown>, depth: number, budget: { properties: number }): Node {
  if (depth > SCHEMA_LIMITS.depth) throw new SchemaProblem(`the input schema is nested deeper than ${SCHEMA_LIMITS.depth} levels.`);
  const props = s.properties ?? {};
  if (!isPlain(props)) throw new SchemaProblem('`properties` must be an object.');
  const required = s.required ?? [];
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) throw new SchemaProblem('`required` must be a list of names.');
  const shape: Record<string, z.core.$ZodType> = {};
  const jsonProps: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(props)) {
    if (--budget.properties < 0) throw new SchemaProblem(`the input schema has more than ${SCHEMA_LIMITS.properties} properties.`);
    if (!/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(key)) throw new SchemaProblem(`property name "${key.slice(0, 40)}" is not a plain name.`);
    if (!isPlain(sub)) throw new SchemaProblem(`property "${key}" has no schema.`);
    const node = valueNode(sub, depth + 1, budget, key);
    shape[key] = required.includes(key) ? node.schema : z.optional(node.schema);
    jsonProps[key] = node.json;
  }
  const missing = required.find((r) => !(r in props));
  if (missing) throw new SchemaProblem(`"${missing}" is required but not described.`);
  const json: Record<string, unknown> = { type: 'object', properties: jsonProps, additionalProperties: false };
  if (required.length) json.required = [...required];
  return { schema: z.strictObject(shape), json: describe(s, json) };
}

function valueNode(s: Record<string, unknown>, depth: number, budget: { properties: number }, key: string): Node {
  let type = s.type;
  let nullable = false;
  if (Array.isArray(type)) {
    const rest = type.filter((t) => t !== 'null');
    nullable = rest.length < type.length;
    if (rest.length !== 1) throw new SchemaProblem(`property "${key}" must have one type.`);
    type = rest[0];
  }
  if (type === undefined && Array.isArray(s.enum)) type = typeof s.enum[0] === 'number' ? 'number' : 'string';
  const node = typedNode(type, s, depth, budget, key);
  if (!nullable) return node;
  return { schema: z.nullable(node.schema), json: { ...node.json, type: [node.json.type, 'null'] } };
}

function typedNode(type: unknown, s: Record<string, unknown>, depth: number, budget: { properties: number }, key: string): Node {
  const unsupported = ['$ref', 'pattern', 'oneOf', 'anyOf', 'allOf', 'not', 'format', 'patternProperties', 'if'].find((k) => k in s);
  if (unsupported) throw new SchemaProblem(`property "${key}" uses \`${unsupported}\`, which deskhand does not check.`);
  switch (type) {
    case 'string': {
      const values = enumOf(s, 'string', key) as string[] | null;
      if (values) return { schema: z.enum(values as [string, ...string[]]), json: describe(s, { type: 'string', enum: values }) };
      const max = Math.min(bound(s.maxLength, key) ?? SCHEMA_LIMITS.stringMax, SCHEMA_LIMITS.stringMax);
      const min = bound(s.minLength, key);
      const checks = [z.maxLength(max), ...(min !== undefined ? [z.minLength(min)] : [])];
      return { schema: z.string().check(...checks), json: describe(s, { type: 'string', maxLength: max, ...(min !== undefined ? { minLength: min } : {}) }) };
    }
    case 'number':
    case 'integer': {
      const values = enumOf(s, 'number', key) as number[] | null;
      if (values) {
        const lits = values.map((v) => z.literal(v));
        return { schema: lits.length === 1 ? lits[0]! : z.union(lits), json: describe(s, { type, enum: values }) };
      }
      const min = typeof s.minimum === 'number' ? s.minimum : undefined;
      const max = typeof s.maximum === 'number' ? s.maximum : undefined;
      const checks = [...(type === 'integer' ? [z.int()] : []), ...(min !== undefined ? [z.gte(min)] : []), ...(max !== undefined ? [z.lte(max)] : [])];
      const base = z.number();
      return { schema: checks.length ? base.check(...checks) : base, json: describe(s, { type, ...(min !== undefined ? { minimum: min } : {}), ...(max !== undefined ? { maximum: max } : {}) }) };
    }
    case 'boolean':
      return { schema: z.boolean(), json: describe(s, { type: 'boolean' }) };
    case 'array': {
      if (depth > SCHEMA_LIMITS.depth) throw new SchemaProblem(`the input schema is nested deeper than ${SCHEMA_LIMITS.depth} levels.`);
      if (!isPlain(s.items)) throw new SchemaProblem(`array "${key}" must say what its items are.`);
      const item = valueNode(s.items, depth + 1, budget, `${key}[]`);
      const max = Math.min(bound(s.maxItems, key) ?? SCHEMA_LIMITS.items, SCHEMA_LIMITS.items);
      return { schema: z.array(item.schema).check(z.maxLength(max)), json: describe(s, { type: 'array', items: item.json, maxItems: max }) };
    }
    case 'object':
      return objectNode(s, depth, budget);
    default:
      throw new SchemaProblem(`property "${key}" has no type deskhand checks (string, number, integer, boolean, array, object).`);
  }
}

function enumOf(s: Record<string, unknown>, kind: 'string' | 'number', key: string): (string | number)[] | null {
  if (s.enum === undefined) return null;
  if (!Array.isArray(s.enum) || s.enum.length === 0 || s.enum.length > SCHEMA_LIMITS.enumValues || !s.enum.every((v) => typeof v === kind)) {
    throw new SchemaProblem(`property "${key}" has an enum deskhand does not check (1-${SCHEMA_LIMITS.enumValues} values of its type).`);
  }
  return [...new Set(s.enum as (string | number)[])];
}

function bound(v: unknown, key: string): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new SchemaProblem(`property "${key}" has a length bound that is not a whole number.`);
  return v;
}
