/**
 * `npm run bench:consoles`: for each console — the demo, osTicket 1.18 (when it runs here:
 * e2e/consoles/osticket/setup.sh), every fixture console — and each read tool, how many
 * records deskhand reads right / wrong / missing, judged against what the console itself
 * holds (its backend's truth, osTicket's database). Then the write tools and the writing
 * hotkey flows (quickTicket, the R refund) on the demo and the fixture consoles, judged by
 * what landed on the console's backend (e2e/consoles/write-run.ts): the first record in zh
 * and the second in en (BENCH_WRITE_ALL=1: every record in both). Twice: with the console
 * profiles deskhand ships (auto), and with the generic profile alone (profiles off for the
 * origin). osTicket's write row (bench/osticket-write.ts) is judged by its database, on the
 * same two records. Written to .tmp/bench/consoles.json (BENCH_SAVE=1: bench/results/consoles.json).
 *
 * BENCH_CONSOLES=osticket,demo (comma-separated console names: demo, osticket, the fixture
 * names) runs only those consoles, to iterate on one; the full run is the default. osTicket
 * runs on the instance OSTICKET_DIR names (osticket.ts), e.g. a private one set up with
 * `OSTICKET_HOST=127.0.0.4 OSTICKET_PORT=8289 OSTICKET_DIR=/tmp/x bash e2e/consoles/osticket/setup.sh`.
 *
 * FreeScout 1.8.235 (when it runs here: e2e/consoles/freescout/setup.sh) measures the generic
 * code alone: deskhand ships no FreeScout profile, so it runs in generic mode only, once per
 * UI language — logged in as Sam Agent (English) and as Jing Chen (FreeScout set to zh-CN) —
 * every read tool on its three conversations and every write tool on its two open ones,
 * judged by FreeScout's database (bench/freescout-write.ts). Its rows go to their own file,
 * consoles-freescout.json, and `BENCH_CONSOLES=freescout` writes only that one.
 */
import type { Page } from 'puppeteer-core';
import { demoTruth, demoAgentName } from '../demo/console/truth.ts';
import { startConsole } from '../demo/console/server.ts';
import { FIXTURES } from '../fixtures/index.ts';
import type { Lang } from '../fixtures/types.ts';
import { launchWithExtension } from '../scripts/browser.ts';
import { judgeFixture, judgeRecords, type Env, type ReadRow } from '../e2e/consoles/fixture-run.ts';
import { READ_TOOLS, WRITE_TOOLS } from '../e2e/consoles/judge.ts';
import { demoTarget, fixtureTarget, judgeWrites, type WriteRow, type WriteTarget } from '../e2e/consoles/write-run.ts';
import { startModelServer } from '../demo/model/server.ts';
import { launchForConsole } from '../e2e/consoles/console-browser.ts';
import { loginStaff, osticketAvailable, startOsticket, ticketTimeline, ticketUser, userTickets, type Osticket } from '../e2e/consoles/osticket/osticket.ts';
import { osticketTarget } from './osticket-write.ts';
import { conversation, conversationThreads, customer, customerConversations, freescoutAvailable, loginAgent, startFreescout, type Freescout, type Lang as FsLang } from '../e2e/consoles/freescout/freescout.ts';
import { COMPOSER_TOOLS, freescoutComposeTarget, freescoutTarget } from './freescout-write.ts';
import { resultsDir } from './lib.ts';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

type Mode = 'profiles' | 'generic' | 'taught';
/** A taught FreeScout profile to measure instead of the generic code (BENCH_FREESCOUT_PROFILE=file.json). */
const TAUGHT: unknown = process.env.BENCH_FREESCOUT_PROFILE ? JSON.parse(readFileSync(process.env.BENCH_FREESCOUT_PROFILE, 'utf8')) : null;
/** A taught osTicket profile (bench/teach-osticket.ts): measured as mode `taught`, beside the generic code alone. */
const OS_TAUGHT: unknown = process.env.BENCH_OSTICKET_PROFILE ? JSON.parse(readFileSync(process.env.BENCH_OSTICKET_PROFILE, 'utf8')) : null;
const LANGS: Lang[] = ['zh', 'en'];
const ONLY = process.env.BENCH_CONSOLES?.split(',').map((s) => s.trim()).filter(Boolean);
const runs = (name: string) => !ONLY?.length || ONLY.includes(name);
const fixtureNames = () => (Object.keys(FIXTURES) as (keyof typeof FIXTURES)[]).filter(runs);

