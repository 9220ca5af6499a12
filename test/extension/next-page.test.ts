/**
 * The worker's half of "verify on the next page" (src/background/next-page.ts) against a
 * stand-in for chrome.tabs: it keeps asking the tab's top frame until a page other than the
 * one that pressed answers, and turns a closed tab, another site, silence or a garbled answer
 * into uncertain — never executed. The real path is proven in e2e/next-page.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../src/background/audit-store.ts', () => ({ storageAuditSink: { write: vi.fn() } }));

import { storageAuditSink } from '../../src/background/audit-store.ts';
import { awaitCheck, expectNextPage, NEXT_PAGE_MS, pageArrived } from '../../src/background/next-page.ts';
import { ToBackground, ToContent, type NextPageCheck } from '../../src/messages/index.ts';

const ORIGIN = 'http://127.0.0.2:8089';
const check = (over: Partial<NextPageCheck> = {}): NextPageCheck => ({
  tool: 'note.add',
  caller: 'ui',
  traceId: 'trace-1',
  text: 'Warehouse confirmed.',
  before: 0,
  recordId: '1',
  record: 'same',
  words: { refused: 'NOTE_REFUSED', unclear: 'NOTE_UNCERTAIN', silent: 'NOTE_UNCONFIRMED', fix: 'Fix it.', check: 'Check the notes.' },
  data: { added: true },
  ...over,
});

type Answer = unknown | Error;

/** chrome.tabs with a tab whose top frame answers `answers` in turn (the last one repeats). */
function fakeTabs(answers: Answer[], tab: Partial<chrome.tabs.Tab> | null = { url: `${ORIGIN}/scp/tickets.php?id=1`, status: 'complete' }) {
  const sent: { tabId: number; msg: unknown; opts: unknown }[] = [];
  let i = 0;
  const tabs = {
    get: vi.fn(async (id: number) => {
      if (!tab) throw new Error(`No tab with id: ${id}`);
      return { id, ...tab };
    }),
    sendMessage: vi.fn(async (tabId: number, msg: unknown, opts: unknown) => {
      sent.push({ tabId, msg, opts });
      const a = answers[Math.min(i++, answers.length - 1)];
      if (a instanceof Error) throw a;
      return a;
    }),
  };
  vi.stubGlobal('chrome', { tabs });
  return { tabs, sent };
}

