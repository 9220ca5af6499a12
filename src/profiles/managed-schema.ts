/**
 * The `profiles` entry of `public/managed_schema.json`: admins push console profiles through
 * chrome.storage.managed as an array of profile objects. Chrome keeps only what the schema
 * describes (measured: `{"type":"object"}` items arrive as `{}`), so the whole profile shape is
 * written out in Chrome's subset (src/settings/chrome-subset.ts), generated from the zod
 * `ConsoleProfile`. Values zod leaves open (`kb` provider settings) are strings; patterns,
 * limits and enums are checked by zod when the worker reads the policy (`managedProfiles()` in
 * store.ts).
 */
import { chromeSubset, type Json } from '../settings/chrome-subset.ts';
import { z } from '../tools/zod.ts';
import { ConsoleProfile } from './schema.ts';

export function profilesManagedSchema(): Json {
  return chromeSubset(z.toJSONSchema(z.array(ConsoleProfile), { io: 'input', target: 'draft-7', unrepresentable: 'any' }) as Json);
}
