/**
 * Teach mode in real Chromium with the built extension, on a console the heuristics miss by
 * construction (fixtures/teach): the view says what is missing; trusted clicks teach it; the
 * read tools then return the right data and a confirmed send lands exactly once in the
 * console's backend; the profile survives another record and a browser restart; export →
 * import on a fresh browser profile gives the same results; a page script's synthetic click
 * picks nothing; an invalid import changes nothing; an admin-pushed profile is locked.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, WebWorker } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTeachConsole, type TeachConsole } from '../fixtures/teach/server.ts';
import { DIST, launchWithExtension, type Launched } from '../scripts/browser.ts';
import { POLICY_TEST_ID, POLICY_TEST_KEY } from './policy-key.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { confirmCard, invokeFrom, until, waitReady } from './harness.ts';
import { pickSettled, startPicking } from './teach-picking.ts';

// Screenshots go to .tmp/ on every run; DOCS_SCREENS=1 (npm run docs:screens) writes them into docs/.
const DOCS = process.env.DOCS_SCREENS === '1' ? join(import.meta.dirname, '../docs') : join(import.meta.dirname, '../.tmp/teach');
mkdirSync(DOCS, { recursive: true });
let server: TeachConsole;
let b: Launched;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startTeachConsole();
  b = await launchWithExtension();
  dirs.push(b.dir);
});
afterAll(async () => {
  await b?.browser.close().catch(() => {});
  await server?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function open(l: Launched, id: string): Promise<{ page: Page; tabId: number }> {
  const page = (await l.browser.pages()).find((p) => p.url() === 'about:blank') ?? (await l.browser.newPage());
  await page.goto(`${server.url}/r/${id}`, { waitUntil: 'load' });
  await waitReady({ worker: l.worker }, page);
  const tabId = await l.worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1, page.url());
  return { page, tabId };
}

async function consoleView(l: Launched, tabId: number): Promise<Page> {
  const panel = await l.browser.newPage();
  await panel.goto(`chrome-extension://${l.extensionId}/src/sidepanel/index.html?tabId=${tabId}&view=console`, { waitUntil: 'load' });
  await panel.waitForSelector('.this-console .capability');
  return panel;
}

const found = (panel: Page) =>
  panel.$$eval('.capabilities > .capability', (els) => Object.fromEntries(els.map((e) => [(e as HTMLElement).dataset.cap, (e as HTMLElement).dataset.found === 'true'])));
const sourceOf = (panel: Page) => panel.$eval('.profile-in-use', (e) => (e as HTMLElement).dataset.source ?? '');
const data = (r: ToolResult) => {
  if (!('data' in r)) throw new Error(`tool failed: ${JSON.stringify(r)}`);
  return r.data as Record<string, unknown>;
};

/** What the read tools return for the open record (the same call in every browser). */
async function reads(panel: Page, tabId: number) {
  const conv = data(await invokeFrom(panel, tabId, 'conversation.read', {}));
  return {
    conversationId: conv.conversationId,
    messages: (conv.messages as { role: string; author: string; text: string }[]).map((m) => ({ role: m.role, author: m.author, text: m.text })),
    customer: data(await invokeFrom(panel, tabId, 'customer.read', {})),
    history: (data(await invokeFrom(panel, tabId, 'ticket.history', {})).tickets as { id: string }[]).map((t) => t.id),
  };
}

/** What the fixture's backend holds for a record, in the shape the tools return. */
function expected(id: string) {
  const rec = server.records().find((r) => r.id === id)!;
  return {
    conversationId: id,
    messages: rec.messages.map((m) => ({ role: m.kind, author: m.author, text: m.text })),
    customer: { name: rec.customer.name, email: rec.customer.email, phone: rec.customer.phone, orderId: rec.customer.orderId },
    history: rec.history.map(([h]) => h.replace('#', '')),
  };
}

