/**
 * Measurement, never a target: deskhand's four read tools (page.inspect, conversation.read,
 * customer.read, ticket.history) on every record of every blind-pattern console
 * (fixtures/pat-*), in zh and en, with no profile, judged by the console's own truth with the
 * strict judge (e2e/consoles/judge.ts). The consoles were built from how real helpdesks and
 * component kits are made, blind to src/, and nothing is tuned to this file.
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
import { fixtureRecords, judgeRecords, launchEnv, type Env, type JudgedRecord, type ReadRow } from './consoles/fixture-run.ts';

/**
 * The language each console keeps its line items in (the truth's `system` texts); in the other
 * UI they are shown translated, so an event is judged there by its place and its actor.
 */
const PRIMARY: Record<PatternFixtureName, Lang> = {
  'pat-bootstrap': 'en',
  'pat-select2': 'zh',
  'pat-ckeditor': 'zh',
  'pat-summernote': 'en',
  'pat-radix': 'en',
  'pat-kbdown': 'en',
};

let l: Launched;
let env: Env;

beforeAll(async () => {
  ({ l, env } = await launchEnv());
});
afterAll(async () => {
  await l?.browser.close();
});

async function records(fx: FixtureServer, name: PatternFixtureName, lang: Lang): Promise<JudgedRecord[]> {
  const all = await fixtureRecords(fx, lang);
  if (lang === PRIMARY[name]) return all;
  return all.map((r) => ({ ...r, truth: { ...r.truth, messages: r.truth.messages.map((m) => (m.role === 'system' ? { ...m, text: '' } : m)) } }));
}

const line = (r: ReadRow) => `${r.console} | ${r.record} | ${r.lang} | ${r.tool} | ${r.verdict} | ${r.why}`;

describe.each(Object.keys(PATTERN_FIXTURES) as PatternFixtureName[])('read tools on the %s pattern console', (name) => {
  let fx: FixtureServer;
  beforeAll(async () => {
    fx = await PATTERN_FIXTURES[name]();
  });
  afterAll(async () => fx?.close());

  it.each(['zh', 'en'] as Lang[])('reads every record right (%s), judged by the console backend', async (lang) => {
    const rows = await judgeRecords(env, name, await records(fx, name, lang), lang);
    expect(rows.length).toBe((await fx.truth()).records.length * 4);
    console.log(`patterns read ${name} ${lang}: ${rows.filter((r) => r.verdict === 'right').length}/${rows.length} right\n${rows.map(line).join('\n')}`);
    if (process.env.PATTERNS_ROWS) for (const r of rows) appendFileSync(process.env.PATTERNS_ROWS, `${JSON.stringify({ kind: 'read', ...r })}\n`);
    expect(rows.filter((r) => r.verdict !== 'right').map(line)).toEqual([]);
  }, 300_000);
});
