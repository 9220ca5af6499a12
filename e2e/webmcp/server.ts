/**
 * Backend of the WebMCP fixture console (e2e/webmcp/app.ts, bundled with Preact by esbuild):
 * serves the page on 127.0.0.1 (a secure context, so `document.modelContext` exists when the
 * browser has WebMCP on) and logs every API call, which is what the tests judge.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { bundle } from '../../fixtures/kit/bundle.ts';
import { json, readJson } from '../../demo/http.ts';

export interface LogEntry {
  method: string;
  path: string;
  body?: unknown;
}

export interface WebmcpConsole {
  url: string;
  log(): LogEntry[];
  reset(): void;
  close(): Promise<void>;
}

export async function startWebmcpConsole(): Promise<WebmcpConsole> {
  const assets = await bundle({ entries: { app: join(import.meta.dirname, 'app.ts') } });
  let log: LogEntry[] = [];
  let replies: string[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const asset = url.pathname.startsWith('/assets/') ? assets.get(url.pathname.slice('/assets/'.length)) : undefined;
      if (asset) {
        res.writeHead(200, { 'content-type': asset.type });
        res.end(asset.body);
        return;
      }
      if (url.pathname === '/' || url.pathname === '/ticket/77') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ticket #77</title></head><body><div id="app"></div><script type="module" src="/assets/app.js"></script></body></html>');
        return;
      }
      if (url.pathname === '/api/replies') return json(res, 200, replies);
      // What the page itself loads (its favicon) is no call of a tool.
      if (!url.pathname.startsWith('/api/')) return json(res, 404, { error: 'not found' });
      const body = req.method === 'POST' ? await readJson(req).catch(() => null) : undefined;
      log.push({ method: req.method ?? 'GET', path: url.pathname, ...(body !== undefined ? { body } : {}) });
      const order = /^\/api\/orders\/([\w-]+)$/.exec(url.pathname);
      if (order) return json(res, 200, { id: order[1], status: 'shipped', shipped: '2026-11-28' });
      if (url.pathname === '/api/reply' && req.method === 'POST') {
        replies.push(String((body as { text?: unknown })?.text ?? ''));
        return json(res, 201, { id: replies.length });
      }
      if (url.pathname === '/api/tag' && req.method === 'POST') return json(res, 200, { tag: (body as { tag?: unknown })?.tag ?? null });
      json(res, 404, { error: 'not found' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    reset() {
      log = [];
      replies = [];
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
