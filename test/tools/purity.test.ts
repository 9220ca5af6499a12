import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../src/tools');

describe('src/tools is pure', () => {
  it('uses no chrome.* and no DOM, so it runs the same in Node and every extension context', () => {
    const offenders: string[] = [];
    for (const file of readdirSync(dir)) {
      const code = readFileSync(join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, '');
      for (const banned of [/\bchrome\./, /\bdocument\b/, /\bwindow\b/, /\bHTMLElement\b/, /\blocalStorage\b/, /from 'node:/]) {
        if (banned.test(code)) offenders.push(`${file}: ${banned}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
