/**
 * Launches Debian's Chromium (CHROME_PATH) with the built extension, for the demo and the
 * real-browser tests. Flags from TOOLCHAIN.md: no sandbox as root, and no background
 * networking (this machine's closed network refuses it).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import puppeteer, { type Browser, type KeyInput, type Page, type WebWorker } from 'puppeteer-core';

export const DIST = resolve(import.meta.dirname, '../dist');
export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export interface Launched {
  browser: Browser;
  extensionId: string;
  worker: WebWorker;
  dir: string;
}

/** `dir`: an existing user-data-dir, to start the same browser profile again (a browser restart). */
export async function launchWithExtension(opts: { headless?: boolean; lang?: string; dir?: string } = {}): Promise<Launched> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'deskhand-chromium-'));
  const lang = opts.lang ?? 'zh_CN';
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: opts.headless ?? true,
    pipe: true,
    enableExtensions: true,
    userDataDir: dir,
    defaultViewport: opts.headless === false ? null : { width: 1360, height: 860 },
    // chrome.i18n follows the browser UI language, which Chromium on Linux takes from the environment.
    env: { ...process.env, LANGUAGE: lang, LANG: `${lang}.UTF-8` },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--lang=${lang.replace('_', '-')}`,
    ],
  });
  const extensionId = await browser.installExtension(DIST);
  const target = await browser.waitForTarget((t) => t.type() === 'service_worker' && t.url().startsWith(`chrome-extension://${extensionId}/`));
  const worker = (await target.worker())!;
  // The worker target is attached before its script has run; wait for the extension APIs.
  for (let i = 0; i < 200; i++) {
    const up = await worker.evaluate(() => typeof chrome !== 'undefined' && !!chrome.runtime?.id).catch(() => false);
    if (up) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  return { browser, extensionId, worker, dir };
}

/** A real (trusted) Alt+Shift+<key> press, as an agent's hotkey. */
export async function chord(page: Page, key: KeyInput): Promise<void> {
  await page.bringToFront();
  await page.keyboard.down('Alt');
  await page.keyboard.down('Shift');
  await page.keyboard.press(key);
  await page.keyboard.up('Shift');
  await page.keyboard.up('Alt');
}
