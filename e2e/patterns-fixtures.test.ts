/**
 * The blind-pattern consoles (fixtures/pat-*) work as consoles: in plain Chromium (no
 * extension, nothing of deskhand's), a person reads every record in zh and en (the thread, the
 * customer and the earlier tickets, opening what must be opened), then on one record sends a
 * reply, adds a note, assigns it to a person, transfers it to a queue and creates a ticket
 * through the console's own controls. Each act must be exactly one accepted request in the
 * console's log, and the truth must hold exactly what was typed (a note as a note).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { PATTERN_FIXTURES, type PatternFixtureName } from '../fixtures/index.ts';
import { launchPlain } from '../fixtures/kit/chromium.ts';
import { deepText } from '../fixtures/kit/person.ts';
import type { PatternPerson } from '../fixtures/kit/pattern-person.ts';
import { visibleText } from '../fixtures/kit/pattern.ts';
import type { FixtureServer, LogEntry, RecordTruth } from '../fixtures/types.ts';
import { person as bootstrap } from '../fixtures/pat-bootstrap/person.ts';
import { person as select2 } from '../fixtures/pat-select2/person.ts';
import { person as ckeditor } from '../fixtures/pat-ckeditor/person.ts';
import { person as summernote } from '../fixtures/pat-summernote/person.ts';
import { person as kbdown } from '../fixtures/pat-kbdown/person.ts';
import { person as radix } from '../fixtures/pat-radix/person.ts';
import { PATTERN_TARGETS } from './pattern-hands.ts';

/** Typed by the pattern list: a console without a person does not compile. */
const PEOPLE: Record<PatternFixtureName, PatternPerson> = {
  'pat-bootstrap': bootstrap,
  'pat-select2': select2,
  'pat-ckeditor': ckeditor,
  'pat-summernote': summernote,
  'pat-radix': radix,
  'pat-kbdown': kbdown,
};

const REPLY = 'Hi, 已为您核实 — refund ID RF-7731 will reach your card in 3–5 days.';
const NOTE = '财务已批准 duplicate capture refund, ref FIN-2291.';
const SUBJECT = 'Follow-up: 退款进度 RF-7731';
const DESCRIPTION = '客户询问退款进度，需要财务确认 refund RF-7731 的到账时间。';

const bare = (s: string) => s.replace(/\s+/g, '');

/** Whether a request carried `text`, as a person would read it in any of its fields (editors send HTML with entities). */
function carries(e: LogEntry, text: string): boolean {
  const strings = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : []);
  return strings(e.body).some((s) => visibleText(s).includes(text));
}

let browser: Awaited<ReturnType<typeof launchPlain>>;
beforeAll(async () => {
  browser = await launchPlain();
});
afterAll(async () => {
  await browser?.cleanup();
});

