/**
 * Teaching what reading needs (issue 20 item 3), the pure parts: where a picked record id sits
 * in any URL shape, which kind of page a path is, how a thread is listed (from the entries'
 * times), roles told apart by who wrote each entry, the history rule per kind of page, and
 * that a profile saying all this parses and merges.
 */
import { describe, expect, it } from 'vitest';
import { classifyRoles, type RoleSignals } from '../../src/dom/roles.ts';
import { idFromUrl } from '../../src/dom/ids.ts';
import { listedOrder } from '../../src/dom/thread.ts';
import { parseProfile } from '../../src/profiles/schema.ts';
import { applyPatch, newDraft } from '../../src/profiles/taught.ts';
import { idTokens, pageGlob, urlIdOf, urlRuleFor } from '../../src/teach/url-shape.ts';
import { runPattern } from '../../src/profiles/pattern.ts';

const ORIGIN = 'https://desk.example.com';

/** What a profile's url rule reads from `href` (as page/identity.ts applies it). */
function readWith(rule: { param: string } | { path: string }, href: string): string | null {
  const url = new URL(href);
  return 'param' in rule ? url.searchParams.get(rule.param) : runPattern(rule.path, url.pathname + url.search + url.hash);
}

describe('the record id from a picked example, in any URL shape', () => {
  it.each([
    ['osTicket, a query of one digit', 'https://x.example/scp/tickets.php?id=2', '# 2', { param: 'id' }, 'https://x.example/scp/tickets.php?id=7', '7'],
    ['FreeScout, a path segment of one digit beside a query that holds the digit too', 'https://x.example/conversation/2?folder_id=12', '# 2', { path: '^/conversation/(\\d+)(?:[/;?#]|$)' }, 'https://x.example/conversation/31?folder_id=2', '31'],
    ['a path parameter', 'https://x.example/tickets;id=2', 'Ticket 2', { path: ';id=(\\d+)' }, 'https://x.example/tickets;id=45;view=full', '45'],
    ['an id of another record before it', 'https://x.example/mailbox/3/conversation/7', '#7', { path: '^/mailbox/[^/]+/conversation/(\\d+)(?:[/;?#]|$)' }, 'https://x.example/mailbox/9/conversation/12', '12'],
    ['a hash route', 'https://x.example/agent/#/cases/T-2042', 'Case T-2042', { path: '#/?cases/([^/;?#&]+)(?:[/?]|$)' }, 'https://x.example/agent/#/cases/T-9', 'T-9'],
  ])('%s', (_what, href, shown, rule, other, otherValue) => {
    const found = urlIdOf(href, shown);
    expect(found?.rule).toEqual(rule);
    expect(parseProfile({ ...newDraft(ORIGIN, null), identity: { url: [found!.rule] } }).ok).toBe(true);
    expect(readWith(found!.rule, href)).toBe(found!.value);
    expect(readWith(found!.rule, other)).toBe(otherValue);
  });
  it('a number the URL does not carry is not read from it (the number people see, "#452271" on ?id=2)', () => {
    expect(urlIdOf('https://x.example/scp/tickets.php?id=2', 'Ticket #452271')).toBeNull();
    expect(urlRuleFor('https://x.example/a?folder_id=12', '2')).toBeNull();
    expect(idTokens('Ticket #452271 · T-2042 (open)')).toEqual(['452271', 'T-2042']);
  });
  it('the generic reader reads path parameters like a query', () => {
    expect(idFromUrl('https://x.example/tickets;id=2')?.value).toBe('2');
    expect(idFromUrl('https://x.example/conversation/7')?.value).toBe('7');
  });
});

describe('the kind of page a path is', () => {
  it.each([
    ['/customers/1/', '/customers/*'],
    ['/conversation/7', '/conversation/*'],
    ['/mailbox/3/conversation/7', '/mailbox/*/conversation/*'],
    ['/scp/users.php', '/scp/users.php*'],
    ['/tickets;id=2', '/tickets*'],
    ['/', '/*'],
  ])('%s → %s', (path, glob) => expect(pageGlob(path)).toBe(glob));
});

