import { describe, expect, it } from 'vitest';
import { kitModules } from '../../scripts/teach-script.ts';
import { TEACH_KIT } from '../../src/content/teach-kit.ts';

describe('the teach kit (what dist/teach.js takes from the content script)', () => {
  it('holds exactly the names teach-kit.ts imports, which the build maps to it', () => {
    const imported = [...kitModules().values()].flat().sort();
    expect(imported.length).toBeGreaterThan(5);
    expect(Object.keys(TEACH_KIT).sort()).toEqual(imported);
    for (const name of imported) expect(TEACH_KIT[name as keyof typeof TEACH_KIT], name).toBeDefined();
  });
});
