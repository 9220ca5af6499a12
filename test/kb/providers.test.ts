/** Provider config (data), JSON field mapping, and several providers merged with graceful degradation. */
import { describe, expect, it } from 'vitest';
import { KbProviderConfig } from '../../src/kb/config.ts';
import { mapJson } from '../../src/kb/json-provider.ts';
import { getPath } from '../../src/kb/paths.ts';
import { OSTICKET_STAFF_FAQ, jsonEndpoint } from '../../src/kb/presets.ts';
import { providersFor } from '../../src/kb/resolve.ts';
import { searchAll } from '../../src/kb/search.ts';
import type { ProviderEnv } from '../../src/kb/types.ts';
import { SettingsSchema } from '../../src/settings/schema.ts';

const BASE = 'https://support.example.com/agent/ticket/1';

describe('provider config', () => {
  it('accepts relative and same-origin paths and refuses other origins', () => {
    expect(KbProviderConfig.safeParse({ kind: 'json', url: '/api/kb/search' }).success).toBe(true);
    expect(KbProviderConfig.safeParse({ kind: 'html', searchUrl: 'kb.php?q={query}' }).success).toBe(true);
    for (const url of ['https://evil.example/kb', '//evil.example/kb', 'javascript:alert(1)', 'not a url']) {
      expect(KbProviderConfig.safeParse({ kind: 'json', url }).success).toBe(false);
    }
    expect(KbProviderConfig.safeParse({ kind: 'html', searchUrl: '/kb' }).success).toBe(false); // no {query}
  });

  it('the old settings shape still parses and means the demo JSON endpoint on the demo console only', () => {
    const kb = SettingsSchema.parse({ kb: { endpoint: '/api/kb/search' } }).kb;
    expect(providersFor('http://127.0.0.1:5317', kb, { isDemo: true }).map((p) => p.kind)).toEqual(['json', 'local']);
    expect(providersFor('https://osticket.example', kb, { isDemo: false }).map((p) => p.kind)).toEqual(['local']);
    expect(providersFor('https://osticket.example', kb, { isDemo: false, profile: [OSTICKET_STAFF_FAQ] })).toEqual([OSTICKET_STAFF_FAQ, { kind: 'local' }]);
    const custom = SettingsSchema.parse({ kb: { endpoint: '/kb/api' } }).kb;
    expect(providersFor('https://x.example', custom, { isDemo: false })[0]).toMatchObject({ kind: 'json', url: '/kb/api' });
    const own = SettingsSchema.parse({ kb: { providers: { 'https://x.example': [{ kind: 'html', searchUrl: '/s?q={query}' }] } } }).kb;
    expect(providersFor('https://x.example', own, { isDemo: false }).map((p) => p.kind)).toEqual(['html']);
  });
});

describe('JSON mapping', () => {
  it('reads nested paths, array indexes and a total', () => {
    expect(getPath({ a: { b: [{ c: 1 }] } }, 'a.b.0.c')).toBe(1);
    const cfg = KbProviderConfig.parse({ kind: 'json', url: '/api/search', listPath: 'data.hits', titlePath: 'doc.question', snippetPath: 'doc.excerpt', urlPath: 'links.html', idPath: 'doc.id', totalPath: 'data.count', answerPath: 'doc.answer' });
    if (cfg.kind !== 'json') throw new Error('json');
    const body = { data: { count: 12, hits: [{ doc: { id: 7, question: 'How to reset?', excerpt: 'Use the link', answer: 'Open the login page.   Choose reset.' }, links: { html: '/faq/7' } }, { doc: { question: '' } }] } };
    const r = mapJson(cfg, body, 5, BASE);
    expect(r).toEqual({ ok: true, total: 12, hits: [{ id: '7', title: 'How to reset?', snippet: 'Use the link', url: 'https://support.example.com/faq/7', answer: 'Open the login page. Choose reset.' }] });
  });

  it('an answer without the list is a clear error', () => {
    const r = mapJson(jsonEndpoint('/x') as never, { items: [] }, 5, BASE);
    expect(r).toMatchObject({ ok: false, error: { code: 'KB_BAD_ANSWER' } });
  });
});

function fakeFetch(routes: Record<string, (u: URL) => Response | Promise<Response>>): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const u = new URL(String(input));
    const route = routes[u.pathname];
    if (!route) return new Response('not found', { status: 404 });
    const res = await route(u);
    Object.defineProperty(res, 'url', { value: u.href });
    return res;
  }) as typeof fetch;
}

