/**
 * deskhand's read tools on the real FreeScout 1.8.235 agent UI with the generic profile alone
 * (no FreeScout profile exists: this is the generic code), judged by FreeScout's database with
 * the same judge as `npm run bench:consoles` — in English (Sam Agent) and in FreeScout's zh-CN
 * UI (Jing Chen). Only what the generic code gets right today is a test here; what it gets
 * wrong (the customer card, the order of a multi-entry thread, the zh "Previous
 * Conversations") is measured by the bench, in bench/results/consoles-freescout.json.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../src/tools/types.ts';
import { invokeFrom } from '../../harness.ts';
import { launchForConsole, type ConsoleBrowser } from '../console-browser.ts';
import { judgeRead, type ReadTruth } from '../judge.ts';
import { conversation, conversationThreads, customer, customerConversations, loginAgent, openConversation, startFreescout, type Freescout, type Lang } from './freescout.ts';

let fs: Freescout;
const envs = {} as Record<Lang, { cb: ConsoleBrowser; page: Page; panel: Page }>;

beforeAll(async () => {
  fs = await startFreescout();
  const origin = new URL(fs.url).origin;
  for (const lang of ['en', 'zh'] as const) {
    const cb = await launchForConsole(origin, { agentName: fs.agents[lang].name, consoleProfiles: { [origin]: 'generic' } });
    const page = await cb.browser.newPage();
    await loginAgent(page, fs.agents[lang]);
    const panel = await cb.browser.newPage();
    await panel.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=0`, { waitUntil: 'load' });
    envs[lang] = { cb, page, panel };
  }
});
afterAll(async () => {
  for (const e of Object.values(envs)) await e.cb.close();
});

/** What FreeScout's database holds for a conversation, in the judge's terms. */
async function truthOf(id: number): Promise<ReadTruth> {
  const c = await conversation(id);
  const [threads, who, others] = await Promise.all([conversationThreads(id), customer(c.customerId), customerConversations(c.customerId)]);
  return {
    recordId: String(id),
    displayId: String(c.number),
    messages: threads.map((t) => ({ role: t.role, author: t.author, text: t.text })),
    customer: { name: who.name, email: who.email, phone: who.phone },
    history: others.filter((x) => x.id !== id).map((x) => String(x.number)),
  };
}

async function show(lang: Lang, id: number): Promise<void> {
  const { cb, page } = envs[lang];
  await page.bringToFront();
  await openConversation(page, id);
  await cb.ready(page);
}

async function invoke(lang: Lang, name: string, input: unknown = {}): Promise<ToolResult> {
  const { cb, page, panel } = envs[lang];
  return invokeFrom(panel, await cb.tabIdOf(page), name, input);
}

const data = <T>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};

describe.each(['en', 'zh'] as const)('FreeScout conversation page, read side, generic profile (%s UI)', (lang) => {
  it('page.inspect binds every seeded conversation to its id from the URL path', async () => {
    for (const key of ['conv', 'otherConv', 'oldConv'] as const) {
      const id = fs.state.ids[key];
      await show(lang, id);
      const r = await invoke(lang, 'page.inspect');
      expect(judgeRead('page.inspect', r, await truthOf(id))).toEqual({ verdict: 'right', why: '' });
      expect(data<{ recordId: string; profile: { id: string } }>(r)).toMatchObject({ recordId: String(id), profile: { id: 'generic' } });
    }
  });

  it.each(['otherConv', 'oldConv'] as const)('conversation.read on %s (one customer message): role, author and text as the database holds them', async (key) => {
    const id = fs.state.ids[key];
    await show(lang, id);
    const truth = await truthOf(id);
    expect(truth.messages.filter((m) => m.role !== 'system')).toHaveLength(1);
    const r = await invoke(lang, 'conversation.read', { limit: 50 });
    expect(judgeRead('conversation.read', r, truth)).toEqual({ verdict: 'right', why: '' });
    expect(data<{ conversationId: string }>(r).conversationId).toBe(String(id));
  });
});

describe('FreeScout conversation page, read side, generic profile (en UI)', () => {
  it.each(['conv', 'oldConv'] as const)("ticket.history on %s: Maria's other conversation, from the \"Previous Conversations\" block", async (key) => {
    const id = fs.state.ids[key];
    await show('en', id);
    const truth = await truthOf(id);
    expect(truth.history).toHaveLength(1);
    expect(judgeRead('ticket.history', await invoke('en', 'ticket.history', { limit: 20 }), truth)).toEqual({ verdict: 'right', why: '' });
  });
});
