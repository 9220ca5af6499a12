/**
 * Vite plugin: builds the content script's lazy kit (src/content/kit-entry.ts, issue 22), which
 * the worker injects on first use (`kit.load`), as the parts src/content/kit-files.ts lists. It
 * takes the same aliases as the content script (the catalog's input JSON Schemas and grades
 * computed at build time).
 *
 * Why CommonJS: content scripts cannot be ES modules, and an IIFE build splits into no chunks.
 * A CommonJS build splits; each chunk is wrapped (banner/footer) in a call to a short `define`
 * kept on the isolated world's global, which runs the chunk at once with a `require` that
 * returns the exports of the parts injected before it. No loader library: none is needed for
 * three files in a fixed order (and Rolldown, Vite's bundler, writes no AMD).
 */
import { join, resolve } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { KIT_FILES } from '../src/content/kit-files.ts';
import { gradesAlias, inputSchemasAlias } from './input-schemas.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const KIT_ENTRY = join(ROOT, 'src/content/kit-entry.ts');

const chunkName = (file: string) => file.replace(/\.js$/, '');
/** Each part but the last (the entry's) by the modules that root it; a part holds its roots and all they import that no earlier part holds. */
const PART_ROOTS: ((id: string) => boolean)[] = [
  (id) => id.includes('/node_modules/') || id.endsWith('/src/content/kit-clock.ts'),
  (id) => id.includes('/src/dom/') || id.includes('/src/page/'),
];

/**
 * The closure of each part's roots over the module graph, earlier parts first: computed once
 * the graph is built (a plugin's buildEnd; Rolldown's manualChunks sees no graph), read by
 * manualChunks.
 */
function parts(): { plugin: Plugin; manualChunks: (id: string) => string | undefined } {
  const part = new Map<string, string>();
  const plugin: Plugin = {
    name: 'deskhand-kit-parts',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      PART_ROOTS.forEach((isRoot, i) => {
        const queue = ids.filter((m) => isRoot(m) && !part.has(m));
        while (queue.length) {
          const m = queue.pop()!;
          if (part.has(m)) continue;
          part.set(m, chunkName(KIT_FILES[i]!));
          queue.push(...(this.getModuleInfo(m)?.importedIds ?? []));
        }
      });
    },
  };
  return { plugin, manualChunks: (id) => part.get(id) };
}

const DEFINE_KEY = 'deskhand.kitDefine';
/** Runs a part's factory now with the exports of the parts it names (all injected before it). */
const DEFINE = `((parts) => (id, body) => {
  const module = { exports: {} };
  const require = (d) => { const name = d.replace(/^\\.\\//, ''); if (!(name in parts)) throw new Error('deskhand kit: ' + id + ' needs ' + name); return parts[name]; };
  body(require, module.exports, module);
  parts[id + '.js'] = module.exports;
})({})`;

/** The kit's parts as chunks, in KIT_FILES order; fails the build if they are not those files. */
export async function buildKitParts(): Promise<Rollup.OutputChunk[]> {
  const { plugin, manualChunks } = parts();
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [plugin],
    resolve: { alias: [inputSchemasAlias(), gradesAlias()] },
    build: {
      write: false,
      minify: true,
      target: 'chrome116',
      emptyOutDir: false,
      modulePreload: false,
      rollupOptions: {
        input: { [chunkName(KIT_FILES.at(-1)!)]: KIT_ENTRY },
        output: {
          format: 'cjs',
          entryFileNames: '[name].js',
          chunkFileNames: '[name].js',
          manualChunks,
          banner: (chunk) => `(function (define) { define(${JSON.stringify(chunkName(chunk.fileName))}, function (require, exports, module) {`,
          footer: `}); })(globalThis[Symbol.for(${JSON.stringify(DEFINE_KEY)})] ??= ${DEFINE});`,
        },
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunks = (Array.isArray(out) ? out[0]! : out).output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const names = chunks.map((c) => c.fileName).sort();
  if (names.join() !== [...KIT_FILES].sort().join()) throw new Error(`kit parts: built ${names.join(', ')}, expected ${KIT_FILES.join(', ')}`);
  return KIT_FILES.map((f) => chunks.find((c) => c.fileName === f)!);
}

export const kitScript = (): Plugin => ({
  name: 'deskhand-kit-script',
  apply: 'build',
  async generateBundle() {
    for (const part of await buildKitParts()) this.emitFile({ type: 'asset', fileName: part.fileName, source: part.code });
  },
});
