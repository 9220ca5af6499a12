import { describe, expect, it } from 'vitest';
import { comboOf } from '../../src/settings/hotkeys.ts';

const key = (code: string, mods: Partial<KeyboardEvent> = {}) => ({ code, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods }) as KeyboardEvent;

describe('key combos', () => {
  it('reads modifiers and the physical key, whatever the layout types', () => {
    expect(comboOf(key('KeyF', { altKey: true, shiftKey: true }))).toBe('Alt+Shift+F');
    expect(comboOf(key('Digit2', { ctrlKey: true }))).toBe('Ctrl+2');
    expect(comboOf(key('ShiftLeft', { shiftKey: true }))).toBe('');
  });
});
