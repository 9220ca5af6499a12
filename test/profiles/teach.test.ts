import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profilesManagedSchema } from '../../src/profiles/managed-schema.ts';
import { parseProfile, type ConsoleProfile } from '../../src/profiles/schema.ts';
import { CAPABILITIES, STEPS } from '../../src/teach/capabilities.ts';
import { applyPatch, draftId, exportText, importProfile, newDraft, taughtProblems } from '../../src/profiles/taught.ts';
import { problemLine, type Problem } from '../../src/tools/problems.ts';
import { positional, stableAttrName, stableAttrValue, stableClass, stableId } from '../../src/teach/stable.ts';

const ROOT = join(import.meta.dirname, '../..');
const ORIGIN = 'https://desk.example.com';

const lines = (ps: Problem[]): string => ps.map(problemLine).join('\n');

describe('what survives a reload and another record', () => {
  it('class words yes; CSS-in-JS hashes, state classes and mixed-case hashes no', () => {
    for (const c of ['message', 'msg-row', 'bubble__text--agent', 'rw', 'ChatMessage']) expect(stableClass(c), c).toBe(true);
    // `col-2` is a grid utility (issue 20 §5: utility classes differ between renders of the same thing).
    for (const c of ['css-1x2y3z', 'sc-bdVaJa', 'jsx-123456', 'a8f3k2', 'active', 'is-open', 'selected', 'xKfGqPz', 'ng-star-inserted', 'col-2']) expect(stableClass(c), c).toBe(false);
  });
  it('ids a person wrote yes; numeric, generated and React ids no', () => {
    for (const id of ['composer', 'reply-box', 'ticket_form']) expect(stableId(id), id).toBe(true);
    for (const id of ['n482913', ':r1:', 'ember123', 'ext-gen42', 'm1004']) expect(stableId(id), id).toBe(false);
  });
  it('attribute values that name a thing yes; data values, styles, handlers and our own marks no; data-* names by presence', () => {
    expect(stableAttrValue('role', 'log')).toBe(true);
    expect(stableAttrValue('data-author-type', 'agent')).toBe(true);
    expect(stableAttrValue('aria-label', 'Send reply')).toBe(true);
    expect(stableAttrValue('data-rec', '7f3a9e')).toBe(false);
    expect(stableAttrValue('data-id', '48213')).toBe(false);
    expect(stableAttrValue('style', 'color:red')).toBe(false);
    expect(stableAttrValue('onclick', 'go()')).toBe(false);
    expect(stableAttrValue('data-deskhand', 'x')).toBe(false);
    expect(stableAttrName('data-rec')).toBe(true);
    expect(stableAttrName('data-reactid')).toBe(false);
  });
  it('positional steps are recognised', () => {
    expect(positional('.pp > div:nth-of-type(2)')).toBe(true);
    expect(positional('.pp > div')).toBe(false);
  });
});

describe('teach steps', () => {
  it('every capability has steps; a thread needs two examples, a history list one (a second helps)', () => {
    expect(Object.keys(STEPS).sort()).toEqual([...CAPABILITIES].sort());
    expect(STEPS.thread.required).toEqual(['customer', 'agent']);
    expect(STEPS.history.required).toEqual(['first']);
    // Which column is the id and which the title: one cell of a row each (issue 20 item 3).
    expect(STEPS.history.optional).toEqual(['second', 'idCell', 'titleCell']);
  });
});

