/**
 * `npx tsx bench/teach-osticket.ts` (issue 20 item 6): osTicket 1.18 taught from scratch through
 * the side panel — deskhand's built-in osTicket profile plays no part: teach mode reads with
 * the draft alone, and the saved (taught) profile is the one the tools use afterwards — by a
 * person this script plays with trusted input (bench/teach-kit.ts). The taught profile is then
 * measured by `bench/consoles.bench.ts` (BENCH_OSTICKET_PROFILE), judged by osTicket's
 * database, beside the built-in profile and the generic code alone. Writes
 * bench/results/teach-osticket.json (the profile goes to .tmp/bench/osticket-taught-profile.json).
 *
 * osTicket markup is named only here, in the person's hands (where they click).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchForConsole, type ConsoleBrowser } from '../e2e/consoles/console-browser.ts';
import { loginStaff, openTicket, pageSettled, resetOsticket, startOsticket, type Osticket } from '../e2e/consoles/osticket/osticket.ts';
import { resultsDir } from './lib.ts';
import { consoleView, keepProfile, Person, record, showMe, TMP, type Session } from './teach-kit.ts';

/** In deskhand's settings (Console profiles), the profile for this console, chosen by its name. */
async function profileChoice(me: Person, cb: ConsoleBrowser, origin: string, name: (text: string) => boolean): Promise<void> {
  const opts = await cb.browser.newPage();
  try {
    await opts.goto(`chrome-extension://${cb.extensionId}/src/options/index.html`, { waitUntil: 'load' });
    const sel = `select[name="profile-choice-${origin}"]`;
    const before = await opts.waitForSelector(sel).then((el) => el!.evaluate((e) => (e as HTMLSelectElement).value));
    await me.chooseByArrows(opts, sel, name);
    await opts.waitForFunction((s: string, b: string) => (document.querySelector(s) as HTMLSelectElement).value !== b, {}, sel, before);
    // The settings are saved as chosen; the worker tells the tabs.
    await new Promise((r) => setTimeout(r, 500));
  } finally {
    await opts.close();
  }
}

