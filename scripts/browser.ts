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
  /** Chromium features to turn on (`--enable-features`), e.g. ['WebMCP']; none by default. */
  features?: string[];
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
      ...(opts.features?.length ? [`--enable-features=${opts.features.join(',')}`] : []),
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
export function toastText(page: Page): Promise<string> {
  return hostText(page, 'DESKHAND-TOAST');
}

/** Text of the countdown quick ticket shows before it submits (a closed shadow root too); '' when none shows. */
export function countdownText(page: Page): Promise<string> {
  return hostText(page, 'DESKHAND-COUNTDOWN');
}

async function hostText(page: Page, tag: string): Promise<string> {
  const session = await page.createCDPSession();
  const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
  await session.detach();
  const host = findNode(root, (n) => n.nodeName === tag);
  return host ? textOf(host).trim() : '';
}

/** Presses the countdown's Stop button as a person does: a real (trusted) mouse click where it shows. */
export async function clickCountdownStop(page: Page): Promise<void> {
  await page.bringToFront();
  const session = await page.createCDPSession();
  const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
  const host = findNode(root, (n) => n.nodeName === 'DESKHAND-COUNTDOWN');
  const button = host && findNode(host, (n) => n.nodeName === 'BUTTON');
  if (!button) {
    await session.detach();
    throw new Error('no countdown Stop button on the page');
  }
  const { model } = (await session.send('DOM.getBoxModel', { nodeId: button.nodeId })) as { model: { content: number[] } };
  await session.detach();
  const [x1, y1, , , x3, y3] = model.content as [number, number, number, number, number, number];
  await page.mouse.click((x1 + x3) / 2, (y1 + y3) / 2);
}

interface CdpNode {
  nodeId: number;
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
export async function confirmCard(panel: Page, actionId: string, timeoutMs = 15_000): Promise<void> {
  const card = `.card[data-action-id="${actionId}"]`;
  await panel.bringToFront();
  await panel.waitForSelector(card);
  const end = Date.now() + timeoutMs;
  let seen: CardState | null = null;
  let emulated = false;
  while (Date.now() < end) {
    seen = await panel.$eval(card, readCard).catch(() => null);
    if (seen && !seen.focused && !emulated) {
      // The panel is in front but its window has no focus (headless Chromium with other
      // browsers running): a person looking at it would have it. Emulated focus makes
      // document.hasFocus() true for this page only, as DevTools' "Emulate a focused page".
      emulated = true;
      const cdp = await panel.createCDPSession();
      await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
      continue;
    }
    if (seen?.ack === false) await panel.click(`${card} input[name=ack-amount]`).catch(() => undefined);
    else if (seen?.enabled) return panel.click(`${card} button.confirm`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // Why it stayed disabled, in the test's failure: the dwell text, the stale flag, the tick.
  throw new Error(`Confirm of ${actionId} stayed disabled for ${timeoutMs} ms: ${JSON.stringify(seen)}`);
}

interface CardState {
  enabled: boolean;
  ack: boolean | null;
  armed: string | null;
  stale: string | null;
  notes: string;
  focused: boolean;
}

function readCard(el: Element): CardState {
  const ack = el.querySelector<HTMLInputElement>('input[name=ack-amount]');
  const button = el.querySelector<HTMLButtonElement>('button.confirm');
  return {
    enabled: !!button && !button.disabled,
    ack: ack ? ack.checked : null,
    armed: el.getAttribute('data-armed'),
    stale: el.getAttribute('data-stale'),
    notes: [...el.querySelectorAll('.dwell, .stale-warning, .who, .countdown')].map((n) => n.textContent).join(' | '),
    focused: document.hasFocus() && document.visibilityState === 'visible',
  };
}
