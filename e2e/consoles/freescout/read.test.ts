/**
 * deskhand's read tools on the real FreeScout 1.8.235 agent UI with the generic profile alone
 * (no FreeScout profile exists: this is the generic code), judged by FreeScout's database with
 * the same judge as `npm run bench:consoles` — in English (Sam Agent) and in FreeScout's zh-CN
 * UI (Jing Chen). What the generic code still gets wrong (the customer card) is measured by
 * the bench, in bench/results/consoles-freescout.json; the multi-entry thread (listed newest
 * first) and the zh "以前的对话" history are read right since issue 20 item 3.
 *
 * Then a profile taught on FreeScout's own pages (issue 20 item 3: teach what reading needs):
 * the rules are made by the teach-mode rule generator from elements of the real pages, as the
 * picker hands them over, saved as this console's taught profile, and the read tools are
 * judged by the database again.
 */
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProfile, type ConsoleProfile } from '../../../src/profiles/schema.ts';
import { TAUGHT_KEY } from '../../../src/profiles/store.ts';
import { applyPatch, newDraft, taughtProblems, type ProfilePatch } from '../../../src/profiles/taught.ts';
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

  it.each(['otherConv', 'oldConv', 'conv'] as const)('conversation.read on %s: roles, authors and texts in the order the database holds them (the page lists them newest first)', async (key) => {
    const id = fs.state.ids[key];
    await show(lang, id);
    const truth = await truthOf(id);
    expect(truth.messages.filter((m) => m.role !== 'system')).toHaveLength(key === 'conv' ? 3 : 1);
    const r = await invoke(lang, 'conversation.read', { limit: 50 });
    expect(judgeRead('conversation.read', r, truth)).toEqual({ verdict: 'right', why: '' });
    expect(data<{ conversationId: string }>(r).conversationId).toBe(String(id));
  });
});

describe.each(['en', 'zh'] as const)('FreeScout conversation page, history, generic profile (%s UI)', (lang) => {
  it.each(['conv', 'oldConv'] as const)("ticket.history on %s: Maria's other conversation, from the \"Previous Conversations\" (以前的对话) block", async (key) => {
    const id = fs.state.ids[key];
    await show(lang, id);
    const truth = await truthOf(id);
    expect(truth.history).toHaveLength(1);
    expect(judgeRead('ticket.history', await invoke(lang, 'ticket.history', { limit: 20 }), truth)).toEqual({ verdict: 'right', why: '' });
  });
});

/** The teach-mode rule generator, bundled as the content script bundles it, put into `page`. */
async function withRuleGenerator(page: Page): Promise<void> {
  const { build } = await import('esbuild');
  const out = await build({
    stdin: { contents: "import { ruleFor } from './src/teach/rules.ts'; globalThis.__rule = ruleFor;", resolveDir: join(import.meta.dirname, '../../..'), loader: 'ts' },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'chrome116',
  });
  await page.evaluate((code: string) => {
    (0, eval)(code);
  }, out.outputFiles[0]!.text);
}

/**
 * The rule teach mode makes from these picks (CSS for the elements the agent would click) on
 * the page as it is, with the customer panel's person as the picker passes it.
 */
async function taught(page: Page, cap: string, picks: Record<string, string>): Promise<{ patch: ProfilePatch; notes: { code: string; detail?: string }[] }> {
  await withRuleGenerator(page);
  const r = await page.evaluate(
    (a: { cap: string; picks: Record<string, string> }) => {
      const els = Object.fromEntries(Object.entries(a.picks).map(([slot, css]) => [slot, document.querySelector(css)]));
      const text = (css: string) => document.querySelector(css)?.textContent?.trim() ?? '';
      const fn = (globalThis as unknown as { __rule: (c: string, p: unknown, ctx: unknown) => unknown }).__rule;
      return JSON.parse(JSON.stringify(fn(a.cap, els, { customer: { name: text('.customer-name'), email: text('.customer-email') } }))) as { patch: ProfilePatch | null; notes: { code: string; detail?: string }[] };
    },
    { cap, picks },
  );
  if (!r.patch) throw new Error(`no rule for ${cap}: ${JSON.stringify(r.notes)}`);
  return { patch: r.patch, notes: r.notes };
}

