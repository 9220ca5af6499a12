import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PROFILE_FILES, BUILTIN_PROFILES } from '../../src/profiles/index.ts';
import { chooseProfile, onPath } from '../../src/page/match.ts';
import { problemLine } from '../../src/tools/problems.ts';
import { ConsoleProfile, globToRegExp, parseProfile, type LoadedProfile } from '../../src/profiles/schema.ts';

describe('built-in profiles', () => {
  it('lists every file in src/profiles/builtin explicitly', () => {
    const files = readdirSync(join(import.meta.dirname, '../../src/profiles/builtin')).map((f) => f.replace(/\.ts$/, '')).sort();
    expect([...BUILTIN_PROFILE_FILES].sort()).toEqual(files);
    expect(BUILTIN_PROFILES).toHaveLength(files.length);
  });
  it('every built-in profile passes the schema and survives JSON', () => {
    for (const { profile } of BUILTIN_PROFILES) {
      expect(ConsoleProfile.parse(JSON.parse(JSON.stringify(profile))), profile.id).toEqual(profile);
    }
  });
});

describe('the profile schema', () => {
  const base = { id: 'acme', name: 'Acme', version: 1, match: { paths: ['/desk/*'] } };
  it('accepts a minimal profile', () => expect(parseProfile(base).ok).toBe(true));
  it('refuses a profile that cannot be recognised', () => {
    const r = parseProfile({ ...base, match: {} });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems).toEqual([expect.objectContaining({ path: 'match', code: 'hint_recognise' })]);
  });
  it('refuses code-like or cross-origin data: unknown keys, other-origin paths, bad patterns', () => {
    expect(parseProfile({ ...base, run: 'alert(1)' }).ok).toBe(false);
    expect(parseProfile({ ...base, ticketForm: { path: 'https://evil.example/x' } }).ok).toBe(false);
    expect(parseProfile({ ...base, ticketForm: { path: '//evil.example/x' } }).ok).toBe(false);
    expect(parseProfile({ ...base, identity: { display: [{ css: 'h2', pattern: '(' }] } }).ok).toBe(false);
  });
  it('names every wrong field', () => {
    const r = parseProfile({ ...base, id: 'Bad Id', thread: {} });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map(problemLine).join('\n')).toMatch(/id:[\s\S]*thread\.entry/);
  });
  it('path globs: only * is special', () => {
    expect(globToRegExp('*/scp/*').test('/support/scp/tickets.php')).toBe(true);
    expect(globToRegExp('/a.b/*').test('/axb/c')).toBe(false);
  });
});

describe('choosing a profile', () => {
  const p = (id: string, match: ConsoleProfile['match']): ConsoleProfile => ({ id, name: id, version: 1, match });
  const loaded: LoadedProfile[] = [
    { profile: p('builtin-desk', { paths: ['/scp/*'] }), source: 'builtin' },
    { profile: p('taught-desk', { paths: ['/scp/*'], markers: ['#thread'] }), source: 'taught' },
    { profile: p('managed-desk', { origins: ['https://desk.example'], paths: ['/scp/*'] }), source: 'managed' },
  ];
  const page = (origin: string, pathname: string, markers: string[] = []) => ({ origin, pathname, has: (css: string) => markers.includes(css) });
  it('prefers managed, then taught, then built-in, when all their conditions hold', () => {
    expect(chooseProfile(loaded, page('https://desk.example', '/scp/tickets.php', ['#thread']))?.profile.id).toBe('managed-desk');
    expect(chooseProfile(loaded, page('https://other.example', '/scp/tickets.php', ['#thread']))?.profile.id).toBe('taught-desk');
    expect(chooseProfile(loaded, page('https://other.example', '/scp/tickets.php'))?.profile.id).toBe('builtin-desk');
    expect(chooseProfile(loaded, page('https://other.example', '/inbox'))).toBeNull();
  });
  it('a per-origin choice pins a profile or turns profiles off', () => {
    expect(chooseProfile(loaded, page('https://x.example', '/inbox'), 'builtin-desk')?.why[0]).toMatch(/chosen/);
    expect(chooseProfile(loaded, page('https://desk.example', '/scp/x'), 'generic')).toBeNull();
  });
});

describe('the page a profile says its form lives on', () => {
  it.each([
    ['https://desk.example/scp/tickets.php?a=open', true],
    ['https://desk.example/scp/tickets.php?a=open&uid=1', true],
    ['https://desk.example/support/scp/tickets.php?uid=1&a=open', true],
    ['https://desk.example/scp/tickets.php?id=1', false],
    ['https://desk.example/scp/tickets.php', false],
    ['https://desk.example/scp/users.php?a=open', false],
  ])('%s is /scp/tickets.php?a=open: %s', (href, want) => {
    expect(onPath(new URL(href), '/scp/tickets.php?a=open')).toBe(want);
  });
});
