/**
 * The demo console (demo/console): deskhand's own test bed. Most of it is read by the
 * generic heuristics; the profile pins what the demo knows for sure.
 */
import type { ConsoleProfile } from '../schema.ts';

export const demoProfile: ConsoleProfile = {
  id: 'deskhand-demo',
  name: 'deskhand demo console',
  version: 1,
  match: { markers: ['main.conversation[data-conversation-id]', 'aside.customer-panel'] },
  identity: {
    url: [{ param: 'c' }],
    dom: [{ css: 'main.conversation[data-conversation-id]', attr: 'data-conversation-id' }],
    subject: [{ css: 'main.conversation h2.subject', pattern: '^(.*?)\\s*#\\S+$' }],
  },
  thread: {
    container: 'main.conversation ol.messages',
    entry: 'li.msg',
    roles: [
      { role: 'customer', css: '.msg.customer' },
      { role: 'agent', css: '.msg.agent' },
    ],
    author: '.who',
    time: 'time',
    body: '.text',
  },
  customer: { container: 'aside.customer-panel' },
  history: { container: 'ul.ticket-history', item: 'li.ticket', id: { css: 'b' }, title: '.t-title', status: '.status', date: 'time' },
  composers: { reply: { editor: 'main.conversation .composer [contenteditable=true]', kind: 'contenteditable', form: 'main.conversation .composer' } },
  signals: { success: ['[role=status][data-state=ok]'], error: ['[role=status][data-state=error]'] },
};
