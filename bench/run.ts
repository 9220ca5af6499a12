/** `npm run bench`: every suite, printed as a table and written to .tmp/bench/<suite>.json (BENCH_SAVE=1: bench/results/). */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { benchCore } from './core.bench.ts';
import { benchBridge } from './bridge.bench.ts';
import { benchChat } from './chat.bench.ts';
import { benchChatRender } from './chat-render.bench.ts';
import { benchExtension } from './extension.bench.ts';
import { benchKb } from './kb.bench.ts';
import { benchKbLibs } from './kb-libs.bench.ts';
import { benchBundle } from './bundle.bench.ts';
import { report, resultsDir } from './lib.ts';
import { DIST } from '../scripts/browser.ts';

report('core', await benchCore());
if (!existsSync(`${DIST}/manifest.json`) || process.env.BENCH_BUILD !== '0') {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
report('extension', await benchExtension());
report('bundle', await benchBundle());
report('bridge', await benchBridge());
report('chat', await benchChat());
report('chat-render', await benchChatRender());
report('kb-libs', (await benchKbLibs()).rows);
report('kb', await benchKb());
console.log(`\nresults: ${resultsDir()}`);