async function panelOf(browser: Env['browser'], extensionId: string): Promise<Page> {
  const panel = await browser.newPage();
  await panel.goto(`chrome-extension://${extensionId}/src/sidepanel/index.html?tabId=0`, { waitUntil: 'load' });
  return panel;
}

async function setMode(env: Env, origin: string, mode: Mode): Promise<void> {
  await env.worker.evaluate(
    async (o: string, m: string) => {
      const cur = ((await chrome.storage.local.get('settings')).settings ?? {}) as { consoleProfiles?: Record<string, string> };
      await chrome.storage.local.set({ settings: { ...cur, consoleProfiles: { ...(cur.consoleProfiles ?? {}), [o]: m === 'generic' ? 'generic' : 'auto' } } });
    },
    origin,
    mode,
  );
  await new Promise((r) => setTimeout(r, 300)); // the worker pushes the new settings view to tabs
}

async function demoRows(env: Env, mode: Mode): Promise<ReadRow[]> {
  const server = await startConsole();
  try {
    await setMode(env, server.url, mode);
    const rows: ReadRow[] = [];
    for (const lang of LANGS) {
      const records = demoTruth(server.url).map((r) => ({
        url: r.urls[lang],
        truth: { recordId: r.recordId, displayId: r.displayId, customer: r.customer, history: r.history.map((h) => h.id), messages: r.messages.map((m) => ({ ...m, author: m.role === 'agent' ? demoAgentName(lang) : m.author })) },
      }));
      rows.push(...(await judgeRecords(env, 'demo', records, lang)));
    }
    return rows;
  } finally {
    await server.close();
  }
}

async function fixtureRows(env: Env, mode: Mode): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  for (const name of fixtureNames()) {
    const fx = await FIXTURES[name]();
    try {
      await setMode(env, fx.url, mode);
      for (const lang of LANGS) rows.push(...(await judgeFixture(env, fx, lang)));
    } finally {
      await fx.close();
    }
  }
  return rows;
}


/**
 * A browser set up for osTicket (its origin granted), logged into the staff panel as Ada Agent;
 * in mode `taught` with the taught profile stored for its origin (it wins over the built-in one).
 */
async function withOsticket<T>(mode: Mode, run: (env: Env, os: Osticket) => Promise<T>): Promise<T> {
  const os = await startOsticket();
  const origin = new URL(os.url).origin;
  const cb = await launchForConsole(origin, { agentName: 'Ada Agent' });
  try {
    if (mode === 'taught') await cb.worker.evaluate(async (a: { origin: string; profile: unknown }) => chrome.storage.local.set({ taughtProfiles: { [a.origin]: { ...(a.profile as object), match: { origins: [a.origin] } } } }), { origin, profile: OS_TAUGHT });
    const env: Env = { browser: cb.browser, worker: cb.worker, panel: await panelOf(cb.browser, cb.extensionId) };
    const login = await cb.browser.newPage();
    await loginStaff(login, os.staff);
    return await run(env, os);
  } finally {
    await cb.close();
  }
}

async function osticketRows(mode: Mode): Promise<ReadRow[]> {
  return withOsticket(mode, async (env, os) => {
    await setMode(env, new URL(os.url).origin, mode);
    const records = [];
    for (const t of os.seed.tickets) {
      const [thread, user, tickets] = await Promise.all([ticketTimeline(t.id), ticketUser(t.id), userTickets(t.userId)]);
      records.push({
        url: `${os.url}/scp/tickets.php?id=${t.id}`,
        truth: {
          recordId: String(t.id),
          displayId: t.number,
          messages: thread,
          customer: { name: user.name, email: user.email, phone: user.phoneDisplay },
          history: tickets.filter((x) => x.id !== t.id).map((x) => x.number),
        },
      });
    }
    // osTicket's staff panel has one language here (DOM.md: no language pack in the tarball).
    return judgeRecords(env, 'osticket', records, 'en', async (page, url) => {
      await page.bringToFront();
      await page.goto(url, { waitUntil: 'load' });
    });
  });
}

