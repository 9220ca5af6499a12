/**
 * `npm run icons`: renders assets/icon.svg to the PNG sizes the manifest lists
 * (16/32/48/128), with Chromium, so the toolbar icon is drawn by the same engine that shows
 * it. Also writes docs/icon-preview.png: every size on a light and a dark toolbar colour.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROME } from './browser.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SIZES = [16, 32, 48, 128] as const;
// Chrome's default light toolbar and its dark-mode toolbar.
const TOOLBARS = ['#ffffff', '#f1f3f4', '#3c3c3c', '#202124'];

async function main() {
  const svg = readFileSync(join(ROOT, 'assets/icon.svg'), 'utf8');
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const browser = await puppeteer.launch({ executablePath: CHROME, headless: true, pipe: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    for (const size of SIZES) {
      await page.setViewport({ width: size, height: size, deviceScaleFactor: 1 });
      await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}"></body></html>`);
      await page.screenshot({ path: join(ROOT, `public/icons/icon-${size}.png`) as `${string}.png`, omitBackground: true });
    }
    const rows = TOOLBARS.map(
      (bg) => `<div style="background:${bg};padding:10px;display:flex;gap:14px;align-items:center">${SIZES.map((s) => `<img src="${src}" width="${s}" height="${s}">`).join('')}</div>`,
    ).join('');
    await page.setViewport({ width: 300, height: 4 * 148, deviceScaleFactor: 2 });
    await page.setContent(`<html><body style="margin:0">${rows}</body></html>`);
    await page.screenshot({ path: join(ROOT, 'docs/icon-preview.png'), fullPage: true });
  } finally {
    await browser.close();
  }
  console.log(`icons: ${SIZES.map((s) => `public/icons/icon-${s}.png`).join(', ')}, docs/icon-preview.png`);
}

await main();
