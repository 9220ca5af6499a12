/**
 * Open-on-demand across a page load (src/catalog/carry.ts, src/content/carry.ts): on a console
 * that keeps its reply box and assignment on an update page of their own (fixtures/pat-ckeditor:
 * the record `/ticket/5` links "✎ 回复" to `/ticket/5/update`), a job is carried there as a
 * person would go, judged by the fixture's backend: a dry run names the page and opens nothing;
 * a send is carried only after Confirm and lands once; a job that stops there goes back; and the
 * worker hands a page no call that is not being carried out.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PATTERN_FIXTURES } from '../fixtures/index.ts';
import type { FixtureServer } from '../fixtures/types.ts';
import type { Launched } from '../scripts/browser.ts';
import { launchEnv, type Env } from './consoles/fixture-run.ts';
import { confirmInPanel, invoke, ledger, openPage, press } from './consoles/write-run.ts';
import { inContentWorld, poll, until } from './harness.ts';

let l: Launched;
let env: Env;
let fx: FixtureServer;

beforeAll(async () => {
  ({ l, env } = await launchEnv());
  fx = await PATTERN_FIXTURES['pat-ckeditor']();
  // The bridge on for this console: DevTools' __extTools dry-runs writes.
  await env.worker.evaluate(async (origin: string) => {
    const cur = ((await chrome.storage.local.get('settings')).settings ?? {}) as Record<string, unknown>;
    await chrome.storage.local.set({ settings: { ...cur, bridge: { enabled: true, origins: [origin], allowLowWrites: false } } });
  }, fx.url);
  await poll(() => env.worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts({ ids: ['deskhand-bridge'] })).length), (n) => n === 1);
});
afterAll(async () => {
  await l?.browser.close();
  await fx?.close();
});

let page: Page;
let tabId: number;
beforeEach(async () => {
  await fx.reset();
  for (const p of await env.browser.pages()) if (p.url().startsWith(fx.url)) await p.close();
  ({ page, tabId } = await openPage(env, `${fx.url}/ticket/5`));
});

const record5 = async () => (await fx.truth()).records.find((r) => r.recordId === '5')!;
const posts = async () => (await fx.log()).filter((e) => e.method !== 'GET');
const path = () => new URL(page.url()).pathname;

type Dry = { status: string; data: { preview: { touches: string[]; missing: string[]; display: Record<string, unknown> } } };
const dryRun = (name: string, input: unknown) => page.evaluate((n: string, i: unknown) => (window as unknown as { __extTools: { invoke(n: string, i: unknown): Promise<Dry> } }).__extTools.invoke(n, i), name, input);

describe('a job carried to the record page that holds it', () => {
  it('a dry run names the page it would open and opens nothing', async () => {
    const draft = await dryRun('reply.draft', { text: '您好' });
    expect(draft.status).toBe('dry_run');
    expect(draft.data.preview.missing).toEqual([]);
    expect(draft.data.preview.display.opensPage).toMatch(/回复 \(\/ticket\/5\/update\)$/);
    const assign = await dryRun('ticket.assign', { agent: 'Sarah Kim' });
    expect(assign.data.preview.display.opensPage).toMatch(/\/ticket\/5\/update/);
    expect(path()).toBe('/ticket/5');
    expect(await posts()).toEqual([]);
  });

  it('a draft lands in the update page’s editor, not sent', async () => {
    const r = await invoke(env, tabId, 'reply.draft', { text: '您好，正在为您核实。' });
    expect(r).toMatchObject({ status: 'done', data: { drafted: true } });
    expect(path()).toBe('/ticket/5/update');
    const html = await page.evaluate(() => Object.values((window as unknown as { CKEDITOR: { instances: Record<string, { getData(): string }> } }).CKEDITOR.instances)[0]!.getData());
    expect(html).toContain('您好，正在为您核实。');
    expect(await posts()).toEqual([]);
  });

  it('D (draft from the KB) on the record page drafts into the update page’s editor and says so there', async () => {
    await press(page, 'KeyD', (x) => x.includes('回复草稿已填入回复框'), 20_000);
    expect(path()).toBe('/ticket/5/update');
    const html = await page.evaluate(() => Object.values((window as unknown as { CKEDITOR: { instances: Record<string, { getData(): string }> } }).CKEDITOR.instances)[0]!.getData());
    expect(html).toContain('孙悦');
    expect(await posts()).toEqual([]);
  });

  it('a send is prepared on the record page, carried only after Confirm, and lands exactly once', async () => {
    const before = (await record5()).messages.length;
    const r = await invoke(env, tabId, 'reply.send', { text: '退款已发起，请留意到账。' });
    expect(r.status).toBe('needs_confirmation');
    if (r.status !== 'needs_confirmation') return;
    // The card says where it will be sent from.
    expect(r.call.provenance).toContainEqual({ field: 'opensPage', value: '✎ 回复 (/ticket/5/update)', source: 'link' });
    // Prepared, not performed: the tab stays on the record and nothing was posted.
    expect(path()).toBe('/ticket/5');
    expect(await posts()).toEqual([]);
    const entry = await confirmInPanel(env, tabId, r.call);
    expect(entry.state).toBe('executed');
    const added = (await record5()).messages.slice(before);
    expect(added.map((m) => [m.role, m.text])).toEqual([['agent', '退款已发起，请留意到账。']]);
    expect((await posts()).map((e) => e.path)).toEqual(['/ticket/5/update']);
  });

  it('on the update page whose one Update posts everything, an assignment never publishes a draft left in the editor', async () => {
    ({ page, tabId } = await openPage(env, `${fx.url}/ticket/5/update`));
    expect(await invoke(env, tabId, 'reply.draft', { text: '尚未确认的回复' })).toMatchObject({ status: 'done' });
    const r = await invoke(env, tabId, 'ticket.assign', { agent: 'Sarah Kim' });
    expect(r).toMatchObject({ error: { code: 'ASSIGN_WOULD_POST', type: 'forbidden' } });
    expect(await posts()).toEqual([]);
    expect((await record5()).messages.some((m) => m.text.includes('尚未确认的回复'))).toBe(false);
  });

  it('a job that stops on the page it was carried to goes back to the record, with nothing posted', async () => {
    const r = await invoke(env, tabId, 'ticket.assign', { agent: 'Nobody Such' });
    // Decided on the page it was carried to: not done, with that page's reason.
    expect(r).toMatchObject({ status: 'failed', error: { code: 'UNKNOWN_AGENT' } });
    await until(async () => path(), (p) => p === '/ticket/5');
    expect(await posts()).toEqual([]);
  });

  it('the worker hands a page no call that is not being carried out (a pending card stays pending, nothing is sent)', async () => {
    const r = await invoke(env, tabId, 'reply.send', { text: '这条不应发出。' });
    if (r.status !== 'needs_confirmation') throw new Error(`not prepared: ${JSON.stringify(r)}`);
    const checkId = crypto.randomUUID();
    // A compromised content script claims the pending call is being carried, then opens the update page.
    await inContentWorld(
      page,
      new URL(env.panel.url()).host,
      `chrome.runtime.sendMessage(${JSON.stringify({
        type: 'delivery.navigating',
        checkId,
        check: { tool: 'reply.send', caller: 'ui', traceId: r.call.traceId, recordId: '5', record: 'same', words: { refused: 'X', unclear: 'X', silent: 'X', fix: 'x', check: 'x' }, data: {}, carry: { path: '/ticket/5/update', input: { text: '这条不应发出。' }, actionId: r.call.actionId } },
      })}).then(() => (location.href = '/ticket/5/update'))`,
    );
    const verdict = await env.panel.evaluate((id: string) => chrome.runtime.sendMessage({ type: 'delivery.await', checkId: id }), checkId);
    expect(verdict).toMatchObject({ ok: true, result: { status: 'failed', error: { code: 'CARRY_REFUSED' } } });
    expect((await ledger(env, tabId)).find((e) => e.call.actionId === r.call.actionId)?.state).toBe('pending');
    expect(await posts()).toEqual([]);
  });
});
