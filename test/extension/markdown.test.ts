import { describe, expect, it } from 'vitest';
import { parseBlocks } from '../../src/sidepanel/markdown.tsx';

describe('the safe markdown subset', () => {
  it('parses paragraphs, lists and fenced code, and nothing else', () => {
    expect(parseBlocks('第一段\n续行\n\n- a\n- b\n\n1. x\n2. y\n\n```\n<img src=x>\n```\n<b>raw</b>')).toEqual([
      { kind: 'p', text: '第一段\n续行' },
      { kind: 'ul', items: ['a', 'b'] },
      { kind: 'ol', items: ['x', 'y'] },
      { kind: 'code', text: '<img src=x>' },
      { kind: 'p', text: '<b>raw</b>' },
    ]);
  });
});
