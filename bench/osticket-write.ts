/**
 * osTicket 1.18 as a write target of `npm run bench:consoles` (e2e/consoles/write-run.ts
 * `judgeWrites`), judged by osTicket's own database: the ticket's new thread entries (R
 * replies, N notes), tickets created since the mark, the ticket's department and assignee,
 * and its thread events (transferred, assigned) as the count of what landed. What a person
 * does with osTicket's own controls is the same as in e2e/consoles/osticket/write.test.ts.
 * No refund on osTicket (no such capability): refund.request is n/a.
 */
import { click, clickAndLoad } from '../fixtures/kit/person.ts';
import type { LogEntry } from '../fixtures/types.ts';
import type { Landed, TargetRecord, WriteTarget } from '../e2e/consoles/write-run.ts';
import type { LandedTicket } from '../e2e/consoles/judge.ts';
import { dbNow, pageSettled, query, resetOsticket, sqlValue, ticketsCreatedSince, ticketState, ticketThread, ticketUser, type Osticket } from '../e2e/consoles/osticket/osticket.ts';

interface Mark {
  ticketId: number;
  entries: number;
  at: string;
  event: number;
  dept: string;
  staff: string;
}

async function lastEvent(): Promise<number> {
  const [r] = await query(`SELECT COALESCE(MAX(id), 0) AS id FROM ost_thread_event`);
  return Number(r?.id ?? 0);
}

/** The ticket's thread events since a mark, as log entries (`event/transferred`, `event/assigned`). */
async function eventsSince(m: Mark): Promise<LogEntry[]> {
  const rows = await query(
    `SELECT e.id, ev.name, e.timestamp FROM ost_thread_event e JOIN ost_event ev ON ev.id = e.event_id
       JOIN ost_thread th ON th.id = e.thread_id
      WHERE th.object_type = 'T' AND th.object_id = ${sqlValue(m.ticketId)} AND e.id > ${sqlValue(m.event)} ORDER BY e.id`,
  );
  return rows.map((r) => ({ seq: Number(r.id), method: 'POST', path: `event/${r.name ?? ''}`, body: null, status: 200, time: r.timestamp ?? '' }));
}

async function landedTicket(id: number): Promise<LandedTicket> {
  const [state, user, thread] = await Promise.all([ticketState(id), ticketUser(id), ticketThread(id)]);
  return {
    subject: state.subject,
    category: state.topic,
    priority: state.priority.toLowerCase(),
    description: thread[0]?.text ?? '',
    customer: { name: user.name, email: user.email, phone: user.phoneDisplay },
  };
}

export function osticketTarget(os: Osticket): WriteTarget {
  const labelOf = (topicId: number) => Object.entries(os.seed.topics).find(([, id]) => id === topicId)?.[0] ?? '';
  return {
    name: 'osticket',
    origin: new URL(os.url).origin,
    hands: {
      paths: { reply: /^\/scp\/tickets\.php/, note: /^\/scp\/tickets\.php/, ticket: /a=open/, assign: { queue: /^event\/transferred$/, agent: /^event\/assigned$/ } },
      send: (page) => clickAndLoad(page, 'form#reply input[type=submit][value="Post Reply"]'),
      submitTicket: (page) => clickAndLoad(page, 'input[type=submit][name=submit][value=Open]'),
      // The sub-nav's "New Ticket"; osTicket opens "Lookup or create a user" by itself.
      async ticketPage(page) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await Promise.all([page.waitForFunction(() => location.search.includes('a=open')), click(page, '#sub_nav a[href*="a=open"]')]);
        await page.waitForSelector('#popup input#user-search', { visible: true });
        await pageSettled(page);
      },
      assigns: { queue: true, agent: true },
      categoryFirst: true,
    },
    reset: () => resetOsticket({ keepSessions: true }),
    // Tickets in Support not assigned to Ben: each can move to Sales and be assigned to Ben.
    async records() {
      const out: TargetRecord[] = [];
      for (const t of os.seed.tickets) {
        const state = await ticketState(t.id);
        if (state.dept !== 'Support' || state.staff === 'Ben Becker') continue;
        const user = await ticketUser(t.id);
        const url = `${os.url}/scp/tickets.php?id=${t.id}`;
        const label = labelOf(state.topicId);
        out.push({ id: String(t.id), urls: { zh: url, en: url }, customer: { name: user.name, email: user.email, phone: user.phoneDisplay }, category: state.topic, categoryLabel: { zh: label, en: label } });
      }
      return out;
    },
    backend: {
      async mark(recordId): Promise<Mark> {
        const ticketId = Number(recordId);
        const state = await ticketState(ticketId);
        return { ticketId, entries: (await ticketThread(ticketId)).length, at: await dbNow(), event: await lastEvent(), dept: state.dept, staff: state.staff ?? '' };
      },
      async since(mark): Promise<Landed> {
        const m = mark as Mark;
        const added = (await ticketThread(m.ticketId)).slice(m.entries);
        const state = await ticketState(m.ticketId);
        const tickets = await Promise.all((await ticketsCreatedSince(m.at)).map((t) => landedTicket(t.id)));
        return {
          replies: added.filter((e) => e.type === 'R').map((e) => e.text),
          notes: added.filter((e) => e.type === 'N').map((e) => e.text),
          tickets,
          refunds: [],
          // Only what changed since the mark: a department or agent it already had is no assignment.
          ...(state.dept !== m.dept ? { queue: state.dept } : {}),
          ...(state.staff && state.staff !== m.staff ? { agent: state.staff } : {}),
          requests: await eventsSince(m),
        };
      },
    },
    queue: { value: 'Sales', label: { zh: 'Sales', en: 'Sales' } },
    agent: 'Ben Becker',
  };
}
