/**
 * Issue 19 items 6 and 8, through the built extension in real Chromium:
 * - 6: the settings view content scripts get is an allow-list for their own origin, with no
 *   credential of any knowledge source or console, while kb.search still reads the
 *   authenticated sources (the worker fetches them);
 * - 8: a profile pattern with catastrophic backtracking is refused at import, and one stored
 *   some other way is set aside on the page (generic reading, said in the page facts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../src/tools/types.ts';
import { inContentWorld, startHarness, until, type Harness } from './harness.ts';

const LLM_KEY = 'sk-view-llm-key-5f2a9c';
const LIST_TOKEN = 'tok-admin-list-81c3e7';
const LIST_PASSWORD = 'pw-admin-list-4d9b02';
const OWN_KEY = 'own-console-key-77e1aa';
const OTHER_KEY = 'other-console-key-39bd54';
const OTHER = 'https://other-console.example.com';
const SECRETS = [LLM_KEY, LIST_TOKEN, LIST_PASSWORD, OWN_KEY, OTHER_KEY];

/** The team's protected help centre: answers only with the token and the Basic credentials. */
const asked: { path: string; authorized: boolean }[] = [];
let articles: Server;
let listUrl: string;

let h: Harness;

beforeAll(async () => {
  articles = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const authorized = url.searchParams.get('token') === LIST_TOKEN && req.headers.authorization === `Basic ${Buffer.from(`admin:${LIST_PASSWORD}`).toString('base64')}`;
    asked.push({ path: url.pathname, authorized });
    if (!authorized) return void res.writeHead(401).end('no');
    res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' }).end('# Refund warranty for gold members\n\nGold members get a refund within 30 days, no questions asked.\n');
  });
  await new Promise<void>((r) => articles.listen(0, '127.0.0.1', r));
  const port = (articles.address() as AddressInfo).port;
  listUrl = `http://admin:${LIST_PASSWORD}@127.0.0.1:${port}/kb/gold.md?token=${LIST_TOKEN}`;
  h = await startHarness({ roles: ['AGENT'], agentName: 'view-agent', llm: { baseURL: 'http://127.0.0.1:9/v1', apiKey: LLM_KEY, model: 'x' } });
});
afterAll(async () => {
  await h?.close();
  await new Promise((r) => articles?.close(r));
});

interface Answer {
  results: { title: string; source: string; url: string }[];
}

/** Records, in the content-script world, every message it receives and every reply it gets. */
const SPY = `(() => {
  const seen = (globalThis.__seen = globalThis.__seen || []);
  chrome.runtime.onMessage.addListener((m) => { seen.push('push ' + JSON.stringify(m)); });
  const send = chrome.runtime.sendMessage.bind(chrome.runtime);
  chrome.runtime.sendMessage = (...args) => send(...args).then((r) => { seen.push('reply ' + JSON.stringify(args[0]) + ' -> ' + JSON.stringify(r)); return r; });
  return true;
})()`;

describe('item 6: the settings view content scripts get', () => {
  it('attack: KB sources holding tokens, passwords and keys, and another console\'s provider key, never reach the content-script world; kb.search still reads the authenticated sources', async () => {
    const { page, tabId } = await h.freshConsole();
    const origin = new URL(page.url()).origin;
    await inContentWorld(page, h.extensionId, SPY);
    await h.settings({
      consoles: [OTHER],
      bridge: { enabled: true, origins: [OTHER], allowLowWrites: true },
      consoleProfiles: { [OTHER]: 'other-profile' },
      kb: {
        urls: [listUrl],
        providers: {
          [origin]: [{ kind: 'json', name: 'Console API', url: `/api/kb/search?api_key=${OWN_KEY}` }, { kind: 'local' }],
          [OTHER]: [{ kind: 'json', url: `/search?key=${OTHER_KEY}` }],
        },
      },
    });
    // The worker fetched the protected article with its credentials.
    await until(async () => asked.filter((a) => a.authorized).length, (n) => n > 0, 15_000);

    // The push that settings change brought, and a fresh ask.
    await until(() => inContentWorld<string[]>(page, h.extensionId, 'globalThis.__seen'), (s) => s.some((x) => x.startsWith('push {"type":"settings.changed"')));
    const own = await inContentWorld<string>(
      page,
      h.extensionId,
      `(async () => JSON.stringify([
        await chrome.runtime.sendMessage({ type: 'settings.view' }),
        await chrome.runtime.sendMessage({ type: 'profiles.get' }),
        await chrome.storage.local.get(null).catch((e) => 'refused: ' + e.message),
        await chrome.storage.session.get(null).catch((e) => 'refused: ' + e.message),
      ]))()`,
    );

    const pushed = await inContentWorld<string[]>(page, h.extensionId, 'globalThis.__seen');
    for (const secret of SECRETS) expect([own, ...pushed].join('\n'), secret).not.toContain(secret);
    expect([own, ...pushed].join('\n')).not.toContain(OTHER);

    // The features still work: both authenticated sources answer a search from the panel.
    const panel = await h.panel(tabId);
    const r: ToolResult = await until(
      () => h.invoke(panel, tabId, 'kb.search', { query: 'refund', limit: 8 }, 'llm'),
      (x) => x.status === 'done' && (x.data as Answer).results.some((a) => a.source === 'local'),
    );
    if (r.status !== 'done') throw new Error(JSON.stringify(r));
    const hits = (r.data as Answer).results;
    expect(hits.find((a) => a.source === 'local')).toMatchObject({ title: 'Refund warranty for gold members', url: `${new URL(listUrl).origin}/kb/gold.md` });
    expect(hits.some((a) => a.source === 'Console API'), JSON.stringify(hits)).toBe(true);

    const seen = await inContentWorld<string[]>(page, h.extensionId, 'globalThis.__seen');
    expect(seen.some((x) => x.includes('"type":"kb.fetch"'))).toBe(true);
    const everything = [own, ...seen, JSON.stringify(r)].join('\n');
    expect(own).toContain('"hotkeys"');
    for (const secret of SECRETS) expect(everything, secret).not.toContain(secret);
    expect(everything).not.toContain(OTHER);
    await panel.close();
  });
});

