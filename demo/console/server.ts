/**
 * The demo support console: a realistic agent workspace (conversation list, open
 * conversation, customer panel, quick-ticket form, reply composer, internal note, queue
 * assignment, refund form in an iframe, earlier tickets, KB search API) and a tiny
 * backend that records every mutating request at GET /api/_log.
 *
 * `npm run demo:console` serves it on PORT (default 5317). Tests call startConsole().
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { json, readJson } from '../http.ts';
import { CATEGORIES, KB, QUEUES, seedConversations, type Conversation } from './data.ts';
import { renderKbArticle, renderKbPage, renderRefundFrame, renderWorkspace, type Lang } from './render.ts';

export interface LogEntry {
  seq: number;
  method: string;
  path: string;
  body: unknown;
  status: number;
  at: string;
}

/** Faults a test can arm: the next matching request fails or never answers. */
type Fault = { path: RegExp; mode: 'error' | 'hang' | 'reject' };

export interface ConsoleServer {
  url: string;
  port: number;
  log: LogEntry[];
  close(): Promise<void>;
}

const PUBLIC = join(import.meta.dirname, 'public');

export async function startConsole(opts: { port?: number; host?: string } = {}): Promise<ConsoleServer> {
  let state = freshState();
  const log: LogEntry[] = [];
  let faults: Fault[] = [];
  /** Pages a test serves from the console's origin (hostile KB sources: same-origin only). */
  let pages = new Map<string, { type: string; body: string }>();
  let seq = 0;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://console.local');
    const lang: Lang = url.searchParams.get('lang') === 'en' ? 'en' : 'zh';
    try {
      if (req.method === 'GET') return serveGet(url, lang, res);
      const body = await readJson(req, 256 * 1024);
      if (url.pathname === '/api/_reset') {
        state = freshState();
        log.length = 0;
        faults = [];
        pages = new Map();
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/api/_pages') {
        const p = body as { path: string; type: string; body: string };
        pages.set(p.path, { type: p.type, body: p.body });
        return json(res, 200, { ok: true });
      }
      if (url.pathname === '/api/_faults') {
        const f = body as { path: string; mode: Fault['mode'] };
        faults.push({ path: new RegExp(f.path), mode: f.mode });
        return json(res, 200, { ok: true });
      }
      const fault = faults.find((f) => f.path.test(url.pathname));
      if (fault) faults = faults.filter((f) => f !== fault);
      const record = (status: number) =>
        log.push({ seq: ++seq, method: req.method ?? 'POST', path: url.pathname, body, status, at: new Date().toISOString() });
      if (fault?.mode === 'hang') {
        record(0);
        return; // never answers: the caller cannot know whether it happened
      }
      if (fault?.mode === 'error') {
        record(500);
        return json(res, 500, { error: 'internal error' });
      }
      const [status, payload] = fault?.mode === 'reject' ? [422, { error: 'rejected by policy' }] : mutate(state, url.pathname, body);
      record(status);
      return json(res, status, payload);
    } catch (e) {
      return json(res, 400, { error: e instanceof Error ? e.message : String(e) });
    }
  });

  function serveGet(url: URL, lang: Lang, res: ServerResponse) {
    const p = url.pathname;
    if (p === '/api/_log') return json(res, 200, log);
    const page = pages.get(p);
    if (page) {
      res.writeHead(200, { 'content-type': `${page.type}; charset=utf-8` });
      return res.end(page.body);
    }
    if (p === '/api/kb/search') return json(res, 200, searchKb(url.searchParams.get('q') ?? '', Number(url.searchParams.get('limit') ?? 5)));
    if (p === '/api/conversations') return json(res, 200, state.conversations.map((c) => ({ id: c.id, name: c.customer.name })));
    if (p === '/' || p === '/index.html') {
      const conv = state.conversations.find((c) => c.id === url.searchParams.get('c')) ?? state.conversations[0]!;
      const partial = url.searchParams.get('partial') === '1';
      return html(res, renderWorkspace({ lang, conv, all: state.conversations, state, partial }));
    }
    if (p === '/kb') return html(res, renderKbPage(lang, url.searchParams.get('q') ?? '', searchKb(url.searchParams.get('q') ?? '', 10).results));
    const article = /^\/kb\/([\w-]+)$/.exec(p) && KB.find((a) => a.id === p.slice(4));
    if (article) return html(res, renderKbArticle(lang, article));
    // A KB source that is down (for the degrade-with-a-note tests).
    if (p === '/api/kb/broken') return json(res, 500, { error: 'internal error' });
    if (p === '/refund-frame.html') return html(res, renderRefundFrame(lang, url.searchParams.get('c') ?? ''));
    if (p.startsWith('/public/') && /^[\w.-]+$/.test(p.slice(8))) {
      const type = p.endsWith('.css') ? 'text/css' : 'text/javascript';
      res.writeHead(200, { 'content-type': `${type}; charset=utf-8` });
      return res.end(readFileSync(join(PUBLIC, p.slice(8))));
    }
    return json(res, 404, { error: 'not found' });
  }

  await new Promise<void>((resolve, reject) => {
    // A port in use rejects (EADDRINUSE) instead of an unhandled 'error' event.
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    // Another loopback address (127.0.0.2) is a site that is not the demo's: tests of "not a console" use it.
    url: `http://${opts.host === 'localhost' ? 'localhost' : opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`,
    port,
    log,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface ConsoleState {
  conversations: Conversation[];
  notes: Record<string, string[]>;
  queues: Record<string, string>;
  tickets: { id: string; body: unknown }[];
  refunds: { id: string; body: unknown }[];
  nextTicket: number;
}

function freshState(): ConsoleState {
  return { conversations: seedConversations(), notes: {}, queues: {}, tickets: [], refunds: [], nextTicket: 10_001 };
}

const ORDER_TOTALS: Record<string, number> = { 'ORD-20261101': 399, 'ORD-20261115': 129, 'ORD-20261120': 59 };

function mutate(state: ConsoleState, path: string, body: unknown): [number, unknown] {
  const b = (body ?? {}) as Record<string, unknown>;
  const conv = /^\/api\/conversations\/([\w-]+)\/(messages|notes|queue)$/.exec(path);
  if (conv) {
    const c = state.conversations.find((x) => x.id === conv[1]);
    if (!c) return [404, { error: 'no such conversation' }];
    const text = typeof b.text === 'string' ? b.text.trim() : '';
    if (conv[2] === 'messages') {
      if (!text) return [422, { error: 'empty message' }];
      const time = new Date().toTimeString().slice(0, 5);
      c.messages.push({ role: 'agent', text, time });
      return [201, { id: `M-${c.messages.length}`, time }];
    }
    if (conv[2] === 'notes') {
      if (!text) return [422, { error: 'empty note' }];
      (state.notes[c.id] ??= []).push(text);
      return [201, { id: `N-${state.notes[c.id]!.length}` }];
    }
    if (!QUEUES.some((q) => q.value === b.queue)) return [422, { error: 'unknown queue' }];
    state.queues[c.id] = String(b.queue);
    return [200, { queue: b.queue }];
  }
  if (path === '/api/tickets') {
    for (const field of ['title', 'category', 'description']) {
      if (typeof b[field] !== 'string' || !(b[field] as string).trim()) return [422, { error: `missing ${field}` }];
    }
    if (!CATEGORIES.some((c) => c.value === b.category)) return [422, { error: 'unknown category' }];
    const id = `T-${state.nextTicket++}`;
    state.tickets.push({ id, body });
    return [201, { id }];
  }
  if (path === '/api/refunds') {
    const total = ORDER_TOTALS[String(b.orderId)];
    if (total === undefined) return [422, { error: 'unknown order' }];
    if (typeof b.amount !== 'number' || b.amount <= 0 || b.amount > total) return [422, { error: `amount must be between 0 and ${total}` }];
    const id = `R-${state.refunds.length + 1}`;
    state.refunds.push({ id, body });
    return [201, { id }];
  }
  return [404, { error: 'not found' }];
}

function searchKb(q: string, limit: number) {
  const terms = q.toLowerCase().split(/\s+/).filter(Boolean);
  const scored = KB.map((a) => {
    const text = `${a.title} ${a.body}`.toLowerCase();
    // Whole-term hits count double; a Chinese term also scores by its characters (no spaces to split on).
    const partial = (t: string) => (/[\u4e00-\u9fff]/.test(t) ? [...t].filter((ch) => text.includes(ch)).length / t.length : 0);
    const score = terms.reduce((s, t) => s + (text.includes(t) ? 2 : partial(t)), 0);
    return { ...a, score };
  })
    .filter((a) => a.score >= 0.5)
    .sort((a, b) => b.score - a.score);
  const n = Math.max(1, Math.min(Number.isFinite(limit) ? limit : 5, 20));
  return {
    total: scored.length,
    results: scored.slice(0, n).map((a) => ({ id: a.id, title: a.title, snippet: a.body.slice(0, 80), url: `/kb/${a.id}`, body: a.body })),
  };
}

function html(res: ServerResponse, body: string) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.env.PORT ?? 5317);
  const server = await startConsole({ port, host: process.env.HOST ?? '127.0.0.1' });
  console.log(`demo console: ${server.url}/  (English: ${server.url}/?lang=en, mutations: ${server.url}/api/_log)`);
}
