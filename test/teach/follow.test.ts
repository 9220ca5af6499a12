// @vitest-environment happy-dom
/**
 * Teaching what a record's page does not show (issue 20 §3), the pure parts: the link a person
 * followed from a ticket to its customer, as a selector that holds on every ticket; a popup's
 * address with the record's id as `{recordId}`; the rules they give; and the page model reading
 * the customer's page behind the link with that page's own history rule.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageModel } from '../../src/page/model.ts';
import { parseProfile, type ConsoleProfile } from '../../src/profiles/schema.ts';
import { applyPatch, newDraft } from '../../src/profiles/taught.ts';
import { ruleFor } from '../../src/teach/rules.ts';
import { followLinkSelector } from '../../src/teach/selector.ts';
import { hrefBeforeId, recordPath } from '../../src/teach/url-shape.ts';

const ORIGIN = 'https://desk.example.com';
const $ = (css: string) => document.querySelector(css)!;

function at(path: string, html: string): void {
  // happy-dom's own way to navigate without loading (its window API, not the DOM's).
  (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${ORIGIN}${path}`);
  document.body.innerHTML = html;
}

describe("a link's address as it is on every record", () => {
  it.each([
    ['users.php?id=2', 'users.php?id='],
    ['/customers/12/edit', '/customers/'],
    ['https://desk.example.com/people/7', 'https://desk.example.com/people/'],
    ['/customer?id=31&tab=tickets', '/customer?id='],
    ['/c/5.html', '/c/'],
  ])('%s → %s', (href, head) => expect(hrefBeforeId(href)).toBe(head));
  it('an address without an id leads to no one in particular', () => {
    for (const href of ['/settings/profile', '#tickets', 'users.php', '/v2/users']) expect([href, hrefBeforeId(href)]).toEqual([href, null]);
  });
});

describe("a popup's address as a follow path", () => {
  const path = (u: string, id: string) => recordPath(new URL(u), ORIGIN, id);
  it('the record id becomes {recordId}, in a path segment or a query value; cache-busters go', () => {
    expect(path(`${ORIGIN}/scp/ajax.php/tickets/2/user`, '2')).toBe('/scp/ajax.php/tickets/{recordId}/user');
    expect(path(`${ORIGIN}/api/customer?ticket=2&_=1733150000000`, '2')).toBe('/api/customer?ticket={recordId}');
    expect(path(`${ORIGIN}/api/customer?ticket=2&v=1733150000000`, '2')).toBe('/api/customer?ticket={recordId}');
  });
  it('an address that does not carry the record, or is on another origin, is no follow path', () => {
    expect(path(`${ORIGIN}/scp/ajax.php/users/7/preview`, '2')).toBeNull();
    expect(path(`${ORIGIN}/scp/ajax.php/tickets/12/user`, '2')).toBeNull();
    expect(path('https://cdn.example.net/tickets/2/user', '2')).toBeNull();
    expect(path(`${ORIGIN}/x/2`, '')).toBeNull();
  });
  it('the path is one a profile accepts', () => {
    const p = path(`${ORIGIN}/scp/ajax.php/tickets/2/user`, '2')!;
    expect(parseProfile({ ...newDraft(ORIGIN, null), customer: { follow: { path: p } } }).ok).toBe(true);
  });
});

describe('the followed link, found again on every record', () => {
  it('by its address up to the id; the same page linked twice (the name and a menu item) is one link', () => {
    at('/scp/tickets.php?id=2', '<table class="ticket_info"><tr><td><a id="n" href="#tickets/2/user">Maria</a> <ul class="menu"><li><a id="m" href="users.php?id=1">Manage User</a></li></ul> <a href="users.php?id=1" class="action">↗</a></td></tr></table>');
    expect(followLinkSelector($('#m'))).toBe('a[href^="users.php?id="]');
  });
  it("links to other people's pages on the page: the followed one by its own marks or its stable box", () => {
    at('/tickets/2', '<aside class="customer-card"><a href="/customers/1">Maria</a></aside><ol class="thread"><li><a href="/customers/9">Ben (CC)</a></li></ol>');
    expect(followLinkSelector($('.customer-card a'))).toBe('aside.customer-card a[href^="/customers/"]');
    at('/tickets/2', '<div><a class="owner" href="/customers/1">Maria</a><a href="/customers/9">Ben</a></div>');
    expect(followLinkSelector($('a.owner'))).toBe('a.owner[href^="/customers/"]');
  });
  it('nothing that would find another link, and no selector for a link that names no one', () => {
    at('/tickets/2', '<div><a href="/customers/1">Maria</a><a href="/customers/9">Ben</a></div>');
    expect(followLinkSelector($('a'))).toBeNull();
    at('/tickets/2', '<a href="/settings">Settings</a>');
    expect(followLinkSelector($('a'))).toBeNull();
  });
});

describe('the rules from a followed link and a popup', () => {
  it("the customer's tickets on their own page: that page's rule, read on the ticket's page behind the link", () => {
    at('/scp/users.php?id=1', '<div id="tickets"><table class="list"><tbody><tr id="t1"><td><a class="preview" href="tickets.php?id=1">577968</a></td><td>Refund</td></tr><tr id="t2"><td><a class="preview" href="tickets.php?id=2">465807</a></td><td>Where is my order</td></tr></tbody></table></div>');
    const r = ruleFor('history', { first: $('#t1') }, { followLink: 'a[href^="users.php?id="]' });
    expect(r.patch?.history?.follow).toEqual({ link: 'a[href^="users.php?id="]' });
    expect(Object.keys(r.patch?.history?.pages ?? {})).toEqual(['/scp/users.php*']);
    expect(r.notes.map((n) => n.code)).toContain('followLink');
    expect(parseProfile(applyPatch(newDraft(ORIGIN, null), r.patch!)).ok).toBe(true);
  });
  it("a phone only in a popup: the field as the popup's own page has it, and the popup's address", () => {
    at('/scp/tickets.php?id=2', '<div class="dialog" id="popup"><div id="user-profile"><table class="custom-info"><tr><td>Phone Number:</td><td id="ph">(415) 555-0132</td></tr></table></div></div>');
    const fetched = { path: '/scp/ajax.php/tickets/{recordId}/user', css: '#user-profile tr > td:nth-child(2)', within: '#user-profile' };
    const r = ruleFor('customerPhone', { one: $('#ph') }, { fetched });
    expect(r.patch?.customer).toEqual({ fields: { phone: { css: fetched.css } }, follow: { path: fetched.path, within: '#user-profile' } });
    expect(r.notes.map((n) => n.code)).toContain('fromPopup');
    expect(parseProfile(applyPatch(newDraft(ORIGIN, null), r.patch!)).ok).toBe(true);
  });
  it('a field picked on the page itself keeps no follow', () => {
    at('/tickets/2', '<aside class="customer-card"><span class="customer-phone">+1 415 555 0132</span></aside>');
    expect(ruleFor('customerPhone', { one: $('.customer-phone') }).patch?.customer?.follow).toBeUndefined();
  });
});

describe("the page model reads the customer's page behind the link with that page's rule", () => {
  afterEach(() => vi.unstubAllGlobals());
  it("the ticket page has no list; the user page's table gives its rows", async () => {
    const profile: ConsoleProfile = {
      ...newDraft(ORIGIN, null),
      history: {
        follow: { link: 'a[href^="users.php?id="]' },
        pages: { '/scp/users.php*': { container: '#tickets table.list', item: 'tbody tr', id: { css: 'a.preview' } } },
      },
    };
    const userPage = '<div id="tickets"><table class="list"><tbody><tr><td><a class="preview" href="tickets.php?id=1">577968</a></td><td><a href="tickets.php?id=1">Refund not received</a></td></tr><tr><td><a class="preview" href="tickets.php?id=3">735233</a></td><td><a href="tickets.php?id=3">Invoice name</a></td></tr></tbody></table></div>';
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(String(url));
      return new Response(userPage, { status: 200, headers: { 'content-type': 'text/html' } });
    });
    at('/scp/tickets.php?id=2', '<table class="ticket_info"><tr><td><a href="users.php?id=1">Manage User</a></td></tr></table>');
    const model = new PageModel(document, { profiles: () => [{ profile, source: 'taught' }], choice: () => undefined, agentName: () => '' });
    const h = await model.historyWithFollow();
    expect(asked).toEqual([`${ORIGIN}/scp/users.php?id=1`]);
    expect(h?.via).toBe('follow');
    expect(h?.rows.map((r) => r.id)).toEqual(['577968', '735233']);
  });
});
