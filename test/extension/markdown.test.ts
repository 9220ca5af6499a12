import { describe, expect, it } from 'vitest';
import { parseBlocks, stableCut } from '../../src/sidepanel/markdown.tsx';

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

  it('streams incrementally: the finished part grows chunk by chunk and never cuts inside a code fence', () => {
    const text = '第一段\n\n```\ncode\n\nstill code\n```\n\n- a\n- b\n\ntail';
    let state = { at: 0, inFence: false };
    const cuts: number[] = [];
    for (let i = 1; i <= text.length; i++) {
      state = stableCut(text.slice(0, i), state);
      cuts.push(state.at);
    }
    // Monotonic, and every cut is at a block boundary: the finished part parses the same alone.
    expect(cuts.every((c, i) => i === 0 || c >= cuts[i - 1]!)).toBe(true);
    const done = text.slice(0, state.at);
    expect(done).toBe('第一段\n\n```\ncode\n\nstill code\n```\n\n- a\n- b\n\n');
    expect([...parseBlocks(done), ...parseBlocks(text.slice(state.at))]).toEqual(parseBlocks(text));
    expect(cuts).not.toContain(text.indexOf('still code'));
  });
});

