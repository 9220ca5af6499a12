/**
 * The `profiles` entry of `public/managed_schema.json`: admins push console profiles through
 * chrome.storage.managed as an array of profile objects. Chrome keeps only what the schema
 * describes (measured: `{"type":"object"}` items arrive as `{}`), so the whole profile shape is
 * written out in Chrome's JSON-Schema subset (type, properties, additionalProperties, items),
 * generated from the zod `ConsoleProfile`. Unions of objects become one object with every
 * property; values zod leaves open (`kb` provider settings) are strings. Patterns, limits and
 * enums are checked by zod when the worker reads the policy (`managedProfiles()` in store.ts).
 * https://developer.chrome.com/docs/extensions/reference/manifest/storage
 */
import { z } from '../tools/zod.ts';
import { ConsoleProfile } from './schema.ts';

type Json = { [k: string]: unknown };

function chromeSubset(node: Json): Json {
  const union = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (union) return mergeObjects(union.map(chromeSubset));
  const type = typeof node.type === 'string' ? node.type : 'string';
  const out: Json = { type };
  if (type === 'object') {
    if (node.properties) out.properties = Object.fromEntries(Object.entries(node.properties as Record<string, Json>).map(([k, v]) => [k, chromeSubset(v)]));
    const extra = node.additionalProperties;
    if (extra && typeof extra === 'object') out.additionalProperties = chromeSubset(extra as Json);
  }
  if (type === 'array' && node.items) out.items = chromeSubset(node.items as Json);
  return out;
}

function mergeObjects(parts: Json[]): Json {
  const properties: Record<string, Json> = {};
  for (const p of parts) Object.assign(properties, (p.properties as Record<string, Json> | undefined) ?? {});
  return { type: 'object', properties };
}

export function profilesManagedSchema(): Json {
  return chromeSubset(z.toJSONSchema(z.array(ConsoleProfile), { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as Json);
}
