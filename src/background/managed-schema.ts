/**
 * `public/managed_schema.json`: what the worker reads from chrome.storage.managed — every
 * setting an agent can change (so an admin can set it), plus `profiles`, the console profiles
 * an admin pushes, and `logExport`, the log pipeline only an admin sets (settings/log-export.ts). Generated from the zod schemas in Chrome's subset (src/settings/chrome-subset.ts).
 * `npm run schema:managed` writes the file; test/extension/managed-schema.test.ts keeps it equal.
 * https://developer.chrome.com/docs/extensions/reference/manifest/storage
 */
import { profilesManagedSchema } from '../profiles/managed-schema.ts';
import { chromeSubset, type Json } from '../settings/chrome-subset.ts';
import { LOG_EXPORT_POLICY, LogExportPolicy } from '../settings/log-export.ts';
import { SettingsSchema } from '../settings/schema.ts';
import { z } from '../tools/zod.ts';

export function managedSchema(): Json {
  const settings = chromeSubset(z.toJSONSchema(SettingsSchema, { io: 'input', target: 'draft-7' }) as Json);
  const logExport = chromeSubset(z.toJSONSchema(LogExportPolicy, { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as Json);
  return { ...settings, properties: { ...(settings.properties as Json), profiles: profilesManagedSchema(), [LOG_EXPORT_POLICY]: logExport } };
}

export const managedSchemaText = (): string => `${JSON.stringify(managedSchema(), null, 2)}\n`;
