/**
 * Options → knowledge sources, the source form (issue 23 item 10), in real Chromium in zh-CN and
 * in en: the demo console open in a tab is listed; its knowledge base is added through the form
 * — search URL with {query}, "Try it" with test words, the results list and each part of an
 * article picked from select boxes filled from the sample, the JSON in sync under Advanced —
 * saved, and then a real kb.search through the extension on that console finds an article
 * from it (and only from it: the defaults are off).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../src/tools/types.ts';
import { startHarness, until, type Harness } from './harness.ts';

interface Answer {
  results: { id: string; title: string; url: string; source: string }[];
  sources: { name: string; kind: string; ok: boolean }[];
}

type Words = {
  lang: 'zh_CN' | 'en';
  name: string;
  query: string;
  article: { id: string; title: string };
  labels: { try: string; title: string; advanced: string };
};

const ZH: Words = { lang: 'zh_CN', name: '演示客服台知识库', query: '退款', article: { id: 'KB-102', title: '退款政策（7 天无理由）' }, labels: { try: '试一试', title: '标题', advanced: '高级：以 JSON 编辑此来源' } };
const EN: Words = { lang: 'en', name: 'Demo help centre', query: 'refund', article: { id: 'KB-202', title: 'Refund policy (7-day no-reason returns)' }, labels: { try: 'Try it', title: 'Title', advanced: 'Advanced: this source as JSON' } };

const value = (page: Page, sel: string) => page.$eval(sel, (el) => (el as HTMLInputElement).value);
const text = (page: Page, sel: string) => page.$eval(sel, (el) => (el as HTMLElement).innerText).catch(() => '');

/** As a person replaces what a box holds: select all of it, delete, type. */
async function typeInto(page: Page, sel: string, v: string): Promise<void> {
  await page.focus(sel);
  await page.keyboard.down('Control');
  await page.keyboard.press('KeyA');
  await page.keyboard.up('Control');
  await page.keyboard.press('Backspace');
  await page.type(sel, v);
}

