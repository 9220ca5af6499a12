/**
 * Chat rendering (issue 14 item 9): the longest main-thread task in the side panel while the
 * `huge-answer` model streams a 2 MB answer (the panel keeps and shows the first 64 KB), beside
 * the floor — the same stored answer rendered once, when the chat view is opened again.
 * Incremental rendering should keep the streaming worst case near the one-shot render; a
 * panel that re-parsed the whole answer per chunk would show many long tasks and a far
 * larger ratio.
 *
 * Task lengths come from a Chrome trace (devtools.timeline `RunTask` events on the panel's
 * renderer main thread), not from timers inside the page, which a long task would delay.
 */
import type { Page } from 'puppeteer-core';
import { type BenchRow, medianOf, startChatBench } from './lib.ts';

const RUNS = 5;

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string; data?: { frames?: { url?: string; processId?: number }[] } };
}

/** Durations (µs) of the tasks on the main thread of the renderer that shows `url`. */
function mainThreadTasks(trace: Buffer, url: string): number[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const pids = new Set(events.flatMap((e) => (e.name === 'TracingStartedInBrowser' ? (e.args?.data?.frames ?? []) : []).filter((f) => f.url?.startsWith(url)).map((f) => f.processId)));
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && pids.has(e.pid));
  if (!main) throw new Error(`no renderer main thread for ${url} in the trace`);
  return events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid).map((e) => e.dur ?? 0);
}

async function traced(panel: Page, url: string, action: () => Promise<void>): Promise<number[]> {
  await panel.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  try {
    await action();
  } catch (e) {
    await panel.tracing.stop().catch(() => undefined);
    throw e;
  }
  const buf = await panel.tracing.stop();
  if (!buf) throw new Error('no trace');
  return mainThreadTasks(Buffer.from(buf), url);
}

export async function benchChatRender(): Promise<BenchRow[]> {
  const { browser, tabId, panelUrl: url, close } = await startChatBench('huge-answer');
  try {
    const panel = await browser.newPage();
    const streamed: number[] = [];
    const once: number[] = [];
    let longTasks = 0;
    let shown = 0;
    for (let i = 0; i < RUNS; i++) {
      // A fresh thread each run, so the one-shot render below draws exactly this answer.
      await panel.goto(url, { waitUntil: 'load' });
      await panel.evaluate((id: number) => chrome.storage.session.remove(`chat:${id}`), tabId);
      await panel.reload({ waitUntil: 'load' });
      await panel.waitForSelector('textarea[name=question]');
      await panel.type('textarea[name=question]', `everything ${i}`);
      const streaming = await traced(panel, url, async () => {
        await panel.click('button.send');
        await panel.waitForSelector('.turn[data-stopped]', { timeout: 60_000 });
        // Until the whole answer is on screen: rendering may go on for a few frames after the stream ends.
        await panel.waitForSelector('.turn[data-stopped] .md:not([data-behind])', { timeout: 60_000 });
      });
      streamed.push(Math.max(...streaming));
      if (process.env.CR_DEBUG) console.log("top " + [...streaming].sort((a, b) => b - a).slice(0, 8).map((d) => Math.round(d / 1000)).join(",") + " of " + streaming.length);
      longTasks += streaming.filter((d) => d >= 50_000).length;
      shown = await panel.$eval('.turn .md', (el) => (el.textContent ?? '').length);
      await panel.click('button[name=view-activity]');
      await panel.waitForSelector('section.activity');
      const rendered = await traced(panel, url, async () => {
        await panel.click('button[name=view-work]');
        await panel.waitForSelector('.turn .md');
        await new Promise((r) => setTimeout(r, 300));
      });
      once.push(Math.max(...rendered));
    }
    const stream = medianOf(streamed);
    const floor = medianOf(once);
    return [
      {
        name: `side panel: longest main-thread task while a 2 MB answer streams (${Math.round(shown / 1024)} KB shown)`,
        medianUs: stream,
        floor: 'the same answer rendered once (chat view reopened)',
        ratio: stream / floor,
        note: `${longTasks} tasks ≥ 50 ms over ${RUNS} streams`,
      },
      { name: 'side panel: longest task rendering that answer once', medianUs: floor, floor: 'itself', ratio: 1 },
    ];
  } finally {
    await close();
  }
}
