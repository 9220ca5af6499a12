/**
 * The admin-pushed knowledge base (managed policy `kb.urls`) with a real Chromium policy file
 * (/etc/chromium/policies/managed, as root): the worker fetches the listed articles from a
 * local HTTP server into the local KB as soon as the policy arrives and kb.search finds them;
 * a URL that fails keeps its earlier articles and is shown with its reason in the options page;
 * removing the policy removes its articles and stops every further fetch. Its synonyms (`kb.synonyms`)
 * are searched with and shown read-only in the options page. The same policy sets
 * the roles, so a HIGH card and its audit record say the roles are policy-set.
 *
 * The file names an extension id made for this run only (a fresh key pair, its private half
 * dropped), so it can meet no other policy — not e2e/policy.test.ts's, not a parallel run's in
 * another checkout on this machine — and it is removed in `finally`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chord } from '../scripts/browser.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { confirmCard, startHarness, toastText, until, type Harness } from './harness.ts';
import { distWithKey, runKey } from './policy-key.ts';

const { key: KB_POLICY_TEST_KEY, id: KB_POLICY_TEST_ID } = runKey();

const POLICY_DIR = '/etc/chromium/policies/managed';
const POLICY_FILE = join(POLICY_DIR, `deskhand-e2e-kb-${process.pid}.json`);

/** The team's help centre: three articles, each URL answering as `mode` says. */
const ARTICLES: Record<string, { type: string; body: string }> = {
  '/kb/returns.md': { type: 'text/markdown', body: '# 退货政策\n\n签收后 7 天内，商品完好可申请无理由退货。\n' },
  '/kb/help.json': { type: 'application/json', body: JSON.stringify({ articles: [{ id: 'PW-1', title: 'How do I reset my password', body: 'Open Settings, choose Security and press Reset password.' }] }) },
  '/kb/shipping.md': { type: 'text/markdown', body: '# 运费说明\n\n订单满 99 元包邮，偏远地区另计运费。\n' },
};
const mode: Record<string, 'ok' | 'fail'> = {};
const hits: string[] = [];
let articles: Server;
let base: string;

let h: Harness;
let copy: string;
const urls = () => Object.keys(ARTICLES).map((p) => `${base}${p}`);

