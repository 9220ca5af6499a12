/**
 * Issue 20: FreeScout taught *how* its jobs are done, by DevTools Recorder files (recordings.ts,
 * in Recorder's JSON shape) imported through the side panel's "This console" view — each
 * reviewed and accepted as an agent would — then every write tool run by its recipe, judged by
 * FreeScout's database: the reply editor exists only after Reply is pressed; the note uses the
 * same editor, switched by Note; assigning is a dropdown of people; moving is "… → Move → a
 * dialog with a select → Move". The send still waits for the side panel. Then the same
 * recipes in FreeScout's zh-CN UI, where the recorded English names do not answer and the
 * recorded CSS alternatives do.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../src/tools/types.ts';
import { confirmCard, invokeFrom, until } from '../../harness.ts';
import { launchForConsole, type ConsoleBrowser } from '../console-browser.ts';
import { conversation, conversationsAfter, conversationThreads, customer, loginAgent, maxId, openConversation, resetFreescout, startFreescout, type Freescout } from './freescout.ts';
import { ASSIGN, MOVE, NOTE, REPLY } from './recordings.ts';

let fs: Freescout;
let cb: ConsoleBrowser;
let page: Page;
let dir: string;
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  fs = await startFreescout();
  await resetFreescout();
  dir = mkdtempSync(join(tmpdir(), 'deskhand-recordings-'));
  cb = await launchForConsole(new URL(fs.url).origin, { agentName: 'Sam Agent', queues: ['Sales', 'Support'] });
  page = await cb.browser.newPage();
  await loginAgent(page, fs.agents.en);
});
afterAll(async () => {
  await cb?.close();
  rmSync(dir, { recursive: true, force: true });
  await resetFreescout();
});

async function show(id: number): Promise<number> {
  await page.bringToFront();
  // After a send FreeScout moves on to the next conversation by itself, a moment after the
  // reply is stored: a page load started then is aborted by it. A person opens it again.
  for (let tries = 0; ; tries++) {
    try {
      await openConversation(page, id);
      break;
    } catch (e) {
      if (tries >= 3 || !String(e).includes('ERR_ABORTED')) throw e;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await cb.ready(page);
  return cb.tabIdOf(page);
}

async function panelOn(tabId: number, view = ''): Promise<Page> {
  const p = await cb.browser.newPage();
  await p.goto(`chrome-extension://${cb.extensionId}/src/sidepanel/index.html?tabId=${tabId}${view}`, { waitUntil: 'load' });
  return p;
}

async function invoke(name: string, input: unknown): Promise<ToolResult> {
  const tabId = await cb.tabIdOf(page);
  const p = await panelOn(tabId);
  try {
    return await invokeFrom(p, tabId, name, input);
  } finally {
    await p.close();
  }
}

const conv = () => fs.state.ids.conv;
const said = (what: string, r: ToolResult) => console.log(`[freescout recipes] ${what}: ${r.status}${'error' in r ? ` ${r.error.code}` : ''}`);
const newThreads = async (after: number) => (await conversationThreads(conv(), { afterId: after })).map((t) => [t.type, squash(t.text)]);

describe('FreeScout taught by DevTools Recorder files', () => {
  it('the four recordings import through "This console": each is reviewed, accepted, and stored as a recipe with its parameter', async () => {
    const tabId = await show(conv());
    const view = await panelOn(tabId, '&view=console');
    await view.waitForSelector('.recipes .recipe-row[data-job="reply"][data-known="false"]');
    for (const [job, flow] of [['reply', REPLY], ['note', NOTE], ['assign', ASSIGN], ['transfer', MOVE]] as const) {
      const file = join(dir, `${job}.json`);
      writeFileSync(file, JSON.stringify(flow(new URL(fs.url).origin)));
      await (await view.$(`input[name="import-recipe-${job}"]`))!.uploadFile(file);
      await view.waitForSelector('.import-review[data-blocked="false"]');
      await view.click('.accept-import');
      await view.waitForSelector(`.recipe-row[data-job="${job}"][data-known="true"]`);
    }
    const stored = await cb.worker.evaluate(async () => (await chrome.storage.local.get('taughtProfiles')).taughtProfiles as Record<string, { recipes: Record<string, { steps: { type: string; value?: string; selectors?: unknown[] }[] }> }>);
    const recipes = stored[new URL(fs.url).origin]!.recipes;
    expect(Object.keys(recipes).sort()).toEqual(['assign', 'note', 'reply', 'transfer']);
    expect(recipes.reply!.steps.find((s) => s.type === 'change')?.value).toBe('{text}');
    expect(recipes.note!.steps.map((s) => s.type)).toEqual(['click', 'click', 'change', 'click']);
    expect(recipes.assign!.steps.at(-1)!.selectors).toEqual(['aria/{assignee}', 'text/{assignee}']);
    expect(recipes.transfer!.steps.find((s) => s.type === 'change')?.value).toBe('{queue}');
    await view.close();
  });

  it('reply.send: prepared without touching the page, confirmed in the side panel, then Reply pressed, typed and sent: one published reply with exactly that text', async () => {
    const tabId = await show(conv());
    const before = await maxId('threads');
    const text = 'Hello Maria, the courier confirmed a new delivery date: Friday.';
    const prepared = await invoke('reply.send', { text });
    if (prepared.status !== 'needs_confirmation') throw new Error(`expected a pending send, got ${JSON.stringify(prepared)}`);
    // Prepared only: the editor is still closed, and nothing reached FreeScout.
    expect(await page.$eval('div.note-editable', (e) => (e as HTMLElement).offsetParent === null)).toBe(true);
    expect(await newThreads(before)).toEqual([]);
    const panel = await panelOn(tabId);
    await confirmCard(panel, prepared.call.actionId);
    const landed = await until(() => newThreads(before), (t) => t.length > 0, 20_000);
    expect(landed).toEqual([[2, text]]);
    await panel.close();
  });

  it('note.add: Note pressed (the shared editor in note mode), typed, Add Note: one internal note and no reply', async () => {
    await show(conv());
    const before = await maxId('threads');
    const text = 'Courier called: the parcel is at the depot.';
    const r = await invoke('note.add', { text });
    said('note.add', r);
    expect(['done', 'uncertain']).toContain(r.status);
    const landed = await until(() => newThreads(before), (t) => t.length > 0, 15_000);
    expect(landed).toEqual([[3, text]]);
  });

  it('ticket.assign: the Assignee dropdown (its recorded name says "Me", so its CSS alternative answers), then the person by name', async () => {
    await show(conv());
    const r = await invoke('ticket.assign', { agent: 'Kim Lee' });
    said('ticket.assign', r);
    expect(['done', 'uncertain']).toContain(r.status);
    const c = await until(() => conversation(conv()), (x) => x.userId === fs.state.ids.kim, 10_000);
    expect(c.assignee).toBe('Kim Lee');
  });

  it('queue.assign: a name the console does not list changes nothing; "Sales" moves it through … → Move → the dialog', async () => {
    await show(conv());
    const missing = await invoke('queue.assign', { queue: 'Marketing' });
    expect(missing).toMatchObject({ status: 'refused', error: { code: 'UNKNOWN_QUEUE' } });
    expect((await conversation(conv())).mailboxId).toBe(fs.state.ids.mailbox);
    await show(conv());
    const r = await invoke('queue.assign', { queue: 'Sales' });
    said('queue.assign', r);
    expect(['done', 'uncertain']).toContain(r.status);
    const c = await until(() => conversation(conv()), (x) => x.mailboxId === fs.state.ids.salesMailbox, 10_000);
    expect(c.mailbox).toBe('Sales');
  });
});

describe('FreeScout taught by doing (trusted input, the commit recorded and never pressed)', () => {
  async function record(job: string, tabId: number): Promise<Page> {
    const view = await panelOn(tabId, '&view=console');
    await view.waitForSelector(`.recipe-row[data-job="${job}"] .record-recipe`);
    await view.click(`.recipe-row[data-job="${job}"] .record-recipe`);
    await view.waitForSelector(`.recording[data-job="${job}"]`);
    await page.bringToFront();
    return view;
  }
  /** The review of the recorded recipe (or, to say why not, the panel's error). */
  /** The person's own recording is kept at once when nothing conflicts: the notice names the job, with Undo. */
  async function kept(view: Page, job: string): Promise<void> {
    const r = await view.waitForSelector(`.recipe-kept[data-job="${job}"], .import-review, .recipe-error`, { timeout: 10_000 });
    const other = await r!.evaluate((e) => (e.classList.contains('recipe-kept') ? null : e.textContent));
    if (other !== null) throw new Error(`the recording was not kept: ${other}`);
  }
  /** Opens the Assignee dropdown and Alt+clicks a person: the recording's commit, swallowed while teaching. */
  async function altClickAssignee(name: string): Promise<void> {
    await page.click('#conv-assignee > button.dropdown-toggle');
    const item = await page.waitForSelector(`xpath///ul[contains(@class,"conv-user")]//a[normalize-space()="${name}"]`, { visible: true });
    await page.keyboard.down('Alt');
    await item!.click();
    await page.keyboard.up('Alt');
  }
  const stepsSeen = (view: Page) => view.$eval('.recording', (e) => Number((e as HTMLElement).dataset.steps));

  it('reply: Reply clicked and words typed by the agent, Send Reply picked: nothing is sent while teaching, and the recipe then sends', async () => {
    const tabId = await show(conv());
    const before = await maxId('threads');
    const view = await record('reply', tabId);
    // A page script cannot take part: its clicks and typing are not trusted, and nothing is recorded.
    await page.evaluate(() => {
      document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      document.querySelector('#conv-toolbar')!.dispatchEvent(new MouseEvent('click', { bubbles: true, altKey: true }));
      document.querySelector('textarea, input')?.dispatchEvent(new InputEvent('input', { bubbles: true }));
    });
    await page.click('#conv-toolbar span.conv-reply');
    await page.waitForSelector('div.note-editable', { visible: true });
    await page.click('div.note-editable');
    await page.keyboard.type('Thanks for waiting');
    // The typing becomes a step when the agent moves on: here, to the panel's button.
    await view.bringToFront();
    // The recorder's steps reach the panel as messages: waited for, not read at once.
    expect(await until(() => stepsSeen(view), (n) => n >= 2, 5_000)).toBe(2);
    await view.click('.finish-recording');
    await page.bringToFront();
    const send = await page.waitForSelector('button.btn-reply-submit', { visible: true, timeout: 5_000 }).catch(async (e: unknown) => {
      await page.screenshot({ path: join(dir, 'no-send.png') });
      throw new Error(`${String(e)}; buttons: ${await page.$$eval('.conv-reply-block button', (bs) => bs.map((b) => `${b.className}|${(b as HTMLElement).innerText}|${(b as HTMLElement).offsetParent !== null}`).join('; '))}`);
    });
    const box = (await send!.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await view.bringToFront();
    await kept(view, 'reply');
    await view.waitForSelector('.recipe-row[data-job="reply"][data-known="true"]');
    // The picked Send Reply was swallowed by the picker: nothing was published while teaching.
    expect(await newThreads(before)).toEqual([]);
    const stored = await cb.worker.evaluate(async () => (await chrome.storage.local.get('taughtProfiles')).taughtProfiles as Record<string, { recipes: { reply: { steps: { type: string; value?: string }[] } } }>);
    const steps = stored[new URL(fs.url).origin]!.recipes.reply.steps;
    // Reply, the click into the editor, the typing (now the {text} slot), Send Reply.
    expect(steps.map((s) => s.type)).toEqual(['click', 'click', 'change', 'click']);
    expect(steps[2]!.value).toBe('{text}');
    await view.close();

    await show(conv());
    const text = 'Recorded once, sent by the recipe.';
    const prepared = await invoke('reply.send', { text });
    if (prepared.status !== 'needs_confirmation') throw new Error(`expected a pending send, got ${JSON.stringify(prepared)}`);
    const panel = await panelOn(await cb.tabIdOf(page));
    await confirmCard(panel, prepared.call.actionId);
    expect(await until(() => newThreads(before), (t) => t.length > 0, 20_000)).toEqual([[2, text]]);
    await panel.close();
  });

  it('assign: the dropdown opened, the person Alt+clicked: recorded as the commit, swallowed (the assignee is unchanged), then assigns by name', async () => {
    const tabId = await show(conv());
    const assignee = (await conversation(conv())).userId;
    const view = await record('assign', tabId);
    await altClickAssignee('Ada Admin');
    // The Alt+click ends the recording from the page: the panel keeps it by itself.
    await view.bringToFront();
    await kept(view, 'assign');
    await view.waitForSelector('.recipe-row[data-job="assign"][data-known="true"]');
    expect((await conversation(conv())).userId).toBe(assignee);
    await view.close();

    await show(conv());
    const r = await invoke('ticket.assign', { agent: 'Ada Admin' });
    said('ticket.assign (recorded)', r);
    const c = await until(() => conversation(conv()), (x) => x.userId === fs.state.ids.ada, 10_000);
    expect(c.assignee).toBe('Ada Admin');
  });

  it('a kept recording is used at once where the console was set to the generic rules, and Undo puts back both the profile and that choice', async () => {
    const origin = new URL(fs.url).origin;
    const read = () =>
      cb.worker.evaluate(async (o) => {
        const { taughtProfiles, settings } = (await chrome.storage.local.get(['taughtProfiles', 'settings'])) as { taughtProfiles?: Record<string, unknown>; settings?: { consoleProfiles?: Record<string, string> } };
        return { profile: taughtProfiles?.[o] ?? null, choice: settings?.consoleProfiles?.[o] ?? null };
      }, origin);
    await cb.settings({ consoleProfiles: { [origin]: 'generic' } });
    try {
      const before = await read();
      expect(before.choice).toBe('generic');
      const tabId = await show(conv());
      const view = await record('assign', tabId);
      await altClickAssignee('Kim Lee');
      await view.bringToFront();
      await kept(view, 'assign');
      const after = await read();
      expect(after.profile).not.toEqual(before.profile);
      expect(after.choice).toBe((after.profile as { id: string }).id);
      await view.click('.recipe-kept .undo-recipe');
      await view.waitForFunction(() => !document.querySelector('.recipe-kept'));
      expect(await until(read, (x) => x.choice === 'generic', 5_000)).toEqual(before);
      await view.close();
    } finally {
      await cb.settings({ consoleProfiles: {} });
    }
  });

  it('the new-conversation form taught by pointing at its boxes ("To", Subject, the editor, Send): customer.fill, ticket.fill and ticket.submit then create one conversation with them', async () => {
    const tabId = await show(conv());
    const view = await panelOn(tabId, '&view=console');
    await view.waitForSelector('.this-console button.teach');
    await view.click('.this-console button.teach');
    /** "Show me" (when given) asks for the examples in turn; each is pointed at on the page. */
    const pointAt = async (cap: string, showMe: boolean, picks: readonly (readonly [string, string])[]) => {
      await view.bringToFront();
      if (showMe) await (await view.waitForSelector(`.teach-mode button.show-me[data-teach="${cap}"]`))!.click();
      for (const [slot, target] of picks) {
        await view.waitForSelector(`.teach-step[data-cap="${cap}"][data-picking="${slot}"]`);
        await page.bringToFront();
        await page.waitForSelector('deskhand-picker');
        const box = (await (await page.$(target))!.boundingBox())!;
        await page.mouse.click(box.x + box.width / 2, box.y + Math.min(box.height / 2, 12));
      }
      await view.bringToFront();
      await view.waitForSelector(`.teach-step[data-cap="${cap}"] .slot.done[data-slot="${picks.at(-1)![0]}"]`);
    };
    // The customer card first (the form fills the customer of the conversation the agent came from).
    await pointAt('customerName', true, [['one', '.customer-snippet .customer-name']]);
    await pointAt('customerEmail', true, [['one', '.customer-snippet .customer-email']]);
    // Then, as an agent does, the mailbox's New Conversation; the session goes on on that page.
    await page.bringToFront();
    await page.click('a[href$="/new-ticket"]');
    await page.waitForSelector('#subject', { visible: true });
    await cb.ready(page);
    await view.waitForSelector('.teach-mode button.show-me[data-teach="ticketForm"]');
    // The Send pointed at is swallowed by the picker.
    await pointAt('ticketForm', true, [['titleField', '#subject'], ['bodyField', 'div.note-editable'], ['emailField', '#to + .select2 .select2-selection'], ['submitButton', 'button.btn-send-text']]);
    await view.waitForSelector('.teach-step[data-cap="ticketForm"] .slot.done[data-slot="submitButton"]');
    await view.waitForSelector('.capability[data-cap="ticketForm"][data-state="ok"]');
    const convsBefore = await maxId('conversations');
    await view.click('button.save-taught');
    await view.waitForSelector('.this-console .profile-in-use[data-source="taught"]');
    await view.close();
    const stored = await cb.worker.evaluate(async () => (await chrome.storage.local.get('taughtProfiles')).taughtProfiles as Record<string, { ticketForm: { container: string; path?: string; submit?: string; fields: Record<string, { css: string }> } }>);
    const form = stored[new URL(fs.url).origin]!.ticketForm;
    expect(Object.keys(form.fields).sort()).toEqual(['description', 'email', 'title']);
    // The page it was taught on (the mailbox the conversation is in now; earlier tests moved it).
    expect(form.path).toMatch(/^\/mailbox\/\d+\/new-ticket$/);
    expect(form.submit).toBeTruthy();
    // Nothing was created while teaching.
    expect(await conversationsAfter(convsBefore)).toEqual([]);

    // Next time: from the conversation to its New Conversation again. The form fills the
    // customer of the conversation the agent came from, the subject and the message. (The
    // conversation page leaves its record and customer with the worker once it has read them,
    // a moment after it loads, as a person reads the page before moving on.)
    const convTab = await show(conv());
    const seen = (tab: number) => cb.worker.evaluate(async (k: string) => ((await chrome.storage.session.get(k))[k] as { customer?: { email?: string } } | undefined)?.customer?.email ?? '', `record:${tab}`);
    await until(() => seen(convTab), (e) => e !== '', 10_000);
    // The form's page must be the one loaded before the tools run (the conversation page is still the tab's URL until then).
    await Promise.all([page.waitForNavigation(), page.click('a[href$="/new-ticket"]')]);
    await page.waitForSelector('#subject', { visible: true });
    await cb.ready(page);
    const maria = await customer((await conversation(conv())).customerId);
    const filled = await invoke('customer.fill', {});
    said('customer.fill (taught form)', filled);
    expect(filled).toMatchObject({ status: 'done', data: { filled: [{ field: 'email', value: maria.email, via: 'profile' }] } });
    const subject = 'Second delivery attempt';
    const message = 'Please try the delivery again on Friday.';
    expect(await invoke('ticket.fill', { title: subject, description: message })).toMatchObject({ status: 'done', data: { missed: [] } });
    const submitted = await invoke('ticket.submit', {});
    said('ticket.submit (taught form)', submitted);
    expect(['done', 'uncertain']).toContain(submitted.status);
    const created = await until(() => conversationsAfter(convsBefore), (c) => c.length > 0, 15_000);
    expect(created).toHaveLength(1);
    expect(created[0]!.subject).toBe(subject);
    expect(created[0]!.customerId).toBe(maria.id);
    expect((await conversationThreads(created[0]!.id)).map((t) => [t.type, squash(t.text)])).toEqual([[2, message]]);
  }, 120_000);

  it('the same profile in FreeScout’s zh-CN UI: the recorded English names do not answer there, the recorded CSS does; a note lands', async () => {
    await page.goto(`${fs.url}/logout`, { waitUntil: 'load' }).catch(() => {});
    const zh = await cb.browser.newPage();
    await page.close();
    page = zh;
    await cb.browser.deleteCookie(...(await page.cookies(fs.url)));
    await loginAgent(page, fs.agents.zh);
    await show(conv());
    const before = await maxId('threads');
    const text = '快递员说包裹在网点，明天派送。';
    const r = await invoke('note.add', { text });
    said('note.add (zh)', r);
    expect(await until(() => newThreads(before), (t) => t.length > 0, 15_000)).toEqual([[3, text]]);
  });
});
