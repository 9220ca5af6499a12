/**
 * `npm run demo`: build the extension, serve the demo console, open Chromium with deskhand.
 * With a display it stays open for you to try (Ctrl+C ends it). Headless, it walks through
 * a short tour and saves screenshots of the console, the toast and the side panel.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { startConsole } from '../demo/console/server.ts';
import { startModelServer } from '../demo/model/server.ts';
import { CHROME, chord, launchWithExtension } from './browser.ts';

const OUT = resolve(import.meta.dirname, '../demo-output');

/** A server on the port the environment names (or the default); a port in use says how to pick another. */
async function listening<T>(env: 'PORT' | 'MODEL_PORT', fallback: number, start: (port: number) => Promise<T>): Promise<T> {
  const port = Number(process.env[env] ?? fallback);
  try {
    return await start(port);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    console.error(`Port ${port} is in use (another demo still running?). Stop it, or pick free ports: PORT=5417 MODEL_PORT=5418 npm run demo`);
    process.exit(1);
  }
}

async function main() {
  if (!existsSync(CHROME)) {
    console.error(`Chromium not found at ${CHROME}. Install it (apt-get install chromium chromium-l10n fonts-noto-cjk) or set CHROME_PATH.`);
    process.exit(1);
  }
  console.log('Building the extension…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const server = await listening('PORT', 5317, (port) => startConsole({ port }));
  console.log(`Demo console: ${server.url}/  (English: ${server.url}/?lang=en, backend log: ${server.url}/api/_log)`);
  // The local OpenAI-compatible model, unless a real endpoint is given in the environment.
  const real = process.env.DESKHAND_LLM_BASE_URL;
  const model = real ? null : await listening('MODEL_PORT', 5318, (port) => startModelServer({ port }));
  const llm = real
    ? { baseURL: real, apiKey: process.env.DESKHAND_LLM_API_KEY ?? '', model: process.env.DESKHAND_LLM_MODEL ?? '' }
    : { baseURL: `${model!.url}/v1`, apiKey: 'demo', model: 'demo-assistant' };
  console.log(`Model endpoint: ${llm.baseURL} (${llm.model})`);
  const headless = !process.env.DISPLAY || process.env.DEMO_HEADLESS === '1';
  const { browser, extensionId, worker } = await launchWithExtension({ headless });
  // The demo console is a test console: the developer bridge is on for it (and only it).
  await worker.evaluate(
    async (origin: string, llmSettings: unknown) => {
      const cur = ((await chrome.storage.local.get('settings')).settings ?? {}) as Record<string, unknown>;
      await chrome.storage.local.set({
        settings: { ...cur, llm: llmSettings, roles: ['AGENT', 'REFUND_APPROVER'], bridge: { enabled: true, origins: [origin], allowLowWrites: false } },
      });
    },
    server.url,
    llm,
  );
  const page = await browser.newPage();
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 500));
  const tabId = await worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url?.startsWith(u))?.id ?? -1, server.url);
  const panelUrl = `chrome-extension://${extensionId}/src/sidepanel/index.html`;

  if (!headless) {
    // An extension page may open the side panel inside a user gesture (puppeteer evaluates with one).
    const opener = await browser.newPage();
    await opener.goto(panelUrl);
    await opener.evaluate((id: number) => chrome.sidePanel.open({ tabId: id }), tabId).catch(() => {});
    await opener.close();
    await page.bringToFront();
    console.log('Chromium is open with deskhand. Try Alt+Shift+F / C / D / S / T / K on the console; confirm sends in the side panel. Ctrl+C to stop.');
    const stop = async () => {
      await browser.close().catch(() => {});
      await server.close();
      await model?.close();
      process.exit(0);
    };
    process.on('SIGINT', () => void stop());
    browser.on('disconnected', () => void stop());
    return;
  }

  mkdirSync(OUT, { recursive: true });
  const shots: string[] = [];
  const shot = async (p: Page, name: string) => {
    const path = join(OUT, name);
    await p.screenshot({ path });
    shots.push(path);
  };
  await shot(page, 'console.png');
  await chord(page, 'KeyF');
  await new Promise((r) => setTimeout(r, 700));
  await shot(page, 'toast.png');
  await chord(page, 'KeyD');
  await new Promise((r) => setTimeout(r, 800));
  await chord(page, 'KeyS');
  await new Promise((r) => setTimeout(r, 800));
  await shot(page, 'toast-confirm.png');
  const panel = await browser.newPage();
  await panel.setViewport({ width: 420, height: 860 });
  await panel.goto(`${panelUrl}?tabId=${tabId}`, { waitUntil: 'load' });
  await panel.waitForSelector('.card', { timeout: 5_000 }).catch(() => {});
  await shot(panel, 'sidepanel.png');
  // Ask the assistant (read tools only) about the customer.
  await panel.waitForSelector('textarea[name=question]', { timeout: 5_000 }).catch(() => {});
  if (await panel.$('textarea[name=question]')) {
    await panel.type('textarea[name=question]', '这个客户之前报过类似问题吗？');
    await panel.click('button.send');
    await panel.waitForSelector('.turn[data-stopped]', { timeout: 20_000 }).catch(() => {});
    await shot(panel, 'sidepanel-chat.png');
  }
  console.log('Headless (no display): screenshots saved to');
  for (const s of shots) console.log(`  ${s}`);
  await browser.close();
  await server.close();
  await model?.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
