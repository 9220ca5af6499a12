// @vitest-environment happy-dom
/**
 * The new-ticket form taught by its fields (issue 20 §3, "the form's fields by example"): the
 * subject box picked is the form's title whatever its label says, the "To" box the customer's
 * e-mail, the editor the description; the fill and the submit check find them by those picks
 * before any label, and a form without a category field is complete without one.
 */
import { describe, expect, it } from 'vitest';
import { findFields } from '../../src/dom/find.ts';
import { normalise, ruleFor } from '../../src/teach/rules.ts';
import { sequenceOf } from '../../src/teach/capabilities.ts';
import { PageModel } from '../../src/page/model.ts';
import type { ConsoleProfile } from '../../src/profiles/schema.ts';

/** A FreeScout-like new conversation: "To" over a hidden select, a bare "Subject", an editor, a "Send". */
const FORM = `
  <h1>New Conversation</h1>
  <form id="form-create" class="form-horizontal">
    <div class="form-group"><label for="to">To</label>
      <select id="to" name="to[]" multiple class="select2-hidden-accessible" style="position:absolute;width:1px;height:1px;clip:rect(0 0 0 0)"></select>
      <span class="select2 select2-container"><span class="select2-selection select2-selection--multiple" role="combobox" aria-expanded="false">
        <ul class="select2-selection__rendered"><li class="select2-search"><input class="select2-search__field" type="search" role="textbox" aria-autocomplete="list"></li></ul>
      </span></span>
    </div>
    <div class="form-group"><label for="subject">Subject</label><input id="subject" name="subject" type="text"></div>
    <div class="form-group"><div class="note-editor"><div class="note-editable" contenteditable="true"></div></div></div>
    <button type="button" class="btn btn-primary btn-send-text">Send</button>
  </form>`;

const $ = (css: string) => document.querySelector(css)!;

describe('the ticket form by its fields', () => {
  it('a click inside a widget means the widget: the select2 box for its search field, the editor for a line in it', () => {
    document.body.innerHTML = FORM;
    expect(normalise('ticketForm', $('.select2-search__field'), 'emailField')).toBe($('.select2-selection'));
    expect(normalise('ticketForm', $('#subject'), 'titleField')).toBe($('#subject'));
    expect(normalise('ticketForm', $('.btn-send-text'), 'submitButton')).toBe($('.btn-send-text'));
  });

  it('the picks become the form, its fields and its submit; a form on a page of its own keeps its path', () => {
    document.body.innerHTML = FORM;
    history.pushState(null, '', '/mailbox/1/new-ticket');
    const picks = { titleField: $('#subject'), bodyField: $('.note-editable'), emailField: $('.select2-selection'), submitButton: $('.btn-send-text') };
    const r = ruleFor('ticketForm', picks, { formPage: true });
    const form = r.patch!.ticketForm!;
    expect(form.container).toBe('#form-create');
    expect(document.querySelector(form.fields!.title!.css!)).toBe($('#subject'));
    expect(document.querySelector(form.fields!.description!.css!)).toBe($('.note-editable'));
    expect(document.querySelector(form.fields!.email!.css!)).toBe($('.select2-selection'));
    expect(document.querySelector(form.submit!)).toBe($('.btn-send-text'));
    expect(form.path).toBe('/mailbox/1/new-ticket');
    // On a record's page the form is a part of that page: no path that would tie it to this record.
    expect(ruleFor('ticketForm', picks, { formPage: false }).patch!.ticketForm!.path).toBeUndefined();
  });

  it('the subject alone is enough to start; "Show me" then asks for every box of the form in turn', () => {
    document.body.innerHTML = FORM;
    expect(ruleFor('ticketForm', {}).need).toEqual(['titleField']);
    expect(ruleFor('ticketForm', { titleField: $('#subject') }).patch!.ticketForm!.container).toBe('#form-create');
    expect(sequenceOf('ticketForm')).toEqual(['titleField', 'bodyField', 'emailField', 'submitButton', 'nameField']);
    expect(sequenceOf('thread')).toEqual(['customer', 'agent']);
  });

  it('a pinned field is that field whatever its label says, and no other key takes it', () => {
    document.body.innerHTML = FORM;
    const form = $('#form-create');
    // Without pins the generic reading knows the mail-style form: "To" takes the customer's
    // address, and the one editor nothing names is the message body (issue 21).
    const bare = findFields(['email', 'description', 'title'], { scope: form, includeHidden: true });
    expect(bare.found.email).toMatchObject({ via: 'label', label: 'to' });
    expect(bare.found.description).toMatchObject({ via: 'sole-body', el: $('.note-editable') });
    const pinned = findFields(['email', 'description', 'title', 'name'], { scope: form, includeHidden: true, pinned: { email: $('.select2-search__field'), description: $('.note-editable') } });
    expect(pinned.found.email).toMatchObject({ via: 'profile', kind: 'combobox' });
    expect(pinned.found.email!.el).toBe($('.select2-selection'));
    expect(pinned.found.description).toMatchObject({ via: 'profile', el: $('.note-editable') });
    expect(pinned.found.title).toMatchObject({ via: 'label', el: $('#subject') });
    expect(pinned.missing).toEqual(['name']);
    // A pin to something that is no field (gone from the page) names nothing.
    const gone = document.createElement('input');
    expect(findFields(['title'], { scope: form, includeHidden: true, pinned: { title: gone } }).found.title!.el).toBe($('#subject'));
  });
});

