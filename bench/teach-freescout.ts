/**
 * `npx tsx bench/teach-freescout.ts` (issue 20 item 6): FreeScout taught from scratch through
 * the side panel by a person this script plays — trusted puppeteer input only, each click,
 * typed phrase or chosen option counted as one person action — then the taught profile is
 * measured by `bench/consoles.bench.ts` (BENCH_FREESCOUT_PROFILE), judged by FreeScout's
 * database, beside the generic code's result. Writes bench/results/teach-freescout.json
 * (the profile the session made goes to .tmp/bench/freescout-taught-profile.json).
 *
 * What the person does is what the README says: in "This console", Record each job and do it
 * once on the page (the final press is pointed at, never performed), and "Show me" an example
 * of what the generic reading gets wrong. FreeScout markup is named only here, in the person's
 * hands (where they click), never in deskhand's code.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchForConsole } from '../e2e/consoles/console-browser.ts';
import { loginAgent, openConversation, resetFreescout, startFreescout, type Freescout } from '../e2e/consoles/freescout/freescout.ts';
import { resultsDir } from './lib.ts';
import { consoleView, keepProfile, Person, record, showMe, TMP, type Session } from './teach-kit.ts';

async function teach(fs: Freescout): Promise<Session> {
  const origin = new URL(fs.url).origin;
  const cb = await launchForConsole(origin, { agentName: fs.agents.en.name, queues: ['Sales', 'Support'] });
  const me = new Person();
  const t0 = Date.now();
  try {
    const page = await cb.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await loginAgent(page, fs.agents.en);
    await openConversation(page, fs.state.ids.conv);
    await cb.ready(page);
    const view = await consoleView(cb, await cb.tabIdOf(page));
    await record(me, view, page, 'reply', async () => {
      await me.click(page, '#conv-toolbar .conv-reply', 'Reply');
      await me.click(page, '.note-editable', 'the editor');
      await me.type(page, 'Thanks');
    }, 'button.btn-reply-submit');
    await openConversation(page, fs.state.ids.conv);
    await record(me, view, page, 'note', async () => {
      await me.click(page, '#conv-toolbar .conv-add-note', 'Note');
      await me.click(page, '.note-editable', 'the editor');
      await me.type(page, 'FYI');
    }, 'button.btn-add-note-text');
    await openConversation(page, fs.state.ids.conv);
    await record(me, view, page, 'assign', async () => {
      await me.click(page, '#conv-assignee > button.dropdown-toggle', 'the Assignee menu');
    }, '#conv-assignee ul.conv-user li:nth-child(3) a');
    await openConversation(page, fs.state.ids.conv);
    await record(me, view, page, 'transfer', async () => {
      await me.click(page, '#conv-toolbar .glyphicon-option-horizontal', 'More Actions');
      await me.click(page, '#conv-toolbar li:nth-of-type(4) > a', 'Move');
      // The dialog shows the one other mailbox, chosen already: the person presses Move.
      await page.waitForSelector('select.move-conv-mailbox-id', { visible: true });
    }, 'button.btn-move-conv');
    await openConversation(page, fs.state.ids.conv);
    // The read side: examples of what the generic reading gets wrong here (thread order and roles, the customer card).
    await view.reload({ waitUntil: 'load' });
    await view.waitForSelector('.this-console button.teach');
    await me.click(view, '.this-console button.teach', 'Teach');
    await showMe(me, view, page, 'thread', 'customer', '.thread-type-customer .thread-content', true);
    await showMe(me, view, page, 'thread', 'agent', '.thread-type-message .thread-content', false);
    await showMe(me, view, page, 'customerName', 'one', '.customer-snippet .customer-name', true);
    await showMe(me, view, page, 'customerEmail', 'one', '.customer-snippet .customer-email', true);
    await showMe(me, view, page, 'customerPhone', 'one', '.customer-snippet .customer-phone', true, 'start');
    // The new-conversation form, on its own page: the mailbox's New Conversation, then its boxes in turn.
    await me.click(page, 'a[href$="/new-ticket"]', 'New Conversation');
    await page.waitForSelector('#subject');
    await cb.ready(page);
    await view.bringToFront();
    await view.waitForSelector('.teach-mode button.show-me[data-teach="ticketForm"]', { timeout: 15_000 });
    await showMe(me, view, page, 'ticketForm', 'titleField', '#subject', true);
    await showMe(me, view, page, 'ticketForm', 'bodyField', '.note-editable', false);
    await showMe(me, view, page, 'ticketForm', 'emailField', '#to + .select2 .select2-selection', false);
    await showMe(me, view, page, 'ticketForm', 'submitButton', 'button.btn-send-text', false);
    await me.click(view, 'button.save-taught', 'Save');
    await view.waitForSelector('.this-console .profile-in-use[data-source="taught"]', { timeout: 15_000 });
    const profile = await cb.worker.evaluate(async (o: string) => ((await chrome.storage.local.get('taughtProfiles')).taughtProfiles as Record<string, unknown>)[o], origin);
    return { actions: me.actions, log: me.log, seconds: Math.round((Date.now() - t0) / 1000), profile };
  } catch (e) {
    // Where the person got stuck, to look at.
    mkdirSync(TMP, { recursive: true });
    for (const [i, p] of (await cb.browser.pages()).entries()) await p.screenshot({ path: join(TMP, `teach-stuck-${i}.png`), fullPage: true }).catch(() => {});
    console.log(`stuck after: ${me.log.slice(-4).join(' | ')}`);
    throw e;
  } finally {
    await cb.close();
  }
}

function measure(profileFile: string | null): Record<string, unknown> {
  const env = { ...process.env, BENCH_CONSOLES: 'freescout', ...(profileFile ? { BENCH_FREESCOUT_PROFILE: profileFile } : {}) };
  const r = spawnSync('npx', ['tsx', 'bench/consoles.bench.ts'], { env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`bench:consoles exited ${r.status}`);
  return JSON.parse(readFileSync(join(resultsDir(), profileFile ? 'consoles-freescout-taught.json' : 'consoles-freescout.json'), 'utf8')) as Record<string, unknown>;
}

/** right / all over every "right/wrong/missing" cell of a consoles-freescout file ("n/a" cells left out). */
function share(result: Record<string, unknown>): { right: number; all: number; pct: number } {
  let right = 0;
  let all = 0;
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      const m = /^(\d+)\/(\d+)\/(\d+)$/.exec(v);
      if (m) {
        right += Number(m[1]);
        all += Number(m[1]) + Number(m[2]) + Number(m[3]);
      }
      return;
    }
    if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  walk({ en: result.en, zh: result.zh });
  return { right, all, pct: all ? Math.round((1000 * right) / all) / 10 : 0 };
}

