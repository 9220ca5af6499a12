/** The options page: endpoint presets with their quirks, and "Test connection" over HTTP. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../demo/model/server.ts';
import { startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer();
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

const stored = () => h.worker.evaluate(async () => ((await chrome.storage.local.get('settings')).settings ?? {}) as { llm?: { baseURL: string; model: string } });

it('a preset fills the base URL and model and shows its quirks; Test connection reports the result', async () => {
  const page = await h.browser.newPage();
  await page.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
  await page.waitForSelector('select[name=llm-preset]');
  await page.select('select[name=llm-preset]', 'ollama');
  await until(stored, (s) => s.llm?.baseURL === 'http://localhost:11434/v1');
  expect(await page.$eval('.quirks', (el) => el.textContent)).toContain('OLLAMA_ORIGINS');

  // As a person edits: select all, type over it, Tab away (which fires change).
  const setField = async (name: string, value: string) => {
    await page.click(`input[name=${name}]`, { clickCount: 3 });
    await page.keyboard.press('Backspace');
    await page.type(`input[name=${name}]`, value);
    await page.keyboard.press('Tab');
  };
  await setField('llm-baseURL', `${model.url}/v1`);
  await until(stored, (s) => s.llm?.baseURL === `${model.url}/v1`);
  await setField('llm-model', 'demo-assistant');
  await until(stored, (s) => s.llm?.model === 'demo-assistant' && s.llm.baseURL === `${model.url}/v1`);
  await page.click('button[name=llm-test]');
  const first = await until(() => page.$eval('.test-result', (el) => el.textContent ?? ''), (t) => t.length > 1 && t !== '…');
  expect(first).toContain('连接正常');

  await setField('llm-model', 'no-such-model');
  await until(stored, (s) => s.llm?.model === 'no-such-model');
  await page.click('button[name=llm-test]');
  expect(await until(() => page.$eval('.test-result', (el) => el.textContent ?? ''), (t) => t.includes('模型不存在'))).toContain('模型不存在');
});