async function teach(os: Osticket): Promise<Session> {
  const origin = new URL(os.url).origin;
  const cb = await launchForConsole(origin, { agentName: 'Ada Agent', queues: ['Sales', 'Support'] });
  const me = new Person();
  const t0 = Date.now();
  const ticket = os.seed.tickets[0]!.id;
  try {
    // deskhand knows osTicket: to teach it from scratch the person first sets it, in deskhand's
    // settings, to the generic heuristics only (the built-in profile off), as the README says.
    await profileChoice(me, cb, origin, (t) => /generic|通用/i.test(t));
    const page = await cb.browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await loginStaff(page, os.staff);
    // In front: osTicket's page settles by jQuery animations, which a background tab does not run.
    const open = async () => {
      await page.bringToFront();
      await openTicket(page, ticket);
    };
    await open();
    await cb.ready(page);
    const view = await consoleView(cb, await cb.tabIdOf(page));
    // Post Reply is the tab shown first: the person writes in its editor and points at Post Reply.
    await record(me, view, page, 'reply', async () => {
      await me.click(page, 'form#reply .redactor-in', 'the reply editor');
      await me.type(page, 'Thanks');
    }, 'form#reply input[type=submit]');
    await open();
    await record(me, view, page, 'note', async () => {
      await me.click(page, '#post-note-tab', 'Post Internal Note');
      await me.click(page, 'form#note .redactor-in', 'the note editor');
      await me.type(page, 'FYI');
    }, 'form#note input[type=submit]');
    await open();
    await record(me, view, page, 'assign', async () => {
      await me.click(page, 'table.ticket_info a.inline-edit[href$="/assign"]', 'Assigned To');
      await page.waitForSelector('#popup form#assign select', { visible: true });
      await pageSettled(page);
      await me.choose(page, '#popup form#assign select', 'Ben');
    }, '#popup form#assign input[type=submit]');
    await open();
    await record(me, view, page, 'transfer', async () => {
      await me.click(page, 'a#ticket-transfer', 'Transfer');
      await page.waitForSelector('#popup form#transfer select', { visible: true });
      await pageSettled(page);
      await me.choose(page, '#popup form#transfer select', 'Sales');
    }, '#popup form#transfer input[type=submit]');
    await open();
    await view.reload({ waitUntil: 'load' });
    await view.waitForSelector('.this-console button.teach');
    await me.click(view, '.this-console button.teach', 'Teach');
    // The phone is only in the user's popup (the customer's name opens it); their earlier
    // tickets are on the user's own page (the popup's Manage User icon leads there).
    await me.click(page, 'table.ticket_info a[href$="/user"]', "the customer's name");
    await page.waitForSelector('#popup table.custom-info', { visible: true });
    await pageSettled(page);
    await view.bringToFront();
    await view.waitForSelector('.teach-mode button.show-me[data-teach="customerPhone"]', { timeout: 15_000 });
    const phone = ticketPhone(os, ticket);
    await showMe(me, view, page, 'customerPhone', 'one', `::-p-xpath(//div[@id="popup"]//table[contains(@class,"custom-info")]//td[contains(translate(., "()- .", ""), "${phone}")])`, true);
    await me.click(page, '#popup a.action[href^="users.php?id="]', 'Manage User');
    await page.waitForSelector('#tickets table.list tbody tr');
    await cb.ready(page);
    await showMe(me, view, page, 'history', 'first', '#tickets table.list tbody tr a.preview', true);
    // The new-ticket form: Tickets, then its sub-nav's New Ticket; osTicket asks for the user in
    // a dialog of its own, which the person closes to see the form (its User box is the
    // customer's e-mail); a help topic brings the subject and the message.
    await me.click(page, '#nav > li > a[href$="/scp/tickets.php"]', 'Tickets');
    await page.waitForSelector('#sub_nav a[href*="a=open"]', { visible: true });
    await me.click(page, '#sub_nav a[href*="a=open"]', 'New Ticket');
    await page.waitForSelector('select[name=topicId]');
    await cb.ready(page);
    await page.waitForSelector('#popup a.close', { visible: true });
    await pageSettled(page);
    await me.click(page, '#popup a.close', 'close the user lookup');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('#overlay')!).display === 'none');
    await me.choose(page, 'select[name=topicId]', 'Report');
    await page.waitForSelector('#dynamic-form input[type=text]', { visible: true });
    await view.bringToFront();
    await view.waitForSelector('.teach-mode button.show-me[data-teach="ticketForm"]', { timeout: 15_000 });
    await showMe(me, view, page, 'ticketForm', 'titleField', '#dynamic-form input[type=text]', true);
    await showMe(me, view, page, 'ticketForm', 'bodyField', '#dynamic-form .redactor-in', false);
    await showMe(me, view, page, 'ticketForm', 'emailField', '#userRow .select2-selection', false);
    await showMe(me, view, page, 'ticketForm', 'submitButton', 'input[type=submit][name=submit]', false);
    await me.click(view, 'button.save-taught', 'Save');
    // Saving makes what they taught the profile deskhand uses on this console.
    await view.reload({ waitUntil: 'load' });
    await view.waitForSelector('.this-console .profile-in-use[data-source="taught"]', { timeout: 15_000 });
    const profile = await cb.worker.evaluate(async (o: string) => ((await chrome.storage.local.get('taughtProfiles')).taughtProfiles as Record<string, unknown>)[o], origin);
    return { actions: me.actions, log: me.log, seconds: Math.round((Date.now() - t0) / 1000), profile };
  } catch (e) {
    mkdirSync(TMP, { recursive: true });
    // A tab in the background never paints: each is brought to the front, and given 5 s.
    for (const [i, p] of (await cb.browser.pages()).entries()) {
      await p.bringToFront().catch(() => {});
      await Promise.race([p.screenshot({ path: join(TMP, `teach-os-stuck-${i}.png`), fullPage: true }), new Promise((r) => setTimeout(r, 5_000))]).catch(() => {});
    }
    console.log(`stuck after: ${me.log.slice(-4).join(' | ')}`);
    for (const p of await cb.browser.pages()) console.log(p.url(), '\n', (await p.evaluate(() => document.body.innerText.slice(-2500)).catch((x: unknown) => String(x))));
    throw e;
  } finally {
    await cb.close();
  }
}

function measure(profileFile: string): Record<string, unknown> {
  const env = { ...process.env, BENCH_CONSOLES: 'osticket', BENCH_OSTICKET_PROFILE: profileFile };
  const r = spawnSync('npx', ['tsx', 'bench/consoles.bench.ts'], { env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`bench:consoles exited ${r.status}`);
  return JSON.parse(readFileSync(join(resultsDir(), 'consoles-osticket-taught.json'), 'utf8')) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const os = await startOsticket();
  await resetOsticket();
  const session = await teach(os);
  await resetOsticket();
  const file = keepProfile('osticket', session);
  console.log(session.log.join('\n'));
  // BENCH_TEACH_ONLY=1: the session alone (to look at the profile it made).
  if (process.env.BENCH_TEACH_ONLY === '1') return;
  const measured = measure(file);
  const out = {
    suite: 'teach-osticket',
    measuredAt: new Date().toISOString(),
    console: 'osTicket 1.18.1, taught from scratch through the side panel (the built-in profile plays no part), staff panel in English (Ada Agent)',
    session: { personActions: session.actions, seconds: session.seconds, actions: session.log },
    ...measured,
  };
  writeFileSync(join(resultsDir(), 'teach-osticket.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify({ actions: out.session.personActions, shares: measured.shares }));
}

await main();

/** The ticket's customer's phone as the popup shows its digits (the seed's number, last 7 digits). */
function ticketPhone(os: Osticket, ticketId: number): string {
  const t = os.seed.tickets.find((x) => x.id === ticketId)!;
  const phone = os.seed.users.find((u) => u.id === t.userId)!.phone;
  return phone.replace(/\D/g, '').slice(-7);
}
