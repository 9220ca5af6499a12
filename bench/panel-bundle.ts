/**
 * What the side panel's scripts weigh, read off the built dist/ (issue 22 item 4):
 * - eager: what src/sidepanel/index.html loads before any view is opened — its module script
 *   and modulepreload links, plus every chunk those import statically (Vite emits relative
 *   `from"./x.js"` imports); dynamic `import()` is not followed;
 * - per lazy view: the chunks its `import()` adds on top of the eager set.
 * Sizes are of the files concatenated (gzip over the whole set, level 9).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST } from '../scripts/browser.ts';

export interface Size {
  files: string[];
  min: number;
  gz: number;
}

const PAGE = 'src/sidepanel/index.html';
const read = (f: string) => readFileSync(join(DIST, f), 'utf8');
const near = (from: string, rel: string) => join(from.split('/').slice(0, -1).join('/'), rel);

/** `files` and every chunk they import statically, transitively. */
function closure(files: Iterable<string>): Set<string> {
  const seen = new Set(files);
  const queue = [...seen];
  while (queue.length) {
    const f = queue.pop()!;
    for (const m of read(f).matchAll(/from\s*"\.\/([^"]+\.js)"|import\s*"\.\/([^"]+\.js)"/g)) {
      const dep = near(f, m[1] ?? m[2]!);
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return seen;
}

function size(files: Iterable<string>): Size {
  const list = [...files].sort();
  const all = Buffer.concat(list.map((f) => readFileSync(join(DIST, f))));
  return { files: list, min: all.length, gz: gzipSync(all, { level: 9 }).length };
}

function eagerFiles(): Set<string> {
  const html = read(PAGE);
  return closure([...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!));
}

/** The side panel's JS before any view is opened. */
export function panelEager(): Size {
  return size(eagerFiles());
}

/** Each chunk the eager set `import()`s, with what it adds beyond the eager set (none on an all-eager build). */
export function panelViews(): { chunk: string; added: Size }[] {
  const eager = eagerFiles();
  const lazy = new Set<string>();
  for (const f of eager) for (const m of read(f).matchAll(/import\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g)) lazy.add(near(f, m[1]!));
  return [...lazy].map((chunk) => ({ chunk, added: size([...closure([chunk])].filter((f) => !eager.has(f))) }));
}
