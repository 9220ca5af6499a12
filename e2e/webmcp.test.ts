/**
 * WebMCP both ways, consume side (issue 24): a Preact console that declares its own tools
 * (e2e/webmcp/app.ts) in real Chromium with `--enable-features=WebMCP`, judged by its backend
 * log. The read tool is used by the chat; "reply" never runs before a side-panel Confirm and
 * runs exactly once after; a tool without annotations is a high-risk write; a page that
 * re-registers a tool between prepare and confirm makes the card stale; a form tool is filled,
 * never submitted. Without the flag (no `document.modelContext`) nothing is registered and
 * nothing else changes.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type RecordedRequest } from '../demo/model/server.ts';
import { confirmCard, launchWithExtension, type Launched } from '../scripts/browser.ts';
import type { PreparedCall, ToolResult } from '../src/tools/types.ts';
import { invokeFrom, poll, until, waitReady } from './harness.ts';
import { startWebmcpConsole, type WebmcpConsole } from './webmcp/server.ts';

let l: Launched;
let site: WebmcpConsole;
let model: ModelServer;
let page: Page;
let panel: Page;
let tabId: number;

const SETTINGS = (baseURL: string, name: string) => ({ roles: ['AGENT'], agentName: 'Chen Jing', llm: { baseURL, apiKey: 'demo', model: name } });

async function openConsole(): Promise<void> {
  for (const p of await l.browser.pages()) if (p.url() !== 'about:blank') await p.close();
  site.reset();
  page = await l.browser.newPage();
  await page.goto(`${site.url}/ticket/77`, { waitUntil: 'load' });
  await page.waitForSelector('h1');
  await waitReady(l, page);
  tabId = await l.worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1, page.url());
  panel = await l.browser.newPage();
  await panel.goto(`chrome-extension://${l.extensionId}/src/sidepanel/index.html?tabId=${tabId}`, { waitUntil: 'load' });
}

/** A browser with deskhand (these Chromium features on), the fixture console and the model server, for one describe block. */
function launch(features: string[], offer = false): void {
  beforeAll(async () => {
    [site, model] = await Promise.all([startWebmcpConsole(), startModelServer()]);
    l = await launchWithExtension({ features, lang: 'en' });
    const settings = { ...SETTINGS(`${model.url}/v1`, 'console-tools'), ...(offer ? { webmcp: { offerOrigins: [site.url] } } : {}) };
    await l.worker.evaluate(async (s: unknown) => chrome.storage.local.set({ settings: s }), settings);
  });
  afterAll(async () => {
    await l?.browser.close();
    await Promise.all([site?.close(), model?.close()]);
  });
  beforeEach(openConsole);
}

const call = (r: ToolResult): PreparedCall => {
  if (r.status !== 'needs_confirmation') throw new Error(`expected a confirmation, got ${JSON.stringify(r).slice(0, 400)}`);
  return r.call;
};
const replies = () => site.log().filter((e) => e.path === '/api/reply');
const ledgerState = (actionId: string) =>
  l.worker.evaluate(async (id: string) => {
    const all = await chrome.storage.session.get(null);
    const e = Object.values(all).find((v) => (v as { call?: { actionId?: string } })?.call?.actionId === id) as { state?: string } | undefined;
    return e?.state ?? null;
  }, actionId);
const inspect = async () => {
  const r = await invokeFrom(panel, tabId, 'page.inspect', {}, 'ui');
  if (r.status !== 'done') throw new Error(JSON.stringify(r));
  return r.data as { declaredTools?: unknown };
};

