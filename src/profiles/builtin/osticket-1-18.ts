/**
 * osTicket 1.18 staff panel (`/scp/`). Facts from a real install (e2e/consoles/osticket/DOM.md):
 * the URL carries the internal id (`tickets.php?id=2`) while people see a 6-digit number
 * ("Ticket #452271"); thread entries are `.thread-entry.message|response|note` with events
 * between them; the phone is only in the user popup (ajax.php/tickets/N/user); the user's
 * other tickets are on their user page; Redactor 3 editors sit behind Post Reply / Post
 * Internal Note tabs; Assign and Transfer are ajax dialogs; navigation is PJAX.
 * Ticket numbers, `#field_N` ids and the dialogs' hashed field names differ per install, so
 * nothing here depends on them.
 */
import { OSTICKET_STAFF_FAQ } from '../../kb/presets.ts';
import type { ConsoleProfile } from '../schema.ts';

export const osticketProfile: ConsoleProfile = {
  id: 'osticket-1.18',
  name: 'osTicket 1.18 (staff panel)',
  version: 1,
  match: { paths: ['*/scp/*'], markers: ['#pjax-container'] },
  identity: {
    url: [{ path: 'tickets\\.php\\?(?:[^#]*&)?id=(\\d+)' }],
    display: [{ css: '.sticky.bar h2', pattern: '#\\s?(\\d+)' }],
    // Both composers post the ticket's id back: the page must be about the URL's ticket.
    crossCheck: [{ css: 'form#reply input[name=id]', attr: 'value' }],
    subject: [{ css: '.tixTitle h3' }],
  },
  thread: {
    container: '#thread-items',
    entry: '#thread-items .thread-entry, #thread-items > .thread-event',
    roles: [
      { role: 'customer', css: '.thread-entry.message' },
      { role: 'agent', css: '.thread-entry.response' },
      { role: 'note', css: '.thread-entry.note' },
      { role: 'system', css: '.thread-event' },
    ],
    author: '.header > b',
    time: '.header time, time',
    body: '.thread-body > div:first-child',
    // The entry's action menu (hidden ul.title "Edit / Create Ticket") is not the message.
    exclude: ['.action-dropdown', '.avatar'],
  },
  customer: {
    container: 'table.ticket_info',
    fields: {
      name: { css: 'table.ticket_info [id^="user-"][id$="-name"]' },
      email: { css: 'table.ticket_info [id^="user-"][id$="-email"]' },
    },
    // The phone is only in the user popup, which the panel loads from this URL.
    follow: { path: 'ajax.php/tickets/{recordId}/user', within: '#user-profile' },
  },
  history: {
    follow: { link: 'table.ticket_info a[href*="users.php?id="]', within: '#tickets table.list' },
    item: 'tr[id]',
    id: { css: 'a.preview' },
    title: 'a[href*="tickets.php?id="]:not(.preview)',
  },
  composers: {
    reply: {
      editor: 'form#reply .redactor-in',
      source: 'form#reply textarea[name=response]',
      kind: 'redactor',
      activate: '#post-reply-tab',
      form: 'form#reply',
      submit: 'form#reply input[type=submit]',
      // The autolock fills the lock code once the agent types; a post without it is refused.
      ready: ['form#reply input[name=lockCode]'],
    },
    note: {
      editor: 'form#note .redactor-in',
      source: 'form#note textarea[name=note]',
      kind: 'redactor',
      activate: '#post-note-tab',
      form: 'form#note',
      submit: 'form#note input[type=submit]',
      ready: ['form#note input[name=lockCode]'],
    },
  },
  ticketForm: {
    path: '/scp/tickets.php?a=open',
    container: 'form[action="tickets.php?a=open"]',
    fields: { category: { css: 'select[name=topicId]', label: ['Help Topic'] } },
    submit: 'form[action="tickets.php?a=open"] input[type=submit][name=submit]',
    // The user is chosen, not typed: the page opens "Lookup or create a user" by itself; a
    // suggestion, then Continue, reloads the form as tickets.php?a=open&uid=N (DOM.md §9).
    customerLookup: {
      search: '#popup input#user-search',
      option: 'ul.typeahead.dropdown-menu > li',
      submit: '#popup #selected-user-info input[type=submit]',
      chosen: '#user-info',
    },
  },
  assign: {
    transfer: { open: 'a#ticket-transfer', form: '#popup form#transfer', field: { label: ['Department'] }, submit: '#popup form#transfer input[type=submit]' },
    assign: { open: 'a.inline-edit[href$="/assign"]', form: '#popup form#assign', field: { label: ['Assignee'] }, submit: '#popup form#assign input[type=submit]' },
  },
  kb: [OSTICKET_STAFF_FAQ],
  signals: {
    success: ['#content > .success-banner', '#content > #msg_notice'],
    error: ['#content > #msg_error', '#popup #msg_error', 'form .error'],
  },
  agentName: { css: '#info strong' },
  navigation: { container: '#pjax-container', events: ['pjax:end'] },
  synonyms: { fields: { category: ['help topic'], queue: ['department'] }, sections: { ticketForm: ['open a new ticket'] } },
};
