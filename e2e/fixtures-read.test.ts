/**
 * The generic page model (no console profile matches these) on the fixture consoles built
 * with real libraries — React + Tiptap (hashed classes, roles only by alignment, customer card
 * in a shadow root), Vue + Quill (roles in data attributes), a classic server-rendered
 * helpdesk (header tables, full-page forms) and a lit live chat (shadow roots throughout) —
 * in zh and en, every record: page.inspect, conversation.read, customer.read and
 * ticket.history each judged against what the console's own backend holds. A console's own words
 * that no helpdesk uses (悄悄话, 其他工单) come from its vocabulary profile (fixtures/<name>/profile.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../fixtures/index.ts';
import type { FixtureServer, Lang } from '../fixtures/types.ts';
import type { Launched } from '../scripts/browser.ts';
import { installVocabulary, judgeFixture, launchEnv, type Env, type ReadRow } from './consoles/fixture-run.ts';
import { tabIdOf } from './consoles/write-run.ts';

/** The opaque console is built to defeat heuristics (teach mode's test bed): not judged here. */
const CONSOLES = ['react', 'vue', 'classic', 'chat'] as const;

let l: Launched;
let env: Env;

beforeAll(async () => {
  ({ l, env } = await launchEnv());
});
afterAll(async () => l?.browser.close());

describe.each(CONSOLES)('the generic page model on the %s fixture console', (name) => {
  let fx: FixtureServer;
  beforeAll(async () => {
    fx = await FIXTURES[name]();
    await installVocabulary(l.worker, name, fx);
  });
  afterAll(async () => fx?.close());

  it.each(['zh', 'en'] as Lang[])('reads every record right in %s, judged by the console backend', async (lang) => {
    const rows: ReadRow[] = await judgeFixture(env, fx, lang);
    expect(rows.length).toBe((await fx.truth()).records.length * 4);
    const wrong = rows.filter((r) => r.verdict !== 'right').map((r) => `${r.record} ${r.tool}: ${r.verdict} ${r.why}`);
    expect(wrong).toEqual([]);
  });
});

/**
 * The "this console" view says what the tools would find: the Send button reply.send presses
 * (also while it is disabled for an empty box) and the KB sources kb.search asks, with roles
 * and fields in the agent's language, never as codes.
 */
describe.each(CONSOLES)('the "this console" view on the %s fixture console', (name) => {
  let fx: FixtureServer;
  beforeAll(async () => {
    fx = await FIXTURES[name]();
    await installVocabulary(l.worker, name, fx);
  });
  afterAll(async () => fx?.close());

  it('finds the composer, its Send button and the KB, and words roles and fields as the UI does', async () => {
    const rec = (await fx.truth()).records[0]!;
    const page = await l.browser.newPage();
    await page.goto(rec.urls.zh, { waitUntil: 'networkidle0' });
    const tabId = await tabIdOf(env, page.url());
    const view = await l.browser.newPage();
    await view.goto(`chrome-extension://${l.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=console`, { waitUntil: 'load' });
    await view.waitForSelector('.this-console .capability');
    const caps: Record<string, { found: boolean; reads: string[] }> = await view.$$eval('.capabilities > .capability', (els) =>
      Object.fromEntries(els.map((e) => [(e as HTMLElement).dataset.cap, { found: (e as HTMLElement).dataset.found === 'true', reads: Array.from(e.querySelectorAll('.reads li')).map((li) => li.textContent ?? '') }])),
    );
    for (const cap of ['conversationId', 'threadRoles', 'customer', 'replyComposer', 'sendButton', 'kb']) expect(caps[cap]?.found, cap).toBe(true);
    const words = await view.evaluate(() => ({ customer: chrome.i18n.getMessage('entryRole_customer'), name: chrome.i18n.getMessage('fieldName_name') }));
    expect(caps.threadRoles!.reads.some((r) => r.startsWith(`${words.customer} · `))).toBe(true);
    expect(caps.threadRoles!.reads.filter((r) => /^(customer|agent|note|system) ·/.test(r))).toEqual([]);
    expect(caps.customer!.reads.some((r) => r.startsWith(`${words.name} · `))).toBe(true);
    await view.close();
    await page.close();
  });
});
