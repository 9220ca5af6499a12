/**
 * Measurement, never a target: every deskhand write tool (reply.draft, reply.send, note.add,
 * queue.assign, ticket.assign, customer.fill, ticket.fill, category.match, ticket.submit and the
 * quick-ticket flow) on every record of every blind-pattern console (fixtures/pat-*), in zh and
 * en, with no profile, judged by what the console's backend got (e2e/consoles/write-run.ts:
 * exactly once, as asked, on the open record, and deskhand saying so). What a person does there
 * (press the console's own Send, reach its new-ticket page) is in e2e/pattern-hands.ts, with the
 * queue, agent and category each console is asked for. Nothing is tuned to this file.
 *
 * The goal is every row right; each test prints every verdict with its reason (the table in
 * fixtures/PATTERNS-BASELINE.md is what it printed when the consoles were committed).
 * PATTERNS_ROWS=<file> also appends each row to that file as a JSON line.
 */
import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATTERN_FIXTURES, type PatternFixtureName } from '../fixtures/index.ts';
import type { FixtureServer, Lang } from '../fixtures/types.ts';
import type { Launched } from '../scripts/browser.ts';
import { launchEnv, type Env } from './consoles/fixture-run.ts';
import { judgeWrites, type WriteRow } from './consoles/write-run.ts';
import { patternTarget } from './pattern-hands.ts';

let l: Launched;
let env: Env;

beforeAll(async () => {
  ({ l, env } = await launchEnv());
});
afterAll(async () => {
  await l?.browser.close();
});

const line = (r: WriteRow) => `${r.console} | ${r.record} | ${r.lang} | ${r.tool} | ${r.verdict} | ${r.why}`;

describe.each(Object.keys(PATTERN_FIXTURES) as PatternFixtureName[])('write tools on the %s pattern console', (name) => {
  let fx: FixtureServer;
  beforeAll(async () => {
    fx = await PATTERN_FIXTURES[name]();
  });
  afterAll(async () => fx?.close());

  it.each(['zh', 'en'] as Lang[])('every write lands as asked, exactly once (%s), judged by the console backend', async (lang) => {
    const target = patternTarget(name, fx);
    const rows: WriteRow[] = [];
    for (const rec of await target.records()) {
      const got = await judgeWrites(env, target, rec, lang);
      for (const r of got) console.log(line(r));
      if (process.env.PATTERNS_ROWS) for (const r of got) appendFileSync(process.env.PATTERNS_ROWS, `${JSON.stringify({ kind: 'write', ...r })}\n`);
      rows.push(...got);
    }
    console.log(`patterns write ${name} ${lang}: ${rows.filter((r) => r.verdict === 'right').length}/${rows.length} right`);
    expect(rows.filter((r) => r.verdict !== 'right').map(line)).toEqual([]);
  }, 3_600_000);
});
