/**
 * Size floors, built in memory in the same run as the sizes they are compared with, by the
 * same bundler and settings as the shipped build (Vite 8: rolldown, minified, chrome116), so
 * a ratio says what deskhand adds, not what a different minifier would have saved:
 * - an empty content script: a keydown listener and a chrome.runtime.onMessage listener, the
 *   two things every content script of this kind installs; built as an IIFE, as the shipped one;
 * - a minimal Preact panel: one component rendered into the page; an ES module, as the panel;
 * - an asking Preact panel: the same, rendered with what one message to its extension's worker
 *   answered (the part of the side panel's first cards no panel can skip: its chrome.* bindings
 *   and one round trip to the worker that holds the pending list).
 */
import { gzipSync } from 'node:zlib';
import preact from '@preact/preset-vite';
import { build, type InlineConfig, type Plugin, type Rollup } from 'vite';

export interface FloorSize {
  min: number;
  gz: number;
}

export const EMPTY_CONTENT_SCRIPT = `addEventListener('keydown', (e) => { if (e.altKey && e.key === 'k') e.preventDefault(); }, true);
chrome.runtime.onMessage.addListener((msg, _sender, reply) => { reply({ ok: true, type: msg && msg.type }); return true; });`;

export const MINIMAL_PREACT_PANEL = `import { h, render } from 'preact';
const Panel = () => h('main', { class: 'panel' }, 'deskhand');
render(h(Panel, null), document.getElementById('app'));`;

export const ASKING_PREACT_PANEL = `import { h, render } from 'preact';
const Panel = ({ text }) => h('article', { class: 'card' }, text);
chrome.runtime.sendMessage({ type: 'list' }).then((r) => render(h(Panel, { text: String(r && r.text) }), document.getElementById('app')));`;

const ROOT = new URL('..', import.meta.url).pathname;

/** Serves `code` as the module `id`, so a floor needs no file on disk (Vite hands a lib entry over as a path under root). */
function virtual(id: string, code: string): Plugin {
  const resolved = `\0${id}`;
  return { name: `floor-${id}`, enforce: 'pre', resolveId: (s) => (s === id || s.endsWith(`/${id}`) ? resolved : null), load: (s) => (s === resolved ? code : null) };
}

async function sizeOf(config: InlineConfig): Promise<FloorSize & { code: string }> {
  const out = (await build({ configFile: false, logLevel: 'silent', root: ROOT, define: { 'process.env.NODE_ENV': '"production"' }, ...config })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  // A lib build answers with one output per format, an app build with the output itself.
  const code = (Array.isArray(out) ? out[0]! : out).output.filter((o): o is Rollup.OutputChunk => o.type === 'chunk').map((c) => c.code).join('');
  return { code, min: Buffer.byteLength(code), gz: gzipSync(code, { level: 9 }).length };
}

/** The empty content script, as a minified IIFE (bench/bundle.bench.ts builds the real one the same way). */
export function emptyContentScript(): Promise<FloorSize & { code: string }> {
  const id = 'floor:content';
  return sizeOf({
    plugins: [virtual(id, EMPTY_CONTENT_SCRIPT)],
    build: { lib: { entry: id, formats: ['iife'], name: 'floor', fileName: () => 'content.js' }, write: false, minify: true, target: 'chrome116' },
  });
}

/** The minimal Preact panel, as a minified ES module app build with the panel's Preact plugin. */
export function minimalPreactPanel(code = MINIMAL_PREACT_PANEL): Promise<FloorSize & { code: string }> {
  const id = 'floor:panel';
  return sizeOf({
    plugins: [preact(), virtual(id, code)],
    build: { rollupOptions: { input: id }, write: false, minify: true, target: 'chrome116', modulePreload: false },
  });
}
