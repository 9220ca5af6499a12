import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../src/profiles/schema.ts';
import { fromIssues, PROBLEM_CODES } from '../../src/tools/problems.ts';
import { z } from '../../src/tools/zod.ts';

describe('problems', () => {
  it('turn zod issues into a path, a kind the UI translates and its values, keeping the English detail', () => {
    const r = z.strictObject({ n: z.number(), s: z.string().check(z.maxLength(3)), e: z.enum(['a', 'b']) }).safeParse({ n: 'x', s: 'long', e: 'c', extra: 1 });
    expect(r.success).toBe(false);
    const ps = fromIssues(r.error!.issues, 'profiles.2');
    expect(ps).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'profiles.2.n', code: 'invalid_type', params: ['number'] }),
        expect.objectContaining({ path: 'profiles.2.s', code: 'too_big', params: ['3'] }),
        expect.objectContaining({ path: 'profiles.2.e', code: 'invalid_value', params: ['a, b'] }),
        expect.objectContaining({ path: 'profiles.2', code: 'unrecognized_keys', params: ['extra'] }),
      ]),
    );
    for (const p of ps) expect(p.detail.length).toBeGreaterThan(0);
  });

  it('recognise the schema hints by their message, so a profile check reads as a sentence, not zod English', () => {
    const r = parseProfile({ id: 'Bad Id', name: 'x', version: 1, match: {} });
    expect(r.ok).toBe(false);
    const codes = !r.ok ? r.problems.map((p) => p.code) : [];
    expect(codes).toEqual(expect.arrayContaining(['hint_profileId', 'hint_recognise']));
    for (const c of codes) expect(PROBLEM_CODES).toContain(c);
  });
});