/** A taught profile for the demo console whose record-id pattern backtracks catastrophically. */
const slowProfile = (origin: string) => ({
  id: 'slow-desk',
  name: 'Slow desk',
  version: 1,
  match: { origins: [origin] },
  identity: { dom: [{ css: 'h1.slow-heading', pattern: '(a+)+$' }] },
});
const taughtStored = () => h.worker.evaluate(async () => (await chrome.storage.local.get('taughtProfiles')).taughtProfiles ?? null);
const inspect = async (tabId: number) => {
  const panel = await h.panel(tabId);
  const r = await h.invoke(panel, tabId, 'page.inspect', {});
  await panel.close();
  if (r.status !== 'done') throw new Error(JSON.stringify(r));
  return r.data as { profile: { id: string; source: string }; setAside?: { source: string; id: string | null; problems: { path: string; code: string }[] }[] };
};

describe('item 8: profile patterns that backtrack catastrophically', () => {
  it('attack: importing a profile whose pattern is (a+)+$ in the side panel is refused, naming the field in the agent\'s language', async () => {
    const { page, tabId } = await h.freshConsole();
    await h.worker.evaluate(() => chrome.storage.local.remove('taughtProfiles'));
    const dir = mkdtempSync(join(tmpdir(), 'deskhand-slow-profile-'));
    try {
      const file = join(dir, 'slow.json');
      writeFileSync(file, JSON.stringify(slowProfile(new URL(page.url()).origin)));
      const panel = await h.browser.newPage();
      await panel.goto(`chrome-extension://${h.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=console`, { waitUntil: 'load' });
      await panel.waitForSelector('.this-console .capability');
      await (await panel.$('input[name="import-profile"]'))!.uploadFile(file);
      await panel.waitForSelector('.import-error');
      const text = await panel.$eval('.import-error', (e) => e.textContent ?? '');
      expect(text).toContain('identity.dom.0.pattern');
      expect(text).toContain(await panel.evaluate(() => chrome.i18n.getMessage('problem_hint_slowRegex')));
      expect(await taughtStored()).toBeNull();
      await panel.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('attack: a profile with (a+)+$ written straight into storage is set aside: the page stays responsive and page.inspect says why', async () => {
    const { page, tabId } = await h.freshConsole();
    const origin = new URL(page.url()).origin;
    await h.worker.evaluate((o: string, p: unknown) => chrome.storage.local.set({ taughtProfiles: { [o]: p } }), origin, slowProfile(origin));
    // The content script has the worker's answer (the profile, or why it was set aside).
    await until(() => inspect(tabId), (d) => d.profile.id === 'slow-desk' || (d.setAside ?? []).length > 0);

    // A heading the pattern takes seconds on ("aaaa…b"): how long the page takes to answer
    // after the change, and a page read after it — measured as evidence, not asserted on.
    const started = Date.now();
    await page.evaluate(() => {
      const h1 = document.createElement('h1');
      h1.className = 'slow-heading';
      h1.textContent = `${'a'.repeat(27)}b`;
      document.body.append(h1);
    });
    await new Promise((r) => setTimeout(r, 50));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const pageMs = Date.now() - started;
    const facts = await inspect(tabId);
    const readMs = Date.now() - started;
    console.log(`item 8: after the DOM change the page answered in ${pageMs} ms; page.inspect answered ${readMs} ms after the change`);

    expect(facts.profile.id).not.toBe('slow-desk');
    expect(facts.setAside).toEqual([{ source: 'taught', id: 'slow-desk', problems: [expect.objectContaining({ path: 'identity.dom.0.pattern', code: 'hint_slowRegex' })] }]);
    await h.worker.evaluate(() => chrome.storage.local.remove('taughtProfiles'));
  });
});