describe.each([ZH, EN])('the knowledge source form in $lang', (w) => {
  let h: Harness;
  beforeAll(async () => {
    mkdirSync(join(import.meta.dirname, '../.tmp'), { recursive: true });
    h = await startHarness({}, { lang: w.lang });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('adds the demo console\'s knowledge base by picking fields from a sample; kb.search on the console then finds its article', async () => {
    // Nothing else answers on this console: no default endpoint, no local knowledge base.
    await h.settings({ kb: { endpoint: '', local: false, providers: {} } } as never);
    const { tabId } = await h.freshConsole(w.lang === 'en' ? '/?lang=en' : '/');
    const origin = new URL(h.server.url).origin;
    const panel = await h.panel(tabId);
    const before = await h.invoke(panel, tabId, 'kb.search', { query: w.query, limit: 5 }, 'llm');
    expect('error' in before && before.error.code).toBe('NO_KB_SOURCE');

    const page = await h.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
    await page.waitForSelector('main[data-loaded="1"]');
    // The demo console open in a tab is listed (it needs no adding to be a console).
    const consoleButton = `button[name=kb-console][data-origin="${origin}"]`;
    await page.waitForSelector(consoleButton);
    await page.click(consoleButton);
    await page.waitForSelector(`.kb-console[data-origin="${origin}"] .kb-no-sources`);
    await page.click('button[name=kb-source-add]');
    await page.waitForSelector('form.kb-source-form');

    await page.type('input[name=kb-source-name]', w.name);
    // A URL without {query} is refused next to the field, as it is typed.
    await page.type('input[name=kb-source-url]', `${origin}/api/kb/search`);
    expect(await until(() => text(page, '.kb-url-error'), (t) => t.length > 0)).toContain('{query}');
    await page.type('input[name=kb-source-url]', '?q={query}');
    await until(() => text(page, '.kb-url-error'), (t) => t === '');
    await typeInto(page, 'input[name=kb-source-query]', w.query);
    expect(await text(page, 'button[name=kb-source-try]')).toBe(w.labels.try);
    await page.click('button[name=kb-source-try]');
    await page.waitForSelector('.kb-sample[data-kind="json"]', { timeout: 15_000 });

    // The sample's list and one result's fields, with their values.
    const lists = await page.$$eval('select[name=kb-pick-list] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(lists).toEqual(['results']);
    const fields = await text(page, '.kb-sample-fields');
    for (const f of ['id', 'title', 'snippet', 'url', 'body', w.article.title]) expect(fields).toContain(f);
    const titleOptions = await page.$$eval('select[name=kb-pick-titlePath] option', (os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(titleOptions).toEqual(['', 'id', 'title', 'snippet', 'url', 'body']);
    expect(await page.$eval('[data-kind="json"] .kb-picks', (el) => (el as HTMLElement).innerText)).toContain(w.labels.title);

    // The admin picks each part; a wrong pick shows at once in what agents would see.
    await page.select('select[name=kb-pick-titlePath]', 'id');
    expect(await until(() => text(page, '.kb-preview'), (t) => t.includes(w.article.id) && !t.includes(w.article.title))).toBeTruthy();
    await page.select('select[name=kb-pick-list]', 'results');
    await page.select('select[name=kb-pick-titlePath]', 'title');
    await page.select('select[name=kb-pick-urlPath]', 'url');
    await page.select('select[name=kb-pick-snippetPath]', 'snippet');
    await page.select('select[name=kb-pick-answerPath]', 'body');
    await page.select('select[name=kb-pick-idPath]', 'id');
    const preview = await until(() => text(page, '.kb-preview'), (t) => t.includes(w.article.title));
    expect(preview).toContain(`${origin}/kb/${w.article.id}`);

    // The same source as JSON, under Advanced, follows the picks; an edit there comes back to the form.
    await page.click('details.kb-advanced summary');
    expect(await text(page, 'details.kb-advanced summary')).toBe(w.labels.advanced);
    const json = JSON.parse(await value(page, 'textarea[name=kb-source-json]')) as Record<string, unknown>;
    expect(json).toMatchObject({ kind: 'json', name: w.name, url: '/api/kb/search', queryParam: 'q', listPath: 'results', titlePath: 'title', urlPath: 'url', snippetPath: 'snippet', answerPath: 'body', idPath: 'id' });
    await typeInto(page, 'textarea[name=kb-source-json]', JSON.stringify({ ...json, name: `${w.name} 2` }));
    expect(await until(() => value(page, 'input[name=kb-source-name]'), (v) => v === `${w.name} 2`)).toBe(`${w.name} 2`);
    await typeInto(page, 'input[name=kb-source-name]', w.name);
    expect(JSON.parse(await value(page, 'textarea[name=kb-source-json]'))).toMatchObject({ name: w.name });

    await page.click('button[name=kb-source-save]');
    const stored = await until(
      () => h.worker.evaluate(async (o: string) => (((await chrome.storage.local.get('settings')).settings ?? {}) as { kb?: { providers?: Record<string, unknown[]> } }).kb?.providers?.[o] ?? null, origin),
      (p) => Array.isArray(p) && p.length === 1,
    );
    expect(stored).toEqual([{ kind: 'json', name: w.name, url: '/api/kb/search', queryParam: 'q', listPath: 'results', titlePath: 'title', urlPath: 'url', snippetPath: 'snippet', answerPath: 'body', idPath: 'id', totalPath: 'total' }]);
    await page.waitForSelector(`.kb-source[data-name="${w.name}"]`);

    // A real search through the extension on the demo console, from the source just saved.
    const r: ToolResult = await until(
      () => h.invoke(panel, tabId, 'kb.search', { query: w.query, limit: 5 }, 'llm'),
      (x) => x.status === 'done',
    );
    const d = (r as Extract<ToolResult, { status: 'done' }>).data as Answer;
    expect(d.sources).toEqual([expect.objectContaining({ name: w.name, kind: 'json', ok: true })]);
    expect(d.results).toContainEqual(expect.objectContaining({ id: w.article.id, title: w.article.title, url: `${origin}/kb/${w.article.id}`, source: w.name }));
    await page.close();
    await h.settings({ kb: { endpoint: '/api/kb/search', local: true, providers: {} } } as never);
  });

  it('the demo console\'s knowledge base is a preset: four clicks from the list to a saved source kb.search uses', async () => {
    await h.settings({ kb: { endpoint: '', local: false, providers: {} } } as never);
    const { tabId } = await h.freshConsole(w.lang === 'en' ? '/?lang=en' : '/');
    const origin = new URL(h.server.url).origin;
    const page = await h.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
    await page.waitForSelector('main[data-loaded="1"]');
    await page.waitForSelector(`button[name=kb-console][data-origin="${origin}"]`);
    await page.click(`button[name=kb-console][data-origin="${origin}"]`);
    await page.waitForSelector('button[name=kb-preset-demoJson]');
    await page.click('button[name=kb-preset-demoJson]');
    expect(await value(page, 'input[name=kb-source-url]')).toBe('/api/kb/search?q={query}');
    await typeInto(page, 'input[name=kb-source-query]', w.query);
    await page.click('button[name=kb-source-try]');
    expect(await until(() => text(page, '.kb-preview'), (t) => t.includes(w.article.title), 15_000)).toContain(`${origin}/kb/${w.article.id}`);
    await (await page.$('.kb-consoles'))!.screenshot({ path: join(import.meta.dirname, `../.tmp/kb-source-form-${w.lang}.png`) });
    await page.click('button[name=kb-source-save]');
    await page.waitForSelector('.kb-source[data-name="Demo KB API"]');
    const panel = await h.panel(tabId);
    const r = await h.invoke(panel, tabId, 'kb.search', { query: w.query, limit: 5 }, 'llm');
    const d = (r as Extract<ToolResult, { status: 'done' }>).data as Answer;
    expect(d.results).toContainEqual(expect.objectContaining({ id: w.article.id, source: 'Demo KB API' }));
    await page.close();
    await h.settings({ kb: { endpoint: '/api/kb/search', local: true, providers: {} } } as never);
  });
});