describe('a console that declares its tools (WebMCP on)', () => {
  launch(['WebMCP']);

  it('page.inspect lists each declared tool with its grade and where the grade came from', async () => {
    expect((await inspect()).declaredTools).toEqual(
      expect.arrayContaining([
        { pageName: 'lookup_order', tool: 'console.lookupOrder', sideEffect: 'read', risk: null, gradeSource: 'annotation', form: false, problem: null },
        { pageName: 'reply', tool: 'console.reply', sideEffect: 'write', risk: 'high', gradeSource: 'annotation', form: false, problem: null },
        { pageName: 'tag_ticket', tool: 'console.tagTicket', sideEffect: 'write', risk: 'high', gradeSource: 'default', form: false, problem: null },
        { pageName: 'new_ticket', tool: 'console.newTicket', sideEffect: 'write', risk: 'high', gradeSource: 'default', form: true, problem: null },
      ]),
    );
    expect(site.log()).toEqual([]);
    // Offering deskhand's own tools is off by default: the page sees none of them.
    const names = await page.evaluate(async () => (await (document as unknown as { modelContext: { getTools(): Promise<{ name: string }[]> } }).modelContext.getTools()).map((t) => t.name));
    expect(names.sort()).toEqual(['lookup_order', 'new_ticket', 'reply', 'tag_ticket']);
  });

  it('the side panel\'s "This console" lists them in the agent\'s words, with where each grade came from', async () => {
    await panel.bringToFront();
    await panel.click('button[name=view-console]');
    await panel.waitForSelector('.this-console .declared-tool');
    const rows = await panel.$$eval('.declared-tool', (els) =>
      els.map((e) => ({ tool: (e as HTMLElement).dataset.tool, source: (e as HTMLElement).dataset.source, text: (e as HTMLElement).innerText.replace(/\s+/g, ' ').trim() })),
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { tool: 'lookup_order', source: 'annotation', text: "lookup_order Reads only Graded from the console's own marking" },
        { tool: 'reply', source: 'annotation', text: "reply High risk Graded from the console's own marking" },
        { tool: 'tag_ticket', source: 'default', text: 'tag_ticket High risk Not marked by the console: treated as high risk' },
        { tool: 'new_ticket', source: 'default', text: 'new_ticket Fills a form for you to review Not marked by the console: treated as high risk' },
      ]),
    );
  });

  it('the chat uses the read tool and is offered none of the writes', async () => {
    await fetch(`${model.url}/_reset`);
    await panel.bringToFront();
    await panel.waitForSelector('textarea[name=question]');
    await panel.type('textarea[name=question]', 'Where is order A-1001?');
    await panel.click('button.send');
    await panel.waitForSelector('.turn[data-stopped]', { timeout: 20_000 });
    const reqs = (await (await fetch(`${model.url}/_requests`)).json()) as RecordedRequest[];
    const offered = reqs.find((r) => r.tools)!.tools!;
    expect(offered).toContain('console__lookupOrder');
    expect(offered.filter((n) => n.startsWith('console__'))).toEqual(['console__lookupOrder']);
    // The read ran once through the page's own tool; the reply the model asked for did not.
    expect(site.log()).toEqual([{ method: 'GET', path: '/api/orders/A-1001' }]);
    const answer = await panel.$eval('.turn .md', (el) => el.textContent ?? '');
    expect(answer).toContain('console__lookupOrder: shipped 2026-11-28');
    expect(answer).toContain('console__reply: refused');
    // What the model was given is the page's text, cleaned (the zero-width space removed and counted), inside data markers.
    const toolMsg = reqs.flatMap((r) => r.toolResults ?? []).find((t) => t.includes('A-1001'))!;
    expect(toolMsg).toContain('Order A-1001: shipped, shipped 2026-11-28.');
    expect(toolMsg).toContain('"invisibleChars":1');
  });

  it('"reply" never runs before a side-panel Confirm, and runs exactly once after it', async () => {
    const c = call(await invokeFrom(panel, tabId, 'console.reply', { text: 'Sorry! A new pair ships today.' }, 'ui'));
    expect(c).toMatchObject({ tool: 'console.reply', sideEffect: 'write', risk: 'high', input: { text: 'Sorry! A new pair ships today.' } });
    expect(replies()).toEqual([]);
    // The card shows the exact input.
    const card = `.card[data-action-id="${c.actionId}"]`;
    await panel.bringToFront();
    await panel.waitForSelector(card);
    expect(await panel.$eval(card, (el) => (el as HTMLElement).innerText)).toContain('Sorry! A new pair ships today.');
    expect(replies()).toEqual([]);
    await confirmCard(panel, c.actionId);
    await until(async () => replies().length, (n) => n === 1);
    expect(await until(() => ledgerState(c.actionId), (s) => s === 'executed')).toBe('executed');
    expect(replies()).toEqual([{ method: 'POST', path: '/api/reply', body: { text: 'Sorry! A new pair ships today.', version: 'v1' } }]);
    // The same card clicked again does nothing more.
    await panel.click(`${card} button.confirm`).catch(() => undefined);
    expect((await poll(async () => replies().length, (n) => n > 1, 1_500))).toBe(1);
  });

  it('a tool without annotations is a high-risk write: it waits for a person too', async () => {
    const c = call(await invokeFrom(panel, tabId, 'console.tagTicket', { tag: 'refund' }, 'ui'));
    expect(c.risk).toBe('high');
    expect(site.log().filter((e) => e.path === '/api/tag')).toEqual([]);
  });

  it('a page that re-registers "reply" after the prepare makes the card stale, and it never runs', async () => {
    const c = call(await invokeFrom(panel, tabId, 'console.reply', { text: 'Prepared before the swap' }, 'ui'));
    await page.evaluate(() => (window as unknown as { fixture: { swapReply(): void } }).fixture.swapReply());
    // The kit has read the page's new tools: the definition it registers now differs.
    await until(
      () => panel.evaluate(async (id: number) => ((await chrome.tabs.sendMessage(id, { type: 'page.info' }, { frameId: 0 })) as { declared?: Record<string, string> }).declared?.['console.reply'] ?? null, tabId),
      (d) => d !== null && d !== c.definition,
    );
    await panel.reload({ waitUntil: 'load' });
    const card = `.card[data-action-id="${c.actionId}"]`;
    await panel.waitForSelector(`${card}.stale`);
    expect(await panel.$eval(`${card} button.confirm`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    // Asked directly, the worker refuses the approval too; nothing reached the backend.
    const r = await panel.evaluate((id: string, fp: string) => chrome.runtime.sendMessage({ type: 'confirm.approve', actionId: id, fingerprint: fp }), c.actionId, c.fingerprint);
    expect(r).toMatchObject({ ok: false, error: { code: 'TOOL_CHANGED' } });
    expect(replies()).toEqual([]);
    expect(await ledgerState(c.actionId)).toBe('pending');
  });

  it('a declarative form tool fills the form for the agent to review and never submits it', async () => {
    const c = call(await invokeFrom(panel, tabId, 'console.newTicket', { subject: 'Broken earbud', details: 'Left earbud silent' }, 'ui'));
    await confirmCard(panel, c.actionId);
    expect(await until(() => ledgerState(c.actionId), (s) => s === 'executed')).toBe('executed');
    expect(await page.$eval('input[name=subject]', (el) => (el as HTMLInputElement).value)).toBe('Broken earbud');
    expect(await page.$eval('textarea[name=details]', (el) => (el as HTMLTextAreaElement).value)).toBe('Left earbud silent');
    expect(site.log().filter((e) => e.path === '/api/tickets')).toEqual([]);
    expect(page.url()).toBe(`${site.url}/ticket/77`);
  });
});