/** osTicket's write row, the seeded database restored before each step (bench/osticket-write.ts). */
async function osticketWriteRows(mode: Mode, modelUrl: string): Promise<WriteRow[]> {
  return withOsticket(mode, async (env, os) => {
    await writeSettings(env, modelUrl);
    return targetRows(env, osticketTarget(os), mode);
  });
}

/**
 * A browser set up for FreeScout (its origin granted, profiles off for it: there is no
 * FreeScout profile, and none may be chosen by accident), logged in as the agent of `lang`.
 */
async function withFreescout<T>(lang: FsLang, run: (env: Env, fs: Freescout) => Promise<T>): Promise<T> {
  const fs = await startFreescout();
  const agent = fs.agents[lang];
  const origin = new URL(fs.url).origin;
  const cb = await launchForConsole(origin, { agentName: agent.name, consoleProfiles: { [origin]: TAUGHT ? 'auto' : 'generic' } });
  try {
    // BENCH_FREESCOUT_PROFILE: a taught profile (a file "This console" exported, or bench/teach-freescout.ts made) is this console's.
    if (TAUGHT) await cb.worker.evaluate(async (a: { origin: string; profile: unknown }) => chrome.storage.local.set({ taughtProfiles: { [a.origin]: { ...(a.profile as object), match: { origins: [a.origin] } } } }), { origin, profile: TAUGHT });
    const env: Env = { browser: cb.browser, worker: cb.worker, panel: await panelOf(cb.browser, cb.extensionId) };
    const login = await cb.browser.newPage();
    await loginAgent(login, agent);
    return await run(env, fs);
  } finally {
    await cb.close();
  }
}

/** The read tools on every seeded conversation, the truth from FreeScout's database (published threads only). */
async function freescoutReadRows(env: Env, fs: Freescout, lang: FsLang): Promise<ReadRow[]> {
  const { ids } = fs.state;
  const records = [];
  for (const id of [ids.conv, ids.otherConv, ids.oldConv]) {
    const c = await conversation(id);
    const [threads, who, others] = await Promise.all([conversationThreads(id), customer(c.customerId), customerConversations(c.customerId)]);
    records.push({
      url: `${fs.url}/conversation/${id}`,
      truth: {
        recordId: String(id),
        displayId: String(c.number),
        messages: threads.map((t) => ({ role: t.role, author: t.author, text: t.text })),
        customer: { name: who.name, email: who.email, phone: who.phone },
        // FreeScout lists the others by subject and links them by id (= number in this seed).
        history: others.filter((x) => x.id !== id).map((x) => String(x.number)),
      },
    });
  }
  return judgeRecords(env, 'freescout', records, lang, async (page, url) => {
    await page.bringToFront();
    await page.goto(url, { waitUntil: 'load' });
  });
}

export interface FreescoutResult {
  reads: ReadRow[];
  writes: WriteRow[];
  seconds: Record<string, number>;
}

/** FreeScout in both UI languages, generic profile alone: reads on every conversation, writes on both open ones. */
export async function benchFreescout(modelUrl: string): Promise<FreescoutResult> {
  const out: FreescoutResult = { reads: [], writes: [], seconds: {} };
  for (const lang of ['en', 'zh'] as const) {
    await withFreescout(lang, async (env, fs) => {
      const t0 = Date.now();
      out.reads.push(...(await freescoutReadRows(env, fs, lang)));
      const t1 = Date.now();
      await writeSettings(env, modelUrl);
      const t = freescoutTarget(fs);
      await setMode(env, t.origin, TAUGHT ? 'profiles' : 'generic');
      for (const rec of await t.records()) out.writes.push(...(await judgeWrites(env, t, rec, lang)));
      const opened = freescoutComposeTarget(fs);
      for (const rec of await opened.records()) out.writes.push(...(await judgeWrites(env, opened, rec, lang, COMPOSER_TOOLS)));
      out.seconds[`read ${lang}`] = Math.round((t1 - t0) / 1000);
      out.seconds[`write ${lang}`] = Math.round((Date.now() - t1) / 1000);
      console.log(`FreeScout (generic, ${lang}): read ${out.seconds[`read ${lang}`]} s, write ${out.seconds[`write ${lang}`]} s`);
    });
  }
  return out;
}

