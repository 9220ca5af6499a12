/**
 * Vite plugin: builds dist/panel-early.js, the side panel's first script (src/sidepanel/early.ts,
 * issue 22 item 4). index.html loads it as a classic script in <head>, so it runs while the page
 * is parsed — before the panel's module script is even fetched — and the worker's answer to the
 * first `confirm.list` is usually in by the panel's first render. A module script of its own
 * would not do: Vite bundles every module script of a page into the one entry chunk. The tag
 * is added to the built page (transformIndexHtml), not written in index.html, where Vite would
 * try to bundle it.
 */
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { buildPart, partPlugin } from './teach-script.ts';

export const PANEL_EARLY_FILE = 'panel-early.js';
const ENTRY = join(resolve(import.meta.dirname, '..'), 'src/sidepanel/early.ts');

export const panelEarlyScript = (): Plugin => ({
  ...partPlugin('deskhand-panel-early', PANEL_EARLY_FILE, () => buildPart(ENTRY, PANEL_EARLY_FILE)),
  transformIndexHtml: {
    order: 'post',
    handler: (_html, ctx) => (ctx.path.endsWith('/sidepanel/index.html') ? [{ tag: 'script', attrs: { src: `/${PANEL_EARLY_FILE}` }, injectTo: 'head-prepend' }] : []),
  },
});
