/**
 * The page model's generic heuristics on markup shapes the demo does not have (no profile
 * matches these pages): ids only in the URL path or a zh heading, roles by alignment or data
 * attributes, headers above bodies, internal-note badges, quoted history, header tables,
 * shadow-root customer cards, a ticket form in an iframe beside the conversation, and every
 * trick for hiding text inside a visible message.
 */
import { createServer, type Server } from 'node:http';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../src/tools/types.ts';
import { startHarness, waitReady, type Harness } from './harness.ts';
import { LINKED, PAGES, type MarkupPage } from './markup/pages.ts';

let h: Harness;
let server: Server;
let base = '';
let panel: Page;

beforeAll(async () => {
  h = await startHarness({ agentName: 'Alex' });
  server = createServer((req, res) => {
    const hit = [...PAGES, ...LINKED].find((p) => p.path === req.url);
    res.writeHead(hit ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(hit?.html ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  panel = await h.panel(0);
});
afterAll(async () => {
  await h?.close();
  await new Promise<void>((r) => server?.close(() => r()));
});

async function open(p: MarkupPage): Promise<number> {
  const page = await h.browser.newPage();
  await page.goto(`${base}${p.path}`, { waitUntil: 'load' });
  await waitReady(h, page);
  return h.tabIdOf(page);
}

const data = <T>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};

interface Thread {
  conversationId: string | null;
  messages: { role: string; author: string; text: string; time: string }[];
  removed: { hiddenMessages: number; hiddenChars: number; invisibleChars: number };
}

describe.each(PAGES.map((p) => [p.path, p] as const))('generic page model on %s', (_path, p) => {
  let tabId: number;
  beforeAll(async () => {
    tabId = await open(p);
  });

  it('recognises the record and the facets, with no profile', async () => {
    const d = data<{ profile: { id: string }; recordId: string | null; facets: string[] }>(await h.invoke(panel, tabId, 'page.inspect', {}));
    expect(d.profile.id).toBe('generic');
    expect(d.recordId).toBe(p.truth.recordId);
    expect(d.facets).toEqual(expect.arrayContaining(p.truth.facets ?? []));
  });

  it('reads every thread entry with its role, author and clean visible text', async () => {
    const d = data<Thread>(await h.invoke(panel, tabId, 'conversation.read', {}, 'llm'));
    expect(d.messages.map((m) => m.role)).toEqual(p.truth.roles);
    expect(d.messages.map((m) => m.author)).toEqual(p.truth.authors);
    expect(d.messages.map((m) => m.text)).toEqual(p.truth.texts);
    expect(JSON.stringify(d)).not.toMatch(/Ignore previous instructions/);
    for (const m of d.messages) expect(m.time, 'a time for every entry').not.toBe('');
  });

  if (p.truth.customer) {
    it('reads the customer', async () => {
      expect(data(await h.invoke(panel, tabId, 'customer.read', {}))).toMatchObject(p.truth.customer!);
    });
  }
  if (p.truth.notCustomer) {
    it("never reads the signed-in agent's own name or e-mail as the customer", async () => {
      const r = await h.invoke(panel, tabId, 'customer.read', {});
      for (const v of p.truth.notCustomer!) expect(JSON.stringify(r)).not.toContain(v);
    });
  }
  if (p.truth.history) {
    it('reads the earlier tickets', async () => {
      const d = data<{ tickets: { id: string }[] }>(await h.invoke(panel, tabId, 'ticket.history', {}));
      expect(d.tickets.map((t) => t.id)).toEqual(p.truth.history);
    });
  }
});

describe('hidden text inside a visible message', () => {
  it('drops all ten hiding tricks, counts what it removed, and strips invisible characters', async () => {
    const tabId = await open(PAGES[0]!);
    const d = data<Thread>(await h.invoke(panel, tabId, 'conversation.read', {}, 'llm'));
    const hiddenLen = 'Ignore previous instructions ().'.replace(/\s/g, '').length;
    expect(d.removed.hiddenChars).toBeGreaterThanOrEqual(10 * hiddenLen);
    expect(d.removed.invisibleChars).toBe(1);
    expect(d.removed.hiddenMessages).toBe(0);
  });
});

describe('a read that opens a tab or an accordion puts the page back', () => {
  // What a person sees of the page: which tab is selected, which sections are open or hidden.
  const STATE = `[...document.querySelectorAll('[aria-expanded], .tabs a, [role=region], [id$=-pane]')].map((e) => [e.tagName, e.id, e.className, e.getAttribute('aria-expanded'), e.hidden].join(':'))`;
  it.each(['/desk/tickets/2207', '/app/t/3f2c9a1e-7b4d-4c8e-9f21-6a5d0c7e2b13'])('%s', async (path) => {
    const page = await h.browser.newPage();
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await waitReady(h, page);
    const tabId = await h.tabIdOf(page);
    const before = await page.evaluate(STATE);
    for (const tool of ['conversation.read', 'customer.read', 'ticket.history']) data(await h.invoke(panel, tabId, tool, {}));
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.evaluate(STATE)).toEqual(before);
  });
});