describe('one widget, one field', () => {
  it('a select2 box pinned as the e-mail is not also the name its hidden <select> is called by (osTicket\'s User box, name="name")', () => {
    document.body.innerHTML = `
      <form id="open">
        <table><tr><td>User:</td><td>
          <select id="user-name" name="name" class="select2-hidden-accessible" style="position:absolute;width:1px;height:1px;clip:rect(0 0 0 0)"><option value="">Select User</option></select>
          <span class="select2 select2-container"><span class="select2-selection select2-selection--single" role="combobox" aria-haspopup="true" aria-labelledby="c"><span id="c" class="select2-selection__rendered" role="textbox">Select User</span></span></span>
        </td></tr>
        <tr><td>Issue Summary:</td><td><input type="text" name="f92fc"></td></tr></table>
      </form>`;
    const form = $('#open');
    const bare = findFields(['name', 'email'], { scope: form, includeHidden: true });
    expect(bare.found.name).toBeDefined();
    const pinned = findFields(['name', 'email'], { scope: form, includeHidden: true, pinned: { email: $('.select2-selection') } });
    expect(pinned.found.email).toMatchObject({ via: 'profile' });
    expect(pinned.found.name).toBeUndefined();
    expect(pinned.missing).toEqual(['name']);
  });
});

describe('a form of its own is about no record, whatever its URL says', () => {
  const ORIGIN = 'https://desk.example.com';
  const profile: ConsoleProfile = { id: 'taught-desk', name: 'desk', version: 1, match: { origins: [ORIGIN] }, ticketForm: { container: '#form-create', fields: { title: { css: '#subject' } } }, thread: { container: '.thread', entry: '.msg', author: 'b', body: 'p' } };
  const env = { profiles: () => [{ profile, source: 'taught' as const }], choice: () => undefined, agentName: () => '' };
  const at = (path: string, html: string) => {
    (window as unknown as { happyDOM: { setURL(u: string): void } }).happyDOM.setURL(`${ORIGIN}${path}`);
    document.body.innerHTML = html;
    return new PageModel(document, env).current();
  };

  it("the new conversation moved to its draft's /conversation/5 is still the form: no record id, the record is the one the agent came from", () => {
    const s = at('/conversation/5', FORM);
    expect(s.identity().recordId).toBeNull();
    expect(s.identity().sources[0]).toMatchObject({ source: 'url', value: '5' });
    expect(s.ticketForm()?.via).toBe('profile');
  });

  it('a record page that shows a thread beside the same form keeps its id', () => {
    const s = at('/conversation/2', `<main class="thread"><div class="msg"><b>Ada</b><p>My package never arrived.</p></div></main>${FORM}`);
    // happy-dom lays nothing out, so no entry reads as shown: the thread a browser reads here is given.
    const read = s.thread();
    expect(read?.via).toBe('profile');
    Object.defineProperty(s, 'thread', { value: () => ({ ...read!, entries: [{ role: 'customer', author: 'Ada', text: 'My package never arrived.' }] }) });
    expect(s.ticketForm()?.via).toBe('profile');
    expect(s.identity().recordId).toBe('2');
  });
});
