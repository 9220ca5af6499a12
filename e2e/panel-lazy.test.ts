/**
 * The side panel's views load on first use (issue 22 item 4), in real Chromium: a panel that
 * has not shown the Assistant has parsed none of the chat's code (the openai client is the
 * largest part of it), and opening the Assistant loads it and works. Judged by the scripts the
 * page really parsed (CDP Debugger.scriptParsed), read back from dist/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, startHarness, type Harness } from './harness.ts';

/** A string only the openai client's code has (its browser opt-in flag). */
const OPENAI = 'dangerouslyAllowBrowser';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Opens the panel at `query` and records every extension script the page parses. */
async function panelWithScripts(query: string): Promise<{ page: Page; parsed: () => { file: string; code: string }[]; withOpenai: () => string[] }> {
  const page = await h.browser.newPage();
  const cdp = await page.createCDPSession();
  const urls = new Set<string>();
  cdp.on('Debugger.scriptParsed', (e) => urls.add(e.url));
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.setSkipAllPauses', { skip: true });
  const origin = `chrome-extension://${h.extensionId}/`;
  await page.goto(`${origin}src/sidepanel/index.html?${query}`, { waitUntil: 'load' });
  const parsed = () =>
    [...urls]
      .filter((u) => u.startsWith(origin) && u.endsWith('.js'))
      .map((u) => new URL(u).pathname)
      .map((file) => ({ file, code: readFileSync(join(DIST, file), 'utf8') }));
  const withOpenai = () => parsed().filter((s) => s.code.includes(OPENAI)).map((s) => s.file);
  return { page, parsed, withOpenai };
}

describe('side panel views load on first use', () => {
  it('a panel opened on Activity has not loaded the assistant (chat, markdown, openai client) until the Assistant view is opened', async () => {
    const { tabId } = await h.freshConsole();
    const { page, parsed, withOpenai } = await panelWithScripts(`tabId=${tabId}&view=activity`);
    await page.waitForSelector('section.activity');
    expect(parsed().length).toBeGreaterThan(0);
    expect(withOpenai()).toEqual([]);
    expect(await page.$('section.chat')).toBeNull();

    await page.click('button[name=view-work]');
    await page.waitForSelector('section.chat');
    expect(withOpenai()).toHaveLength(1);
    await page.close();
  });
});
