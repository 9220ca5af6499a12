/**
 * The generic page model on the blind-pattern consoles (fixtures/desk-en, fixtures/desk-zh):
 * built by someone given only descriptions of how real helpdesks are made, never src/dom, and
 * committed before any heuristic change for them. Every record, in zh and en, the four read
 * tools judged by the console's own truth with the strict judge.
 *
 * These are not expected to be all right: they measure how far the generic code is from the
 * patterns real consoles use. The test holds the measured verdicts (`blind-baseline.json`) so
 * a change in either direction is seen: a regression fails, and so does an improvement that
 * was not recorded (update the baseline with BLIND_BASELINE=write, and the figures quoted
 * from it, in the same commit).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLIND_FIXTURES, type BlindFixtureName } from '../fixtures/index.ts';
import type { FixtureServer, Lang } from '../fixtures/types.ts';
import type { Launched } from '../scripts/browser.ts';
import { fixtureRecords, judgeRecords, launchEnv, type Env, type JudgedRecord, type ReadRow } from './consoles/fixture-run.ts';

const BASELINE = join(import.meta.dirname, 'blind-baseline.json');
/** The language each console's events are worded in; in the other UI an event is judged by place and actor. */
const PRIMARY: Record<BlindFixtureName, Lang> = { 'desk-en': 'en', 'desk-zh': 'zh' };

let l: Launched;
let env: Env;
const measured: Record<string, string> = {};

beforeAll(async () => {
  ({ l, env } = await launchEnv());
});
afterAll(async () => {
  await l?.browser.close();
  if (process.env.BLIND_BASELINE === 'write') writeFileSync(BASELINE, `${JSON.stringify(sorted(measured), null, 2)}\n`);
});

const sorted = (o: Record<string, string>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
const key = (r: ReadRow) => `${r.console} ${r.record} ${r.lang} ${r.tool}`;

async function records(fx: FixtureServer, name: BlindFixtureName, lang: Lang): Promise<JudgedRecord[]> {
  const all = await fixtureRecords(fx, lang);
  if (lang === PRIMARY[name]) return all;
  return all.map((r) => ({ ...r, truth: { ...r.truth, messages: r.truth.messages.map((m) => (m.role === 'system' ? { ...m, text: '' } : m)) } }));
}

describe.each(Object.keys(BLIND_FIXTURES) as BlindFixtureName[])('the generic page model on the blind %s console', (name) => {
  let fx: FixtureServer;
  beforeAll(async () => {
    fx = await BLIND_FIXTURES[name]();
  });
  afterAll(async () => fx?.close());

  it.each(['zh', 'en'] as Lang[])('reads as measured in %s (blind-baseline.json), judged by the console backend', async (lang) => {
    const rows = await judgeRecords(env, name, await records(fx, name, lang), lang);
    expect(rows.length).toBe((await fx.truth()).records.length * 4);
    const right = rows.filter((r) => r.verdict === 'right').length;
    console.log(`blind ${name} ${lang}: ${right}/${rows.length} right`);
    for (const r of rows) measured[key(r)] = r.verdict;
    // BLIND_VERBOSE=1 prints every verdict with its reason: what to work from when raising the baseline.
    if (process.env.BLIND_VERBOSE) for (const r of rows) console.log(`${key(r)}: ${r.verdict} ${r.why}`);
    if (process.env.BLIND_BASELINE === 'write') return;
    const baseline = existsSync(BASELINE) ? (JSON.parse(readFileSync(BASELINE, 'utf8')) as Record<string, string>) : {};
    const changed = rows.filter((r) => baseline[key(r)] !== r.verdict).map((r) => `${key(r)}: ${baseline[key(r)] ?? '(none)'} → ${r.verdict} ${r.why}`);
    expect(changed).toEqual([]);
  });
});
