import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Bench } from 'tinybench';

export interface BenchRow {
  name: string;
  medianUs: number;
  floor: string;
  ratio: number | null;
  addedUs?: number;
  note?: string;
}

/** Median latency of a task in microseconds (tinybench reports milliseconds). */
export function median(bench: Bench, name: string): number {
  const task = bench.getTask(name);
  const p50 = task?.result && 'latency' in task.result ? task.result.latency.p50 : undefined;
  if (p50 === undefined) throw new Error(`benchmark "${name}" produced no result`);
  return p50 * 1_000;
}

export function report(suite: string, rows: BenchRow[]): void {
  console.log(`\n${suite}`);
  console.table(
    rows.map((r) => ({
      benchmark: r.name,
      'median µs': round(r.medianUs),
      'vs floor': r.floor,
      ratio: r.ratio === null ? '-' : `${round(r.ratio)}×`,
      'added µs': r.addedUs === undefined ? '' : round(r.addedUs),
    })),
  );
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