describe('how a thread is listed', () => {
  const at = (...isos: (string | null)[]) => isos.map((timeIso) => ({ timeIso }));
  it('newest first when every dated entry is no later than the one above it', () => {
    expect(listedOrder(at('2026-12-02T00:45:00Z', '2026-12-02T00:15:00Z', null, '2026-12-01T23:15:00Z'), undefined)).toEqual({ order: 'newest-first', by: 'times' });
  });
  it('oldest first when any entry is later than the one above it; the page order when the times say nothing', () => {
    expect(listedOrder(at('2026-12-01T23:15:00Z', '2026-12-02T00:15:00Z'), undefined)).toEqual({ order: 'oldest-first', by: 'times' });
    expect(listedOrder(at('2026-12-02T00:45:00Z', '2026-12-01T23:15:00Z', '2026-12-02T00:50:00Z'), undefined).order).toBe('oldest-first');
    expect(listedOrder(at('2026-12-02T00:45:00Z', '2026-12-02T00:45:00Z'), undefined)).toEqual({ order: 'oldest-first', by: 'page' });
    expect(listedOrder(at('2026-12-02T00:45:00Z', null, null), undefined)).toEqual({ order: 'oldest-first', by: 'page' });
  });
  it('relative times read a moment apart ("3 hours ago" twice) are the same time', () => {
    expect(listedOrder(at('2026-12-02T00:48:43.876Z', '2026-12-02T00:48:43.881Z', '2026-12-01T23:48:43.883Z'), undefined)).toEqual({ order: 'newest-first', by: 'times' });
  });
  it('the profile says it outright', () => {
    expect(listedOrder(at('2026-12-01T23:15:00Z', '2026-12-02T00:15:00Z'), 'newest-first')).toEqual({ order: 'newest-first', by: 'profile' });
  });
});

describe('roles by identity', () => {
  const entry = (author: string, tokens: string[] = ['thread']): RoleSignals => ({ tokens: new Set(tokens), badge: false, side: null, author });
  const ctx = { agentNames: [], customerName: 'Maria Garcia', customerEmail: 'maria.garcia@example.net', customerBy: 'identity' as const };
  it('the customer panel\'s person is the customer, every other poster staff; notes and events stay', () => {
    const roles = classifyRoles([entry('Maria Garcia'), entry('Kim Lee'), entry('maria.garcia@example.net'), entry('Sam Agent', ['thread', 'note']), entry('')], ctx).map((r) => r.role);
    expect(roles).toEqual(['customer', 'agent', 'customer', 'note', 'system']);
  });
  it('without it, a poster with no other signal is staff only in a thread the customer signs too', () => {
    const { customerBy: _c, ...plain } = ctx;
    expect(classifyRoles([entry('Maria Garcia'), entry('Kim Lee')], plain).map((r) => r.role)).toEqual(['customer', 'agent']);
    expect(classifyRoles([entry('Ana Lima'), entry('Kim Lee')], plain).map((r) => r.role)).toEqual(['unknown', 'unknown']);
    // No customer panel read (FreeScout's zh card), but the customer's entries say so by a word: the other poster is staff.
    const noPanel = { agentNames: [], customerName: '' };
    expect(classifyRoles([entry('Ana Lima', ['thread', 'customer']), entry('Sam Agent'), entry('Ana Lima', ['thread', 'customer'])], noPanel).map((r) => r.role)).toEqual(['customer', 'agent', 'customer']);
    // With identity the poster decides even where a word says otherwise: the customer's panel is the truth.
    expect(classifyRoles([entry('Kim Lee', ['thread', 'customer'])], ctx).map((r) => r.role)).toEqual(['agent']);
  });
});

describe('a taught profile that says what reading needs', () => {
  const draft = newDraft(ORIGIN, null);
  it('parses with the thread order, roles by identity and history per kind of page', () => {
    const p = applyPatch(
      applyPatch(draft, { thread: { container: '#conv-layout-main', entry: '.thread', order: 'newest-first', customerBy: 'identity' } }),
      { history: { pages: { '/customers/*': { container: 'table.table-conversations', item: 'tr.conv-row', id: { css: 'td.conv-number > a' }, title: 'p' } } } },
    );
    const r = parseProfile(p);
    expect(r.ok, JSON.stringify(r)).toBe(true);
    expect(parseProfile({ ...draft, thread: { entry: '.t', order: 'sideways' } }).ok).toBe(false);
    expect(parseProfile({ ...draft, history: { pages: { 'has space': { container: '.x' } } } }).ok).toBe(false);
  });
  it('a kind of page taught again replaces its rule; the other kinds stay', () => {
    let p = applyPatch(draft, { history: { pages: { '/customers/*': { container: '.a', item: 'tr', title: '.t' } } } });
    p = applyPatch(p, { history: { pages: { '/conversation/*': { container: '.b', item: 'li' } } } });
    p = applyPatch(p, { history: { pages: { '/customers/*': { container: '.c', item: 'tr' } } } });
    expect(p.history?.pages).toEqual({ '/conversation/*': { container: '.b', item: 'li' }, '/customers/*': { container: '.c', item: 'tr' } });
  });
});
