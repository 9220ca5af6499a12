/**
 * The floors of docs/ARCHITECTURE.md, checked on every import in src/: a folder imports only
 * the folders its floor allows (and itself); no file circle except type-only ones; src/tools
 * and src/dom stay pure. Read from the source text (no TypeScript program): an import line is
 * `import … from '…'`, `export … from '…'` or `import('…')`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

/** Folder -> the folders it may import (besides itself). The doc's table, as data. */
const ALLOWED: Record<string, readonly string[]> = {
  tools: [],
  dom: ['tools'],
  kb: ['tools'],
  settings: ['kb', 'tools'],
  profiles: ['dom', 'kb', 'settings', 'tools'],
  llm: ['kb', 'settings', 'tools'],
  messages: ['dom', 'kb', 'profiles', 'settings', 'tools'],
  page: ['dom', 'messages', 'profiles', 'tools'],
  catalog: ['dom', 'kb', 'messages', 'page', 'profiles', 'settings', 'tools'],
  plans: ['dom', 'llm', 'page', 'tools'],
  teach: ['catalog', 'dom', 'page', 'profiles', 'settings', 'tools'],
  ui: ['catalog', 'llm', 'messages', 'tools'],
  content: ['catalog', 'dom', 'kb', 'messages', 'page', 'plans', 'profiles', 'settings', 'teach', 'tools', 'ui'],
  background: ['kb', 'llm', 'messages', 'profiles', 'settings', 'tools'],
  sidepanel: ['kb', 'llm', 'messages', 'profiles', 'settings', 'teach', 'tools', 'ui'],
  options: ['kb', 'llm', 'messages', 'profiles', 'settings', 'tools', 'ui'],
  bridge: [],
};

/** Single files another floor may use although their folder sits higher: pure data leaves (named in the doc). */
const LEAVES: Record<string, readonly string[]> = {
  // What can be taught and its examples: vocabulary the messages validate, no code of teach mode.
  'teach/capabilities.ts': ['messages'],
  // The catalog's grades as data (generated at build time for the worker and options).
  'catalog/grades.ts': ['background', 'options'],
  // The kit's file names, data only: the worker injects them in this order.
  'content/kit-files.ts': ['background'],
};

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
  line: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });
}

/** An import or re-export statement (over several lines too), or a dynamic import. */
const SPEC = /(?:^|\n)[ \t]*(?:import|export)[ \t]+(type[ \t]+)?[^;'"`]*?from[ \t]*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function edges(): Edge[] {
  const out: Edge[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = relative(SRC, file);
    for (const m of readFileSync(file, 'utf8').matchAll(SPEC)) {
      const spec = m[2] ?? m[3];
      if (!spec) continue;
      const to = relative(SRC, normalize(join(dirname(file), spec)));
      if (to.startsWith('..')) continue;
      out.push({ from, to, typeOnly: !!m[1], line: m[0].trim() });
    }
  }
  return out;
}

const folder = (path: string) => path.split('/')[0]!;

describe('the floors of src/ (docs/ARCHITECTURE.md)', () => {
  const all = edges();

  it('reads the imports (a parser that found none would pass everything)', () => {
    expect(all.length).toBeGreaterThan(500);
    expect(all.some((e) => e.from === 'content/host.ts' && e.to === 'page/model.ts')).toBe(true);
  });

  it('every folder of src/ has a floor', () => {
    const folders = [...new Set(sourceFiles(SRC).map((f) => folder(relative(SRC, f))))].filter((f) => !f.includes('.'));
    expect(folders.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  it('a folder imports only from the floors below it', () => {
    const wrong = all
      .filter((e) => folder(e.from) !== folder(e.to))
      .filter((e) => !ALLOWED[folder(e.from)]?.includes(folder(e.to)))
      .filter((e) => !LEAVES[e.to]?.includes(folder(e.from)))
      .map((e) => `${e.from} -> ${e.to}`);
    expect(wrong).toEqual([]);
  });

  it('src/dom imports nothing but itself and the pure core (the heuristics know no profile, page, catalog or tool)', () => {
    expect(all.filter((e) => folder(e.from) === 'dom' && !['dom', 'tools'].includes(folder(e.to))).map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it('no circle between files, except through type-only imports', () => {
    const next = new Map<string, string[]>();
    for (const e of all) if (!e.typeOnly) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        circles.push([...path.slice(path.indexOf(f)), f].join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const t of next.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of next.keys()) visit(f, []);
    expect(circles).toEqual([]);
  });

  it('src/tools and src/dom never touch chrome.*; src/tools never touches the DOM', () => {
    const uses = (dir: string, re: RegExp) =>
      sourceFiles(join(SRC, dir)).filter((f) => re.test(readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))).map((f) => relative(SRC, f));
    expect(uses('tools', /\bchrome\.|\bdocument\.|\bwindow\.|\bHTMLElement\b/)).toEqual([]);
    expect(uses('dom', /\bchrome\.(runtime|tabs|storage)/)).toEqual([]);
  });
});
