import { describe, expect, it } from 'vitest';
import { duplicateActions, hotkeyProblem, OPENS_PANEL, RESERVED } from '../../src/settings/hotkeys.ts';
import { defaultSettings, HOTKEY_ACTIONS } from '../../src/settings/schema.ts';

const keys = defaultSettings().hotkeys;

describe('hotkey rules', () => {
  it('the defaults are valid, distinct and free of browser shortcuts', () => {
    for (const a of HOTKEY_ACTIONS) expect(hotkeyProblem(a, keys[a], keys), a).toBeNull();
    expect(duplicateActions(keys)).toEqual([]);
  });
  it('refuses a combination another action already uses, naming that action', () => {
    expect(hotkeyProblem('draftReply', 'Alt+Shift+C', keys)).toEqual({ code: 'duplicate', other: 'matchCategory' });
    expect(hotkeyProblem('matchCategory', 'Alt+Shift+C', keys)).toBeNull();
  });
  it('refuses what the browser or text editing reserves, with what it does', () => {
    expect(hotkeyProblem('fillCustomer', 'Ctrl+T', keys)).toEqual({ code: 'reserved', use: 'newTab' });
    expect(hotkeyProblem('fillCustomer', 'Ctrl+F', keys)).toEqual({ code: 'reserved', use: 'find' });
    expect(hotkeyProblem('fillCustomer', 'Meta+W', keys)).toEqual({ code: 'reserved', use: 'closeTab' });
    expect(hotkeyProblem('fillCustomer', 'Alt+F', keys)).toEqual({ code: 'reserved', use: 'menu' });
    expect(hotkeyProblem('fillCustomer', 'Ctrl+V', keys)).toEqual({ code: 'reserved', use: 'editing' });
    expect(RESERVED.size).toBeGreaterThan(60);
  });
  it('refuses combinations without Ctrl, Alt or Meta, and malformed ones (Ctrl+F1)', () => {
    expect(hotkeyProblem('fillCustomer', 'Shift+F', keys)).toEqual({ code: 'needsModifier' });
    expect(hotkeyProblem('fillCustomer', 'Ctrl+F1', keys)).toEqual({ code: 'invalid' });
    expect(hotkeyProblem('fillCustomer', 'Alt+Shift+Y', keys)).toBeNull();
  });
  it('finds duplicates that arrived another way (a policy), and which actions open the panel', () => {
    expect(duplicateActions({ ...keys, draftReply: 'Alt+Shift+C' }).sort()).toEqual(['draftReply', 'matchCategory']);
    expect([...OPENS_PANEL].sort()).toEqual(['openPanel', 'prepareSend', 'requestRefund']);
  });
});
