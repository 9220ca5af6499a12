/**
 * category.match's model choice through the real path: the content script asks the service
 * worker, the worker's openai client asks the local OpenAI-compatible server, and the answer
 * is checked against the form's own options. The model is asked only where the words do not
 * decide; an answer that names no option, or no endpoint, leaves the words' choice, and the
 * result says who decided and why.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer, type RecordedRequest } from '../demo/model/server.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { startHarness, until, type Harness } from './harness.ts';

let h: Harness;
let model: ModelServer;

beforeAll(async () => {
  model = await startModelServer();
  h = await startHarness({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'files-categories' } });
});
afterAll(async () => {
  await h?.close();
  await model?.close();
});

interface Match {
  choice: { value: string; label: string } | null;
  reason: string;
  runnerUp: { value: string } | null;
  decidedBy: 'words' | 'model';
  model?: { ask: boolean; why: string; used: boolean; answer?: string; detail?: string };
  applied: boolean;
}
const data = <T>(r: ToolResult): T => {
  if (r.status !== 'done') throw new Error(`expected data, got ${JSON.stringify(r)}`);
  return r.data as T;
};
const categoryAsks = (): RecordedRequest[] => model.requests.filter((r) => r.system?.startsWith('You file support conversations'));

/** The demo conversation, its words replaced by a story no support word describes. */
async function juiceStory(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.querySelector('.subject')!.textContent = 'Speaker';
    const list = document.querySelector('.messages')!;
    const msg = (role: string, text: string) => `<li class="msg ${role}"><span class="who">${role === 'customer' ? '张伟' : '客服'}</span><time>09:1${role.length}</time><p class="text">${text}</p></li>`;
    list.innerHTML =
      msg('customer', 'Hi, my little boy knocked a glass of apple juice over the speaker last night.') +
      msg('agent', 'Oh no, sorry to hear that. What happens when you turn it on?') +
      msg('customer', 'It makes a faint hum and nothing else. Can you help me sort it out?');
    // Earlier tickets teach the category too: this customer's are about other things.
    document.querySelectorAll('.customer-panel .ticket').forEach((t) => t.remove());
  });
}

async function match(path = '/', prepare?: (page: Page) => Promise<void>, input: Record<string, unknown> = {}): Promise<{ m: Match; page: Page }> {
  const { page, tabId } = await h.freshConsole(path);
  model.requests.length = 0;
  if (prepare) await prepare(page);
  const panel = await h.panel(tabId);
  const m = data<Match>(await h.invoke(panel, tabId, 'category.match', input));
  await panel.close();
  return { m, page };
}

const chosen = (page: Page) => page.$eval('#quick-ticket .combo-value', (el) => el.textContent);

describe('category.match asks the configured model where the words do not decide', () => {
  it('a story the lexicon has no words for: the model names a listed option, it is selected, and the result says the model decided', async () => {
    const { m, page } = await match('/', juiceStory);
    expect(m).toMatchObject({ decidedBy: 'model', reason: 'model', applied: true, choice: { value: 'quality' }, model: { ask: true, why: 'unsure', used: true, answer: 'quality' } });
    expect(await chosen(page)).toBe('产品质量');
    expect(m.runnerUp?.value).not.toBe('quality');
    const [ask, ...more] = categoryAsks();
    expect(more).toEqual([]);
    // No tools offered; the form's options listed; the conversation inside the data markers.
    expect(ask!.tools).toBeUndefined();
    expect(ask!.user).toContain('- quality: 产品质量');
    expect(ask!.user).toContain('- other: 其他');
    expect(ask!.user).toMatch(/<<data:[^>]+>>\n[\s\S]*customer: Hi, my little boy knocked a glass of apple juice/);
  });

  it('a conversation the words decide: the model is not asked', async () => {
    const { m } = await match('/?c=C-1003');
    expect(m).toMatchObject({ decidedBy: 'words', choice: { value: 'account' }, model: { ask: false, why: 'confident', used: false } });
    expect(categoryAsks()).toEqual([]);
  });

  it('model: false in the input keeps the model out', async () => {
    const { m } = await match('/', juiceStory, { model: false });
    expect(m).toMatchObject({ decidedBy: 'words', model: { ask: false, why: 'off' } });
    expect(categoryAsks()).toEqual([]);
  });

  it('an answer that names no option leaves the words\' choice ("other" below the floor), and says why', async () => {
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'category-junk' } });
    const { m, page } = await match('/', juiceStory);
    expect(m).toMatchObject({ decidedBy: 'words', reason: 'other', choice: { value: 'other' }, model: { ask: true, used: false, detail: 'The answer is not one of the options; the words decide.' } });
    expect(m.model!.answer).toMatch(/^Hmm, this sounds like/);
    expect(categoryAsks()).toHaveLength(1);
    expect(await chosen(page)).toBe('其他');
  });

  it('a model slower than 6 s: the words decide, the result says it was late, and the request is cancelled', async () => {
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'category-slow' } });
    const { m } = await match('/', juiceStory);
    expect(m).toMatchObject({ decidedBy: 'words', choice: { value: 'other' }, model: { ask: true, used: false, detail: 'No answer within 6 s; the words decide.' } });
    const [ask] = categoryAsks();
    expect(ask).toBeDefined();
    // The worker's openai request was aborted (llm.cancel), not left to run to its end.
    expect(await until(async () => ask!.aborted, (a) => a === true)).toBe(true);
  });

  it('with no model endpoint the words decide and the worker says there is none', async () => {
    await h.settings({ llm: { baseURL: '', apiKey: '', model: '' } });
    const { m } = await match('/', juiceStory);
    expect(m).toMatchObject({ decidedBy: 'words', choice: { value: 'other' }, model: { ask: true, used: false } });
    // The worker's NO_ENDPOINT, in the agent's words (this browser is Chinese).
    expect(m.model!.detail).toContain('模型服务');
    expect(categoryAsks()).toEqual([]);
    await h.settings({ llm: { baseURL: `${model.url}/v1`, apiKey: 'demo', model: 'files-categories' } });
  });
});
