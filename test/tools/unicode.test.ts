/**
 * Hidden characters on cards (issue 14 item 4): what revealHidden flags and what it leaves
 * visible. A ZWJ or VS-16 inside a well-formed emoji sequence is part of the emoji a person
 * sees; the same characters anywhere else hide text and are flagged.
 */
import { describe, expect, it } from 'vitest';
import { revealHidden } from '../../src/tools/unicode.ts';

const flagged = (text: string) =>
  revealHidden(text)
    .segments.filter((s) => s.kind !== 'text')
    .map((s) => `${s.kind} ${'code' in s ? s.code : ''}`);
const shown = (text: string) =>
  revealHidden(text)
    .segments.map((s) => s.text)
    .join('');

describe('revealHidden', () => {
  it('leaves the joiners and VS-16 of well-formed emoji sequences visible', () => {
    for (const emoji of ['👨\u200D👩\u200D👧', '👩🏽\u200D💻', '🏳\uFE0F\u200D🌈', '❤\uFE0F', '👍🏽', '#\uFE0F\u20E3', '🇨🇳', '🧑\u200D🤝\u200D🧑']) {
      const text = `谢谢 ${emoji} 收到`;
      expect(flagged(text), JSON.stringify(emoji)).toEqual([]);
      expect(shown(text)).toBe(text);
    }
  });

  it('flags a ZWJ anywhere else: between letters, beside an emoji, doubled or trailing', () => {
    expect(flagged('pay\u200Dpal')).toEqual(['zero_width U+200D']);
    expect(flagged('订单\u200D号')).toEqual(['zero_width U+200D']);
    expect(flagged('👍\u200Dok')).toEqual(['zero_width U+200D']);
    expect(flagged('👨\u200D\u200D👩')).toEqual(['zero_width U+200D', 'zero_width U+200D']);
    expect(flagged('done 👍\u200D')).toEqual(['zero_width U+200D']);
    expect(revealHidden('a\u200Db 👨\u200D👩\u200D👧').counts).toEqual({ zero_width: 1, bidi: 0, tag: 0, confusable: 0 });
  });

  it('flags VS-16 outside an emoji and variation selectors piled onto one to smuggle data', () => {
    expect(flagged('ok\uFE0F')).toEqual(['zero_width U+FE0F']);
    const smuggled = `😀${'\u{E0101}\u{E0142}\uFE01'}`;
    expect(flagged(smuggled)).toEqual(['zero_width U+E0101', 'zero_width U+E0142', 'zero_width U+FE01']);
  });

  it('still flags zero-width spaces, bidi controls, tag characters and look-alike letters', () => {
    expect(flagged('a\u200Bb \u202Eevil\u202C ok\u{E0069} pаypal')).toEqual(['zero_width U+200B', 'bidi U+202E', 'bidi U+202C', 'tag U+E0069', 'confusable U+0430']);
  });
});
