import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestText, readmeRows, toolsManifest } from '../../scripts/tools-manifest.ts';
import { SHORT_MAX } from '../../src/ui/tool-rows.ts';

const ROOT = join(import.meta.dirname, '../..');

describe('the exported tool manifest', () => {
  it('docs/tools.json is current (npm run tools:manifest)', () => {
    expect(readFileSync(join(ROOT, 'docs/tools.json'), 'utf8')).toBe(manifestText());
  });
  it('has every tool with both titles, short summaries (≤ 80 chars), annotations and an input schema', () => {
    const { tools } = toolsManifest();
    expect(tools).toHaveLength(15);
    for (const t of tools) {
      for (const l of ['en', 'zh_CN'] as const) {
        expect(t.title[l], t.name).not.toBe('');
        expect(t.summary[l].length, `${t.name} ${l}`).toBeGreaterThan(5);
        expect(t.summary[l].length, `${t.name} ${l}`).toBeLessThanOrEqual(SHORT_MAX);
      }
      expect(t.inputSchema, t.name).toMatchObject({ type: 'object' });
    }
  });
  it('the README tool table says what the manifest says', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const row of readmeRows()) expect(readme).toContain(row);
  });
});
