/**
 * The helpers that judge real-console tests read osTicket's database right: checked against
 * what seed.php reported creating (through osTicket's own model code) and raw SQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  dbNow,
  displayPhone,
  faqs,
  htmlToText,
  parseXmlRows,
  query,
  startOsticket,
  ticketIdByNumber,
  ticketNumberById,
  ticketState,
  ticketsCreatedSince,
  ticketThread,
  ticketUser,
  userTickets,
  type Osticket,
} from './osticket.ts';

let os: Osticket;

beforeAll(async () => {
  os = await startOsticket();
});

describe('mariadb --xml rows', () => {
  it('keeps NULL apart from the empty string and decodes entities', () => {
    const xml = `<?xml version="1.0"?>
<resultset statement="select" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <row>
	<field name="a">&lt;p&gt;Tom &amp; &quot;Jerry&quot;&lt;/p&gt;</field>
	<field name="b" xsi:nil="true" />
	<field name="c"></field>
	<field name="d">张伟
second line</field>
  </row>
</resultset>`;
    expect(parseXmlRows(xml)).toEqual([{ a: '<p>Tom & "Jerry"</p>', b: null, c: '', d: '张伟\nsecond line' }]);
  });

  it('round-trips through the real client, quotes and all', async () => {
    const rows = await query(`SELECT 'O''Connor \\\\ <b>' AS s, NULL AS n, '' AS e, 42 AS i`);
    expect(rows).toEqual([{ s: "O'Connor \\ <b>", n: null, e: '', i: '42' }]);
  });
});

describe('text helpers', () => {
  it('turns stored HTML into the text a reader sees', () => {
    expect(htmlToText('<p>Hi Maria,</p><p>Best regards,<br>Ada &amp; Ben&nbsp;&#8212; &#x4f60;</p>')).toBe('Hi Maria,\nBest regards,\nAda & Ben — 你');
  });

  it('formats phones the way the staff panel shows them', () => {
    expect(displayPhone('4155550132')).toBe('(415) 555-0132');
    expect(displayPhone('2125550187X204')).toBe('(212) 555-0187 x204');
    expect(displayPhone('13812345678')).toBe('13812345678');
    expect(displayPhone('')).toBe('');
  });
});

describe('the seeded helpdesk, as the database holds it', () => {
  it('maps every ticket number to its id and back', async () => {
    for (const t of os.seed.tickets) {
      expect(await ticketIdByNumber(t.number)).toBe(t.id);
      expect(await ticketNumberById(t.id)).toBe(t.number);
    }
    expect(await ticketIdByNumber('000000')).toBeNull();
  });

  it('reads each ticket owner with e-mail and phone', async () => {
    for (const t of os.seed.tickets) {
      const owner = os.seed.users.find((u) => u.id === t.userId);
      expect(await ticketUser(t.id)).toMatchObject({ id: t.userId, name: owner?.name, email: owner?.email, phone: owner?.phone });
    }
  });

  it('lists a user’s tickets, newest first', async () => {
    const maria = os.seed.users.find((u) => u.key === 'maria');
    const mine = await userTickets(maria?.id ?? 0);
    expect(mine.map((t) => t.id).sort()).toEqual(os.seed.tickets.filter((t) => t.userId === maria?.id).map((t) => t.id).sort());
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect([...mine].sort((a, b) => b.created.localeCompare(a.created))).toEqual(mine);
    expect(mine.map((t) => t.status)).toContain('Closed');
  });

  it('reads threads with customer messages, agent replies and internal notes', async () => {
    for (const t of os.seed.tickets) {
      const thread = await ticketThread(t.id);
      expect(thread).toHaveLength(t.entries);
      expect(thread[0]?.type).toBe('M');
      expect([...thread].sort((a, b) => a.created.localeCompare(b.created))).toEqual(thread);
    }
    const zh = await ticketThread(os.seed.tickets.find((t) => t.key === 'zhang-invoice')?.id ?? 0);
    expect(zh.map((e) => e.type)).toEqual(['M', 'N', 'R']);
    expect(zh[1]).toMatchObject({ poster: 'Ada Agent', title: '财务确认' });
    expect(zh[0]?.text).toContain('上海星辰科技有限公司');
  });

  it('reads department, assignee, status and help topic', async () => {
    const id = os.seed.tickets.find((t) => t.key === 'maria-refund')?.id ?? 0;
    expect(await ticketState(id)).toMatchObject({ dept: 'Support', staff: 'Ada Agent', status: 'Open', topic: 'Refund Request', priority: 'High' });
    const raw = await query(`SELECT dept_id, staff_id, topic_id FROM ost_ticket WHERE ticket_id = ${id}`);
    const s = await ticketState(id);
    expect(raw[0]).toEqual({ dept_id: String(s.deptId), staff_id: String(s.staffId), topic_id: String(s.topicId) });
  });

  it('sees no ticket created after now, and every seeded one before', async () => {
    expect(await ticketsCreatedSince(await dbNow())).toEqual([]);
    const all = await ticketsCreatedSince('2000-01-01 00:00:00');
    expect(all.map((t) => t.id).sort((a, b) => a - b)).toEqual(os.seed.tickets.map((t) => t.id).sort((a, b) => a - b));
  });

  it('reads the public FAQs in English and Chinese', async () => {
    const list = await faqs();
    expect(list.map((f) => f.question)).toEqual(expect.arrayContaining(['Refund policy', '如何修改发票抬头', 'Shipping times']));
    expect(list.every((f) => f.published === 1 && f.categoryPublic)).toBe(true);
    expect(list.find((f) => f.question === 'Refund policy')?.answer).toContain('within 30 days');
  });
});