const samePage = { ok: false, error: { code: 'SAME_PAGE', type: 'unavailable', detail: '', suggestion: '', retryable: false, traceId: '' } };
const noReceiver = new Error('Could not establish connection. Receiving end does not exist.');

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the next page decides', () => {
  it('asks the top frame until the new page answers: the page that pressed and a loading tab are asked again', async () => {
    const { sent } = fakeTabs([samePage, noReceiver, { ok: true, result: { status: 'done', data: { added: true, seen: 'on the next page: the text appears on the page' } } }]);
    const id = crypto.randomUUID();
    expectNextPage(id, check(), { tabId: 7, origin: ORIGIN });
    const result = awaitCheck(id, 7);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toEqual({ status: 'done', data: { added: true, seen: 'on the next page: the text appears on the page' } });
    expect(sent.map((s) => [s.tabId, (s.msg as { type: string }).type, s.opts])).toEqual([
      [7, 'delivery.verify', { frameId: 0 }],
      [7, 'delivery.verify', { frameId: 0 }],
      [7, 'delivery.verify', { frameId: 0 }],
    ]);
    expect(ToContent.safeParse(sent[0]!.msg).success).toBe(true);
    expect(storageAuditSink.write).toHaveBeenCalledWith(expect.objectContaining({ tool: 'note.add', status: 'done', traceId: 'trace-1' }));
  });

  it("the next page's refusal is failed and keeps the call's trace id", async () => {
    fakeTabs([{ ok: true, result: { status: 'failed', error: { code: 'NOTE_REFUSED', type: 'failed', detail: 'The console answered: Note required', suggestion: 'Fix it.', retryable: false, traceId: 'x' } } }]);
    const id = crypto.randomUUID();
    expectNextPage(id, check(), { tabId: 7, origin: ORIGIN });
    await vi.advanceTimersByTimeAsync(10);
    expect(await awaitCheck(id)).toMatchObject({ status: 'failed', error: { code: 'NOTE_REFUSED', type: 'failed', traceId: 'trace-1' } });
  });

  it('a page that never comes is uncertain after the wait, not executed', async () => {
    const { tabs } = fakeTabs([samePage]);
    const id = crypto.randomUUID();
    expectNextPage(id, check(), { tabId: 7, origin: ORIGIN });
    const result = awaitCheck(id);
    await vi.advanceTimersByTimeAsync(NEXT_PAGE_MS + 500);
    expect(await result).toMatchObject({ status: 'uncertain', error: { code: 'NO_NEXT_PAGE', type: 'uncertain', retryable: false } });
    const asked = tabs.sendMessage.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    // Decided once: nobody asks again afterwards.
    expect(tabs.sendMessage.mock.calls.length).toBe(asked);
  });

  it('a closed tab, or a tab that went to another site, is uncertain at once', async () => {
    fakeTabs([noReceiver], null);
    const closed = crypto.randomUUID();
    expectNextPage(closed, check(), { tabId: 7, origin: ORIGIN });
    await vi.advanceTimersByTimeAsync(10);
    expect(await awaitCheck(closed)).toMatchObject({ status: 'uncertain', error: { code: 'TAB_CLOSED', type: 'uncertain' } });

    fakeTabs([noReceiver], { url: 'https://elsewhere.example/', status: 'complete' });
    const away = crypto.randomUUID();
    expectNextPage(away, check(), { tabId: 8, origin: ORIGIN });
    await vi.advanceTimersByTimeAsync(10);
    expect(await awaitCheck(away)).toMatchObject({ status: 'uncertain', error: { code: 'TAB_NAVIGATED', type: 'uncertain' } });
  });

  it('a garbled answer is uncertain', async () => {
    fakeTabs([{ ok: true, result: { status: 'yes' } }]);
    const id = crypto.randomUUID();
    expectNextPage(id, check(), { tabId: 7, origin: ORIGIN });
    await vi.advanceTimersByTimeAsync(10);
    expect(await awaitCheck(id)).toMatchObject({ status: 'uncertain', error: { code: 'NO_NEXT_PAGE', type: 'uncertain' } });
  });

  it('an asker that comes before the check waits for it; an unknown check, or one of another tab, is uncertain', async () => {
    fakeTabs([{ ok: true, result: { status: 'done', data: { added: true } } }]);
    const id = crypto.randomUUID();
    const early = awaitCheck(id);
    await vi.advanceTimersByTimeAsync(100);
    expectNextPage(id, check(), { tabId: 7, origin: ORIGIN });
    await vi.advanceTimersByTimeAsync(10);
    expect(await early).toEqual({ status: 'done', data: { added: true } });
    expect(await awaitCheck(id, 9)).toMatchObject({ status: 'uncertain', error: { code: 'NO_NEXT_PAGE', type: 'uncertain' } });

    const never = awaitCheck(crypto.randomUUID());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await never).toMatchObject({ status: 'uncertain', error: { code: 'NO_NEXT_PAGE', type: 'uncertain' } });
  });

  it("the new page's hello (tab.whoami) asks again at once instead of at the next tick", async () => {
    const { tabs } = fakeTabs([noReceiver, { ok: true, result: { status: 'done', data: {} } }]);
    const id = crypto.randomUUID();
    expectNextPage(id, check(), { tabId: 11, origin: ORIGIN });
    await vi.advanceTimersByTimeAsync(0);
    expect(tabs.sendMessage).toHaveBeenCalledTimes(1);
    pageArrived(11);
    await vi.advanceTimersByTimeAsync(0);
    expect(tabs.sendMessage).toHaveBeenCalledTimes(2);
    expect(await awaitCheck(id)).toEqual({ status: 'done', data: {} });
  });
});

describe('the messages are validated', () => {
  it('delivery.navigating carries a strict check; delivery.await and delivery.verify a check id', () => {
    const checkId = crypto.randomUUID();
    expect(ToBackground.safeParse({ type: 'delivery.navigating', checkId, check: check() }).success).toBe(true);
    expect(ToBackground.safeParse({ type: 'delivery.navigating', checkId, check: { ...check(), executed: true } }).success).toBe(false);
    expect(ToBackground.safeParse({ type: 'delivery.navigating', checkId: 'not-a-uuid', check: check() }).success).toBe(false);
    expect(ToBackground.safeParse({ type: 'delivery.await', checkId }).success).toBe(true);
    expect(ToBackground.safeParse({ type: 'delivery.await', checkId, tabId: 3 }).success).toBe(false);
    expect(ToContent.safeParse({ type: 'delivery.verify', checkId, check: check({ record: 'new' }) }).success).toBe(true);
    expect(ToContent.safeParse({ type: 'delivery.verify', checkId, check: { ...check(), record: 'other' } }).success).toBe(false);
  });
});
