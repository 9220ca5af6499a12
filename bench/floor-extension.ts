/**
 * A bare extension, written out in the run and loaded beside deskhand in the same browser: the
 * floor for timings that need a real extension. It does the part of deskhand's work no
 * implementation can skip, and nothing else:
 * - content.js, on FLOOR_HOST pages only (deskhand's content script does not match them):
 *   the same two listeners as the empty content script (bench/floor-builds.ts), then the three
 *   start-up messages deskhand's content script waits for (settings.view, tab.whoami,
 *   profiles.get), answered by worker.js from chrome.storage.local and the sender's tab. It
 *   marks `data-floor-ready-ms` (script start -> all three answered, on the isolated world's
 *   clock, as deskhand's readyMs) on the page;
 * - panel.html: the minimal Preact panel of bench/floor-builds.ts, an extension page like the
 *   side panel, marking `data-first-render-ms` after render as src/sidepanel/main.tsx does;
 * - asking.html: the asking Preact panel of floor-builds.ts, which renders one `article.card`
 *   with what worker.js answers to `list` (read from chrome.storage.session, where deskhand's
 *   pending confirmations live).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASKING_PREACT_PANEL, EMPTY_CONTENT_SCRIPT, minimalPreactPanel } from './floor-builds.ts';

/** A loopback address deskhand's manifest does not match (it matches localhost and 127.0.0.1). */
export const FLOOR_HOST = '127.0.0.2';

const MANIFEST = {
  manifest_version: 3,
  name: 'deskhand bench floor',
  version: '0.0.1',
  permissions: ['storage'],
  background: { service_worker: 'worker.js' },
  content_scripts: [{ matches: [`http://${FLOOR_HOST}/*`], js: ['content.js'], run_at: 'document_idle' }],
};

const WORKER = `const answers = {
  'settings.view': async () => ({ ok: true, view: (await chrome.storage.local.get('settings')).settings ?? null }),
  'tab.whoami': async (sender) => ({ ok: true, tabId: sender.tab && sender.tab.id }),
  'profiles.get': async () => ({ ok: true, profiles: (await chrome.storage.local.get('profiles')).profiles ?? [] }),
  list: async () => ({ ok: true, text: JSON.stringify((await chrome.storage.session.get('pending')).pending ?? 'pending') }),
};
chrome.runtime.onMessage.addListener((msg, sender, reply) => {
  const answer = msg && answers[msg.type];
  if (!answer) return false;
  answer(sender).then(reply);
  return true;
});`;

const CONTENT = `(() => {
  const startedAt = performance.now();
  ${EMPTY_CONTENT_SCRIPT}
  const ask = (type) => chrome.runtime.sendMessage({ type });
  Promise.all([ask('settings.view'), ask('tab.whoami'), ask('profiles.get')]).then(() => {
    document.documentElement.dataset.floorReadyMs = String(performance.now() - startedAt);
  });
})();`;

const PANEL_HTML = '<!doctype html><html><head><meta charset="utf-8"><title>floor</title></head><body><div id="app"></div><script type="module" src="./panel.js"></script></body></html>';
const ASKING_HTML = PANEL_HTML.replace('./panel.js', './asking.js');
const PANEL_MARK = 'document.documentElement.dataset.firstRenderMs = String(Math.round(performance.now() * 10) / 10);';

/** Writes the floor extension to a fresh temp directory and returns its path. */
export async function writeFloorExtension(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'deskhand-floor-ext-'));
  const [panel, asking] = await Promise.all([minimalPreactPanel(), minimalPreactPanel(ASKING_PREACT_PANEL)]);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(MANIFEST, null, 2));
  writeFileSync(join(dir, 'worker.js'), WORKER);
  writeFileSync(join(dir, 'content.js'), CONTENT);
  writeFileSync(join(dir, 'panel.html'), PANEL_HTML);
  writeFileSync(join(dir, 'panel.js'), `${panel.code}\n${PANEL_MARK}\n`);
  writeFileSync(join(dir, 'asking.html'), ASKING_HTML);
  writeFileSync(join(dir, 'asking.js'), asking.code);
  return dir;
}

/** The demo console's pages served again on `host` (FLOOR_HOST: the floor content script runs on the same page). */
export async function floorHostProxy(target: string, host = FLOOR_HOST): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const up = request(`${target}${req.url ?? '/'}`, { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  return { url: `http://${host}:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}
