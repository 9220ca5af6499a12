/**
 * `public/managed_schema.json`, generated from the zod settings schema so every setting an
 * agent can change, an admin can set (chrome.storage.managed). Chrome's policy schema is a
 * small JSON Schema subset (type, properties, items): defaults, required and patterns are
 * left out — values are checked by zod when read, and a partial policy is the normal case.
 * `npm run schema:managed` writes the file; test/extension/managed-schema.test.ts keeps it equal.
 * https://developer.chrome.com/docs/extensions/reference/manifest/storage
 */
import { z } from 'zod';
import { SettingsSchema } from './schema.ts';

type Json = { [k: string]: unknown };

function chromeSubset(node: Json): Json {
  const out: Json = { type: node.type };
  if (node.type === 'object' && node.properties) {
    out.properties = Object.fromEntries(Object.entries(node.properties as Record<string, Json>).map(([k, v]) => [k, chromeSubset(v)]));
  }
  if (node.type === 'array' && node.items) out.items = chromeSubset(node.items as Json);
  return out;
}

export function managedSchema(): Json {
  return chromeSubset(z.toJSONSchema(SettingsSchema, { io: 'input', target: 'draft-7' }) as Json);
}

export const managedSchemaText = (): string => `${JSON.stringify(managedSchema(), null, 2)}\n`;
