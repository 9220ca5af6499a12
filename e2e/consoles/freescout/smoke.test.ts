/**
 * The real FreeScout 1.8.235 (setup.sh) in Chromium with deskhand loaded as for a user console,
 * profiles off (deskhand ships no FreeScout profile: what runs is the generic code): the
 * agent UI shows what FreeScout's database holds, in English for Sam and in Chinese for Jing
 * Chen (their FreeScout language), deskhand's content script runs there, and page.inspect
 * from the side panel reports the conversation with FreeScout's record id.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../src/tools/types.ts';
import { invokeFrom } from '../../harness.ts';
import { launchForConsole, type ConsoleBrowser } from '../console-browser.ts';
import { conversation, conversationThreads, loginAgent, openConversation, resetFreescout, startFreescout, type Freescout, type Lang } from './freescout.ts';

let fs: Freescout;
const browsers: ConsoleBrowser[] = [];
const pages = {} as Record<Lang, Page>;
const panels = {} as Record<Lang, Page>;

const data = <T>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};

beforeAll(async () => {
  fs = await startFreescout();
  const origin = new URL(fs.url).origin;
  for (const lang of ['en', 'zh'] as const) {
    const cb = await launchForConsole(origin, { agentName: fs.agents[lang].name, consoleProfiles: { [origin]: 'generic' } });
    browsers.push(cb);
    pages[lang] = await cb.browser.newPage();
    await loginAgent(pages[lang], fs.agents[lang]);
    panels[lang] = await cb.browser.newPage();
    await panels[lang].goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=0`, { waitUntil: 'load' });
  }
});
afterAll(async () => {
  for (const cb of browsers) await cb.close();
});

const cbOf = (lang: Lang) => browsers[lang === 'en' ? 0 : 1]!;

describe('FreeScout agent UI (real console)', () => {
  it.each(['en', 'zh'] as const)('shows the conversation as the database holds it, in the agent’s language (%s)', async (lang) => {
    const page = pages[lang];
    const id = fs.state.ids.conv;
    await openConversation(page, id);
    const c = await conversation(id);
    const shown = await page.evaluate(() => ({
      id: document.body.dataset.conversation_id,
      subject: document.querySelector('#conv-subject .conv-subjtext span')?.textContent?.trim(),
      lang: document.documentElement.lang,
      threads: [...document.querySelectorAll('#conv-layout-main > .thread')].map((t) => Number(t.getAttribute('data-thread_id'))),
      reply: document.querySelector('#conv-toolbar .conv-reply')?.getAttribute('data-original-title') ?? document.querySelector('#conv-toolbar .conv-reply')?.getAttribute('title'),
    }));
    expect(shown.id).toBe(String(id));
    expect(shown.subject).toBe(c.subject);
    // Newest first on the page; every published customer message, reply and note is there.
    const db = (await conversationThreads(id)).filter((t) => t.type !== 4).map((t) => t.id);
    expect(shown.threads.filter((t) => db.includes(t))).toEqual([...db].reverse());
    expect(shown.lang).toBe(lang === 'zh' ? 'zh-CN' : 'en');
    expect(shown.reply).toBe(lang === 'zh' ? '回复' : 'Reply');
  });

  it.each(['en', 'zh'] as const)('deskhand runs there, and page.inspect (generic) reports the conversation with its record id (%s)', async (lang) => {
    const page = pages[lang];
    const cb = cbOf(lang);
    await page.bringToFront();
    await openConversation(page, fs.state.ids.conv);
    await cb.ready(page);
    const info = await cb.pageInfo(page);
    expect(info).toMatchObject({ ok: true, origin: cb.origin });
    const d = data<{ profile: { id: string }; recordId: string; facets: string[] }>(await invokeFrom(panels[lang], await cb.tabIdOf(page), 'page.inspect', {}));
    expect(d.profile.id).toBe('generic');
    expect(d.recordId).toBe(String(fs.state.ids.conv));
    expect(d.facets).toContain('conversation');
  });

  it('reset brings the seed back (an agent’s note is gone, the browser stays logged in)', async () => {
    const page = pages.en;
    const id = fs.state.ids.otherConv;
    const before = await conversationThreads(id);
    await openConversation(page, id);
    await page.click('#conv-toolbar .conv-add-note');
    await page.waitForSelector('.conv-reply-block .note-editable', { visible: true });
    await page.click('.conv-reply-block .note-editable');
    await page.keyboard.type('Smoke test note 42.');
    await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('.conv-reply-block textarea#body')?.value.includes('Smoke test note 42.'));
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.conv-reply-block .btn-add-note-text')]);
    const added = (await conversationThreads(id)).slice(before.length);
    expect(added.map((t) => [t.type, t.author, t.text])).toEqual([[3, 'Sam Agent', 'Smoke test note 42.']]);

    await resetFreescout();
    expect(await conversationThreads(id)).toEqual(before);
    await openConversation(page, id);
    expect(new URL(page.url()).pathname).toBe(`/conversation/${id}`);
  });
});
