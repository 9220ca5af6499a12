import { describe, expect, it } from 'vitest';
import { KbProviderConfig } from '../../src/kb/config.ts';
import { jsonEndpoint, jsonFields, PRESETS } from '../../src/kb/presets.ts';

// The presets are written as parsed configurations (no parse at module load: issue 22), so
// each must be exactly what the schema makes of it: every default there, nothing refused.
describe('KB presets', () => {
  it.each(Object.entries(PRESETS))('%s parses to itself', (_name, preset) => {
    expect(KbProviderConfig.parse(preset)).toEqual(preset);
  });
  it('jsonEndpoint checks a URL from settings and refuses another origin', () => {
    expect(jsonEndpoint('/api/search')).toEqual(jsonFields('/api/search'));
    expect(() => jsonEndpoint('https://elsewhere.example/api')).toThrow();
  });
});
