/**
 * What deskhand costs a console page at load (issue 22 item 5). The same demo workspace page
 * is served where deskhand injects (127.0.0.1) and through a proxy on 127.0.0.4, where no
 * extension injects, loaded alternately in one browser, 10 each, a fresh tab per load. CDP
 * `Performance.getMetrics` (main-thread task and script time, JS heap: the renderer's, so the
 * isolated world counts) is read once the page settled (load + 500 ms: only the eager loader
 * has run) and again once the kit loaded on its own when the page was idle (load + 4 s); the
 * kit's load (its parts' evaluation, each a task: src/content/kit-files.ts) is page.info's kitMs. The page's own cost (the proxy) is
 * the floor.
 */
import type { Browser, CDPSession } from 'puppeteer-core';
import { startConsole } from '../demo/console/server.ts';
import { launchWithExtension } from '../scripts/browser.ts';
import { floorHostProxy, writeFloorExtension } from './floor-extension.ts';
import { type BenchRow, medianOf } from './lib.ts';
import { KIT_FILES } from '../src/content/kit-files.ts';

/** A loopback address no extension in this browser matches. */
const BARE_HOST = '127.0.0.4';
const SAMPLES = 10;
const SETTLED_MS = 500;
const IDLE_KIT_MS = 4_000;
/** Loads traced for deskhand's longest task (each side). */
const TRACED = 5;

interface Sample {
  taskMs: number;
  scriptMs: number;
  heapMb: number;
}

type ExtWorker = Awaited<ReturnType<typeof launchWithExtension>>['worker'];

async function metrics(cdp: CDPSession): Promise<Sample> {
  const { metrics: m } = await cdp.send('Performance.getMetrics');
  const v = (name: string) => m.find((x) => x.name === name)?.value ?? 0;
  return { taskMs: v('TaskDuration') * 1000, scriptMs: v('ScriptDuration') * 1000, heapMb: v('JSHeapUsedSize') / 1024 / 1024 };
}

/** The kit's load on this page, first part to registry built (page.info kitMs), asked through the worker; null where no kit answered. */
async function kitMs(worker: ExtWorker, url: string): Promise<number | null> {
  return worker.evaluate(async (u: string) => {
    const tab = (await chrome.tabs.query({})).find((t) => t.url === u);
    const r = tab?.id ? await chrome.tabs.sendMessage(tab.id, { type: 'page.info' }).catch(() => null) : null;
    return typeof r?.kitMs === 'number' ? (r.kitMs as number) : null;
  }, url);
}

/** One load of `url` in a fresh tab: metrics once settled and once the idle kit had its turn. */
async function load(browser: Browser, url: string, worker?: ExtWorker): Promise<{ settled: Sample; idle: Sample; kitMs: number | null }> {
  const page = await browser.newPage();
  try {
    // Enabled before the navigation: the renderer counts task and script time only from here.
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, SETTLED_MS));
    const settled = await metrics(cdp);
    await new Promise((r) => setTimeout(r, IDLE_KIT_MS - SETTLED_MS));
    const idle = await metrics(cdp);
    return { settled, idle, kitMs: worker ? await kitMs(worker, page.url()) : null };
  } finally {
    await page.close();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: { url?: string; isMainFrame?: boolean } };
}

/**
 * deskhand's longest main-thread tasks on one load, from a trace (a load of its own: tracing
 * slows the page, so its metrics are not mixed with the others): every task that evaluated or
 * called an extension script, compile included, split at `SETTLED_MS` after load (the loader)
 * and after it (the kit, loaded when the page is idle).
 */
async function longestTasks(browser: Browser, url: string): Promise<{ atLoad: number; idle: number }> {
  const page = await browser.newPage();
  try {
    const cdp = await page.createCDPSession();
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
    const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] }, transferMode: 'ReportEvents' });
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((r) => setTimeout(r, IDLE_KIT_MS));
    await cdp.send('Tracing.end');
    await complete;
    const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
    const ours = events.filter((e) => (e.name === 'EvaluateScript' || e.name === 'FunctionCall' || e.name === 'v8.compile') && (e.args?.data?.url ?? '').startsWith('chrome-extension://'));
    const mine = new Set<TraceEvent>();
    for (const e of ours) {
      const task = tasks.find((t) => t.tid === e.tid && t.ts <= e.ts && t.ts + t.dur! >= e.ts + (e.dur ?? 0));
      if (task) mine.add(task);
    }
    // Trace times are microseconds on the trace's own clock: the load is found by its event there.
    // The main frame's last load (the new tab's about:blank loads first).
    const loadEvent = events.filter((e) => e.name === 'MarkLoad' && e.args?.data?.isMainFrame).at(-1);
    if (!loadEvent) throw new Error('the trace has no MarkLoad event');
    const split = loadEvent.ts + SETTLED_MS * 1000;
    const longest = (pick: (t: TraceEvent) => boolean) => Math.max(0, ...[...mine].filter(pick).map((t) => t.dur! / 1000));
    return { atLoad: longest((t) => t.ts < split), idle: longest((t) => t.ts >= split) };
  } finally {
    await page.close();
  }
}

const med = (xs: Sample[], k: keyof Sample) => medianOf(xs.map((s) => s[k]));

