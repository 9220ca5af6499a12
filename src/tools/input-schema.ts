/**
 * A tool's input as the JSON Schema callers are given (OpenAI function `parameters`),
 * converted from its zod schema.
 *
 * In the extension build this module is replaced (vite.config.ts, scripts/input-schemas.ts)
 * by the same conversion done at build time: the catalog's inputs are static, so the content
 * script ships their JSON Schemas as data instead of zod's converter (issue 10: ≈ 6 KB gzip).
 * e2e/catalog.test.ts checks that the extension hands out exactly what this function gives.
 */
import type { ToolInput } from './types.ts';
import { z } from './zod.ts';

export function inputJsonSchema(_name: string, input: ToolInput): Record<string, unknown> {
  const parameters = z.toJSONSchema(input, { target: 'draft-7', io: 'input' }) as Record<string, unknown>;
  delete parameters.$schema;
  return parameters;
}
