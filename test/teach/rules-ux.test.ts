// @vitest-environment happy-dom
/**
 * Teach mode that people can use (issue 20 §5), the pure parts: generated rules carry nothing
 * that differs between two renders of the same thing (tooltips, row parity, short numeric ids,
 * bare tags, utility classes), one history row is enough, a session's rule can be undone alone,
 * and what the panel says of a picked thing is words.
 */
import { describe, expect, it } from 'vitest';
import { nameOf } from '../../src/dom/name.ts';
import { normalise, ruleFor } from '../../src/teach/rules.ts';
import { bareTags, uniqueSelector } from '../../src/teach/selector.ts';
import { draftOf, withoutRule, withRule, type TaughtRule } from '../../src/teach/session.ts';
import { stableAttrValue, stableClass, stableId, utilityClass } from '../../src/teach/stable.ts';
import { formPagePath, hrefTail } from '../../src/teach/url-shape.ts';

const $ = (css: string) => document.querySelector(css)!;

/** Every class, id and attribute value a rule's selectors name. */
const selectorsOf = (patch: unknown) => JSON.stringify(patch);

describe('what a rule may lean on', () => {
  it('utility classes are not stable (Tailwind, Bootstrap); words that name a thing are', () => {
    for (const c of ['mt-4', 'pt-4', 'flex', 'items-center', 'justify-between', 'text-sm', 'bg-gray-100', 'px-2', 'py-1.5', '-mt-2', 'rounded-lg', 'w-full', 'space-y-2', 'md:flex', 'hover:bg-gray-50', 'w-[3px]', 'd-flex', 'mb-3', 'align-items-center', 'col-md-6', 'text-gray-500', 'font-semibold', 'min-w-0', 'border-b', 'hidden-xs', 'visible-md-block', 'pull-right'])
      expect([c, stableClass(c)]).toEqual([c, false]);
    for (const c of ['message', 'text', 'message-text', 'text-body', 'avatar-staff', 'thread', 'ticket', 'from-customer', 'send-btn', 'thread-type-customer', 'btn-primary', 'form-control', 'el-button--primary'])
      expect([c, stableClass(c), utilityClass(c)]).toEqual([c, true, false]);
  });

  it("a widget's state spelled into its own class is not stable (an empty editor's placeholder class goes once the agent types)", () => {
    for (const c of ['redactor-placeholder', 'ql-blank', 'dropdown-open', 'tab-active', 'is-empty', 'menu_expanded']) expect([c, stableClass(c)]).toEqual([c, false]);
    for (const c of ['redactor-in', 'redactor-styles', 'ql-editor', 'note-editable', 'thread-type-customer']) expect([c, stableClass(c)]).toEqual([c, true]);
  });

  it("a form is named by where it posts when that names no record; a form's own page keeps the query that names its kind", () => {
    expect(stableAttrValue('action', 'tickets.php?a=open')).toBe(true);
    expect(stableAttrValue('action', 'tickets.php?id=1#reply')).toBe(false);
    expect(formPagePath({ pathname: '/scp/tickets.php', search: '?a=open' })).toBe('/scp/tickets.php?a=open');
    expect(formPagePath({ pathname: '/scp/tickets.php', search: '?a=open&uid=1' })).toBe('/scp/tickets.php?a=open');
    expect(formPagePath({ pathname: '/mailbox/1/new-ticket', search: '' })).toBe('/mailbox/1/new-ticket');
    expect(formPagePath({ pathname: '/tickets/new', search: '?draft=7f3a9e&page=2' })).toBe('/tickets/new');
  });

  it("a link to a record's action is named by the word its address ends in after the id", () => {
    expect(hrefTail('#tickets/1/assign')).toBe('/assign');
    expect(hrefTail('/conversation/7/merge')).toBe('/merge');
    expect(hrefTail('#tickets/1/field/22/edit')).toBe('/edit');
    expect(hrefTail('users.php?id=1')).toBeNull();
    expect(hrefTail('#reply')).toBeNull();
    expect(hrefTail('/settings/profile')).toBeNull();
  });

  it('row parity and position classes, short numeric ids, tooltips and disabled states are not stable', () => {
    for (const c of ['odd', 'even', 'alt', 'striped', 'first', 'last', 'row-odd']) expect([c, stableClass(c)]).toEqual([c, false]);
    for (const id of ['m12', 'm1', 'row-3', 'ed-42', '7']) expect([id, stableId(id)]).toEqual([id, false]);
    expect(stableId('composer')).toBe(true);
    expect(stableAttrValue('title', 'Sent 2 hours ago')).toBe(false);
    expect(stableAttrValue('title', 'Send')).toBe(false);
    expect(stableAttrValue('data-original-title', 'Send')).toBe(false);
    expect(stableAttrValue('data-tooltip', 'Send')).toBe(false);
    expect(stableAttrValue('aria-disabled', 'true')).toBe(false);
    expect(stableAttrValue('data-id', '7')).toBe(false);
    expect(stableAttrValue('aria-label', 'Send')).toBe(true);
  });

  it('a selector of bare tags is never a rule', () => {
    expect(bareTags('div > p')).toBe(true);
    expect(bareTags('.thread > p')).toBe(false);
    document.body.innerHTML = '<div><p>only paragraph</p></div>';
    expect(uniqueSelector($('p'))).toBeNull();
    // Under an ancestor with a name of its own, the tag is anchored on it.
    document.body.innerHTML = '<div class="thread"><p>only paragraph</p></div>';
    expect(uniqueSelector($('p'))).toEqual({ css: 'div.thread p', positional: false });
  });
});

