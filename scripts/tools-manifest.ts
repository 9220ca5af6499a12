/**
 * `npm run tools:manifest`: docs/tools.json, every tool as a developer or an MCP / WebMCP
 * client would want it — name, titles and short descriptions in both locales, the model's
 * description, grade, annotations derived from the grade, and the input JSON Schema.
 * test/extension/tools-manifest.test.ts keeps the file and the README table in step.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerCatalog } from '../src/catalog/index.ts';
import { defaultSettings } from '../src/settings/schema.ts';
import { Registry } from '../src/tools/registry.ts';
import { toWire } from '../src/tools/wire.ts';
import { annotationsOf, type ToolAnnotations } from '../src/ui/annotations.ts';
import { toolKey } from '../src/ui/i18n.ts';
import { readLocale, ROOT } from './locale-files.ts';

const zh = readLocale('zh_CN');
const en = readLocale('en');

export function toolsManifest() {
  const registry = new Registry();
  const noPage = () => {
    throw new Error('the manifest lists tools; it reads no page');
  };
  registerCatalog(registry, { settings: defaultSettings, model: noPage, fetch, origin: () => 'http://127.0.0.1' });
  // Unknown page, unknown facets: nothing is hidden for being on the wrong page.
  const ctx = { caller: 'ui' as const, pageType: null, facets: null, features: defaultSettings().features, roles: [] };
  const schemas = new Map(registry.toFunctionSchemas(ctx).map((s) => [s.function.name, s.function.parameters]));
  return {
    generatedBy: 'npm run tools:manifest',
    tools: registry.list(ctx).map((t) => {
      const k = toolKey(t.name);
      return {
        name: t.name,
        title: { en: en[`tool_${k}_title`]?.message ?? t.title, zh_CN: zh[`tool_${k}_title`]?.message ?? t.title },
        summary: { en: en[`tool_${k}_summary`]?.message ?? '', zh_CN: zh[`tool_${k}_summary`]?.message ?? '' },
        description: t.description,
        domain: t.domain,
        sideEffect: t.sideEffect,
        risk: t.risk,
        requiredRole: t.requiredRole,
        annotations: annotationsOf(t.name, t),
        inputSchema: schemas.get(toWire(t.name)) ?? null,
      };
    }),
  };
}

const HINTS: [keyof ToolAnnotations, string][] = [
  ['readOnlyHint', 'readOnly'],
  ['destructiveHint', 'destructive'],
  ['idempotentHint', 'idempotent'],
  ['openWorldHint', 'openWorld'],
  ['untrustedContentHint', 'untrustedContent'],
];

/** The README's tool table rows. */
export function readmeRows(): string[] {
  return toolsManifest().tools.map(
    (t) => `| \`${t.name}\` | ${t.title.en} | ${t.sideEffect} | ${t.risk ?? '–'} | ${HINTS.filter(([k]) => t.annotations[k]).map(([, w]) => w).join(', ') || '–'} |`,
  );
}

export const manifestText = (): string => `${JSON.stringify(toolsManifest(), null, 2)}\n`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(join(ROOT, 'docs/tools.json'), manifestText());
  console.log(`docs/tools.json written. README rows:\n${readmeRows().join('\n')}`);
}