describe('a taught profile', () => {
  const draft = newDraft(ORIGIN, null);
  it('starts bound to exactly its origin, with an id of its own', () => {
    expect(draft).toEqual({ id: 'taught-desk-example-com', name: 'desk.example.com', version: 1, match: { origins: [ORIGIN] } });
    expect(parseProfile(draft).ok).toBe(true);
    expect(draftId('http://127.0.0.1:5319')).toBe('taught-127-0-0-1-5319');
  });
  it('merges patches: objects merge, a thread rule replaces the thread rule', () => {
    let p = applyPatch(draft, { customer: { fields: { name: { css: '.a' } } } });
    p = applyPatch(p, { customer: { fields: { email: { css: '.b' } } } });
    p = applyPatch(p, { thread: { entry: '.m', roles: [{ role: 'agent', css: '.x' }] } });
    p = applyPatch(p, { thread: { entry: '.n' } });
    expect(p.customer).toEqual({ fields: { name: { css: '.a' }, email: { css: '.b' } } });
    expect(p.thread).toEqual({ entry: '.n' });
    expect(parseProfile(p).ok).toBe(true);
  });
  it('cannot name another origin, reuse a built-in id, or carry a KB address elsewhere', () => {
    const other: ConsoleProfile = { ...draft, match: { origins: ['https://evil.example'] } };
    expect(lines(taughtProblems(other, ORIGIN))).toMatch(/match\.origins/);
    expect(lines(taughtProblems({ ...draft, id: 'deskhand-demo' }, ORIGIN))).toMatch(/built-in/);
    expect(lines(taughtProblems({ ...draft, kb: [{ kind: 'json', endpoint: 'https://evil.example/kb' }] }, ORIGIN))).toMatch(/kb\.0/);
    expect(taughtProblems({ ...draft, kb: [{ kind: 'json', endpoint: '/api/kb?q={query}' }] }, ORIGIN)).toEqual([]);
    expect(taughtProblems(draft, ORIGIN)).toEqual([]);
  });
});

describe('import', () => {
  const good = exportText(applyPatch(newDraft(ORIGIN, null), { composers: { reply: { editor: '.ce', submit: '.sb' } } }));
  it('round-trips an export', () => {
    const r = importProfile(good, ORIGIN);
    expect(r.ok && r.profile).toEqual(JSON.parse(good));
  });
  it('refuses tools, grades, risks and roles: the schema is strict', () => {
    for (const extra of [{ tools: [{ name: 'x.y' }] }, { risk: 'low' }, { requiredRole: 'ADMIN' }, { composers: { reply: { editor: '.ce', sideEffect: 'read' } } }]) {
      const r = importProfile(JSON.stringify({ ...JSON.parse(good), ...extra }), ORIGIN);
      expect(r.ok, JSON.stringify(extra)).toBe(false);
    }
  });
  it('names what is wrong: not JSON, a bad selector pattern, another origin', () => {
    const notJson = importProfile('{ nope', ORIGIN);
    expect(!notJson.ok && notJson.problems[0]).toMatchObject({ code: 'not_json', detail: expect.stringMatching(/^not JSON/) });
    const badPattern = importProfile(JSON.stringify({ ...JSON.parse(good), identity: { dom: [{ css: '.x', pattern: '(' }] } }), ORIGIN);
    expect(!badPattern.ok && lines(badPattern.problems)).toMatch(/identity\.dom\.0\.pattern/);
    const elsewhere = importProfile(JSON.stringify({ ...JSON.parse(good), match: { origins: ['https://other.example'] } }), ORIGIN);
    expect(!elsewhere.ok && lines(elsewhere.problems)).toMatch(/match\.origins/);
  });
  it('binds a profile that names no origin to this console', () => {
    const r = importProfile(JSON.stringify({ id: 'shared-desk', name: 'Shared', version: 1, match: { paths: ['/desk/*'] } }), ORIGIN);
    expect(r.ok && r.profile.match).toEqual({ paths: ['/desk/*'], origins: [ORIGIN] });
  });
});

describe('admin profiles in managed storage', () => {
  it('public/managed_schema.json describes the whole profile under "profiles" (Chrome drops what it does not describe)', () => {
    const file = JSON.parse(readFileSync(join(ROOT, 'public/managed_schema.json'), 'utf8')) as { properties: Record<string, unknown> };
    expect(file.properties.profiles).toEqual(profilesManagedSchema());
    const items = (profilesManagedSchema().items as { properties: Record<string, unknown> }).properties;
    expect(Object.keys(items)).toEqual(expect.arrayContaining(['id', 'match', 'thread', 'customer', 'composers']));
  });
});

describe('page content cannot create or edit a profile', () => {
  it('no content-script file imports the profile store (only extension pages and the worker write it)', () => {
    const dir = join(ROOT, 'src/content');
    for (const f of readdirSync(dir)) expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/profiles\/store/);
  });
});