beforeAll(async () => {
  articles = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push(path);
    const a = ARTICLES[path];
    if (!a || mode[path] === 'fail') return void res.writeHead(a ? 500 : 404).end('no');
    res.writeHead(200, { 'content-type': `${a.type}; charset=utf-8` }).end(a.body);
  });
  await new Promise<void>((r) => articles.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(articles.address() as AddressInfo).port}`;
  copy = distWithKey(KB_POLICY_TEST_KEY, 'deskhand-kb-policy-dist-');
  h = await startHarness({ roles: ['AGENT'], agentName: 'kb-agent' }, { dist: copy });
});
afterAll(async () => {
  rmSync(POLICY_FILE, { force: true });
  await h?.close();
  await new Promise((r) => articles?.close(r));
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const POLICY = () => ({ kb: { urls: urls(), synonyms: [['退货', 'RMA']] }, roles: ['AGENT', 'REFUND_APPROVER'] });
const managed = () => h.worker.evaluate(() => chrome.storage.managed.get(null));

interface Answer {
  results: { title: string; source: string; snippet: string }[];
}
/** kb.search from a console tab, as the chat calls it; the titles of the local knowledge base's hits. */
async function localTitles(query: string): Promise<string[]> {
  const { tabId } = await h.freshConsole();
  const panel = await h.panel(tabId);
  const r: ToolResult = await h.invoke(panel, tabId, 'kb.search', { query, limit: 5 }, 'llm');
  await panel.close();
  if (r.status !== 'done') throw new Error(`kb.search failed: ${JSON.stringify(r)}`);
  return (r.data as Answer).results.filter((x) => x.source === 'local').map((x) => x.title);
}

async function optionsPage(): Promise<Page> {
  const page = await h.browser.newPage();
  await page.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
  await page.waitForSelector('main[data-loaded="1"]');
  return page;
}

describe('an admin-pushed knowledge base (kb.urls in a real policy file)', () => {
  it('runs with the extension id made for this run', () => {
    expect(h.extensionId).toBe(KB_POLICY_TEST_ID);
    mkdirSync(POLICY_DIR, { recursive: true });
  });

  it('the listed articles land in the local KB when the policy arrives, and kb.search finds them', async () => {
    expect(await localTitles('退货政策')).toEqual([]);
    writeFileSync(POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [KB_POLICY_TEST_ID]: POLICY() } } }));
    expect((await until(managed, (m) => ((m as { kb?: { urls?: string[] } }).kb?.urls ?? []).length === 3, 30_000)) as { kb: { urls: string[] } }).toMatchObject({ kb: { urls: expect.any(Array) } });
    // Fetched by the worker on arrival, before anyone searched.
    expect(await until(async () => [...new Set(hits)].sort(), (x) => x.length === 3, 15_000)).toEqual(['/kb/help.json', '/kb/returns.md', '/kb/shipping.md']);
    expect(await until(() => localTitles('退货政策'), (t) => t.length > 0)).toEqual(['退货政策']);
    expect(await localTitles('reset pasword')).toEqual(['How do I reset my password']);
    expect(await localTitles('运费')).toEqual(['运费说明']);
    // The policy's own synonyms: the team's "RMA" is a 退货.
    expect(await localTitles('RMA')).toEqual(['退货政策']);

    const options = await optionsPage();
    expect(await options.$eval('textarea[name=kb-synonyms]', (el) => [(el as HTMLTextAreaElement).value, (el as HTMLTextAreaElement).disabled])).toEqual(['退货, RMA', true]);
    expect(await options.$eval('.kb-synonyms', (el) => el.textContent)).toContain('由管理员设置。');
    expect(await options.$$eval('.kb-urls li code', (els) => els.map((e) => e.textContent))).toEqual(urls());
    expect(await options.$('.kb-url-failed')).toBeNull();
    expect(await until(() => options.$eval('.kb-count', (el) => el.textContent ?? ''), (t) => t.includes('3'))).toBe('共 3 篇文章');
    await options.close();
  });

  it('a URL that fails keeps its earlier articles and is shown with its reason; the others are fetched again', async () => {
    mode['/kb/shipping.md'] = 'fail';
    ARTICLES['/kb/returns.md']!.body = '# 退货政策\n\n签收后 15 天内，商品完好可申请无理由退货。\n';
    const options = await optionsPage();
    await options.click('button[name=kb-sync]');
    const failed = `.kb-url-failed[data-url="${base}/kb/shipping.md"]`;
    await options.waitForSelector(failed, { timeout: 15_000 });
    expect(await options.$eval(failed, (el) => el.textContent)).toBe(`${base}/kb/shipping.md：服务器返回 500`);
    expect(await options.$eval('.kb-urls [role=status]', (el) => el.textContent)).toBe('已同步 2 篇，失败 1 个地址');
    expect(await options.$eval('.kb-count', (el) => el.textContent)).toBe('共 3 篇文章');
    await options.close();
    expect(await localTitles('运费')).toEqual(['运费说明']);
    const { tabId } = await h.freshConsole();
    const panel = await h.panel(tabId);
    const r = await h.invoke(panel, tabId, 'kb.search', { query: '退货政策', limit: 3 }, 'llm');
    expect(JSON.stringify(r)).toContain('15 天内');
    mode['/kb/shipping.md'] = 'ok';
  });

  it('roles set by the same policy: the refund card and the audit record of the confirmed refund say they are policy-set', async () => {
    const { page, tabId } = await h.freshConsole();
    const frame = page.frames().find((f) => f.url().includes('refund-frame'))!;
    await frame.type('input[name=a]', '59');
    await frame.type('textarea[name=r]', '运输破损');
    await chord(page, 'KeyR');
    await until(() => toastText(page), (t) => t.includes('退款'));
    const [call] = await until(() => h.pending(tabId), (x) => x.length === 1);
    const panel = await h.panel(tabId);
    const role = `.card[data-action-id="${call!.actionId}"] .role`;
    await panel.waitForSelector(`${role}[data-roles-source="policy"]`);
    expect(await panel.$eval(role, (el) => el.textContent)).toContain('角色由管理员策略设定');
    await confirmCard(panel, call!.actionId);
    await panel.waitForSelector(`.outcome[data-action-id="${call!.actionId}"][data-state="executed"]`);
    const audit = await until(
      () => h.worker.evaluate(async () => ((await chrome.storage.local.get('audit')).audit ?? []) as { kind: string; actionId: string | null; approverRoles?: unknown; approvedBy: string | null }[]),
      (a) => a.some((x) => x.kind === 'confirmation' && x.actionId === call!.actionId),
    );
    expect(audit.find((x) => x.kind === 'confirmation' && x.actionId === call!.actionId)).toMatchObject({ approvedBy: 'kb-agent', approverRoles: { roles: ['AGENT', 'REFUND_APPROVER'], source: 'policy' } });
    await panel.goto(`chrome-extension://${h.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=activity`, { waitUntil: 'load' });
    const row = '.record.kind-confirmation[data-tool="refund.request"] .roles';
    await panel.waitForSelector(row);
    expect(await panel.$eval(row, (el) => el.textContent)).toContain('确认人角色（管理员策略设定）');
  });

  it('removing the policy removes its articles and stops every further fetch', async () => {
    rmSync(POLICY_FILE, { force: true });
    expect(await until(managed, (m) => Object.keys(m).length === 0, 30_000)).toEqual({});
    expect(await until(() => localTitles('退货政策'), (t) => t.length === 0, 15_000)).toEqual([]);
    const before = hits.length;
    expect(await localTitles('reset pasword')).toEqual([]);
    expect(await h.worker.evaluate(async () => (await chrome.alarms.get('kb-url-sync')) ?? null)).toBeNull();
    const options = await optionsPage();
    expect(await options.$('.kb-urls')).toBeNull();
    // Even an explicit sync (the options page's message) fetches nothing now.
    const r = await options.evaluate(() => chrome.runtime.sendMessage({ type: 'kb', request: { op: 'syncUrls' } }));
    expect(r).toMatchObject({ ok: true, report: { imported: 0, failed: [] } });
    await options.reload({ waitUntil: 'load' });
    await options.waitForSelector('main[data-loaded="1"]');
    expect(await options.$('.kb-urls')).toBeNull();
    await options.close();
    await new Promise((res) => setTimeout(res, 500));
    expect(hits.slice(before)).toEqual([]);
  });
});