function rows(when: string, own: Sample[], ours: Sample[]): BenchRow[] {
  const r = (what: string, k: keyof Sample, unit: 'ms' | 'MB'): BenchRow[] => {
    const floor = med(own, k);
    const got = med(ours, k);
    const us = unit === 'ms' ? 1000 : 0;
    const fmt = (x: number) => `${x.toFixed(unit === 'ms' ? 1 : 2)} ${unit}`;
    return [
      { name: `${when}: ${what}, page alone`, medianUs: floor * us, floor: 'itself', ratio: 1, note: fmt(floor) },
      { name: `${when}: ${what}, with deskhand`, medianUs: got * us, floor: 'page alone', ratio: floor > 0 ? got / floor : null, note: `${fmt(got)}; added ${fmt(got - floor)}${floor > 0 ? ` (${(((got - floor) / floor) * 100).toFixed(0)}% of the page's own)` : ''}` },
    ];
  };
  return [...r('main-thread task time', 'taskMs', 'ms'), ...r('main-thread script time', 'scriptMs', 'ms'), ...r('JS heap', 'heapMb', 'MB')];
}

function longestRows(ours: { atLoad: number; idle: number }[], floor: { atLoad: number; idle: number }[]): BenchRow[] {
  const f = medianOf(floor.map((t) => t.atLoad));
  const row = (when: string, k: 'atLoad' | 'idle'): BenchRow => {
    const got = medianOf(ours.map((t) => t[k]));
    return { name: `demo workspace: deskhand's longest main-thread task ${when} (trace, compile included)`, medianUs: got * 1000, floor: 'bare content script: its longest task', ratio: f > 0 ? got / f : null, goal: 'no deskhand task ≥ 50 ms', note: `${got.toFixed(1)} ms; each of ${ours.length} loads: ${ours.map((t) => t[k].toFixed(0)).join(', ')} ms` };
  };
  return [
    { name: "demo workspace: a bare content script's longest main-thread task at load (trace)", medianUs: f * 1000, floor: 'itself', ratio: 1, note: `${f.toFixed(1)} ms` },
    row(`until load + ${SETTLED_MS} ms (the loader)`, 'atLoad'),
    row('after it (the kit, loaded when the page is idle)', 'idle'),
  ];
}

export async function benchPageCost(): Promise<BenchRow[]> {
  const { browser, worker } = await launchWithExtension();
  const server = await startConsole();
  await browser.installExtension(await writeFloorExtension());
  const bare = await floorHostProxy(server.url, BARE_HOST);
  const floorHost = await floorHostProxy(server.url);
  const own: Awaited<ReturnType<typeof load>>[] = [];
  const ours: Awaited<ReturnType<typeof load>>[] = [];
  const bareScript: Awaited<ReturnType<typeof load>>[] = [];
  const traced: Awaited<ReturnType<typeof longestTasks>>[] = [];
  const tracedFloor: Awaited<ReturnType<typeof longestTasks>>[] = [];
  try {
    // In turn, so a slow moment of this shared machine slows all alike.
    for (let i = 0; i < SAMPLES; i++) {
      ours.push(await load(browser, `${server.url}/`, worker));
      own.push(await load(browser, `${bare.url}/`));
      bareScript.push(await load(browser, `${floorHost.url}/`));
    }
    for (let i = 0; i < TRACED; i++) {
      traced.push(await longestTasks(browser, `${server.url}/`));
      tracedFloor.push(await longestTasks(browser, `${floorHost.url}/`));
    }
  } finally {
    await bare.close();
    await floorHost.close();
    await browser.close();
    await server.close();
  }
  const kit = ours.map((s) => s.kitMs).filter((x): x is number => x !== null);
  const pageTask = med(own.map((s) => s.settled), 'taskMs');
  const kitMedian = kit.length ? medianOf(kit) : null;
  const added = (k: keyof Sample, of: typeof ours) => med(of.map((s) => s.settled), k) - med(own.map((s) => s.settled), k);
  const floorAdded = added('taskMs', bareScript);
  const ourAdded = added('taskMs', ours);
  return [
    ...rows(`demo workspace, load + ${SETTLED_MS} ms (the loader only)`, own.map((s) => s.settled), ours.map((s) => s.settled)),
    {
      name: `demo workspace, load + ${SETTLED_MS} ms: task time a bare content script adds (two listeners, three start-up messages: bench/floor-extension.ts)`,
      medianUs: floorAdded * 1000,
      floor: 'itself',
      ratio: 1,
      note: `${floorAdded.toFixed(1)} ms over the page alone`,
    },
    {
      name: `demo workspace, load + ${SETTLED_MS} ms: task time deskhand's loader adds`,
      medianUs: ourAdded * 1000,
      floor: 'bare content script',
      ratio: floorAdded > 0 ? ourAdded / floorAdded : null,
      addedUs: (ourAdded - floorAdded) * 1000,
      goal: "≤ 10% of the page's own",
      note: `${ourAdded.toFixed(1)} ms = ${((ourAdded / med(own.map((s) => s.settled), 'taskMs')) * 100).toFixed(0)}% of the page's own`,
    },
    ...rows(`demo workspace, load + ${IDLE_KIT_MS / 1000} s (the kit loaded when idle)`, own.map((s) => s.idle), ours.map((s) => s.idle)),
    ...longestRows(traced, tracedFloor),
    {
      name: `the kit's load at idle, ${KIT_FILES.length} parts each its own task (page.info kitMs: first part's start to registry built, the worker's injections between)`,
      medianUs: (kitMedian ?? 0) * 1000,
      floor: 'page alone: task time at load',
      ratio: kitMedian === null ? null : kitMedian / pageTask,
      note: kitMedian === null ? `no kit answered in ${SAMPLES} loads` : `${kitMedian.toFixed(1)} ms; ${kit.length} of ${SAMPLES} loads`,
    },
  ];
}
