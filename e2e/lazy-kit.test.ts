/**
 * The content script's lazy kit (issue 22 item 1), in real Chromium: at load only the eager
 * loader has run; a hotkey pressed right after load, before the kit exists, is queued and
 * works; a page left alone loads the kit once idle (record memory needs it), once. Judged by the scripts the page really parsed (CDP
 * Debugger.scriptParsed: the kit is the parts of src/content/kit-files.ts, injected by the worker
 * into the isolated world one by one, in order).
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chord } from '../scripts/browser.ts';
import { KIT_FILES } from '../src/content/kit-files.ts';
import { startHarness, toastText, until, type Harness } from './harness.ts';

let h: Harness;
const KIT = KIT_FILES.map((f) => `/${f}`);
/** The kit's parts as parsed, in order. */
const kitParts = (parsed: string[]) => parsed.filter((u) => KIT.includes(u));

beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT'] });
});
afterAll(async () => h?.close());

/** A new tab whose parsed extension scripts are recorded from before its first navigation. */
async function watchedPage(): Promise<{ page: Page; parsed: () => string[] }> {
  for (const p of await h.browser.pages()) if (p.url() !== 'about:blank') await p.close();
  const page = await h.browser.newPage();
  const cdp = await page.createCDPSession();
  const urls: string[] = [];
  cdp.on('Debugger.scriptParsed', (e: { url: string }) => urls.push(e.url));
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.setSkipAllPauses', { skip: true });
  const origin = `chrome-extension://${h.extensionId}/`;
  return { page, parsed: () => urls.filter((u) => u.startsWith(origin)).map((u) => new URL(u).pathname) };
}

describe('the lazy kit', () => {
  it('Alt+Shift+F pressed as the page loads, before the kit exists, waits for it and fills the customer', async () => {
    await h.reset();
    const { page, parsed } = await watchedPage();
    await page.goto(`${h.server.url}/`, { waitUntil: 'load' });
    const atKey = parsed();
    await chord(page, 'KeyF');
    expect(atKey).toContain('/src/content/main.iife.js');
    expect(kitParts(atKey)).toEqual([]);
    expect(await until(() => toastText(page), (t) => t.includes('已填写'))).toContain('已填写 4 个字段');
    expect(await page.$eval('input[name=c_n]', (el) => (el as HTMLInputElement).value)).toBe('张伟');
    expect(kitParts(parsed())).toEqual(KIT);
  });

  it('a console page left alone loads the kit once it is idle after load, once', async () => {
    const { page, parsed } = await watchedPage();
    await page.goto(`${h.server.url}/`, { waitUntil: 'load' });
    expect(kitParts(parsed())).toEqual([]);
    await until(async () => parsed(), (p) => p.includes(KIT.at(-1)!), 8_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(kitParts(parsed())).toEqual(KIT);
  });

});
