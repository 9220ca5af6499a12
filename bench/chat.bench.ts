/**
 * Chat benchmarks (issue 5), each beside its floor from the same run:
 * - extension overhead per model round: the panel's loop time minus the time spent inside
 *   the model server, with the `instant` model (one tool round, one answer round); floor: a
 *   bare loop with the same `openai` client against the same server, in the same panel page
 *   on the same clock, with the same tools, the same number of questions and rounds,
 *   question by question alternately with the panel's;
 * - time to first render of the panel (and its DOMContentLoaded) vs a minimal Preact panel
 *   page of a bare extension in the same browser (bench/floor-extension.ts), loaded alternately;
 * - side-panel bundle size (min + gzip) vs a minimal Preact panel built in the run with the
 *   same settings (bench/floor-builds.ts).
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'puppeteer-core';
import type { RecordedRequest } from '../demo/model/server.ts';
import { minimalPreactPanel } from './floor-builds.ts';
import { writeFloorExtension } from './floor-extension.ts';
import { panelEager } from './panel-bundle.ts';
import { type BenchRow, medianOf, startChatBench } from './lib.ts';

const QUESTIONS = 15;

/**
 * The floor loop, bundled for the page: what any chat loop over function calling must do with
 * the openai client (stream each round, assemble the tool calls, send their results back),
 * with none of deskhand's work (no tool runs in the tab, no gates, no rendering, no storage).
 * Each tool call is answered with a fixed result. Same client options as src/llm/client.ts.
 */
const bareLoop = async () =>
  (
    await build({
      stdin: {
        contents: `import OpenAI from 'openai';
          const history = [];
          globalThis.bareAsk = async (baseURL, model, tools, question) => {
            const client = new OpenAI({ baseURL, apiKey: 'bench', dangerouslyAllowBrowser: true, maxRetries: 2, timeout: 60000 });
            const messages = [{ role: 'system', content: 'Answer from the page.' }, ...history, { role: 'user', content: question }];
            const t = performance.now();
            let rounds = 0, text = '';
            for (;;) {
              rounds++;
              const stream = await client.chat.completions.create({ model, messages, tools, stream: true });
              const calls = [];
              text = '';
              for await (const chunk of stream) {
                const d = chunk.choices[0]?.delta;
                if (!d) continue;
                if (d.content) text += d.content;
                for (const tc of d.tool_calls ?? []) {
                  const c = (calls[tc.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
                  if (tc.id) c.id = tc.id;
                  if (tc.function?.name) c.function.name += tc.function.name;
                  if (tc.function?.arguments) c.function.arguments += tc.function.arguments;
                }
              }
              messages.push({ role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) });
              if (!calls.length) break;
              for (const c of calls) messages.push({ role: 'tool', tool_call_id: c.id, content: '{"status":"done","result":[]}' });
            }
            history.push({ role: 'user', content: question }, { role: 'assistant', content: text });
            return { ms: performance.now() - t, rounds };
          };`,
        resolveDir: join(import.meta.dirname, '..'),
      },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target: 'chrome116',
      write: false,
    })
  ).outputFiles[0]!.text;

/** Requests the model server saw since the last reset, and the time spent inside it. */
async function served(modelUrl: string): Promise<{ n: number; inModelMs: number }> {
  const reqs = (await (await fetch(`${modelUrl}/_requests`)).json()) as RecordedRequest[];
  return { n: reqs.length, inModelMs: reqs.reduce((s, r) => s + (r.serverMs ?? 0), 0) };
}

/** One question through the panel's UI: ms outside the model server per round. */
async function panelRound(panel: Page, modelUrl: string, i: number): Promise<number> {
  await fetch(`${modelUrl}/_reset`);
  const before = await panel.$$eval('.turn[data-stopped]', (els) => els.length);
  await panel.type('textarea[name=question]', `question ${i}`);
  await panel.click('button.send');
  await panel.waitForFunction((n: number) => document.querySelectorAll('.turn[data-stopped]').length > n, {}, before);
  const ms = Number(await panel.$$eval('.turn[data-stopped]', (els) => (els.at(-1) as HTMLElement).dataset.ms));
  const s = await served(modelUrl);
  return (ms - s.inModelMs) / s.n;
}

/** The same question through the bare loop in the same page: ms outside the model server per round. */
async function bareRound(panel: Page, modelUrl: string, tools: unknown[], i: number): Promise<number> {
  await fetch(`${modelUrl}/_reset`);
  const r = (await panel.evaluate(
    (a: { base: string; tools: unknown[]; q: string }) => (globalThis as unknown as { bareAsk(b: string, m: string, t: unknown[], q: string): Promise<{ ms: number }> }).bareAsk(a.base, 'instant', a.tools, a.q),
    { base: `${modelUrl}/v1`, tools, q: `question ${i}` },
  )) as { ms: number; rounds: number };
  const s = await served(modelUrl);
  if (s.n !== r.rounds) throw new Error(`bare loop: ${r.rounds} rounds but the server saw ${s.n} requests`);
  return (r.ms - s.inModelMs) / s.n;
}