describe('FreeScout, read side, a profile taught on its own pages (en UI)', () => {
  let profile: ConsoleProfile;
  const notes: Record<string, string[]> = {};
  beforeAll(async () => {
    const { cb, page } = envs.en;
    const origin = new URL(fs.url).origin;
    let draft = newDraft(origin, null);
    const teach = async (cap: string, picks: Record<string, string>) => {
      const r = await taught(page, cap, picks);
      notes[cap] = r.notes.map((n) => n.code);
      draft = applyPatch(draft, r.patch);
    };
    await show('en', fs.state.ids.conv);
    await teach('recordId', { one: '.conv-numnav strong' });
    // The customer card (plain <div>s the generic reader misses): roles by identity compare with it.
    await teach('customerName', { one: '#conv-layout-customer .customer-name' });
    await teach('customerEmail', { one: '#conv-layout-customer .customer-email a' });
    await teach('customerPhone', { one: '#conv-layout-customer .customer-phone a' });
    // As on a console whose markup does not tell the roles apart (issue 20): FreeScout's role
    // classes are taken off the page for the picks, so only who wrote each message can say it.
    await page.evaluate(() => document.querySelectorAll('#conv-layout-main .thread').forEach((t) => t.classList.remove('thread-type-customer', 'thread-type-message')));
    await teach('thread', { customer: '#conv-layout-main > .thread:first-child .thread-content', agent: '#conv-layout-main > .thread:nth-child(2) .thread-content' });
    // The customer's own page lists every conversation in a table: its own rule, with the
    // number column and the subject picked in one row.
    await page.goto(`${fs.url}/customers/${fs.state.ids.customer}/`, { waitUntil: 'load' });
    await teach('history', { first: 'tr.conv-row', second: 'tr.conv-row + tr.conv-row', idCell: 'tr.conv-row td.conv-number a', titleCell: 'tr.conv-row td.conv-subject p' });
    const parsed = parseProfile(draft);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(taughtProblems(parsed.profile, origin)).toEqual([]);
    profile = parsed.profile;
    await cb.worker.evaluate(async (a: { key: string; origin: string; profile: unknown }) => chrome.storage.local.set({ [a.key]: { [a.origin]: a.profile } }), { key: TAUGHT_KEY, origin, profile });
    await cb.settings({ consoleProfiles: { [origin]: 'auto' } });
  });
  afterAll(async () => {
    const { cb } = envs.en;
    await cb.settings({ consoleProfiles: { [new URL(fs.url).origin]: 'generic' } });
  });

  it('says what reading needs: the order (from the messages\' times), roles by identity, the id from a one-digit path segment, the history columns of the customer page', () => {
    expect(profile.thread).toMatchObject({ order: 'newest-first', customerBy: 'identity' });
    expect(profile.thread?.roles).toBeUndefined();
    expect(notes.thread).toEqual(expect.arrayContaining(['orderFromTimes', 'rolesByIdentity']));
    expect(profile.identity?.url).toEqual([{ path: '^/conversation/(\\d+)(?:[/;?#]|$)' }]);
    expect(profile.history?.pages?.['/customers/*']).toMatchObject({ item: expect.any(String), id: { css: expect.any(String) }, title: expect.any(String) });
  });

  it('conversation.read, customer.read and page.inspect on every conversation, with the taught profile: as the database holds them', async () => {
    for (const key of ['conv', 'otherConv', 'oldConv'] as const) {
      const id = fs.state.ids[key];
      await show('en', id);
      const truth = await truthOf(id);
      const inspect = await invoke('en', 'page.inspect');
      expect(data<{ profile: { id: string; source: string } }>(inspect).profile).toMatchObject({ id: profile.id, source: 'taught' });
      expect(judgeRead('page.inspect', inspect, truth)).toEqual({ verdict: 'right', why: '' });
      expect(judgeRead('conversation.read', await invoke('en', 'conversation.read', { limit: 50 }), truth)).toEqual({ verdict: 'right', why: '' });
      expect(judgeRead('customer.read', await invoke('en', 'customer.read'), truth)).toEqual({ verdict: 'right', why: '' });
    }
  });

  it("ticket.history on the customer's page: every conversation of the customer, by the number column", async () => {
    const { cb, page } = envs.en;
    await page.goto(`${fs.url}/customers/${fs.state.ids.customer}/`, { waitUntil: 'load' });
    await cb.ready(page);
    const all = await customerConversations(fs.state.ids.customer);
    expect(all.length).toBeGreaterThan(1);
    const r = await invoke('en', 'ticket.history', { limit: 20 });
    expect(judgeRead('ticket.history', r, { recordId: '', messages: [], customer: { name: '', email: '', phone: '' }, history: all.map((c) => String(c.number)) })).toEqual({ verdict: 'right', why: '' });
    expect(data<{ tickets: { title: string }[] }>(r).tickets.map((t) => t.title).sort()).toEqual(all.map((c) => c.subject).sort());
  });
});
