import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID, EXTENSION_KEY } from '../../manifest.config.ts';
import { managedSchema, managedSchemaText } from '../../src/background/managed-schema.ts';
import { settingsFields } from '../../src/settings/schema.ts';

const ROOT = join(import.meta.dirname, '../..');

describe('the managed-storage schema', () => {
  it('is generated from the zod settings schema (npm run schema:managed)', () => {
    expect(readFileSync(join(ROOT, 'public/managed_schema.json'), 'utf8')).toBe(managedSchemaText());
  });
  it('lets an admin set every setting, agentName and every hotkey included', () => {
    const props = managedSchema().properties as Record<string, { type: string; properties?: Record<string, unknown> }>;
    // Every setting, the admin-pushed console profiles and the log pipeline (policy only).
    expect(Object.keys(props).sort()).toEqual([...Object.keys(settingsFields()), 'profiles', 'logExport'].sort());
    expect(props.logExport).toEqual({ type: 'object', properties: { endpoint: { type: 'string' }, headers: { type: 'object', additionalProperties: { type: 'string' } } } });
    expect(props.agentName).toEqual({ type: 'string' });
    expect(Object.keys(props.hotkeys!.properties!)).toContain('openPanel');
  });
});

describe('the pinned extension id', () => {
  it('is the id Chrome derives from the manifest key (sha256 of the public key, a–p)', () => {
    const hex = createHash('sha256').update(Buffer.from(EXTENSION_KEY, 'base64')).digest('hex').slice(0, 32);
    expect([...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('')).toBe(EXTENSION_ID);
  });
});
