import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../../src');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
}

describe('zod in src/', () => {
  it('comes only through src/tools/zod.ts (zod/mini + the en locale), never classic zod', () => {
    const offenders = files(SRC)
      .filter((f) => !f.endsWith('src/tools/zod.ts'))
      .filter((f) => /from ['"]zod(\/v4)?(\/(mini|locales[^'"]*))?['"]/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(offenders).toEqual([]);
  });
});
