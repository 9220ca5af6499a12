/**
 * `npm run bench`: every suite, printed as a table and written to .tmp/bench/<suite>.json (BENCH_SAVE=1: bench/results/).
 * BENCH_ONLY=kb,chat runs just those suites (names as in the table headings).
 */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { benchCore } from './core.bench.ts';
import { benchBridge } from './bridge.bench.ts';
import { benchChat } from './chat.bench.ts';
import { benchChatRender } from './chat-render.bench.ts';
import { benchExtension } from './extension.bench.ts';
import { benchPageCost } from './page-cost.bench.ts';
import { benchKb } from './kb.bench.ts';
import { benchKbLibs } from './kb-libs.bench.ts';
import { benchRelevance } from './relevance.bench.ts';
import { benchBundle } from './bundle.bench.ts';
import { report, resultsDir, type BenchRow } from './lib.ts';
import { DIST } from '../scripts/browser.ts';

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
async function suite(name: string, run: () => Promise<BenchRow[]>): Promise<void> {
  if (!only || only.includes(name)) report(name, await run());
}

await suite('core', benchCore);
if (!existsSync(`${DIST}/manifest.json`) || process.env.BENCH_BUILD !== '0') {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
await suite('extension', benchExtension);
await suite('page-cost', benchPageCost);
await suite('bundle', benchBundle);
await suite('bridge', benchBridge);
await suite('chat', benchChat);
await suite('chat-render', benchChatRender);
await suite('kb-libs', async () => (await benchKbLibs()).rows);
await suite('kb', () => benchKb());
// Quality, not speed: recall and category accuracy beside a plain BM25 in the same run.
await suite('relevance', async () => (await benchRelevance()).rows);
console.log(`\nresults: ${resultsDir()}`);