describe('the same console with WebMCP off (no document.modelContext)', () => {
  launch([]);

  it('registers nothing and loses nothing', async () => {
    expect(await page.evaluate(() => 'modelContext' in document)).toBe(false);
    const data = await inspect();
    expect(data.declaredTools).toBeUndefined();
    const schemas = await panel.evaluate((id: number) => chrome.tabs.sendMessage(id, { type: 'tools.schemas' }, { frameId: 0 }), tabId);
    const names = (schemas as { tools: { function: { name: string } }[] }).tools.map((t) => t.function.name);
    expect(names.some((n) => n.startsWith('console__'))).toBe(false);
    expect(names).toContain('conversation__read');
    expect((await invokeFrom(panel, tabId, 'console.reply', { text: 'x' }, 'ui')).status).toBe('refused');
    expect(site.log()).toEqual([]);
  });
});

describe("deskhand's tools offered to the browser's agent (WebMCP on, offered on this console)", () => {
  launch(['WebMCP'], true);

  /** A page script calling one of deskhand's offered tools, as any browser agent on the page would. */
  const callOffered = (name: string, input: object) =>
    page.evaluate(
      async (n: string, i: object) => {
        const mc = (document as unknown as { modelContext: { getTools(): Promise<{ name: string }[]>; executeTool(t: unknown, i: object): Promise<string> } }).modelContext;
        const tool = (await mc.getTools()).find((t) => t.name === n);
        if (!tool) return null;
        const out = JSON.parse(await mc.executeTool(tool, i)) as { content: { text: string }[] };
        return JSON.parse(out.content[0]!.text) as { status: string; data?: unknown };
      },
      name,
      input,
    );

  it('a page script gets reads and dry runs only, audited as WebMCP calls', async () => {
    const names = await page.evaluate(async () => (await (document as unknown as { modelContext: { getTools(): Promise<{ name: string; annotations?: { readOnlyHint?: boolean } }[]> } }).modelContext.getTools()).map((t) => `${t.name}:${t.annotations?.readOnlyHint ? 'ro' : 'rw'}`));
    expect(names).toEqual(expect.arrayContaining(['deskhand_page__inspect:ro', 'deskhand_reply__send:rw', 'lookup_order:ro']));
    // The console's own tools are not offered back, nor read back as the console's.
    expect(names.filter((n) => n.startsWith('deskhand_console__'))).toEqual([]);
    expect((await inspect()).declaredTools).toHaveLength(4);
    expect(await callOffered('deskhand_page__inspect', {})).toMatchObject({ status: 'done' });
    const send = await callOffered('deskhand_reply__send', { text: 'Sent by a page script?' });
    expect(send, JSON.stringify(send)).toMatchObject({ status: 'dry_run' });
    // Nothing was stored for a person to confirm, and nothing reached the console.
    const pending = await l.worker.evaluate(async () => Object.values(await chrome.storage.session.get(null)).filter((e) => (e as { state?: string }).state === 'pending').length);
    expect(pending).toBe(0);
    expect(replies()).toEqual([]);
    const audit = await until(
      () => panel.evaluate(async () => ((await chrome.runtime.sendMessage({ type: 'audit.list' })) as { records?: { tool: string; caller: string; status: string; ctx?: { sessionId?: string } }[] }).records ?? []),
      (rs) => rs.some((r) => r.tool === 'reply.send'),
    );
    expect(audit.filter((r) => r.tool === 'reply.send' || r.tool === 'page.inspect').map((r) => ({ tool: r.tool, caller: r.caller, status: r.status, session: r.ctx?.sessionId })).filter((r) => r.session === 'webmcp')).toEqual(
      expect.arrayContaining([
        { tool: 'page.inspect', caller: 'bridge', status: 'done', session: 'webmcp' },
        { tool: 'reply.send', caller: 'bridge', status: 'dry_run', session: 'webmcp' },
      ]),
    );
  });
});