const env = (fetch: typeof globalThis.fetch, extra: Partial<ProviderEnv> = {}): ProviderEnv => ({ fetch, base: BASE, signal: new AbortController().signal, ...extra });
const demo = jsonEndpoint('/api/kb/search', 'Console API');

describe('several providers at once', () => {
  it('merges, folds duplicates (same title) and says where each hit came from', async () => {
    const f = fakeFetch({
      '/api/kb/search': () => Response.json({ total: 2, results: [{ id: 'A', title: 'Refund policy', snippet: 'api', url: '/kb/A' }, { id: 'B', title: 'Invoices', snippet: 'api', url: '/kb/B' }] }),
    });
    const local = async () => ({ ok: true as const, hits: [{ id: 'l1', title: 'Refund policy', snippet: 'local', url: '', answer: 'Returns within 7 days.' }, { id: 'l2', title: 'Shipping', snippet: 'local', url: '' }], total: 2 });
    const r = await searchAll([demo, { kind: 'local' }], 'refund', 5, env(f, { local }));
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.data.results.map((h) => [h.title, h.source])).toEqual([
      ['Refund policy', 'Console API, local'],
      ['Invoices', 'Console API'],
      ['Shipping', 'local'],
    ]);
    expect(r.data.results[0]!.answer).toBe('Returns within 7 days.');
    expect(r.data.total).toBe(3);
    expect(r.data.notes).toEqual([]);
  });

  it('a provider answering 500 degrades to the others with a note', async () => {
    const f = fakeFetch({ '/api/kb/search': () => new Response('boom', { status: 500 }) });
    const local = async () => ({ ok: true as const, hits: [{ id: 'l1', title: 'Shipping', snippet: 's', url: '' }], total: 1 });
    const r = await searchAll([demo, { kind: 'local' }], 'ship', 5, env(f, { local }));
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.data.results.map((h) => h.id)).toEqual(['l1']);
    expect(r.data.sources).toMatchObject([{ name: 'Console API', ok: false, error: { code: 'KB_HTTP_500', retryable: true } }, { name: 'local', ok: true, hits: 1 }]);
    expect(r.data.notes[0]).toContain('Console API failed');
  });

  it('a provider that never answers times out alone; with nothing found elsewhere that is an outage, not "no article"', async () => {
    const hang = (() => new Promise<Response>(() => {})) as unknown as typeof fetch;
    const none = async () => ({ ok: true as const, hits: [], total: 0 });
    const r = await searchAll([demo, { kind: 'local' }], 'x1', 5, env(hang, { local: none }), 50);
    expect(r).toMatchObject({ ok: false, error: { code: 'KB_UNREACHABLE', retryable: true }, sources: [{ ok: false, error: { code: 'KB_TIMEOUT' } }, { ok: true, hits: 0 }] });
    if (r.ok) throw new Error('expected an outage');
    expect(r.error.detail).toContain('Console API');
    // Found elsewhere: the results stand, with a note that one source failed.
    const one = async () => ({ ok: true as const, hits: [{ id: 'l1', title: 'Refunds', snippet: 'refunds', url: '' }], total: 1 });
    const partial = await searchAll([demo, { kind: 'local' }], 'x1', 5, env(hang, { local: one }), 50);
    expect(partial).toMatchObject({ ok: true, data: { results: [{ id: 'l1' }], sources: [{ ok: false, error: { code: 'KB_TIMEOUT' } }, { ok: true, hits: 1 }] } });
  });

  it('fails only when every provider fails, and says why; no provider at all is its own error', async () => {
    const f = fakeFetch({});
    const r = await searchAll([demo], 'x1', 5, env(f));
    expect(r).toMatchObject({ ok: false, error: { code: 'KB_HTTP_404', retryable: false } });
    expect(await searchAll([], 'x1', 5, env(f))).toMatchObject({ ok: false, error: { code: 'NO_KB_SOURCE' } });
  });

  it('never fetches another origin, even when a result links there', async () => {
    const seen: string[] = [];
    const f = (async (u: string) => {
      seen.push(new URL(u).origin);
      return Object.assign(Response.json({ results: [{ title: 'Ext', url: 'https://elsewhere.example/a' }] }), {});
    }) as unknown as typeof fetch;
    const r = await searchAll([demo], 'x1', 5, env(f));
    expect(seen).toEqual(['https://support.example.com']);
    expect(r).toMatchObject({ ok: true, data: { results: [{ url: 'https://elsewhere.example/a' }] } });
  });
});
