import { describe, expect, it } from 'vitest';
import { comparableIds, idFromText, idFromUrl, recordIdFromText, sameId, ticketIdIn } from '../../src/dom/ids.ts';

describe('record ids in URLs', () => {
  it.each([
    ['https://x.example/scp/tickets.php?id=2', '2'],
    ['http://127.0.0.1:5317/?c=C-1002', 'C-1002'],
    ['https://x.example/inbox/conversations/5120', '5120'],
    ['https://x.example/ticket.cgi?tid=INC0010023', 'INC0010023'],
    ['https://x.example/tickets/452271', '452271'],
    ['https://x.example/agent/#/cases/T-2042', 'T-2042'],
    ['https://x.example/c/9b2f3c4e-1d2e-4f5a-8b9c-0d1e2f3a4b5c', '9b2f3c4e-1d2e-4f5a-8b9c-0d1e2f3a4b5c'],
  ])('%s names %s', (url, id) => {
    expect(idFromUrl(url)?.value).toBe(id);
  });
  it('ignores pages without an id', () => {
    expect(idFromUrl('https://x.example/scp/index.php')).toBeNull();
    expect(idFromUrl('https://x.example/en/help')).toBeNull();
    expect(idFromUrl('https://x.example/2')).toBeNull();
  });
});

describe('ids in headings and rows', () => {
  it.each([
    ['Ticket #452271', '452271'],
    ['对话 #5120', '5120'],
    ['工单号 T-2042 已关闭', 'T-2042'],
    ['耳机左耳无声 #C-1001', 'C-1001'],
    ['Case INC0010023: printer', 'INC0010023'],
  ])('%s → %s', (text, id) => expect(idFromText(text)).toBe(id));
  it("tells the record's number from an order number in the subject", () => {
    expect(recordIdFromText('#8820 Order 30117 arrived damaged')).toEqual({ id: '8820', order: false });
    expect(recordIdFromText('Wrong colour delivered (order FL-88213)')).toEqual({ id: 'FL-88213', order: true });
    expect(recordIdFromText('耳机左耳没有声音（订单号 SO-55120）')).toEqual({ id: 'SO-55120', order: true });
    expect(recordIdFromText('Order #5521 not delivered · Ticket #20417')).toEqual({ id: '20417', order: false });
    expect(recordIdFromText('Tickets › #1583')).toEqual({ id: '1583', order: false });
    expect(recordIdFromText('No number here')).toBeNull();
  });
  it('finds ticket ids in history rows', () => {
    expect(ticketIdIn('#452271 Refund not received Closed')).toBe('452271');
    expect(ticketIdIn('T-9001 耳机左耳无声 已关闭 2026-10-02')).toBe('T-9001');
    expect(ticketIdIn('INC0010023 — Printer jam')).toBe('INC0010023');
    expect(ticketIdIn('Refund not received')).toBeNull();
  });
  it("never takes a written date's year for a ticket number (a row whose subject is its only link)", () => {
    expect(ticketIdIn('Where is my parcel? Closed Aug 19, 2025')).toBeNull();
    expect(ticketIdIn('Return label Closed 19 Aug 2025')).toBeNull();
    expect(ticketIdIn('开票信息修改 已关闭 2025年9月2日')).toBeNull();
    expect(ticketIdIn('#47102 Promo code not applied Solved Nov 2, 2025')).toBe('47102');
    expect(ticketIdIn('Ticket 2025 cannot log in')).toBe('2025');
  });
  it('compares ids of the same shape family only', () => {
    expect(sameId('#C-1001', 'c-1001')).toBe(true);
    expect(comparableIds('C-1001', 'C-1002')).toBe(true);
    expect(comparableIds('2', '452271')).toBe(false);
  });
});
