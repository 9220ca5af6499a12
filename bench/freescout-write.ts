/**
 * FreeScout 1.8.235 as a write target of `npm run bench:consoles` (e2e/consoles/write-run.ts
 * `judgeWrites`), judged by FreeScout's own database: the conversation's new *published*
 * threads (type 2 replies, type 3 notes; autosaved drafts are state 1 and do not count), the
 * published conversations created since the mark, the conversation's mailbox and assignee —
 * each only when the request changed it — and its line items (moved, assigned) as the count
 * of what landed. What a person does with FreeScout's own controls is written here (never
 * seen by deskhand). No refund, priority or category on FreeScout: refund.request is n/a, a
 * new conversation is judged without a priority, and category.match is right choosing none.
 */
import type { Page } from 'puppeteer-core';
import { click } from '../fixtures/kit/person.ts';
import type { LogEntry } from '../fixtures/types.ts';
import type { LandedTicket } from '../e2e/consoles/judge.ts';
import type { Landed, TargetRecord, WriteTarget } from '../e2e/consoles/write-run.ts';
import { conversation, conversationsAfter, conversationThreads, customer, maxId, resetFreescout, type Freescout } from '../e2e/consoles/freescout/freescout.ts';

interface Mark {
  convId: number;
  thread: number;
  conv: number;
  userId: number;
  mailboxId: number;
}

const EVENT: Record<number, string> = { 1: 'status', 2: 'assigned', 3: 'moved' };

async function landedTicket(convId: number): Promise<LandedTicket> {
  const c = await conversation(convId);
  const [who, threads] = await Promise.all([customer(c.customerId), conversationThreads(convId)]);
  return {
    subject: c.subject,
    // FreeScout's form has neither: judged as empty on both sides (Hands.lacks).
    category: '',
    priority: '',
    description: threads.find((t) => t.type === 2)?.text ?? '',
    customer: { name: who.name, email: who.email },
  };
}

/** The visible one of FreeScout's buttons (Reply and Note share one form, buttons swap). */
async function clickVisible(page: Page, selector: string): Promise<void> {
  await page.waitForSelector(`${selector}:not([style*="none"])`, { visible: true, timeout: 3_000 });
  await click(page, selector);
}

/**
 * The same target after the agent opened the composer: the toolbar's Reply (or Note) clicked
 * and the editor shown, as a person does before typing. Measures the composer tools on the
 * editor they would meet once it is open (the plain target meets it hidden, as the page loads).
 */
export function freescoutComposeTarget(fs: Freescout): WriteTarget {
  const t = freescoutTarget(fs);
  return {
    ...t,
    name: 'freescout, composer opened',
    hands: {
      ...t.hands,
      async compose(page, kind) {
        await click(page, kind === 'reply' ? '#conv-toolbar .conv-reply' : '#conv-toolbar .conv-add-note');
        await page.waitForSelector('.conv-reply-block .note-editable', { visible: true });
      },
    },
  };
}

/** Composer tools, measured on both targets. */
export const COMPOSER_TOOLS = ['reply.draft', 'reply.send', 'note.add'] as const;

export function freescoutTarget(fs: Freescout): WriteTarget {
  const { ids } = fs.state;
  return {
    name: 'freescout',
    origin: new URL(fs.url).origin,
    hands: {
      paths: { reply: /^\/conversation\/ajax/, note: /^\/conversation\/ajax/, ticket: /new-ticket/, assign: { queue: /^event\/moved$/, agent: /^event\/assigned$/ } },
      // The composer's own Send Reply / Add Note (ajax; FreeScout then navigates on).
      send: (page) => clickVisible(page, '.conv-reply-block button.btn-reply-submit'),
      submitTicket: (page) => clickVisible(page, 'form button.btn-send-text'),
      // The mailbox's "New Conversation" page; a person opens it from the mailbox menu.
      async ticketPage(page) {
        await page.goto(`${fs.url}/mailbox/${ids.mailbox}/new-ticket`, { waitUntil: 'load' });
        await page.waitForSelector('#subject');
      },
      assigns: { queue: true, agent: true },
      lacks: ['priority', 'category'],
    },
    reset: () => resetFreescout(),
    // The two active, unassigned conversations of Support: each can move to Sales and go to Kim Lee.
    async records() {
      const out: TargetRecord[] = [];
      for (const id of [ids.conv, ids.otherConv]) {
        const c = await conversation(id);
        const who = await customer(c.customerId);
        const url = `${fs.url}/conversation/${id}`;
        out.push({ id: String(id), urls: { zh: url, en: url }, customer: { name: who.name, email: who.email, phone: who.phone }, category: '', categoryLabel: { zh: '', en: '' } });
      }
      return out;
    },
    backend: {
      async mark(recordId): Promise<Mark> {
        const convId = Number(recordId);
        const c = await conversation(convId);
        return { convId, thread: await maxId('threads'), conv: await maxId('conversations'), userId: c.userId, mailboxId: c.mailboxId };
      },
      async since(mark): Promise<Landed> {
        const m = mark as Mark;
        const added = await conversationThreads(m.convId, { afterId: m.thread });
        const c = await conversation(m.convId);
        const tickets = await Promise.all((await conversationsAfter(m.conv)).map((x) => landedTicket(x.id)));
        const requests: LogEntry[] = added
          .filter((t) => t.type === 4)
          .map((t) => ({ seq: t.id, method: 'POST', path: `event/${EVENT[t.actionType] ?? t.actionType}`, body: null, status: 200, time: t.created }));
        return {
          replies: added.filter((t) => t.type === 2).map((t) => t.text),
          notes: added.filter((t) => t.type === 3).map((t) => t.text),
          tickets,
          refunds: [],
          // Only what the request changed: an assignee or a mailbox it already had is no assignment.
          ...(c.mailboxId !== m.mailboxId ? { queue: c.mailbox } : {}),
          ...(c.userId !== m.userId && c.userId ? { agent: c.assignee } : {}),
          requests,
        };
      },
    },
    queue: { value: 'Sales', label: { zh: 'Sales', en: 'Sales' } },
    agent: 'Kim Lee',
  };
}
