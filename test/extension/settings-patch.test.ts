import { describe, expect, it } from 'vitest';
import { applyPatch, managedPaths, mergeManaged } from '../../src/settings/schema.ts';

describe('saving a field writes only that field', () => {
  it('changes the patched field and leaves every other stored value (and every default) alone', () => {
    const local = { llm: { baseURL: 'http://127.0.0.1:5318/v1', apiKey: 'k', model: 'demo-assistant' }, roles: ['AGENT'] };
    expect(applyPatch(local, { llm: { model: 'other' } })).toEqual({ llm: { baseURL: 'http://127.0.0.1:5318/v1', apiKey: 'k', model: 'other' }, roles: ['AGENT'] });
    expect(applyPatch({}, { hotkeys: { fillCustomer: 'Alt+Shift+Y' } })).toEqual({ hotkeys: { fillCustomer: 'Alt+Shift+Y' } });
  });

  it('never copies a managed value into local settings, so removing the policy brings the person’s own back', () => {
    const managed = { llm: { baseURL: 'https://gw.corp.example/v1' }, roles: ['AGENT'], agentName: 'admin-set' };
    const local = { llm: { baseURL: 'http://mine.example/v1' } };
    // The options page shows merged settings; a save of an unlocked field sends only that field.
    const next = applyPatch(local, { llm: { model: 'm', baseURL: 'http://evil.example/v1' }, roles: ['REFUND_APPROVER'], agentName: 'x', queues: ['vip'] }, managed);
    expect(next).toEqual({ llm: { baseURL: 'http://mine.example/v1', model: 'm' }, queues: ['vip'] });
    expect(mergeManaged(next, managed).settings.llm.baseURL).toBe('https://gw.corp.example/v1');
    expect(mergeManaged(next, {}).settings.llm.baseURL).toBe('http://mine.example/v1');
    expect(mergeManaged(next, {}).settings.agentName).toBe('');
  });

  it('refuses a value the schema refuses', () => {
    expect(() => applyPatch({}, { hotkeys: { fillCustomer: 'F' } })).toThrow(/hotkeys/);
    expect(() => applyPatch({}, { consoles: ['not an origin'] })).toThrow(/consoles/);
  });

  it('managed paths are the fields a policy sets, one level deep', () => {
    expect([...managedPaths({ llm: { model: 'x' }, roles: [], hotkeys: { openPanel: 'Alt+Shift+P' }, unknown: 1 })].sort()).toEqual(['hotkeys.openPanel', 'llm.model', 'roles']);
  });
});

describe('a whole-settings editor saves through a diff', () => {
  it('only the members that changed, a removed record entry included', async () => {
    const { defaultSettings, diffPatch } = await import('../../src/settings/schema.ts');
    const prev = { ...defaultSettings(), consoleProfiles: { 'https://a.example': 'osticket', 'https://b.example': 'generic' } };
    const next = { ...prev, consoleProfiles: { 'https://a.example': 'osticket' }, kb: { ...prev.kb, local: false } };
    const patch = diffPatch(prev, next);
    expect(patch).toEqual({ consoleProfiles: { 'https://b.example': undefined }, kb: { local: false } });
    expect(applyPatch({ consoleProfiles: prev.consoleProfiles }, patch)).toEqual({ consoleProfiles: { 'https://a.example': 'osticket' }, kb: { local: false } });
  });
});
