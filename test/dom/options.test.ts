import { describe, expect, it } from 'vitest';
import { noChoice, pickOption } from '../../src/dom/controls/options.ts';

const PRIORITIES = [
  { text: '— Select —', value: '' },
  { text: 'Low', value: '1' },
  { text: 'Normal', value: '2' },
  { text: 'High', value: '3' },
  { text: 'Emergency', value: '4' },
];

describe('pickOption', () => {
  it('matches the exact value, then the exact text, case and markers aside', () => {
    expect(pickOption(PRIORITIES, '3')?.text).toBe('High');
    expect(pickOption(PRIORITIES, 'high')?.value).toBe('3');
    expect(pickOption([{ text: 'Department: *', value: 'd' }], 'department')?.value).toBe('d');
  });

  it('maps priority words across languages and wordings', () => {
    expect(pickOption([{ text: '低', value: 'a' }, { text: '紧急', value: 'b' }], 'urgent')?.value).toBe('b');
    expect(pickOption([{ text: 'Medium', value: 'm' }], 'normal')?.value).toBe('m');
  });

  it('falls back to containment, and never picks anything for an empty wish', () => {
    expect(pickOption([{ text: 'Shipping & delivery', value: 's' }], 'shipping')?.value).toBe('s');
    expect(pickOption(PRIORITIES, '')).toBeUndefined();
    expect(pickOption(PRIORITIES, 'nowhere')).toBeUndefined();
  });
});

describe('noChoice', () => {
  it('lists what the control offers, so the caller can fix the call', () => {
    expect(noChoice('Urgent', PRIORITIES)).toBe('no choice "Urgent" (choices: — Select —, Low, Normal, High, Emergency)');
    expect(noChoice('x', [])).toBe('no choice "x" (choices: none)');
  });
});