/** A Tailwind thread: the first message of a day carries `mt-4`, rows alternate `odd`/`even`, times carry a tooltip. */
const TAILWIND = `
<div class="flex flex-col gap-2 p-4">
  <ul class="thread space-y-2">
    <li id="m11" class="message from-customer mt-4 odd flex items-center" title="Mon 09:12"><span class="text-sm body">my order is late</span></li>
    <li id="m12" class="message from-agent even flex items-center pt-4" title="Mon 09:14"><span class="text-sm body">sorry, checking now</span></li>
    <li id="m13" class="message from-customer odd flex items-center" title="Mon 09:15"><span class="text-sm body">thanks</span></li>
  </ul>
  <div class="mt-4 flex items-center"><div class="editor px-2 py-1" contenteditable="true" data-tooltip="Type here" title="Your reply"></div>
  <button class="send inline-flex items-center rounded-lg bg-blue-600" title="Send now (Ctrl+Enter)" aria-disabled="true" disabled><svg class="h-4 w-4"></svg>Send</button></div>
  <table class="history"><tbody><tr class="odd" id="t1"><td class="text-sm">#1042</td><td>Late parcel</td></tr></tbody></table>
</div>`;

const UNSTABLE = /\b(mt-4|pt-4|flex|items-center|text-sm|odd|even|space-y-2|px-2|py-1|rounded-lg|bg-blue-600|inline-flex)\b|#m1\d|#t1|title|tooltip|Mon 09|aria-disabled/;

