/**
 * A knowledge base that cannot be reached is an outage, never "no article was found" (issue 21,
 * issue 23 item 3). pat-kbdown is pat-summernote's console whose help-centre search answers 503
 * (or closes the connection); it is set up as a team would, its JSON search as this console's
 * knowledge source beside the (empty) local one. Judged by what deskhand says and does: kb.search
 * fails as unavailable naming the source, and D drafts from the conversation alone with a toast
 * that says the knowledge base could not be reached. Switched back on (and to empty), the same
 * console finds articles, and an empty result is "no article".
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATTERN_FIXTURES } from '../fixtures/index.ts';
import type { FixtureServer } from '../fixtures/types.ts';
import type { Launched } from '../scripts/browser.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { launchEnv, type Env } from './consoles/fixture-run.ts';
import { openPage, press, type Opened } from './consoles/write-run.ts';
import { invokeFrom } from './harness.ts';

let l: Launched;
let env: Env;
let fx: FixtureServer;
let on: Opened;

const kbMode = (mode: 'down' | 'refused' | 'empty' | 'up') =>
  fetch(`${fx.url}/api/_kb`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode }) });

beforeAll(async () => {
  ({ l, env } = await launchEnv());
  fx = await PATTERN_FIXTURES['pat-kbdown']();
  // The console's own search is this console's knowledge source, as an admin would set it.
  await env.worker.evaluate(
    async (origin: string) => {
      const cur = ((await chrome.storage.local.get('settings')).settings ?? {}) as Record<string, unknown>;
      await chrome.storage.local.set({ settings: { ...cur, kb: { ...((cur.kb as object) ?? {}), providers: { [origin]: [{ kind: 'json', url: '/api/kb/search' }, { kind: 'local' }] } } } });
    },
    fx.url,
  );
  on = await openPage(env, fx.recordUrl('1571', 'zh'));
});
afterAll(async () => {
  await l?.browser.close();
  await fx?.close();
});

const search = (query: string): Promise<ToolResult> => invokeFrom(env.panel, on.tabId, 'kb.search', { query, limit: 3 }, 'llm');
const editorText = (page: Page) => page.$eval('.note-editable', (el) => (el as HTMLElement).innerText).catch(() => '');

describe('a knowledge base that cannot be reached (pat-kbdown)', () => {
  it('kb.search says the source could not be reached (503, then a closed connection): unavailable, never an empty result', async () => {
    for (const mode of ['down', 'refused'] as const) {
      await kbMode(mode);
      const r = await search('退款');
      expect(r.status, `${mode}: ${JSON.stringify(r)}`).toBe('failed');
      if (r.status !== 'failed') continue;
      expect(r.error).toMatchObject({ type: 'unavailable', code: 'KB_UNREACHABLE', retryable: true });
      expect(r.error.detail).toContain('/api/kb/search');
    }
  });

  it('D drafts from the conversation alone and its toast says the knowledge base could not be reached', async () => {
    await kbMode('down');
    const toast = await press(on.page, 'KeyD', (t) => /草稿|失败/.test(t), 20_000);
    expect(toast).toContain('知识库暂时无法访问');
    expect(toast).not.toContain('未找到相关知识库文章');
    expect(await editorText(on.page)).toContain('张伟');
  });

  it('with the help centre up the same console finds articles; empty, it is "no article", not an outage', async () => {
    // A fresh page: the failures above opened kb.search's circuit breaker on the old one.
    await on.page.close();
    on = await openPage(env, fx.recordUrl('1571', 'zh'));
    await kbMode('up');
    const up = await search('退款');
    expect(up.status).toBe('done');
    if (up.status === 'done') expect((up.data as { results: unknown[] }).results.length).toBeGreaterThan(0);
    await kbMode('empty');
    const empty = await search('退款');
    expect(empty).toMatchObject({ status: 'done', data: { total: 0, results: [] } });
  });
});
