/**
 * The options page in real Chromium: presets that ask before they overwrite, test results
 * that never outlive their settings, key-capture hotkeys that refuse duplicates and browser
 * shortcuts with the reason next to the field, errors next to their fields, saves that write
 * only the changed field, self-declared roles.
 */
import type { KeyInput, Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../demo/model/server.ts';
import { startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let model: ModelServer;
let page: Page;
beforeAll(async () => {
  model = await startModelServer();
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});
beforeEach(async () => {
  await h.worker.evaluate(() => chrome.storage.local.remove('settings'));
  for (const p of await h.browser.pages()) if (p.url().includes('/options/')) await p.close();
  page = await h.browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await page.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
  await page.waitForSelector('main[data-loaded="1"]');
});

type Stored = { llm?: { baseURL?: string; model?: string }; hotkeys?: Record<string, string>; roles?: string[] };
const stored = () => h.worker.evaluate(async () => ((await chrome.storage.local.get('settings')).settings ?? {}) as Stored);
const text = (sel: string) => page.$eval(sel, (el) => (el as HTMLElement).innerText).catch(() => '');
const fieldError = (path: string) => text(`[data-path="${path}"] .field-error`);

/** As a person edits: select all, type over it, Tab away (which fires change). */
async function setField(name: string, value: string) {
  await page.click(`input[name=${name}]`, { clickCount: 3 });
  await page.keyboard.press('Backspace');
  await page.type(`input[name=${name}]`, value);
  await page.keyboard.press('Tab');
}

async function press(mods: KeyInput[], key: KeyInput) {
  for (const m of mods) await page.keyboard.down(m);
  await page.keyboard.press(key);
  for (const m of [...mods].reverse()) await page.keyboard.up(m);
}

describe('the model endpoint', () => {
  it('a preset fills an empty base URL and model and shows its quirks; Test connection reports the result', async () => {
    await page.select('select[name=llm-preset]', 'ollama');
    expect((await until(stored, (s) => s.llm?.baseURL === 'http://localhost:11434/v1')).llm?.baseURL).toBe('http://localhost:11434/v1');
    expect(await text('[data-path="llm.preset"] .hint')).toContain('OLLAMA_ORIGINS');

    await setField('llm-baseURL', `${model.url}/v1`);
    await setField('llm-model', 'demo-assistant');
    await until(stored, (s) => s.llm?.model === 'demo-assistant' && s.llm.baseURL === `${model.url}/v1`);
    await page.click('button[name=llm-test]');
    expect(await until(() => text('.test-result'), (t) => t.includes('连接正常'))).toContain('连接正常');

    await setField('llm-model', 'no-such-model');
    await until(stored, (s) => s.llm?.model === 'no-such-model');
    // The old "works" belongs to other settings: it is gone before anyone presses Test again.
    expect(await text('.test-result')).toBe('');
    await page.click('button[name=llm-test]');
    expect(await until(() => text('.test-result'), (t) => t.includes('模型不存在'))).toContain('模型不存在');
  });

  it('a preset asks before it overwrites what the person set, and clears the stale test result', async () => {
    await setField('llm-baseURL', `${model.url}/v1`);
    await setField('llm-model', 'demo-assistant');
    await until(stored, (s) => s.llm?.model === 'demo-assistant');
    await page.click('button[name=llm-test]');
    await until(() => text('.test-result'), (t) => t.includes('连接正常'));

    await page.select('select[name=llm-preset]', 'openai');
    await page.waitForSelector('.ask-overwrite');
    expect(await text('.ask-overwrite')).toContain('https://api.openai.com/v1');
    expect((await stored()).llm).toMatchObject({ baseURL: `${model.url}/v1`, model: 'demo-assistant' });
    await page.click('button[name=preset-keep]');
    expect(await page.$('.ask-overwrite')).toBeNull();
    expect(await page.$eval('select[name=llm-preset]', (el) => (el as HTMLSelectElement).value)).toBe('');
    expect((await stored()).llm).toMatchObject({ baseURL: `${model.url}/v1`, model: 'demo-assistant' });

    await page.select('select[name=llm-preset]', 'openai');
    await page.click('button[name=preset-apply]');
    await until(stored, (s) => s.llm?.baseURL === 'https://api.openai.com/v1' && s.llm.model === 'gpt-4o-mini');
    const shown = () => page.$eval('input[name=llm-baseURL]', (el) => (el as HTMLInputElement).value);
    expect(await until(shown, (v) => v === 'https://api.openai.com/v1')).toBe('https://api.openai.com/v1');
    expect(await text('.test-result')).toBe('');
  });

  it('an invalid base URL stays in the box with the error next to it, and is not saved', async () => {
    await setField('llm-baseURL', 'ftp://files.example');
    expect(await until(() => fieldError('llm.baseURL'), (t) => t.length > 0)).toContain('http');
    expect(await page.$eval('input[name=llm-baseURL]', (el) => (el as HTMLInputElement).value)).toBe('ftp://files.example');
    expect((await stored()).llm?.baseURL).toBeUndefined();
    // Next to the field: the error is right under its input, not at the top of the page.
    const [input, error] = await page.$$eval(['input[name=llm-baseURL]', '[data-path="llm.baseURL"] .field-error'].join(','), (els) => els.map((e) => e.getBoundingClientRect().top));
    expect(error! - input!).toBeGreaterThan(0);
    expect(error! - input!).toBeLessThan(60);
  });

  it('inputs are wide enough for their values', async () => {
    const long = 'https://dashscope.aliyuncs.com/compatible-mode/v1';
    await setField('llm-baseURL', long);
    await until(stored, (s) => s.llm?.baseURL === long);
    const fits = await page.$eval('input[name=llm-baseURL]', (el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth);
    expect(fits).toBe(true);
  });
});

describe('hotkeys', () => {
  const focus = (a: string) => page.click(`input[name=hotkey-${a}]`);

  it('captures the pressed combination and saves only that field', async () => {
    await focus('fillCustomer');
    await press(['Alt', 'Shift'], 'KeyY');
    await until(stored, (s) => s.hotkeys?.fillCustomer === 'Alt+Shift+Y');
    expect(await stored()).toEqual({ hotkeys: { fillCustomer: 'Alt+Shift+Y' } });
    expect(await page.$eval('input[name=hotkey-fillCustomer]', (el) => (el as HTMLInputElement).value)).toBe('Alt+Shift+Y');
  });

  it('refuses a duplicate, saying which action has it, next to the field', async () => {
    await focus('draftReply');
    await press(['Alt', 'Shift'], 'KeyC');
    expect(await until(() => fieldError('hotkeys.draftReply'), (t) => t.length > 0)).toContain('匹配分类');
    await new Promise((r) => setTimeout(r, 300));
    expect((await stored()).hotkeys).toBeUndefined();
  });

  it('refuses a browser shortcut with what the browser does with it, and combinations it cannot use', async () => {
    await focus('matchCategory');
    await press(['Control'], 'KeyF');
    expect(await until(() => fieldError('hotkeys.matchCategory'), (t) => t.length > 0)).toContain('在页面中查找');
    await press(['Control'], 'F1');
    expect(await until(() => fieldError('hotkeys.matchCategory'), (t) => t.includes('字母或数字'))).toContain('Alt+Shift+F');
    await press(['Shift'], 'KeyM');
    expect(await until(() => fieldError('hotkeys.matchCategory'), (t) => t.includes('Ctrl'))).toContain('Shift+M');
    expect((await stored()).hotkeys).toBeUndefined();
  });
});

describe('roles', () => {
  it('are chosen from the known roles and marked self-declared without a policy', async () => {
    expect(await text('.roles .self-declared')).toContain('自行声明');
    await page.click('input[name=role-REFUND_APPROVER]');
    await until(stored, (s) => !!s.roles?.includes('REFUND_APPROVER'));
    expect((await stored()).roles).toEqual(['AGENT', 'REFUND_APPROVER']);
  });
});
