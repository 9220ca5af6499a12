/**
 * Vite plugin: builds dist/kit.js, the content script's lazy kit (src/content/kit-entry.ts,
 * issue 22), which the worker injects on first use (`kit.load`). It takes the same aliases as
 * the content script (the catalog's input JSON Schemas and grades computed at build time).
 */
import { join, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { gradesAlias, inputSchemasAlias } from './input-schemas.ts';
import { buildPart, partPlugin } from './teach-script.ts';

export const KIT_ENTRY = join(resolve(import.meta.dirname, '..'), 'src/content/kit-entry.ts');

/** kit.js as a chunk, for the build and the bundle bench. */
export function buildKit(): Promise<Rollup.OutputChunk> {
  return buildPart(KIT_ENTRY, 'kit.js', { alias: [inputSchemasAlias(), gradesAlias()] });
}

export const kitScript = (): Plugin => partPlugin('deskhand-kit-script', 'kit.js', buildKit);