describe('rules from Tailwind markup', () => {
  it('thread: entries, body and roles from the words that name them, none of the utility, parity, id or tooltip marks', () => {
    document.body.innerHTML = TAILWIND;
    const r = ruleFor('thread', { customer: $('#m11 span'), agent: $('#m12 span') });
    expect(r.patch).not.toBeNull();
    expect(selectorsOf(r.patch)).not.toMatch(UNSTABLE);
    expect(r.patch!.thread).toMatchObject({ container: 'ul.thread', entry: 'li.message' });
    expect(r.patch!.thread!.roles).toEqual([
      { role: 'agent', css: '.from-agent' },
      { role: 'customer', css: '.from-customer' },
    ]);
    expect(r.matches).toBe(3);
  });

  it('composer and a disabled Send: by their own words, not the tooltip, the state or the utilities', () => {
    document.body.innerHTML = TAILWIND;
    const reply = ruleFor('reply', { one: $('.editor') });
    const send = ruleFor('send', { one: normalise('send', $('button.send svg')) });
    expect(reply.patch).toEqual({ composers: { reply: { editor: 'div.editor[contenteditable="true"]', kind: 'contenteditable' } } });
    expect(send.patch).toEqual({ composers: { reply: { submit: 'button.send' } } });
    expect(selectorsOf([reply.patch, send.patch])).not.toMatch(UNSTABLE);
  });

  it('history: one row is enough where only one exists (a customer with one earlier ticket)', () => {
    document.body.innerHTML = TAILWIND;
    const r = ruleFor('history', { first: normalise('history', $('tr td:nth-child(2)')) });
    expect(r.need).toEqual([]);
    // The rule is this kind of page's (issue 20 item 3: history per page kind); happy-dom's page is "/".
    expect(r.patch).toEqual({ history: { pages: { '/*': { container: 'table.history tbody', item: ':scope > tr' } } } });
    expect(r.notes.map((n) => n.code)).toContain('oneExample');
  });
});

describe('a teaching session', () => {
  const origin = 'https://desk.example.com';
  const thread: TaughtRule = { cap: 'thread', patch: { thread: { container: 'ul.thread', entry: 'li.message' } }, held: [{ slot: 'customer', at: '#m11' }, { slot: 'agent', at: '#m12' }] };
  const reply: TaughtRule = { cap: 'reply', patch: { composers: { reply: { editor: 'div.editor' } } }, held: [{ slot: 'one', at: 'div.editor' }] };
  const send: TaughtRule = { cap: 'send', patch: { composers: { reply: { submit: 'button.send' } } }, held: [{ slot: 'one', at: 'button.send' }] };

  it('undoing one rule keeps every other (also one that shares its part of the profile)', () => {
    const all = [thread, reply, send].reduce<TaughtRule[]>((s, r) => withRule(s, r), []);
    const d = draftOf(origin, null, withoutRule(all, 'reply'));
    if (!d.ok) throw new Error(JSON.stringify(d.problems));
    expect(d.profile.thread).toMatchObject({ container: 'ul.thread', entry: 'li.message' });
    expect(d.profile.composers?.reply).toEqual({ submit: 'button.send' });
    const none = draftOf(origin, null, withoutRule(withoutRule(all, 'reply'), 'send'));
    expect(none.ok && none.profile.composers?.reply).toBeFalsy();
  });

  it('a rule picked again takes the place of the one before it', () => {
    const again = withRule(withRule([thread, reply], { ...reply, patch: { composers: { reply: { editor: '#composer' } } } }), send);
    expect(again.map((r) => r.cap)).toEqual(['thread', 'reply', 'send']);
    const d = draftOf(origin, null, again);
    expect(d.ok && d.profile.composers?.reply).toEqual({ editor: '#composer', submit: 'button.send' });
  });
});

describe('a picked thing in words', () => {
  it('names the kind and its words, never markup', () => {
    document.body.innerHTML = `${TAILWIND}<form aria-label="New ticket"><label for="s">Subject</label><input id="s" name="s_l"><input type="submit" value="Create"></form><p></p>`;
    expect(nameOf($('button.send'))).toEqual({ kind: 'button', name: 'Send' });
    expect(nameOf($('#s'))).toEqual({ kind: 'textbox', name: 'Subject' });
    expect(nameOf($('input[type=submit]'))).toEqual({ kind: 'button', name: 'Create' });
    expect(nameOf($('form'))).toEqual({ kind: 'form', name: 'New ticket' });
    expect(nameOf($('.editor'))).toEqual({ kind: 'editor', name: 'Your reply' });
    expect(nameOf($('#m11'))).toEqual({ kind: 'row', name: 'my order is late' });
    expect(nameOf($('#m11 span'))).toEqual({ kind: 'text', name: 'my order is late' });
    expect(nameOf($('p:empty'))).toEqual({ kind: 'area', name: '' });
    const long = nameOf($('ul.thread'));
    expect(long.kind).toBe('list');
  });
});
