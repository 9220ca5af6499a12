/**
 * The side-panel chat in real Chromium: the panel page drives the real openai client over
 * HTTP to the local OpenAI-compatible server; tools run in the console tab's content script.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type RecordedRequest } from '../demo/model/server.ts';
import { mutations, startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let model: ModelServer;
let tabId: number;
let panel: Page;

beforeAll(async () => {
  model = await startModelServer();
  h = await startHarness({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'demo-assistant' } });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});
beforeEach(async () => {
  await fetch(`${model.url}/_reset`);
  ({ tabId } = await h.freshConsole());
});

async function useModel(name: string) {
  await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: name } });
  panel = await h.panel(tabId);
  await panel.waitForSelector('textarea[name=question]');
}

async function ask(question: string) {
  await panel.bringToFront();
  await panel.type('textarea[name=question]', question);
  await panel.click('button.send');
}

const done = (state = '') => panel.waitForSelector(`.turn${state ? `[data-stopped="${state}"]` : '[data-stopped]'}`, { timeout: 20_000 });
const chips = () => panel.$$eval('.turn .chip', (els) => els.map((e) => `${(e as HTMLElement).dataset.tool}:${(e as HTMLElement).dataset.status}`));
const requests = async () => (await (await fetch(`${model.url}/_requests`)).json()) as RecordedRequest[];

describe('side-panel chat', () => {
  it('answers "has this customer reported this before?" from conversation.read and ticket.history', async () => {
    await useModel('demo-assistant');
    await ask('这个客户之前报过类似问题吗？');
    await done('answered');
    expect((await chips()).sort()).toEqual(['conversation.read:ok', 'ticket.history:ok']);
    // Each chip says what was asked in words; the model's raw JSON only when the chip is opened.
    const summaries = await panel.$$eval('.turn .chip summary', (els) => els.map((e) => (e as HTMLElement).innerText));
    // No knobs (a result limit) and no milliseconds on the chip's line.
    expect(summaries.sort()).toEqual([expect.stringMatching(/^历史工单\s+成功$/), expect.stringMatching(/^读取会话\s+成功$/)]);
    expect(summaries.join()).not.toMatch(/[{}"]/);
    expect(await panel.$eval('.turn .chip', (el) => (el as HTMLElement).innerText)).not.toContain('"limit"');
    await panel.click('.turn .chip summary');
    expect(await panel.$eval('.turn .chip', (el) => (el as HTMLElement).innerText)).toMatch(/"limit": (10|5)[\s\S]*耗时 \d+ 毫秒/);
    const answer = await panel.$eval('.turn .md', (el) => el.textContent ?? '');
    expect(answer).toContain('T-9001');
    expect(answer).toContain('耳机左耳无声');
    // A finished answer reads as finished, not as "round 2 of 4".
    expect(await panel.$eval('.turn .finished', (el) => el.textContent)).toBe('已回答');
    expect(await panel.$eval('.turn .finished', (el) => el.getAttribute('data-rounds'))).toBe('2');
    expect(await panel.$('.turn[data-stopped="answered"] .rounds')).toBeNull();
    // The model saw masked, delimited page text and only read tools.
    const reqs = await requests();
    expect(reqs[0]!.tools!.sort()).toEqual(['conversation__read', 'customer__read', 'kb__search', 'page__inspect', 'ticket__history']);
  });

  it('refuses a model that asks for write or send tools; the console backend records nothing', async () => {
    await useModel('tries-write');
    await ask('帮我提交工单并回复客户');
    await done('answered');
    expect(await chips()).toEqual(['ticket.submit:refused', 'reply.send:refused', 'refund.request:refused']);
    await new Promise((r) => setTimeout(r, 300));
    expect(mutations(await h.log())).toEqual([]);
    const pending = await h.worker.evaluate(async () => Object.keys(await chrome.storage.session.get(null)).filter((k) => k.startsWith('ledger:')).length);
    expect(pending).toBe(0);
  });

  it('cuts a model that never stops at 4 rounds (counted at the server) and says so', async () => {
    await useModel('never-stops');
    await ask('随便查查');
    await done('round_cap');
    expect((await requests()).filter((r) => r.path === '/v1/chat/completions')).toHaveLength(4);
    // Said in the agent's words: what happened and what to do, not the count of model rounds.
    const said = await panel.$eval('.turn[data-stopped="round_cap"] .round-cap', (el) => el.textContent ?? '');
    expect(said).toContain('问得更具体');
    expect(said).not.toMatch(/轮|\d/);
    expect((await chips()).length).toBe(4);
  });

  it('answers dotted and invented function names with an error tool message', async () => {
    await useModel('dotted-names');
    await ask('查知识库');
    await done('answered');
    expect(await chips()).toEqual(['kb.search:refused', 'crm.lookup:refused']);
    expect(await panel.$eval('.turn .md', (el) => el.textContent)).toContain('kb.search: error');
    expect((await requests()).map((r) => r.status)).toEqual([200, 200]);
  });

  it('renders markdown images and links as inert text: no request reaches their URLs', async () => {
    await useModel('markdown-links');
    await ask('给我参考资料');
    await done('answered');
    await new Promise((r) => setTimeout(r, 500));
    expect(await panel.$$eval('img, iframe, script:not([src])', (els) => els.length)).toBe(0);
    const urls = await panel.$$eval('.md-url', (els) => els.map((e) => e.textContent));
    expect(urls.some((u) => u?.includes('/exfil.png?phone='))).toBe(true);
    expect(urls.some((u) => u?.includes('/leak?c=C-1001'))).toBe(true);
    expect(await panel.$eval('.turn .md', (el) => el.textContent)).toContain('<img src=');
    expect(model.hits).toEqual([]);
  });

  it('retries a 429 and then answers', async () => {
    await useModel('rate-limited');
    await ask('q');
    await done('answered');
    const statuses = (await requests()).map((r) => r.status);
    expect(statuses[0]).toBe(429);
    expect(statuses.at(-1)).toBe(200);
  });

  it('shows a clear message for a bad key instead of crashing', async () => {
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'bad-key', model: 'demo-assistant' } });
    panel = await h.panel(tabId);
    await panel.waitForSelector('textarea[name=question]');
    await ask('q');
    await done('error');
    expect(await panel.$eval('.turn .error', (el) => el.textContent)).toContain('API 密钥');
    // The question is kept: with the key fixed, Retry asks it again as it was.
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'demo-assistant' } });
    await panel.click('.turn button.retry');
    await done('answered');
    expect(await panel.$$eval('.turn .question', (els) => els.map((e) => e.textContent))).toEqual(['q', 'q']);
  });

  it('Stop aborts the request in flight', async () => {
    await useModel('slow');
    await ask('慢慢说');
    await panel.waitForSelector('button.stop');
    await until(() => panel.$eval('.turn.running', (el) => el.textContent ?? '').catch(() => ''), (t) => t.includes('思考'));
    await panel.click('button.stop');
    await done('aborted');
    expect(await panel.$eval('.turn[data-stopped="aborted"] .notice', (el) => el.textContent)).toBe('已停止。');
  });

  it('keeps the history when the panel is closed and reopened', async () => {
    await useModel('demo-assistant');
    await ask('这个客户之前报过类似问题吗？');
    await done('answered');
    await panel.close();
    panel = await h.panel(tabId);
    await panel.waitForSelector('.turn[data-stopped="answered"]');
    expect(await panel.$eval('.turn .question', (el) => el.textContent)).toBe('这个客户之前报过类似问题吗？');
  });

  it('starts a fresh context when the console opens another conversation', async () => {
    await useModel('demo-assistant');
    await ask('这个客户之前报过类似问题吗？');
    await done('answered');
    const page = (await h.browser.pages()).find((p) => p.url().startsWith(h.server.url))!;
    await page.bringToFront();
    await page.click('a.conv[data-conv="C-1002"]');
    await page.waitForSelector('main[data-conversation-id="C-1002"]');
    await panel.bringToFront();
    expect(await until(() => panel.$$eval('.turn', (els) => els.length), (n) => n === 0)).toBe(0);
    expect(await panel.$eval('.where', (el) => el.textContent)).toContain('C-1002');
  });

  it('says so plainly when the active tab is not a console', async () => {
    const blank = await h.browser.newPage();
    await blank.goto('about:blank');
    // The newest tab: its URL is not readable without a host permission, its id is.
    const blankId = await h.worker.evaluate(async () => Math.max(...(await chrome.tabs.query({})).map((t) => t.id ?? -1)));
    expect(blankId).toBeGreaterThan(0);
    expect(blankId).not.toBe(tabId);
    panel = await h.panel(blankId);
    await panel.waitForSelector('.no-console');
    expect(await panel.$eval('.no-console', (el) => el.textContent)).toContain('不是客服台');
    expect(await panel.$('textarea[name=question]')).toBeNull();
    await blank.close();
  });

  it('asks for an endpoint when none is configured', async () => {
    await h.settings({ llm: { baseURL: '', apiKey: '', model: '' } });
    panel = await h.panel(tabId);
    await panel.waitForSelector('.chat.empty-state');
    expect(await panel.$eval('.chat.empty-state', (el) => el.textContent)).toContain('还没有配置模型服务');
  });

  it('attack: a tool call cut off by the length limit is shown as an incomplete answer and never run', async () => {
    await useModel('cut-tool-call');
    await ask('查发票抬头');
    await done('incomplete');
    expect(await panel.$eval('.turn[data-stopped="incomplete"] .incomplete', (el) => el.textContent)).toContain('回答不完整');
    expect(await chips()).toEqual([]);
    expect(await panel.$('.turn[data-stopped="incomplete"] .finished')).toBeNull();
    expect((await requests()).filter((r) => r.path === '/v1/chat/completions')).toHaveLength(1);
  });

  it('attack: a 2 MB answer is capped at 64 KB with a notice and the panel stays usable', async () => {
    await useModel('huge-answer');
    await ask('全部列出来');
    await done('answered');
    expect(await panel.$eval('.turn .capped', (el) => el.textContent)).toContain('64 KB');
    expect(await panel.$eval('.turn .md', (el) => (el.textContent ?? '').length)).toBeLessThan(64 * 1024);
    // Rendered in parts over a few frames (no long task), and in the end all of it: one list item per line kept.
    await panel.waitForSelector('.turn[data-stopped] .md:not([data-behind])');
    const kept = await panel.evaluate(async (id: number) => ((await chrome.storage.session.get(`chat:${id}`))[`chat:${id}`] as { turns: { answer: string }[] }).turns[0]!.answer, tabId);
    expect(kept.length).toBe(64 * 1024);
    expect(await panel.$$eval('.turn .md li', (els) => els.length)).toBe(kept.split('\n').filter((l) => l.startsWith('- ')).length);
    expect(await panel.$$eval('.turn .md .md-chunk', (els) => els.length)).toBeGreaterThan(3);
    await panel.type('textarea[name=question]', 'ok');
    expect(await panel.$eval('textarea[name=question]', (el) => (el as HTMLTextAreaElement).value)).toBe('ok');
  });

  it('Insert into reply puts the answer into the console composer as a draft and sends nothing', async () => {
    await useModel('demo-assistant');
    await ask('这个客户之前报过类似问题吗？');
    await done('answered');
    await panel.click('.turn .insert-reply');
    await panel.waitForSelector('.turn .note.inserted');
    const page = (await h.browser.pages()).find((p) => p.url().startsWith(h.server.url))!;
    expect(await page.$eval('.editor', (el) => el.textContent ?? '')).toContain('T-9001');
    await new Promise((r) => setTimeout(r, 300));
    expect(mutations(await h.log())).toEqual([]);
    const audit = await until(
      () => h.worker.evaluate(async () => ((await chrome.storage.local.get('audit')).audit ?? []) as { tool: string; caller: string; status: string }[]),
      (r) => r.some((x) => x.tool === 'reply.draft'),
    );
    expect(audit.filter((x) => x.tool === 'reply.draft')).toMatchObject([{ caller: 'ui', status: 'done' }]);
    expect(audit.some((x) => x.tool === 'reply.send')).toBe(false);
  });
});