/** A trusted click (puppeteer's mouse) on `target` while the picker is up. */
async function clickOn(page: Page, target: string, screenshot?: string): Promise<void> {
  await page.bringToFront();
  await page.waitForSelector('deskhand-picker');
  const box = (await (await page.$(target))!.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.mouse.move(x, y);
  if (screenshot) await page.screenshot({ path: join(DOCS, screenshot) });
  await page.mouse.click(x, y);
}

async function teachOne(panel: Page, page: Page, cap: string, slot: string, target: string, screenshot?: string): Promise<void> {
  await panel.bringToFront();
  await startPicking(panel, cap, slot, press);
  await clickOn(page, target, screenshot);
  await panel.bringToFront();
  await panel.waitForSelector(`.teach-step[data-cap="${cap}"] .slot.done[data-slot="${slot}"]`);
  await pickSettled(panel, slot);
}


/**
 * Waits for a control to be there and to have stopped moving, then presses it (a trusted
 * click at its position). The panel re-renders the capability list when a check returns, and
 * a click aimed at a button that is still moving lands elsewhere, for a person as for a test.
 */
async function press(p: Page, sel: string): Promise<void> {
  await p.waitForSelector(sel);
  const boxOf = async () => JSON.stringify(await (await p.$(sel))?.boundingBox());
  for (let i = 0, last = await boxOf(); i < 40; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const now = await boxOf();
    if (now === last && now !== 'null' && now !== undefined) break;
    last = now;
  }
  await p.click(sel);
}

const taughtStored = (w: WebWorker) => w.evaluate(async () => (await chrome.storage.local.get('taughtProfiles')).taughtProfiles ?? null);

describe('teach mode on a console the heuristics miss', () => {
  let page: Page;
  let tabId: number;
  let panel: Page;
  let before: Awaited<ReturnType<typeof reads>>;

  it('before teaching, the view shows the generic heuristics and what is missing', async () => {
    ({ page, tabId } = await open(b, '7f3a9e'));
    panel = await consoleView(b, tabId);
    expect(await sourceOf(panel)).toBe('generic');
    const f = await found(panel);
    expect(f).toMatchObject({ conversationId: false, threadRoles: false, replyComposer: false, sendButton: false, noteBox: false });
    // The unlabelled contact card (name, e-mail, phone in one box) is read generically; the rest needs teaching.
    expect(f.customer).toBe(true);
    const card = data(await invokeFrom(panel, tabId, 'customer.read', {}));
    const rec = server.records().find((r) => r.id === '7f3a9e')!;
    expect(card).toMatchObject({ name: rec.customer.name, email: rec.customer.email, phone: rec.customer.phone });
    await panel.screenshot({ path: join(DOCS, 'this-console-before.png'), fullPage: true });
  });

  it('a page script cannot pick: synthetic clicks, pointer moves and keys reach nothing; Esc leaves', async () => {
    await panel.bringToFront();
    await press(panel, 'button.teach');
    await startPicking(panel, 'thread', 'customer', press);
    await page.bringToFront();
    await page.waitForSelector('deskhand-picker');
    const stillUp = await page.evaluate(() => {
      const target = document.querySelector('.sc .rw .bb') as HTMLElement;
      const r = target.getBoundingClientRect();
      const at = { bubbles: true, composed: true, clientX: r.left + 5, clientY: r.top + 5 };
      const host = document.querySelector('deskhand-picker')!;
      target.click();
      for (const el of [host, target, document.elementFromPoint(at.clientX, at.clientY)!]) {
        el.dispatchEvent(new PointerEvent('pointermove', at));
        el.dispatchEvent(new MouseEvent('click', at));
      }
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      // A pick or a leave removes the overlay at once; it is still there.
      return document.querySelector('deskhand-picker') !== null;
    });
    expect(stillUp).toBe(true);
    await page.keyboard.press('Escape'); // trusted
    await panel.bringToFront();
    await panel.waitForSelector('.picker-left');
    expect(await panel.$$('.teach-step .slot.done')).toHaveLength(0);
    expect(await page.$('deskhand-picker')).toBeNull();
  });

  it('teaching with trusted clicks: every capability found, checked before save, saved for this origin only', async () => {
    const steps: [string, string, string][] = [
      ['thread', 'customer', '.sc > .rw:not(.fx) .bb'],
      ['thread', 'agent', '.sc > .rw.fx:not(.ny) .bb'],
      ['thread', 'note', '.sc > .rw.ny .bb'],
      ['thread', 'author', '.sc > .rw:not(.fx) .mt span:first-child'],
      ['recordId', 'one', '.hd .rf'],
      ['customerName', 'one', '.pp > div:nth-child(1)'],
      ['customerEmail', 'one', '.pp > div:nth-child(2)'],
      ['customerPhone', 'one', '.pp > div:nth-child(3)'],
      ['customerOrder', 'one', '.pp > div:nth-child(4)'],
      ['history', 'first', '.hh > div:nth-child(1)'],
      ['history', 'second', '.hh > div:nth-child(2)'],
      ['reply', 'one', '.ce'],
      ['send', 'one', '.sb svg'],
      ['note', 'one', '.ta'],
      ['noteSubmit', 'one', '.ib'],
    ];
    for (const [cap, slot, target] of steps) await teachOne(panel, page, cap, slot, target, cap === 'send' ? 'teach-picker.png' : undefined);
    // The thread needed a second example: after the customer's message the panel asked for the agent's.
    const check = await found(panel);
    expect(check).toMatchObject({ conversationId: true, threadRoles: true, customer: true, history: true, replyComposer: true, sendButton: true, noteBox: true });
    // Dry runs: a send would touch the composer and the Send button; nothing was sent.
    expect(await panel.$eval('.dry-run[data-tool="reply.send"]', (e) => e.className)).toContain('ok');
    expect(server.log).toEqual([]);
    expect(await taughtStored(b.worker)).toBeNull(); // nothing is stored before Save
    await panel.screenshot({ path: join(DOCS, 'teach-mode.png'), fullPage: true });
    await panel.click('button.save-taught');
    await panel.waitForSelector('.this-console .profile-in-use[data-source="taught"]');
    expect(Object.keys((await taughtStored(b.worker)) as object)).toEqual([server.url]);
    await panel.screenshot({ path: join(DOCS, 'this-console-taught.png'), fullPage: true });
  });

  it('after teaching, every read tool returns the right data', async () => {
    before = await until(() => reads(panel, tabId), (r) => r.customer.name !== undefined);
    expect(before).toEqual(expected('7f3a9e'));
    const inspect = data(await invokeFrom(panel, tabId, 'page.inspect', {}));
    expect(inspect.profile).toMatchObject({ source: 'taught', id: expect.stringMatching(/^taught-127-0-0-1-\d+$/) });
  });

  it('a confirmed send lands exactly once in the console backend', async () => {
    const text = '已为您安排换货，新耳机明天发出。';
    const r = await invokeFrom(panel, tabId, 'reply.send', { text });
    if (r.status !== 'needs_confirmation') throw new Error(`expected a confirmation, got ${JSON.stringify(r)}`);
    const work = await b.browser.newPage();
    await work.goto(`chrome-extension://${b.extensionId}/src/sidepanel/index.html?tabId=${tabId}`, { waitUntil: 'load' });
    const sel = `.card[data-action-id="${r.call.actionId}"] button.confirm`;
    await work.waitForSelector(sel);
    expect(server.log).toEqual([]);
    await confirmCard(work, r.call.actionId);
    await work.waitForSelector(`.outcome[data-action-id="${r.call.actionId}"][data-state="executed"]`);
    expect(server.log.map((e) => ({ path: e.path, body: e.body, status: e.status }))).toEqual([{ path: '/x/m', body: { r: '7f3a9e', t: 1, v: text }, status: 201 }]);
    await work.close();
  });

  it('the profile holds on another record (a full navigation)', async () => {
    await page.bringToFront();
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.ls a[href="/r/b21c04"]')]);
    await waitReady({ worker: b.worker }, page);
    expect(await reads(panel, tabId)).toEqual(expected('b21c04'));
    await panel.bringToFront();
    await panel.reload({ waitUntil: 'load' });
    await panel.waitForSelector('.profile-in-use[data-source="taught"]');
    expect(await panel.$('.notice.stopped')).toBeNull();
  });

  it('the profile survives a browser restart (same user-data-dir)', async () => {
    const dir = b.dir;
    await b.browser.close();
    b = await launchWithExtension({ dir });
    ({ page, tabId } = await open(b, '7f3a9e'));
    panel = await consoleView(b, tabId);
    expect(await sourceOf(panel)).toBe('taught');
    const now = await reads(panel, tabId);
    expect(now).toEqual(expected('7f3a9e')); // the sent reply is in the record now, as the agent's
    expect(now.messages.at(-1)).toEqual({ role: 'agent', author: '小李', text: '已为您安排换货，新耳机明天发出。' });
  });

  it('export → an invalid import changes nothing → import on a fresh browser profile gives the same results', async () => {
    const downloads = mkdtempSync(join(tmpdir(), 'deskhand-dl-'));
    dirs.push(downloads);
    const cdp = await b.browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await panel.bringToFront();
    await panel.click('button.export-profile');
    const file = await until(async () => readdirSync(downloads).find((f) => f.endsWith('.json')), (f) => !!f, 10_000);
    const exported = readFileSync(join(downloads, file!), 'utf8');
    const sameHere = await reads(panel, tabId);
    await b.browser.close();

    b = await launchWithExtension();
    dirs.push(b.dir);
    ({ page, tabId } = await open(b, '7f3a9e'));
    panel = await consoleView(b, tabId);
    expect(await sourceOf(panel)).toBe('generic');
    const bad = join(downloads, 'bad.json');
    const input = async (path: string) => (await panel.$('input[name="import-profile"]'))!.uploadFile(path);
    // A profile that tries to grade a tool and add one: the strict schema refuses it whole.
    writeFileSync(bad, JSON.stringify({ ...JSON.parse(exported), tools: [{ name: 'x.y' }], risk: 'low' }));
    await input(bad);
    await panel.waitForSelector('.import-error');
    expect(await panel.$eval('.import-error', (e) => e.textContent)).toMatch(/tools|risk/);
    expect(await taughtStored(b.worker)).toBeNull();
    expect(await sourceOf(panel)).toBe('generic');
    // Each line in the agent's language (zod's English stays in the detail for developers).
    const unknownKeys = await panel.evaluate(() => chrome.i18n.getMessage('problem_unrecognized_keys', ['tools, risk']));
    expect(await panel.$eval('.import-error', (e) => e.textContent)).toContain(unknownKeys);
    // Another file: choosing the same path again fires no change event.
    const notJson = join(downloads, 'not-json.json');
    writeFileSync(notJson, '{ not json');
    await input(notJson);
    // The list is emptied while the new file is read: wait for the new lines.
    await until(() => panel.$eval('.import-error', (e) => e.textContent ?? '').catch(() => ''), (t) => t !== '' && !/tools, risk/.test(t));
    expect(await panel.$eval('.import-error', (e) => e.textContent)).toContain(await panel.evaluate(() => chrome.i18n.getMessage('problem_not_json')));
    expect(await panel.$eval('.import-error', (e) => e.textContent)).not.toMatch(/Unexpected token|not JSON/);
    expect(await taughtStored(b.worker)).toBeNull();

    await input(join(downloads, file!));
    // Nothing is used before the agent has seen what it finds here and accepted it.
    await panel.waitForSelector('.import-review[data-blocked="false"]');
    expect(await taughtStored(b.worker)).toBeNull();
    await panel.click('.accept-import');
    await panel.waitForSelector('.profile-in-use[data-source="taught"]');
    expect(await until(() => reads(panel, tabId), (r) => r.customer.name !== undefined)).toEqual(sameHere);
  });
});

describe('an admin-pushed profile (chrome.storage.managed)', () => {
  it('is used, shown as admin-pushed and locked: no teaching, no removing', async () => {
    const exported = await b.worker.evaluate(async (o: string) => ((await chrome.storage.local.get('taughtProfiles')).taughtProfiles as Record<string, unknown>)[o], server.url);
    const admin = { ...(exported as object), id: 'acme-desk', name: 'ACME desk (admin)' };
    // Chrome reads extension policy from this folder (Linux), which may not exist yet on a fresh
    // machine. The file names a test copy of the extension (its own key), never deskhand's own
    // id, so no other deskhand browser on this machine picks the policy up while it exists.
    const policyDir = '/etc/chromium/policies/managed';
    mkdirSync(policyDir, { recursive: true });
    const policy = join(policyDir, `deskhand-teach-e2e-${process.pid}.json`);
    const copy = mkdtempSync(join(tmpdir(), 'deskhand-teach-dist-'));
    cpSync(DIST, copy, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(copy, 'manifest.json'), JSON.stringify({ ...manifest, key: POLICY_TEST_KEY }));
    // A second, invalid profile (no way to recognise its console, a bad id): refused whole, and said so in the options page.
    const broken = { id: 'Not An Id', name: 'broken', version: 1, match: {} };
    writeFileSync(policy, JSON.stringify({ '3rdparty': { extensions: { [POLICY_TEST_ID]: { profiles: [admin, broken] } } } }));
    try {
      await b.browser.close();
      b = await launchWithExtension({ dist: copy });
      expect(b.extensionId).toBe(POLICY_TEST_ID);
      dirs.push(b.dir);
      await until(() => b.worker.evaluate(async () => Object.keys(await chrome.storage.managed.get(null)).length), (n) => n > 0);
      const { tabId } = await open(b, 'b21c04');
      const panel = await consoleView(b, tabId);
      expect(await sourceOf(panel)).toBe('managed');
      expect(await panel.$eval('.profile-name', (e) => e.textContent)).toBe('ACME desk (admin)');
      expect(await panel.$('.badge.locked')).not.toBeNull();
      expect(await panel.$('button.teach')).toBeNull();
      expect(await panel.$('button.show-me')).toBeNull();
      expect(await panel.$('button.remove-taught')).toBeNull();
      expect(await reads(panel, tabId)).toEqual(expected('b21c04'));
      await panel.screenshot({ path: join(DOCS, 'this-console-managed.png'), fullPage: true });
      const options = await b.browser.newPage();
      await options.goto(`chrome-extension://${b.extensionId}/src/options/index.html`, { waitUntil: 'load' });
      await options.waitForSelector('.managed-profile-problems');
      const refused = await options.$eval('.managed-profile-problems', (e) => e.textContent ?? '');
      expect(refused).toMatch(/profiles\.1\.id/);
      expect(refused).toMatch(/profiles\.1\.match/);
      expect(await options.$$eval('.console-profiles .profile-list li', (li) => li.map((l) => l.getAttribute('data-profile')))).toEqual(expect.arrayContaining(['acme-desk', 'osticket-1.18', 'deskhand-demo']));
      expect(await options.$('.console-profiles [data-profile="Not An Id"]')).toBeNull();
    } finally {
      rmSync(policy, { force: true });
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

/**
 * The rule generator itself, in a real page (no layout faked): markup shapes other consoles
 * use. It is bundled as the content script bundles it and run on `page.setContent` pages.
 */
describe('rule generation across markup shapes', () => {
  let page: Page;
  beforeAll(async () => {
    const { build } = await import('esbuild');
    const out = await build({
      stdin: { contents: "import { ruleFor } from './src/teach/rules.ts'; globalThis.__rule = ruleFor;", resolveDir: join(import.meta.dirname, '..'), loader: 'ts' },
      bundle: true,
      format: 'iife',
      write: false,
      target: 'chrome116',
    });
    page = await b.browser.newPage();
    await page.goto(`${server.url}/_log`);
    await page.evaluate((code: string) => {
      (0, eval)(code);
    }, out.outputFiles[0]!.text);
  });

  /** Renders `html`, then makes a rule from the picks (selectors into that markup). */
  const rule = (html: string, cap: string, picks: Record<string, string>) =>
    page.evaluate(
      (a: { html: string; cap: string; picks: Record<string, string> }) => {
        document.body.innerHTML = a.html;
        const els = Object.fromEntries(Object.entries(a.picks).map(([slot, css]) => [slot, document.querySelector(css)]));
        const fn = (globalThis as unknown as { __rule: (c: string, p: unknown) => unknown }).__rule;
        return JSON.parse(JSON.stringify(fn(a.cap, els))) as { patch: Record<string, Record<string, unknown>> | null; notes: { code: string; detail?: string }[]; matches: number; need: string[] };
      },
      { html, cap, picks },
    );

  const msgs = (attrs: [string, string][]) => `<section class="thread">${attrs.map(([a, text], i) => `<article class="css-${i}x9k2q message" id="m${1000 + i}" ${a}><p class="text">${text}</p></article>`).join('')}</section>`;

  it('asks for the agent example after the customer one', async () => {
    const r = await rule(msgs([['', 'hello there'], ['', 'hi, how can I help']]), 'thread', { customer: 'article:nth-child(1) .text' });
    expect(r.need).toEqual(['agent']);
    expect(r.patch).toBeNull();
  });

  it('roles from an attribute value that differs; entries from the shared class word, never the hashed class or the numeric id', async () => {
    const html = msgs([['data-author-type="customer"', 'my order is late'], ['data-author-type="agent"', 'sorry, checking'], ['data-author-type="customer"', 'thanks']]);
    const r = await rule(html, 'thread', { customer: 'article:nth-child(1) .text', agent: 'article:nth-child(2) .text' });
    expect(r.patch!.thread).toEqual({
      container: 'section.thread',
      entry: 'article.message[data-author-type]',
      body: 'p.text',
      roles: [
        { role: 'agent', css: '[data-author-type="agent"]' },
        { role: 'customer', css: '[data-author-type="customer"]' },
      ],
    });
    expect(r.matches).toBe(3);
  });

  it('roles from something inside the entry (an avatar class) as :has(…)', async () => {
    const html = `<ul class="feed"><li class="row"><img class="avatar avatar-user" alt=""><span>where is my parcel</span></li><li class="row"><img class="avatar avatar-staff" alt=""><span>on its way</span></li></ul>`;
    const r = await rule(html, 'thread', { customer: 'li:nth-child(1) span', agent: 'li:nth-child(2) span' });
    expect(r.patch!.thread!.roles).toEqual([
      { role: 'agent', css: ':has(.avatar-staff)' },
      { role: 'customer', css: ':has(.avatar-user)' },
    ]);
  });

  it('only alignment differs: no role rule, the heuristics alignment rule applies (and says so)', async () => {
    const html = `<div class="log"><div class="b" style="margin-right:40%">need help</div><div class="b" style="margin-left:40%">sure</div></div>`;
    const r = await rule(html, 'thread', { customer: '.b:nth-child(1)', agent: '.b:nth-child(2)' });
    expect(r.patch!.thread!.roles).toBeUndefined();
    expect(r.notes.map((n) => n.code)).toContain('rolesByAlignment');
  });

  it('a bare e-mail is read by its shape inside the nearest stable container; a bare name by one position under it, never a chain', async () => {
    const html = `<div><div><aside class="contact"><div>Ana Lima</div><div>ana@example.com</div></aside></div></div>`;
    const email = await rule(html, 'customerEmail', { one: 'aside div:nth-child(2)' });
    expect(email.patch).toEqual({ customer: { fields: { email: { css: 'aside.contact' } } } });
    expect(email.notes.map((n) => n.code)).toEqual(['byShape']);
    const name = await rule(html, 'customerName', { one: 'aside div:nth-child(1)' });
    const css = (name.patch!.customer as { fields: { name: { css: string } } }).fields.name.css;
    expect(css).toMatch(/^\.contact > div:nth-(child|of-type)\(1\)$/);
    expect(name.notes.map((n) => n.code)).toEqual(['positional']);
  });

  it('two picks in the same entry are refused', async () => {
    const r = await rule(msgs([['', 'one message with two parts']]), 'thread', { customer: 'article .text', agent: 'article' });
    expect(r.patch).toBeNull();
    expect(r.notes.map((n) => n.code)).toContain('sameEntry');
  });
});
