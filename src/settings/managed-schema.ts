/**
 * `public/managed_schema.json`, generated from the zod settings schema so every setting an
 * agent can change, an admin can set (chrome.storage.managed). Chrome's policy schema is a
 * small JSON Schema subset (type, properties, additionalProperties, items; no unions, so a
 * union of objects becomes one object with all their properties): defaults, required and
 * patterns are left out — values are checked by zod when read, and a partial policy is the
 * normal case.
 * `npm run schema:managed` writes the file; test/extension/managed-schema.test.ts keeps it equal.
 * https://developer.chrome.com/docs/extensions/reference/manifest/storage
 */
import { z } from '../tools/zod.ts';
import { profilesManagedSchema } from '../profiles/managed-schema.ts';
import { SettingsSchema } from './schema.ts';

type Json = { [k: string]: unknown };

/** A union (anyOf/oneOf) as one schema: objects merge their properties; otherwise the first kind. */
function flatten(node: Json): Json {
  const variants = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (!variants?.length) return node;
  const flat = variants.map(flatten);
  if (!flat.every((v) => v.type === 'object')) return flat[0]!;
  return { type: 'object', properties: Object.assign({}, ...flat.map((v) => v.properties ?? {})) };
}

function chromeSubset(raw: Json): Json {
  const node = flatten(raw);
  const type = node.type ?? (node.const !== undefined ? typeof node.const : 'string');
  const out: Json = { type };
  if (type === 'object' && node.properties) {
    out.properties = Object.fromEntries(Object.entries(node.properties as Record<string, Json>).map(([k, v]) => [k, chromeSubset(v)]));
  }
  // Records (providers per console origin, profiles per origin): any key, values of one shape.
  if (type === 'object' && node.additionalProperties && typeof node.additionalProperties === 'object') {
    out.additionalProperties = chromeSubset(node.additionalProperties as Json);
  }
  if (type === 'array' && node.items) out.items = chromeSubset(node.items as Json);
  return out;
}

/** Every setting, plus `profiles`: console profiles an admin pushes (not a setting; src/profiles/store.ts). */
export function managedSchema(): Json {
  const settings = chromeSubset(z.toJSONSchema(SettingsSchema, { io: 'input', target: 'draft-7' }) as Json);
  return { ...settings, properties: { ...(settings.properties as Json), profiles: profilesManagedSchema() } };
}

export const managedSchemaText = (): string => `${JSON.stringify(managedSchema(), null, 2)}\n`;