describe.each(Object.keys(PEOPLE) as PatternFixtureName[])('pattern console %s', (name) => {
  const p = PEOPLE[name];
  const target = PATTERN_TARGETS[name];
  let server: FixtureServer;
  let page: Page;
  beforeAll(async () => {
    const t0 = Date.now();
    server = await PATTERN_FIXTURES[name]();
    expect(Date.now() - t0).toBeLessThan(1_000);
    page = await browser.newPage();
  });
  afterAll(async () => {
    await page?.close();
    await server?.close();
  });

  it('shows every record in zh and en: the thread, the customer and the earlier tickets', async () => {
    for (const rec of (await server.truth()).records) {
      for (const lang of ['zh', 'en'] as const) {
        await page.goto(rec.urls[lang], { waitUntil: 'load' });
        await p.ready(page, rec);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang === 'zh' ? 'zh-CN' : 'en');
        const text = bare(await deepText(page));
        for (const m of rec.messages.filter((x) => x.role !== 'system')) expect(text, `${rec.recordId} ${lang}: ${m.text}`).toContain(bare(m.text));
        const details = bare(await p.details(page, rec));
        for (const v of [rec.customer.name, rec.customer.email, rec.customer.phone]) expect(details, `${rec.recordId} ${lang}`).toContain(bare(v));
        for (const h of rec.history) {
          // A row the console shows without a number has its key only in its link: the title is what a person sees.
          if (h.id.startsWith('#')) expect(details, `${rec.recordId} ${lang}: history ${h.id}`).toContain(bare(h.id));
          expect(details, `${rec.recordId} ${lang}: history ${h.id}`).toContain(bare(h.title));
        }
      }
    }
  });

  it('a reply, a note, an assignment, a transfer and a ticket each land exactly once, as typed', async () => {
    const records = (await server.truth()).records;
    const b = records[records.length - 1]!;
    onTestFailed(async () => console.error(`${name} backend log:`, JSON.stringify(await server.log(), null, 1)));
    await server.reset();
    await page.goto(b.urls[p.lang], { waitUntil: 'load' });
    await p.ready(page, b);

    /** Runs one act; exactly one mutating request must land, and be accepted. */
    const once = async (what: string, act: () => Promise<void>): Promise<LogEntry> => {
      const before = (await server.log()).length;
      await act();
      const log = (await server.log()).slice(before).filter((e) => e.method !== 'GET');
      expect(log.map((e) => `${e.method} ${e.path} ${e.status}`), what).toHaveLength(1);
      expect(log[0]!.status, what).toBeGreaterThanOrEqual(200);
      expect(log[0]!.status, what).toBeLessThan(400);
      return log[0]!;
    };
    const added = async (from: RecordTruth) => (await server.truth(from.recordId)).messages.slice(from.messages.length).filter((m) => m.role !== 'system').map((m) => [m.role, m.text]);

    let before = await server.truth(b.recordId);
    expect(carries(await once('reply', () => p.reply(page, b, REPLY)), REPLY)).toBe(true);
    expect(await added(before)).toEqual([['agent', REPLY]]);

    before = await server.truth(b.recordId);
    expect(carries(await once('note', () => p.note(page, b, NOTE)), NOTE)).toBe(true);
    expect(await added(before)).toEqual([['note', NOTE]]);
    // Both in the thread the agent is looking at.
    await p.ready(page, b);
    expect(bare(await deepText(page))).toContain(bare(REPLY));
    expect(bare(await deepText(page))).toContain(bare(NOTE));

    before = await server.truth(b.recordId);
    await once('assign', () => p.assign(page, b, target.agent));
    expect((await server.truth(b.recordId)).assignee).toEqual({ queue: before.assignee.queue, agent: target.agent });

    before = await server.truth(b.recordId);
    await once('transfer', () => p.transfer(page, b, target.queue.value));
    expect((await server.truth(b.recordId)).assignee).toEqual({ queue: target.queue.value, agent: target.agent });
    expect(await added(before)).toEqual([]);

    const category = target.category[b.recordId]!;
    const input = { subject: SUBJECT, category, priority: 'high', description: DESCRIPTION, ...b.customer };
    await once('ticket', () => p.ticket(page, b, input));
    const { tickets } = await server.truth();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ subject: SUBJECT, category, priority: 'high', description: DESCRIPTION, customer: b.customer });

    const after = await server.truth(b.recordId);
    expect(after.messages.filter((m) => m.role !== 'system').slice(-2).map((m) => [m.role, m.text])).toEqual([['agent', REPLY], ['note', NOTE]]);
  });
});

describe('pat-kbdown: the help centre cannot be reached, and says so', () => {
  let server: FixtureServer;
  let page: Page;
  beforeAll(async () => {
    server = await PATTERN_FIXTURES['pat-kbdown']();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await page?.close();
    await server?.close();
  });

  const setKb = async (mode: string) => {
    const r = await fetch(`${server.url}/api/_kb`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });
    expect(r.status).toBe(200);
  };
  /** What the composer's "Insert article" says for a search. */
  const insertArticle = async (q: string): Promise<string> => {
    const rec = (await server.truth()).records[0]!;
    await page.goto(rec.urls.en, { waitUntil: 'load' });
    await page.click('.btn-reply');
    await page.waitForSelector('#composer .btn-kb', { visible: true });
    await page.click('#composer .btn-kb');
    await page.type('#composer .kb-q', q);
    await page.waitForFunction(() => {
      const msg = document.querySelector('#composer .kb-msg')?.textContent ?? '';
      return (msg && !/Loading/.test(msg)) || document.querySelectorAll('#composer .kb-results li').length > 0;
    });
    return page.$eval('#composer .kb-panel', (el) => (el as HTMLElement).innerText);
  };

  it('answers the search per mode — down, refused, empty, up — and goes back to down on reset; none of it is logged', async () => {
    const search = () => fetch(`${server.url}/api/kb/search?q=refund&limit=3`);
    const down = await search();
    expect([down.status, down.headers.get('content-type')]).toEqual([503, 'text/html']);
    expect(await down.text()).toContain('503 Service Temporarily Unavailable');
    expect(await insertArticle('refund')).toContain('The knowledge base could not be reached (503)');
    expect((await fetch(`${server.url}/a/solutions?q=refund`)).status).toBe(503);

    await setKb('refused');
    await expect(search()).rejects.toThrow();
    expect(await insertArticle('refund')).toContain('The knowledge base could not be reached');

    await setKb('empty');
    expect(await (await search()).json()).toEqual({ total: 0, results: [] });
    expect(await insertArticle('refund')).toContain('No articles found');

    await setKb('up');
    expect(((await (await search()).json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(await insertArticle('refund')).toContain('Refunding a duplicate charge');

    expect(await server.log()).toEqual([]);
    await server.reset();
    expect((await search()).status).toBe(503);
    expect(await (await fetch(`${server.url}/api/_kb`)).json()).toEqual({ kb: 'down' });
  });
});
