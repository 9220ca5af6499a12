import { describe, expect, it } from 'vitest';
import { parseBlocks, plainText, stableCut } from '../../src/sidepanel/markdown.tsx';

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

  it('a long bullet list (no blank lines) streams item by item, never re-parsing what is finished', () => {
    const list = `${Array.from({ length: 300 }, (_, i) => `- item ${i} with **some** words`).join('\n')}\n`;
    const partial = list.slice(0, 200);
    const cut = stableCut(partial, { at: 0, inFence: false });
    // Everything up to the last complete item that another item follows is finished.
    expect(cut.at).toBeGreaterThan(100);
    expect(partial.slice(cut.at)).toMatch(/^- item \d+/);
    expect(partial.slice(0, cut.at)).toMatch(/\n$/);
  });

  it('with a budget, a burst is finished in steps of about that size, and the parts hold the same items', () => {
    const list = `intro\n\n${Array.from({ length: 300 }, (_, i) => `- item ${i}`).join('\n')}\n\nend`;
    let state: { at: number; inFence: boolean; more?: true } = { at: 0, inFence: false };
    const parts: string[] = [];
    do {
      const next = stableCut(list, state, 512);
      parts.push(list.slice(state.at, next.at));
      state = next;
    } while (state.more);
    expect(parts.length).toBeGreaterThan(list.length / 512 - 1);
    expect(parts.slice(0, -1).every((p) => p.length < 512 + 40)).toBe(true);
    const items = (blocks: ReturnType<typeof parseBlocks>) => blocks.flatMap((b) => (b.kind === 'ul' ? b.items : [b.kind]));
    expect(items([...parts, list.slice(state.at)].flatMap((p) => parseBlocks(p)))).toEqual(items(parseBlocks(list)));
  });
});

describe('plainText: an answer as a reply to a customer', () => {
  it('drops the marks, keeps the words, lists and links', () => {
    const md = '您好，**T-9001** 已处理。\n\n- 第一步：`重置`\n- 第二步\n\n1. a\n2. b\n\n详见 [退款政策](https://kb.example/refund)。';
    expect(plainText(md)).toBe('您好，T-9001 已处理。\n\n- 第一步：重置\n- 第二步\n\n1. a\n2. b\n\n详见 退款政策 (https://kb.example/refund)。');
  });
});
