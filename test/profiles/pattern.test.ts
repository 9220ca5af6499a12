import { afterEach, describe, expect, it } from 'vitest';
import { profileTooSlow, resetPatternMeter, runPattern, slowPattern } from '../../src/profiles/pattern.ts';

describe('profile patterns that backtrack catastrophically are refused by shape', () => {
  it.each([
    ['(a+)+$', 'nested'],
    ['^(\\w+\\s?)*$', 'nested'],
    ['(a|ab)*c', 'nested'],
    ['(?:\\d?)+x', 'nested'],
    ['((a)+)', null],
    ['(x(a*)){2,}', 'nested'],
    ['(\\w)\\1', 'backreference'],
    ['(?<n>a)\\k<n>', 'backreference'],
    ['foo(?=bar)', 'lookaround'],
    ['(?<!x)y', 'lookaround'],
    ['\\d*\\d*\\d*\\d*x', 'repeats'],
  ])('%s → %s', (src, why) => expect(slowPattern(src)).toBe(why));

  it.each(['^/conversations/(\\d+)', '#(\\d+)', 'Ticket\\s*#?(\\w[\\w-]*)', '(?:ticket|case) (\\d+)', '([A-Z]{2,3}-\\d{3,6})', '[(+]+(\\d+)', '(\\d{3})+', '(?<id>\\d+)', '\\u{1F600}+(a)', '(\\p{L}+)'])(
    '%s is fine',
    (src) => expect(slowPattern(src)).toBeNull(),
  );
});

describe('the pattern meter', () => {
  afterEach(resetPatternMeter);

  it('a pattern that ran past the budget sets its profile aside for the page', () => {
    let t = 0;
    const clock = () => (t += 30);
    expect(runPattern('#(\\d+)', 'Ticket #12', clock)).toBe('12');
    expect(profileTooSlow({ identity: { dom: [{ css: 'h1', pattern: '#(\\d+)' }] } })).toBe(true);
    expect(profileTooSlow({ identity: { dom: [{ css: 'h1', pattern: '(\\d+)' }] } })).toBe(false);
    // Not run again on this page.
    expect(runPattern('#(\\d+)', 'Ticket #12')).toBeNull();
  });

  it('a fast pattern is not', () => {
    expect(runPattern('#(\\d+)', 'Ticket #12', () => 0)).toBe('12');
    expect(profileTooSlow({ p: '#(\\d+)' })).toBe(false);
  });
});
