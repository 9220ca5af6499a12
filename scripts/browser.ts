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

export interface LaunchOptions {
  headless?: boolean;
  /** Browser UI language (chrome.i18n picks the locale from it): zh_CN (default) or en. */
  lang?: string;
  /** IANA time zone of the browser (TZ), e.g. Asia/Shanghai; default: this machine's. */
  timeZone?: string;
  /** The unpacked extension to load (default dist/). */
  dist?: string;
  /** An existing user-data-dir, to start the same browser profile again (a browser restart). */
  dir?: string;
}

export async function launchWithExtension(opts: LaunchOptions = {}): Promise<Launched> {
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
    env: { ...process.env, LANGUAGE: lang, LANG: `${lang}.UTF-8`, ...(opts.timeZone ? { TZ: opts.timeZone } : {}) },
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
  const extensionId = await browser.installExtension(opts.dist ?? DIST);
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

/** Text of deskhand's toast, which lives in a closed shadow root (CDP can pierce it). */
export async function toastText(page: Page): Promise<string> {
  const session = await page.createCDPSession();
  const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
  await session.detach();
  const host = findNode(root, (n) => n.nodeName === 'DESKHAND-TOAST');
  return host ? textOf(host).trim() : '';
}

interface CdpNode {
  nodeName: string;
  nodeType: number;
  nodeValue?: string;
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
}

function findNode(n: CdpNode, pred: (n: CdpNode) => boolean): CdpNode | null {
  if (pred(n)) return n;
  for (const c of [...(n.children ?? []), ...(n.shadowRoots ?? [])]) {
    const hit = findNode(c, pred);
    if (hit) return hit;
  }
  return null;
}

function textOf(n: CdpNode): string {
  if (n.nodeType === 3) return n.nodeValue ?? '';
  return [...(n.shadowRoots ?? []), ...(n.children ?? [])].map(textOf).join('');
}

/**
 * Confirms a card in the side panel the way a person does: the panel in front (a panel in the
 * background cannot confirm), the amount acknowledged where money is involved, then Confirm
 * once it is enabled (after its dwell time).
 */
export async function confirmCard(panel: Page, actionId: string): Promise<void> {
  const card = `.card[data-action-id="${actionId}"]`;
  await panel.bringToFront();
  await panel.waitForSelector(card);
  const ack = await panel.$(`${card} input[name=ack-amount]`);
  if (ack && !(await ack.evaluate((el) => (el as HTMLInputElement).checked))) await ack.click();
  await panel.waitForSelector(`${card} button.confirm:not([disabled])`, { timeout: 10_000 });
  await panel.click(`${card} button.confirm`);
}
