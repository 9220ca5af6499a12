/**
 * An event line that names nobody keeps its own time apart from its text, the way helpdesks
 * draw them: "Assigned to Kim Lee · 5 min ago" (Help Scout / FreeScout line items), a chat
 * widget's centred divider "— Chat transferred to Billing · 14:02 —", a date at the end.
 * (The line itself comes from the page in real Chromium: e2e/fixtures-read, e2e/consoles.)
 */
import { describe, expect, it } from 'vitest';
import { eventTail } from '../../src/dom/entry.ts';

describe('event lines', () => {
  it.each([
    ['Assigned to Kim Lee · 5 minutes ago', 'Assigned to Kim Lee', '5 minutes ago'],
    ['— Chat transferred to Billing · 14:02 —', 'Chat transferred to Billing', '14:02'],
    ['工单已关闭 · 2026-11-30 18:20', '工单已关闭', '2026-11-30 18:20'],
    ['状态改为 已解决 · 3小时前', '状态改为 已解决', '3小时前'],
    ['Closed by Ada Agent | 11/29/26 3:13 AM', 'Closed by Ada Agent', '11/29/26 3:13 AM'],
  ])('%s → text and time apart', (line, text, time) => {
    expect(eventTail(line)).toEqual({ text, time });
  });

  it('keeps a last part that is no time, and a line with no tail', () => {
    expect(eventTail('Moved to Tier 2 · EU')).toBeNull();
    expect(eventTail('Ticket merged into #48190')).toBeNull();
    expect(eventTail('— Chat ended —')).toEqual({ text: 'Chat ended', time: '' });
  });
});