/** First render and DOMContentLoaded of a page, as the side panel marks them (ms since navigation start). */
async function firstRender(browser: Browser, url: string): Promise<{ render: number; dcl: number }> {
  const p = await browser.newPage();
  try {
    await p.goto(url, { waitUntil: 'load' });
    await p.waitForFunction('document.documentElement.dataset.firstRenderMs');
    return {
      render: Number(await p.evaluate('document.documentElement.dataset.firstRenderMs')),
      dcl: Number(await p.evaluate('performance.getEntriesByType("navigation")[0].domContentLoadedEventStart')),
    };
  } finally {
    await p.close();
  }
}

export async function benchChat(): Promise<BenchRow[]> {
  const { model, browser, panelUrl, tabId, close } = await startChatBench('instant');
  try {
    const floorId = await browser.installExtension(await writeFloorExtension());
    const floorPanel = `chrome-extension://${floorId}/panel.html`;
    const panelLoads: { render: number; dcl: number }[] = [];
    const floorLoads: { render: number; dcl: number }[] = [];
    for (let i = 0; i < 7; i++) {
      floorLoads.push(await firstRender(browser, floorPanel));
      panelLoads.push(await firstRender(browser, panelUrl));
    }
    const panel = await browser.newPage();
    await panel.goto(panelUrl, { waitUntil: 'load' });
    await panel.waitForSelector('textarea[name=question]');
    // The tools the panel offers the model, fetched once up front: listing them is deskhand's work.
    const listed = (await panel.evaluate((id: number) => chrome.tabs.sendMessage(id, { type: 'tools.schemas' }, { frameId: 0 }), tabId)) as { ok: boolean; tools?: { function: unknown }[] };
    if (!listed.ok || !listed.tools?.length) throw new Error(`tools.schemas: ${JSON.stringify(listed)}`);
    const tools = listed.tools.map((t) => ({ type: 'function', function: t.function }));
    await panel.evaluate(await bareLoop());
    const overheads: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < QUESTIONS; i++) {
      overheads.push(await panelRound(panel, model.url, i));
      bare.push(await bareRound(panel, model.url, tools, i));
    }
    const size = panelEager();
    const floorSize = await minimalPreactPanel();
    const render = medianOf(panelLoads.map((l) => l.render));
    const dcl = medianOf(panelLoads.map((l) => l.dcl));
    const floorRender = medianOf(floorLoads.map((l) => l.render));
    const floorDcl = medianOf(floorLoads.map((l) => l.dcl));
    const perRound = medianOf(overheads);
    const bareRoundMs = medianOf(bare);
    return [
      { name: 'minimal Preact panel page (bare extension): first render', medianUs: floorRender * 1000, floor: 'itself', ratio: 1, note: `its DOMContentLoaded ${floorDcl.toFixed(1)} ms` },
      { name: 'side panel: DOMContentLoaded', medianUs: dcl * 1000, floor: 'minimal panel DOMContentLoaded', ratio: dcl / floorDcl, addedUs: (dcl - floorDcl) * 1000 },
      { name: 'side panel: first render (Preact)', medianUs: render * 1000, floor: 'minimal panel first render', ratio: render / floorRender, addedUs: (render - floorRender) * 1000 },
      { name: 'bare openai loop: time outside the model server per round (instant model)', medianUs: bareRoundMs * 1000, floor: 'itself', ratio: 1, note: `same client, server, tools (${tools.length}) and ${QUESTIONS} questions in the same panel page; tool calls answered with a fixed result` },
      {
        name: 'chat: extension overhead per model round (instant model)',
        medianUs: perRound * 1000,
        floor: 'bare openai loop, per round',
        ratio: perRound / bareRoundMs,
        addedUs: (perRound - bareRoundMs) * 1000,
        note: "loop time minus model-server time, per round; the panel's loop time is kept in whole ms (Chat.tsx)",
      },
      { name: `minimal Preact panel (one component), same settings: ${(floorSize.min / 1024).toFixed(1)} KB min / ${(floorSize.gz / 1024).toFixed(1)} KB gzip`, medianUs: 0, floor: 'itself', ratio: 1 },
      {
        name: `side panel bundle (eager, before any view): ${(size.min / 1024).toFixed(1)} KB min / ${(size.gz / 1024).toFixed(1)} KB gzip`,
        medianUs: 0,
        floor: 'minimal Preact panel (min)',
        ratio: size.min / floorSize.min,
        note: `gzip ratio ${(size.gz / floorSize.gz).toFixed(2)}×`,
      },
    ];
  } finally {
    await close();
  }
}
