/**
 * Knowledge sources in real Chromium: a folder imported in the options page lands in the
 * extension's IndexedDB; kb.search (side panel, chat, Alt+Shift+D on the demo console)
 * finds it next to the console's own KB; the HTML provider reads the demo /kb page; a source
 * answering 500 degrades with a note; the draft is written even when no source helps.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../demo/model/server.ts';
import { chord } from '../scripts/browser.ts';
import { DEMO_KB_PAGE, LOCAL, jsonEndpoint } from '../src/kb/presets.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { startHarness, toastText, until, type Harness } from './harness.ts';

let h: Harness;
let model: ModelServer;
let folder: string;

beforeAll(async () => {
  model = await startModelServer();
  h = await startHarness({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'kb-cites' } });
  folder = mkdtempSync(join(tmpdir(), 'deskhand-kb-'));
  writeFileSync(join(folder, 'invoice-title.md'), '---\nid: TEAM-7\ntitle: 如何修改发票抬头\n---\n在订单详情页点击「申请换开」，填写新的发票抬头与税号，审核通过后 1 个工作日内重新开具。\n');
  writeFileSync(join(folder, 'refund.md'), '# Refund policy\n\nItems in original condition can be returned within 14 days. Refunds go back to the original payment method.\n');
  writeFileSync(join(folder, 'faq.csv'), 'id,question,answer\n1,耳机单边无声怎么办,请先将耳机放回充电仓重置，再重新配对。\n');
  writeFileSync(join(folder, 'photo.png'), 'not an article');
});
afterAll(async () => {
  await h?.close();
  await model?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const data = <T>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};
interface Answer {
  total: number;
  results: { id: string; title: string; url: string; source: string; answer?: string; snippet: string }[];
  sources: { name: string; kind: string; ok: boolean; error?: { code: string } }[];
  notes: string[];
}

async function optionsPage(): Promise<Page> {
  const page = await h.browser.newPage();
  await page.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
  await page.waitForSelector('input[name=kb-folder]');
  return page;
}

async function importFolder(): Promise<string> {
  const page = await optionsPage();
  const input = await page.$('input[name=kb-folder]');
  await input!.uploadFile(join(folder, 'invoice-title.md'), join(folder, 'refund.md'), join(folder, 'faq.csv'), join(folder, 'photo.png'));
  const text = await until(() => page.$eval('.kb-import-result', (el) => el.textContent ?? '').catch(() => ''), (t) => t.length > 0, 15_000);
  await page.close();
  return text;
}

const origin = () => h.server.url;
const useProviders = (list: unknown[]) => h.settings({ kb: { providers: { [origin()]: list } } } as never);

/** A fresh console tab and its side panel, with `question` asked in the chat and answered. */
async function askInChat(question: string) {
  const { tabId } = await h.freshConsole();
  const panel = await h.panel(tabId);
  await panel.waitForSelector('textarea[name=question]');
  await panel.type('textarea[name=question]', question);
  await panel.click('button.send');
  await panel.waitForSelector('.turn[data-stopped="answered"]', { timeout: 20_000 });
  return panel;
}