async function main(): Promise<void> {
  const fs = await startFreescout();
  await resetFreescout();
  const session = await teach(fs);
  await resetFreescout();
  const file = keepProfile('freescout', session);
  const before = process.env.BENCH_SKIP_GENERIC ? null : measure(null);
  // BENCH_SKIP_GENERIC=1: the generic code's share is carried from the last saved run, with its date.
  const earlier = before ? null : earlierBefore();
  const after = measure(file);
  const out = {
    suite: 'teach-freescout',
    measuredAt: new Date().toISOString(),
    console: 'FreeScout 1.8.235, taught from scratch through the side panel (English UI, Sam Agent); measured in en and zh-CN',
    session: { personActions: session.actions, seconds: session.seconds, actions: session.log },
    before: before ? share(before) : earlier?.before ?? null,
    ...(earlier ? { beforeMeasuredAt: earlier.at } : {}),
    after: share(after),
    notRightAfter: after.notRight,
  };
  writeFileSync(join(resultsDir(), 'teach-freescout.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify({ actions: out.session.personActions, before: out.before, after: out.after }));
}

await main();

/** The generic share and its date from the saved teach-freescout.json, if there is one. */
function earlierBefore(): { before: unknown; at: string } | null {
  try {
    const saved = JSON.parse(readFileSync(join(resultsDir(), 'teach-freescout.json'), 'utf8')) as { before?: unknown; beforeMeasuredAt?: string; measuredAt?: string };
    return saved.before ? { before: saved.before, at: saved.beforeMeasuredAt ?? saved.measuredAt ?? '' } : null;
  } catch {
    return null;
  }
}
