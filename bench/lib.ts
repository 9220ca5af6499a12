import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bench } from 'tinybench';
import { startConsole } from '../demo/console/server.ts';
import { startModelServer } from '../demo/model/server.ts';
import { launchWithExtension } from '../scripts/browser.ts';

export interface BenchRow {
  name: string;
  medianUs: number;
  floor: string;
  ratio: number | null;
  addedUs?: number;
  /** A target the row is held to (e.g. '≤ 45 KB gzip'): printed apart, never as the floor. */
  goal?: string;
  note?: string;
}

/** The median of samples taken by hand (the upper one of an even count). */
export const medianOf = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Median latency of a task in microseconds (tinybench reports milliseconds). */
export function median(bench: Bench, name: string): number {
  const task = bench.getTask(name);
  const p50 = task?.result && 'latency' in task.result ? task.result.latency.p50 : undefined;
  if (p50 === undefined) throw new Error(`benchmark "${name}" produced no result`);
  return p50 * 1_000;
}

export function report(suite: string, rows: BenchRow[]): void {
  console.log(`\n${suite}`);
  // The goal column only where some row has a goal: most suites have none.
  const goals = rows.some((r) => r.goal !== undefined);
  console.table(
    rows.map((r) => ({
      benchmark: r.name,
      'median µs': round(r.medianUs),
      'vs floor': r.floor,
      ratio: r.ratio === null ? '-' : `${round(r.ratio)}×`,
      'added µs': r.addedUs === undefined ? '' : round(r.addedUs),
      ...(goals ? { goal: r.goal ?? '' } : {}),
    })),
  );
  // Notes carry what the columns cannot (failed samples, how a goal stands): printed under the
  // table by row index, so the table stays narrow enough to read.
  for (const [i, r] of rows.entries()) if (r.note) console.log(`  ${i}: ${r.note}`);
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  const out = { suite, measuredAt: new Date().toISOString(), node: process.version, rows };
  writeFileSync(join(dir, `${suite}.json`), `${JSON.stringify(out, null, 2)}\n`);
}

/**
 * Where a run's results go: .tmp/bench/ (ignored), so a bench leaves the tree clean. The
 * committed bench/results/ change only on purpose, with BENCH_SAVE=1.
 */
export function resultsDir(): string {
  return process.env.BENCH_SAVE === '1' ? join(import.meta.dirname, 'results') : join(import.meta.dirname, '../.tmp/bench');
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The chat benchmarks' setup: the demo console in one tab and the extension talking to the
 * local model server with `modelName`; `panelUrl` opens the side panel for that tab.
 */
export async function startChatBench(modelName: string) {
  const server = await startConsole();
  const model = await startModelServer();
  const { browser, extensionId, worker } = await launchWithExtension();
  await worker.evaluate(
    async (a: { base: string; name: string }) => {
      await chrome.storage.local.set({ settings: { llm: { baseURL: a.base, apiKey: 'bench', model: a.name } } });
    },
    { base: `${model.url}/v1`, name: modelName },
  );
  const page = await browser.newPage();
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 500));
  const tabId = await worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url?.startsWith(u))?.id ?? -1, server.url);
  const close = async () => {
    await browser.close();
    await server.close();
    await model.close();
  };
  return { server, model, browser, extensionId, worker, tabId, panelUrl: `chrome-extension://${extensionId}/src/sidepanel/index.html?tabId=${tabId}`, close };
}