describe('knowledge sources', () => {
  it('imports a folder in the options page: counts, skips the image, and says so', async () => {
    const text = await importFolder();
    expect(text).toBe('导入 3 篇，跳过 1 篇：photo.png（不支持的文件类型 .png）');
    const again = await importFolder(); // re-import updates by id: still 3 articles
    expect(again).toContain('导入 3 篇');
    const page = await optionsPage();
    expect(await until(() => page.$eval('.kb-count', (el) => el.textContent ?? ''), (t) => t.includes('3'))).toBe('共 3 篇文章');
    await page.close();
  });

  it('a bad file imports nothing and names the file', async () => {
    writeFileSync(join(folder, 'broken.json'), '{ "articles": [ ');
    const page = await optionsPage();
    const input = await page.$('input[name=kb-files]');
    await input!.uploadFile(join(folder, 'refund.md'), join(folder, 'broken.json'));
    const text = await until(() => page.$eval('.kb-import-result', (el) => el.textContent ?? '').catch(() => ''), (t) => t.length > 0, 15_000);
    expect(text).toBe('导入失败，没有导入任何文章。broken.json：不是有效的 JSON');
    await page.close();
  });

  it('kb.search finds the imported articles next to the console API, each with its source', async () => {
    await h.settings({ kb: { providers: {} } } as never);
    const { tabId } = await h.freshConsole();
    const panel = await h.panel(tabId);
    const d = data<Answer>(await h.invoke(panel, tabId, 'kb.search', { query: '发票抬头', limit: 5 }, 'llm'));
    expect(d.sources.map((s) => [s.kind, s.ok])).toEqual([['json', true], ['local', true]]);
    expect(d.results.map((r) => r.source)).toEqual(expect.arrayContaining(['local', '/api/kb/search']));
    const local = d.results.find((r) => r.source === 'local')!;
    expect(local).toMatchObject({ id: 'TEAM-7', title: '如何修改发票抬头' });
    const en = data<Answer>(await h.invoke(panel, tabId, 'kb.search', { query: 'refund polcy', limit: 3 }, 'llm'));
    expect(en.results.find((r) => r.source === 'local')!.title).toBe('Refund policy');
    const inspect = data<{ kb: { name: string; kind: string }[] }>(await h.invoke(panel, tabId, 'page.inspect', {}, 'llm'));
    expect(inspect.kb).toEqual([{ name: '/api/kb/search', kind: 'json' }, { name: 'local', kind: 'local' }]);
  });

  it('the team\'s synonyms typed in the options page: kb.search finds through them, in the local KB and in the console\'s own search', async () => {
    await h.settings({ kb: { providers: {}, synonyms: [] } } as never);
    const search = async (query: string) => {
      const { tabId } = await h.freshConsole();
      const panel = await h.panel(tabId);
      const d = data<Answer>(await h.invoke(panel, tabId, 'kb.search', { query, limit: 5 }, 'llm'));
      await panel.close();
      return d.results.map((r) => `${r.source}: ${r.title}`);
    };
    // The team's word for a refund is nobody's article word yet.
    expect(await search('RMA')).toEqual([]);
    const page = await optionsPage();
    await page.type('textarea[name=kb-synonyms]', 'RMA');
    await page.click('button[name=kb-synonyms-save]');
    // A line of one phrase says which line, and saves nothing.
    expect(await until(() => page.$eval('.kb-synonyms-status', (el) => el.textContent ?? '').catch(() => ''), (t) => t.length > 0)).toMatch(/^配置无效：第 1 行：/);
    await page.$eval('textarea[name=kb-synonyms]', (el) => ((el as HTMLTextAreaElement).value = ''));
    await page.type('textarea[name=kb-synonyms]', 'refund，RMA\n能走绿通, 工单升级');
    // Saving another field reloads the settings: the lines not yet saved stay as typed.
    const typed = () => page.$eval('textarea[name=kb-synonyms]', (el) => (el as HTMLTextAreaElement).value);
    for (const on of [false, true]) {
      await page.click('input[name=kb-local]');
      expect(await until(() => h.worker.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { kb: { local?: boolean } }).kb.local), (v) => v === on)).toBe(on);
      expect(await until(() => page.$eval('input[name=kb-local]', (el) => (el as HTMLInputElement).checked), (v) => v === on)).toBe(on);
    }
    expect(await typed()).toBe('refund，RMA\n能走绿通, 工单升级');
    await page.click('button[name=kb-synonyms-save]');
    expect(await until(() => page.$eval('.kb-synonyms-status', (el) => el.textContent ?? ''), (t) => t === '已保存：2 组。')).toBe('已保存：2 组。');
    await page.close();
    expect((await h.worker.evaluate(async () => ((await chrome.storage.local.get('settings')).settings as { kb: { synonyms: unknown } }).kb.synonyms))).toEqual([['refund', 'RMA'], ['能走绿通', '工单升级']]);
    // The local index meets RMA as refund; the console's API, which found nothing for "RMA",
    // was asked again for "refund".
    const found = await until(() => search('RMA'), (r) => r.includes('local: Refund policy') && r.includes('/api/kb/search: Refund policy (7-day no-reason returns)'));
    // The refund articles lead; the console's "refund" search may also bring a weaker match after them.
    expect(found.slice(0, 2).sort()).toEqual(['/api/kb/search: Refund policy (7-day no-reason returns)', 'local: Refund policy']);
    await h.settings({ kb: { synonyms: [] } } as never);
    expect(await until(() => search('RMA'), (r) => r.length === 0)).toEqual([]);
  });

  it('the chat answer that used kb.search shows its article as a source chip', async () => {
    await useProviders([LOCAL]);
    const panel = await askInChat('发票抬头怎么改');
    expect(await panel.$$eval('.turn .chip', (els) => els.map((e) => (e as HTMLElement).dataset.status))).toEqual(['ok']);
    expect(await panel.$eval('.turn .md', (el) => el.textContent)).toContain('如何修改发票抬头');
    const chips = await panel.$$eval('.citation', (els) => els.map((e) => `${e.querySelector('.citation-title')!.textContent}|${e.querySelector('.citation-source')!.textContent}`));
    expect(chips).toEqual(['如何修改发票抬头|本地知识库']);
  });

  it('a chat answer whose knowledge search failed says the knowledge base could not be reached and is not offered as a reply draft', async () => {
    await useProviders([jsonEndpoint('/api/kb/broken', 'Broken API')]);
    const panel = await askInChat('发票抬头怎么改');
    expect(await panel.$$eval('.turn .chip', (els) => els.map((e) => `${(e as HTMLElement).dataset.tool}:${(e as HTMLElement).dataset.status}`))).toEqual(['kb.search:error']);
    expect(await panel.$eval('.turn .kb-down', (el) => el.textContent)).toContain('知识库暂时不可用');
    expect(await panel.$('.turn .insert-reply')).toBeNull();
  });

  it('Alt+Shift+D drafts with the imported article\'s answer and names it in the toast', async () => {
    await useProviders([LOCAL]);
    const { page } = await h.freshConsole('/?c=C-1001');
    await chord(page, 'KeyD');
    const toast = await until(() => toastText(page), (t) => t.includes('回复草稿'));
    const draft = await page.$eval('.editor', (el) => el.textContent ?? '');
    expect(draft).toContain('请先将耳机放回充电仓重置，再重新配对。');
    expect(toast).toContain('依据文章：耳机单边无声怎么办');
  });

  it('a source answering 500 degrades to the others with a note', async () => {
    await useProviders([jsonEndpoint('/api/kb/broken', 'Broken API'), LOCAL]);
    const { tabId } = await h.freshConsole();
    const panel = await h.panel(tabId);
    const d = data<Answer>(await h.invoke(panel, tabId, 'kb.search', { query: '发票抬头', limit: 3 }, 'llm'));
    expect(d.results[0]!.title).toBe('如何修改发票抬头');
    expect(d.sources[0]).toMatchObject({ name: 'Broken API', ok: false, error: { code: 'KB_HTTP_500' } });
    expect(d.notes[0]).toContain('Broken API failed');
  });

  it('with only a failing source the draft is still written and the toast says the knowledge base could not be reached, never "no article"', async () => {
    await useProviders([jsonEndpoint('/api/kb/broken', 'Broken API')]);
    const { page } = await h.freshConsole();
    await chord(page, 'KeyD');
    const toast = await until(() => toastText(page), (t) => t.includes('回复草稿'));
    expect(toast).toContain('知识库暂时无法访问');
    expect(toast).not.toContain('未找到相关知识库文章');
    expect(await page.$eval('.editor', (el) => el.textContent ?? '')).toMatch(/^您好 张伟，关于「耳机左耳无声，申请退款」，我们正在为您处理/);
  });

  it('the HTML provider reads the demo console\'s /kb page and the best article\'s answer', async () => {
    await useProviders([DEMO_KB_PAGE]);
    const { tabId } = await h.freshConsole();
    const panel = await h.panel(tabId);
    const d = data<Answer>(await h.invoke(panel, tabId, 'kb.search', { query: '发票', limit: 3 }, 'llm'));
    expect(d.results[0]).toMatchObject({ title: '如何重新开具发票', url: `${origin()}/kb/KB-101`, source: 'Demo KB page' });
    expect(d.results[0]!.answer).toBe('发票抬头或税号错误时，可在订单详情页申请重开发票，审核后 3 个工作日内寄出。');
    const none = data<Answer>(await h.invoke(panel, tabId, 'kb.search', { query: 'zzzz', limit: 3 }, 'llm'));
    expect(none).toMatchObject({ total: 0, results: [], sources: [{ ok: true, hits: 0 }] });
  });
});