/** What the write side needs: a refund approver, the local model server for quickTicket, the queue allow-list. */
async function writeSettings(env: Env, modelUrl: string): Promise<void> {
  await env.worker.evaluate(async (baseURL: string) => {
    const cur = ((await chrome.storage.local.get('settings')).settings ?? {}) as Record<string, unknown>;
    await chrome.storage.local.set({ settings: { ...cur, roles: ['AGENT', 'REFUND_APPROVER'], llm: { baseURL, apiKey: 'demo', model: 'demo-assistant' }, queues: ['billing', 'logistics', 'tech', 'vip', '技术支持', 'Technical support', 'Tech support', 'Sales'] } });
  }, `${modelUrl}/v1`);
}

async function targetRows(env: Env, t: WriteTarget, mode: Mode): Promise<WriteRow[]> {
  await setMode(env, t.origin, mode);
  const records = await t.records();
  const runs: [number, Lang][] = process.env.BENCH_WRITE_ALL === '1' ? records.flatMap((_, i) => LANGS.map((lang): [number, Lang] => [i, lang])) : [[0, 'zh'], [1, 'en']];
  const rows: WriteRow[] = [];
  for (const [i, lang] of runs) rows.push(...(await judgeWrites(env, t, records[i]!, lang)));
  return rows;
}

async function writeRows(env: Env, mode: Mode): Promise<WriteRow[]> {
  const rows: WriteRow[] = [];
  if (runs('demo')) {
    const demo = await startConsole();
    try {
      rows.push(...(await targetRows(env, demoTarget(demo), mode)));
    } finally {
      await demo.close();
    }
  }
  for (const name of fixtureNames()) {
    const fx = await FIXTURES[name]();
    try {
      rows.push(...(await targetRows(env, fixtureTarget(name, fx), mode)));
    } finally {
      await fx.close();
    }
  }
  return rows;
}

function writeTable(rows: WriteRow[]) {
  const out: Record<string, Record<string, string>> = {};
  for (const c of [...new Set(rows.map((r) => r.console))]) {
    const line: Record<string, string> = {};
    for (const tool of WRITE_TOOLS) {
      const of = rows.filter((r) => r.console === c && r.tool === tool);
      const n = (v: string) => of.filter((r) => r.verdict === v).length;
      line[tool] = of.length ? `${n('right')}/${n('wrong')}/${n('missing')}` : 'n/a';
    }
    out[c] = line;
  }
  return out;
}

function table(rows: ReadRow[]) {
  const out: Record<string, Record<string, string>> = {};
  const consoles = [...new Set(rows.map((r) => r.console))];
  for (const c of consoles) {
    const line: Record<string, string> = {};
    for (const tool of READ_TOOLS) {
      const of = rows.filter((r) => r.console === c && r.tool === tool);
      const n = (v: string) => of.filter((r) => r.verdict === v).length;
      line[tool] = `${n('right')}/${n('wrong')}/${n('missing')}`;
    }
    out[c] = line;
  }
  return out;
}

export interface BenchResult {
  profiles: ReadRow[];
  generic: ReadRow[];
  writes: { profiles: WriteRow[]; generic: WriteRow[] };
  /** osTicket with a taught profile (BENCH_OSTICKET_PROFILE): kept apart, saved apart. */
  osticketTaught?: { reads: ReadRow[]; writes: WriteRow[] };
  /** Generic mode only, en and zh (FreeScout's own UI languages): kept apart, saved apart. */
  freescout?: FreescoutResult;
}

