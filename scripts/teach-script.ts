/**
 * Vite plugin: builds dist/teach.js, teach mode injected on demand (src/content/teach-entry.ts,
 * issue 10). Modules the content script already runs are not bundled again: every module
 * imported by src/content/teach-kit.ts becomes, inside teach.js, a module that re-exports the
 * kit's values of the same names (the kit is set on the isolated world's global before
 * teach.js is injected). Built like the content script (a Vite lib IIFE, minified, chrome116).
 */
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build, type Alias, type Plugin, type Rollup } from 'vite';

const ROOT = resolve(import.meta.dirname, '..');
const KIT_FILE = join(ROOT, 'src/content/teach-kit.ts');
const KEYS_FILE = join(ROOT, 'src/content/teach-keys.ts');
export const TEACH_ENTRY = join(ROOT, 'src/content/teach-entry.ts');
const VIRTUAL = '\0deskhand-kit:';

/** The kit's modules (absolute paths) and the names taken from each, read from its imports. */
export function kitModules(): Map<string, string[]> {
  const src = readFileSync(KIT_FILE, 'utf8');
  const out = new Map<string, string[]>();
  for (const m of src.matchAll(/^import \{([^}]+)\} from '(\.[^']+)';$/gm)) {
    out.set(join(dirname(KIT_FILE), m[2]!), m[1]!.split(',').map((n) => n.trim()).filter(Boolean));
  }
  return out;
}

/** In the teach build: kit modules resolve to re-exports of the kit. */
function fromKit(): Plugin {
  const kit = kitModules();
  const key = /export const KIT_KEY = '([^']+)'/.exec(readFileSync(KEYS_FILE, 'utf8'))?.[1];
  if (!key) throw new Error('teach-keys.ts: no KIT_KEY');
  return {
    name: 'deskhand-teach-kit',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const r = await this.resolve(source, importer, { skipSelf: true });
      return r && kit.has(r.id) ? VIRTUAL + r.id : null;
    },
    load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const names = kit.get(id.slice(VIRTUAL.length))!;
      return [`const kit = globalThis[Symbol.for(${JSON.stringify(key)})];`, ...names.map((n) => `export const ${n} = kit.${n};`)].join('\n');
    },
  };
}

/**
 * An on-demand content-script part as one minified IIFE chunk (a Vite lib build, chrome116),
 * built like the content script: teach.js (kit-script.ts builds the kit in parts).
 */
export async function buildPart(entry: string, fileName: string, opts: { plugins?: Plugin[]; alias?: Alias[] } = {}): Promise<Rollup.OutputChunk> {
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: opts.plugins ?? [],
    resolve: { alias: opts.alias ?? [] },
    build: { lib: { entry, formats: ['iife'], name: fileName.replace(/\W/g, '_'), fileName: () => fileName }, write: false, minify: true, target: 'chrome116', emptyOutDir: false },
  })) as Rollup.RollupOutput[];
  return out[0]!.output.find((o): o is Rollup.OutputChunk => o.type === 'chunk')!;
}

/** teach.js as a chunk (its code and the modules in it), for the build and the bundle bench. */
export function buildTeach(): Promise<Rollup.OutputChunk> {
  return buildPart(TEACH_ENTRY, 'teach.js', { plugins: [fromKit()] });
}

/** A build plugin that emits a part (buildPart) into dist/ as `fileName`. */
export function partPlugin(name: string, fileName: string, buildIt: () => Promise<Rollup.OutputChunk>): Plugin {
  return {
    name,
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: (await buildIt()).code });
    },
  };
}

export const teachScript = (): Plugin => partPlugin('deskhand-teach-script', 'teach.js', buildTeach);
