import { describe, expect, it } from 'vitest';
import { defaultSettings, isConsoleOrigin, mergeManaged, parseSettings } from '../../src/settings/schema.ts';

describe('settings', () => {
  it('defaults are complete and safe: bridge off, agent role only', () => {
    expect(defaultSettings().bridge).toEqual({ enabled: false, origins: [], allowLowWrites: false });
    expect(defaultSettings().roles).toEqual(['AGENT']);
    expect(defaultSettings().hotkeys.fillCustomer).toBe('Alt+Shift+F');
    expect(Object.values(defaultSettings().features).every(Boolean)).toBe(true);
  });
  it('an invalid field falls back to its default without losing the valid ones', () => {
    const s = parseSettings({ roles: ['AGENT', 'REFUND_APPROVER'], hotkeys: { fillCustomer: 'F' }, consoles: ['not a url'] });
    expect(s.roles).toEqual(['AGENT', 'REFUND_APPROVER']);
    expect(s.hotkeys.fillCustomer).toBe('Alt+Shift+F');
    expect(s.consoles).toEqual([]);
  });
  it('inside a group an invalid subfield falls back alone: a bad synonym group keeps the URLs and providers beside it', () => {
    const kb = { urls: ['https://help.example.com/returns.md'], providers: { 'https://support.example.com': [{ kind: 'local' }] }, synonyms: [['RMA']], local: false };
    const s = parseSettings({ kb, roles: ['AGENT'] });
    expect(s.kb).toMatchObject({ urls: ['https://help.example.com/returns.md'], providers: { 'https://support.example.com': [{ kind: 'local' }] }, local: false, synonyms: [] });
    const m = mergeManaged({}, { kb });
    expect(m.settings.kb.urls).toEqual(['https://help.example.com/returns.md']);
    expect(m.locked).toContain('kb.synonyms');
  });
  it('managed policy overrides field by field and reports what it locked', () => {
    const { settings, locked } = mergeManaged(
      { roles: ['AGENT'], bridge: { enabled: true, origins: ['http://localhost:5317'] } },
      { bridge: { enabled: false }, queues: ['billing'] },
    );
    expect(settings.bridge).toEqual({ enabled: false, origins: ['http://localhost:5317'], allowLowWrites: false });
    expect(settings.queues).toEqual(['billing']);
    expect(settings.roles).toEqual(['AGENT']);
    expect(locked.sort()).toEqual(['bridge.enabled', 'queues']);
  });
  it('knows the demo origins and the consoles the user added', () => {
    const s = parseSettings({ consoles: ['https://support.example.com'] });
    expect(isConsoleOrigin('http://127.0.0.1:5317', s)).toBe(true);
    expect(isConsoleOrigin('http://localhost', s)).toBe(true);
    expect(isConsoleOrigin('https://support.example.com', s)).toBe(true);
    expect(isConsoleOrigin('https://evil.example.com', s)).toBe(false);
  });
});