export async function benchConsoles(): Promise<BenchResult> {
  const l = await launchWithExtension();
  const env: Env = { browser: l.browser, worker: l.worker, panel: await panelOf(l.browser, l.extensionId) };
  const result: BenchResult = { profiles: [], generic: [], writes: { profiles: [], generic: [] } };
  const model = await startModelServer();
  try {
    try {
      for (const mode of ['profiles', 'generic'] as const) {
        result[mode].push(...(runs('demo') ? await demoRows(env, mode) : []), ...(await fixtureRows(env, mode)));
      }
      await writeSettings(env, model.url);
      for (const mode of ['profiles', 'generic'] as const) result.writes[mode].push(...(await writeRows(env, mode)));
    } finally {
      await l.browser.close();
    }
    if (runs('osticket') && (await osticketAvailable())) {
      // BENCH_SKIP_GENERIC=1: the taught profile alone (its "before" measured in an earlier run).
      const taughtModes = process.env.BENCH_SKIP_GENERIC === '1' ? (['taught'] as const) : (['generic', 'taught'] as const);
      for (const mode of OS_TAUGHT ? taughtModes : (['profiles', 'generic'] as const)) {
        const t0 = Date.now();
        const reads = await osticketRows(mode);
        const t1 = Date.now();
        const writes = await osticketWriteRows(mode, model.url);
        if (mode === 'taught') result.osticketTaught = { reads, writes };
        else {
          result[mode].push(...reads);
          result.writes[mode].push(...writes);
        }
        console.log(`osTicket (${mode}): read ${((t1 - t0) / 1000).toFixed(0)} s, write ${((Date.now() - t1) / 1000).toFixed(0)} s`);
      }
    } else if (runs('osticket')) {
      console.log('osTicket is not installed here (sudo bash e2e/consoles/osticket/setup.sh): skipped, and said so in the results');
    }
    if (runs('freescout') && (await freescoutAvailable())) {
      result.freescout = await benchFreescout(model.url);
    } else if (runs('freescout')) {
      console.log('FreeScout is not installed here (sudo bash e2e/consoles/freescout/setup.sh): skipped');
    }
  } finally {
    await model.close();
  }
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchConsoles();
  const share = (rows: ReadRow[], skip: string[] = []) => {
    const of = rows.filter((x) => !skip.includes(x.console));
    return of.length ? `${((of.filter((x) => x.verdict === 'right').length / of.length) * 100).toFixed(1)}% of ${of.length}` : '-';
  };
  console.log('\nright/wrong/missing per console and read tool — with the shipped profiles:');
  console.table(table(r.profiles));
  console.log('\nthe same with the generic profile alone (profiles off):');
  console.table(table(r.generic));
  const fixtures = Object.keys(FIXTURES);
  // The evidence of generality is the real consoles (not built here); the fixture consoles were
  // built beside the heuristics, so their generic share is a regression check, not that evidence.
  console.log(`generic alone on osTicket (a real console): ${share(r.generic.filter((x) => x.console === 'osticket'))}`);
  console.log(`generic alone on the fixture consoles (regression only: built beside the heuristics): ${share(r.generic.filter((x) => fixtures.includes(x.console)), ['opaque'])}`);
  console.log('\nwrite tools and writing hotkeys, right/wrong/missing by what landed on the backend — with the shipped profiles:');
  console.table(writeTable(r.writes.profiles));
  console.log('\nthe same with the generic profile alone:');
  console.table(writeTable(r.writes.generic));
  const wshare = (rows: WriteRow[], skip: string[] = []) => share(rows as unknown as ReadRow[], skip);
  console.log(`writes on the demo with its profile: ${wshare(r.writes.profiles.filter((x) => x.console === 'demo'))}; on osTicket with its profile: ${wshare(r.writes.profiles.filter((x) => x.console === 'osticket'))}; generic alone on osTicket: ${wshare(r.writes.generic.filter((x) => x.console === 'osticket'))}; on the fixture consoles (regression only): ${wshare(r.writes.generic.filter((x) => fixtures.includes(x.console)), ['opaque'])}`);
  const dir = resultsDir();
  mkdirSync(dir, { recursive: true });
  if (r.freescout) {
    const fs = r.freescout;
    const byLang = (lang: string) => {
      const w = writeTable(fs.writes.filter((x) => x.lang === lang));
      const opened = Object.fromEntries(COMPOSER_TOOLS.map((tool) => [tool, w['freescout, composer opened']?.[tool] ?? 'n/a']));
      return { read: table(fs.reads.filter((x) => x.lang === lang)).freescout, write: w.freescout, 'write, composer opened first': opened };
    };
    const how = TAUGHT ? 'the taught profile' : 'generic profile alone';
    console.log(`\nFreeScout 1.8.235, ${how}, right/wrong/missing by its database — English UI (Sam Agent):`);
    console.table(byLang('en'));
    console.log('the same in the zh-CN UI (Jing Chen):');
    console.table(byLang('zh'));
    console.log(`FreeScout, ${how}: reads ${share(fs.reads)}; writes as the page loads ${share(fs.writes.filter((x) => x.console === 'freescout') as unknown as ReadRow[])}; composer tools once the agent opened it ${share(fs.writes.filter((x) => x.console !== 'freescout') as unknown as ReadRow[])}`);
    writeFileSync(
      join(dir, TAUGHT ? 'consoles-freescout-taught.json' : 'consoles-freescout.json'),
      `${JSON.stringify(
        {
          suite: TAUGHT ? 'consoles-freescout-taught' : 'consoles-freescout',
          measuredAt: new Date().toISOString(),
          console: TAUGHT ? `FreeScout 1.8.235 (e2e/consoles/freescout/setup.sh), the taught profile ${process.env.BENCH_FREESCOUT_PROFILE}` : 'FreeScout 1.8.235 (e2e/consoles/freescout/setup.sh), generic profile alone (no FreeScout profile exists)',
          seconds: fs.seconds,
          en: byLang('en'),
          zh: byLang('zh'),
          notRight: [...fs.reads, ...fs.writes].filter((x) => x.verdict !== 'right'),
        },
        null,
        2,
      )}\n`,
    );
    console.log(`results: ${join(dir, TAUGHT ? 'consoles-freescout-taught.json' : 'consoles-freescout.json')}`);
  }
  if (r.osticketTaught) {
    const t = r.osticketTaught;
    const generic = { reads: r.generic.filter((x) => x.console === 'osticket'), writes: r.writes.generic.filter((x) => x.console === 'osticket') };
    const before = { read: table(generic.reads).osticket, write: writeTable(generic.writes).osticket };
    const after = { read: table(t.reads).osticket, write: writeTable(t.writes).osticket };
    console.log(`\nosTicket 1.18, the taught profile ${process.env.BENCH_OSTICKET_PROFILE}, right/wrong/missing by its database — before (generic alone) and after:`);
    console.table({ 'read, before': before.read, 'read, after': after.read });
    console.table({ 'write, before': before.write, 'write, after': after.write });
    const both = (x: { reads: ReadRow[]; writes: WriteRow[] }) => share([...x.reads, ...(x.writes as unknown as ReadRow[])]);
    const shares = { before: both(generic), after: both(t) };
    console.log(`osTicket taught: ${shares.after} right (generic alone: ${shares.before})`);
    const file = join(dir, 'consoles-osticket-taught.json');
    const notRight = [...t.reads, ...t.writes].filter((x) => x.verdict !== 'right');
    writeFileSync(file, `${JSON.stringify({ suite: 'consoles-osticket-taught', measuredAt: new Date().toISOString(), console: `osTicket 1.18.1, the taught profile ${process.env.BENCH_OSTICKET_PROFILE}`, shares, before, after, notRight }, null, 2)}\n`);
    console.log(`results: ${file}`);
    if (ONLY?.length && ONLY.every((n) => n === 'osticket')) process.exit(0);
  }
  // A FreeScout-only run leaves the other consoles' file alone.
  if (ONLY?.length && ONLY.every((n) => n === 'freescout')) process.exit(0);
  writeFileSync(
    join(dir, 'consoles.json'),
    `${JSON.stringify(
      {
        suite: 'consoles',
        measuredAt: new Date().toISOString(),
        profiles: table(r.profiles),
        generic: table(r.generic),
        wrong: [...r.profiles, ...r.generic].filter((x) => x.verdict !== 'right'),
        writes: { profiles: writeTable(r.writes.profiles), generic: writeTable(r.writes.generic), notRight: [...r.writes.profiles.map((x) => ({ ...x, mode: 'profiles' })), ...r.writes.generic.map((x) => ({ ...x, mode: 'generic' }))].filter((x) => x.verdict !== 'right') },
      },
      null,
      2,
    )}\n`,
  );
  console.log(`results: ${join(dir, 'consoles.json')}`);
}
