/**
 * Content-script bundle size (min + gzip), with and without the editor adapters and the
 * composer locator (issue 10: aim ≤ 45 KB gzip for the whole content script). Both sides
 * are built here the way crxjs builds the shipped IIFE (a Vite lib build, minified,
 * chrome116; esbuild alone does not tree-shake zod's namespace and reports 4× the size);
 * "without" replaces src/dom/editors/index.ts and src/dom/composer.ts with stubs exporting
 * the same names, so the difference is what the adapters and the locator cost. The
 * shipped file (dist/) is reported beside them as a check that the two builds agree.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';
import { DIST } from '../scripts/browser.ts';
import type { BenchRow } from './lib.ts';

const ROOT = resolve(import.meta.dirname, '..');
const ENTRY = join(ROOT, 'src/content/main.iife.ts');

const STUBS: Record<string, string> = {
  'src/dom/editors/index.ts': `export const ADAPTERS = []; export const detectEditor = () => null; export const adapterOf = () => null;
    export const insertText = async () => ({ ok: false, value: '' }); export const clearEditor = insertText;
    export const readEditor = () => ''; export const waitSynced = async () => false;`,
  'src/dom/composer.ts': `export const findComposer = () => ({ ok: false, tried: [] }); export const findNoteBox = findComposer;
    export const listEditors = () => []; export const mentions = () => null; export const activateNoteTab = async () => findComposer();`,
};

/** Replaces the adapter modules with stubs (the bundle as it would be without them). */
const withoutAdapters: Plugin = {
  name: 'without-adapters',
  enforce: 'pre',
  load(id) {
    const key = Object.keys(STUBS).find((k) => id.endsWith(k));
    return key ? STUBS[key] : null;
  },
};

async function bundle(plugins: Plugin[]): Promise<{ min: number; gz: number; chunk: Rollup.OutputChunk }> {
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    define: { 'process.env.NODE_ENV': '"production"' },
    build: { lib: { entry: ENTRY, formats: ['iife'], name: 'deskhand', fileName: () => 'content.js' }, write: false, minify: true, target: 'chrome116' },
  })) as Rollup.RollupOutput[];
  const chunk = out[0]!.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk')!;
  const js = Buffer.from(chunk.code);
  return { min: js.length, gz: gzipSync(js, { level: 9 }).length, chunk };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function benchBundle(): Promise<BenchRow[]> {
  const [withA, without] = await Promise.all([bundle([]), bundle([withoutAdapters])]);
  const own = Object.entries(withA.chunk.modules)
    .filter(([path]) => /src\/dom\/(editors\/|composer\.ts)/.test(path))
    .reduce((sum, [, m]) => sum + m.renderedLength, 0);
  const rows: BenchRow[] = [
    { name: `content script without adapters: ${kb(without.min)} min / ${kb(without.gz)} gzip`, medianUs: 0, floor: 'itself', ratio: 1 },
    {
      name: `content script with adapters: ${kb(withA.min)} min / ${kb(withA.gz)} gzip (+${kb(withA.gz - without.gz)} gzip)`,
      medianUs: 0,
      floor: 'without adapters (gzip)',
      ratio: withA.gz / without.gz,
      note: `adapters + locator modules as rendered (before minifying): ${kb(own)}; goal for the whole script ≤ 45 KB gzip`,
    },
  ];
  const shipped = join(DIST, 'src/content/main.iife.js');
  if (existsSync(shipped)) {
    const js = readFileSync(shipped);
    const gz = gzipSync(js, { level: 9 }).length;
    rows.push({ name: `shipped content script (dist, crxjs): ${kb(js.length)} min / ${kb(gz)} gzip`, medianUs: 0, floor: 'this build with adapters (gzip)', ratio: gz / withA.gz });
  }
  return rows;
}
