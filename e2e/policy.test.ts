/**
 * Managed policy with a real Chromium policy file (/etc/chromium/policies/managed, as root):
 * lock (every managed field shows 🔒 and cannot be changed, bridge included), override
 * (managed values win at run time), live arrival (an options page opened before the policy
 * locks when it comes), and removal (the person's own settings apply again: local saves
 * never copied managed values). The file names a test-only extension id and is removed in
 * `finally`, whatever happens.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chord } from '../scripts/browser.ts';
import { managedPaths, type SettingsInput } from '../src/settings/schema.ts';
import { DIST, poll, startHarness, toastText, until, type Harness } from './harness.ts';
import { POLICY_TEST_ID, POLICY_TEST_KEY } from './policy-key.ts';

const POLICY_DIR = '/etc/chromium/policies/managed';
const POLICY_FILE = join(POLICY_DIR, `deskhand-e2e-${process.pid}.json`);

/** Everything but the queues, which stay the person's to change. */
const POLICY = {
  llm: { baseURL: 'https://gw.corp.example/v1', apiKey: 'corp-key', model: 'corp-model' },
  bridge: { enabled: false, origins: [], allowLowWrites: false },
  features: { kb: true, tickets: true, replies: true, notes: true, queues: true, refunds: false },
  roles: ['AGENT'],
  hotkeys: { fillCustomer: 'Alt+Shift+Y', matchCategory: 'Alt+Shift+C', draftReply: 'Alt+Shift+D', prepareSend: 'Alt+Shift+S', quickTicket: 'Alt+Shift+T', requestRefund: 'Alt+Shift+R', openPanel: 'Alt+Shift+K' },
  consoles: [],
  kb: { endpoint: '/api/kb/search' },
  agentName: 'corp-agent',
};
const LOCAL: SettingsInput = { llm: { baseURL: 'http://mine.example/v1', apiKey: 'mine', model: 'mine-model' }, agentName: 'me', roles: ['AGENT', 'REFUND_APPROVER'] };

let h: Harness;
let copy: string;
let options: Page;

beforeAll(async () => {
  // dist/ as a second extension id: the same build, another manifest key.
  copy = mkdtempSync(join(tmpdir(), 'deskhand-policy-dist-'));
  cpSync(DIST, copy, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(copy, 'manifest.json'), JSON.stringify({ ...manifest, key: POLICY_TEST_KEY }));
  h = await startHarness(LOCAL, { dist: copy });
});
afterAll(async () => {
  rmSync(POLICY_FILE, { force: true });
  await h?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const local = () => h.worker.evaluate(async () => ((await chrome.storage.local.get('settings')).settings ?? {}) as Record<string, unknown>);
const managed = () => h.worker.evaluate(() => chrome.storage.managed.get(null));
const value = (name: string) => options.$eval(`[name="${name}"]`, (el) => (el as HTMLInputElement).value);

/** For each path: does its field show a lock, and are all its controls disabled? */
const lockState = (paths: string[]) =>
  options.evaluate((ps: string[]) => {
    return ps.map((p) => {
      const field = document.querySelector(`[data-path="${p}"]`);
      const controls = field ? Array.from(field.querySelectorAll('input, select, button, textarea')) : [];
      return { p, found: !!field, lock: !!field?.querySelector('.locked'), disabled: controls.length > 0 && controls.every((c) => (c as HTMLInputElement).disabled) };
    });
  }, paths);

async function customerFilledBy(key: 'KeyF' | 'KeyY'): Promise<boolean> {
  // A console tab of its own (freshConsole would close the options page).
  await h.reset();
  const page = await h.openConsole();
  await chord(page, key);
  // Either answer is the claim (the person's own key may rightly fill nothing): a bare wait.
  const t = await poll(() => toastText(page), (x) => x.includes('已填写'), 2_500);
  await page.close();
  return t.includes('已填写');
}

describe('a managed policy', () => {
  it('runs with its own test extension id and the policy directory writable', () => {
    expect(h.extensionId).toBe(POLICY_TEST_ID);
    mkdirSync(POLICY_DIR, { recursive: true });
    expect(existsSync(POLICY_DIR)).toBe(true);
  });

  it('locks every managed field of an options page opened before it arrived, and wins at run time', async () => {
    options = await h.browser.newPage();
    await options.setViewport({ width: 1280, height: 800 });
    await options.goto(`chrome-extension://${h.extensionId}/src/options/index.html`, { waitUntil: 'load' });
    await options.waitForSelector('main[data-loaded="1"]');
    expect(await options.$('.locked')).toBeNull();
    expect(await value('llm-baseURL')).toBe('http://mine.example/v1');

    writeFileSync(POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [POLICY_TEST_ID]: POLICY } } }));
    await until(managed, (m) => (m as { agentName?: string }).agentName === 'corp-agent', 30_000);

    const paths = [...managedPaths(POLICY)];
    expect(paths).toHaveLength(23);
    const states = await until(() => lockState(paths), (s) => s.every((x) => x.lock && x.disabled), 10_000);
    expect(states.filter((s) => !s.found || !s.lock || !s.disabled)).toEqual([]);
    expect(await options.$eval('.policy-banner', (el) => el.textContent)).toContain('管理员');
    expect(await options.$eval('section.bridge h2', (el) => el.querySelector('.locked')?.textContent)).toContain('管理员已锁定');
    expect(await value('llm-baseURL')).toBe('https://gw.corp.example/v1');
    expect(await value('agentName')).toBe('corp-agent');
    // .tmp/ is the developer's scratch folder: a fresh clone has none.
    mkdirSync(join(import.meta.dirname, '../.tmp'), { recursive: true });
    await options.screenshot({ path: join(import.meta.dirname, '../.tmp/options-policy.png'), fullPage: true });

    // Run time: the managed hotkey works, the person's own one does not.
    expect(await customerFilledBy('KeyF')).toBe(false);
    expect(await customerFilledBy('KeyY')).toBe(true);
  });

  it('a save of an unlocked field writes only that field, never a managed value', async () => {
    await options.bringToFront();
    await options.click('input[name=queues]', { clickCount: 3 });
    await options.keyboard.press('Backspace');
    await options.type('input[name=queues]', 'billing, vip');
    await options.keyboard.press('Tab');
    await until(local, (l) => Array.isArray(l.queues));
    expect(await local()).toEqual({ ...LOCAL, queues: ['billing', 'vip'] });
  });

  it('a console\'s knowledge sources set by the policy are shown read-only: no adding, editing or removing, the form only to look at', async () => {
    const origin = new URL(h.server.url).origin;
    const source = { kind: 'json', name: 'Corp KB', url: '/api/kb/search', queryParam: 'q', listPath: 'results', titlePath: 'title', snippetPath: 'snippet' };
    writeFileSync(POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [POLICY_TEST_ID]: { ...POLICY, kb: { ...POLICY.kb, providers: { [origin]: [source] } } } } } }));
    await until(managed, (m) => !!(m as { kb?: { providers?: object } }).kb?.providers, 30_000);
    await options.bringToFront();
    const consoleButton = `button[name=kb-console][data-origin="${origin}"]`;
    await until(() => options.$(consoleButton), (el) => el !== null, 10_000);
    await options.click(consoleButton);
    await options.waitForSelector('.kb-source[data-name="Corp KB"]');
    expect(await options.$eval('.kb-consoles h3', (el) => el.querySelector('.locked')?.textContent)).toContain('管理员已锁定');
    for (const name of ['kb-source-add', 'kb-source-remove', 'kb-providers-reset', 'kb-preset-demoJson']) expect(await options.$(`button[name=${name}]`), name).toBeNull();
    expect(await options.$eval('button[name=kb-source-edit]', (el) => el.textContent)).toBe('查看');
    await options.click('button[name=kb-source-edit]');
    await options.waitForSelector('form.kb-source-form');
    expect(await value('kb-source-name')).toBe('Corp KB');
    expect(await value('kb-source-url')).toBe('/api/kb/search?q={query}');
    expect(await options.$eval('form.kb-source-form fieldset', (el) => (el as HTMLFieldSetElement).disabled)).toBe(true);
    expect(await options.$('button[name=kb-source-save]')).toBeNull();
    await options.click('button[name=kb-source-cancel]');
  });

  it('when the admin removes it, the locks go and the person’s own settings apply again', async () => {
    rmSync(POLICY_FILE, { force: true });
    await until(managed, (m) => Object.keys(m).length === 0, 30_000);
    expect(await until(() => options.$('.locked'), (el) => el === null, 10_000)).toBeNull();
    expect(await value('llm-baseURL')).toBe('http://mine.example/v1');
    expect(await value('agentName')).toBe('me');
    expect(await options.$eval('input[name=role-REFUND_APPROVER]', (el) => (el as HTMLInputElement).checked)).toBe(true);
    expect(await local()).toEqual({ ...LOCAL, queues: ['billing', 'vip'] });
    expect(await customerFilledBy('KeyF')).toBe(true);
  });
});
