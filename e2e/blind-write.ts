/**
 * The composer tools on the blind-pattern consoles (fixtures/desk-en, fixtures/desk-zh), with
 * no profile, judged by what each console's backend got:
 * - desk-en shows only a Reply button until it is pressed; one Tiptap editor serves reply and
 *   note, switched by a Note switch; its one button reads Send or Add note.
 * - desk-zh has one TinyMCE editor (in an iframe) for both, switched by a radio pair
 *   公开回复 / 内部备注, with one "提交" button whatever the mode.
 * Each is measured as the page loads and after the agent left the editor in the *other* mode
 * (the reply tools with the editor in note mode, the note with it in reply mode): a reply must
 * never land as a note, and a note must never be published to the customer.
 *
 * One console per test file (e2e/blind-write-desk-en.test.ts, e2e/blind-write-desk-zh.test.ts),
 * so the two run side by side.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLIND_FIXTURES, type BlindFixtureName } from '../fixtures/index.ts';
import { click } from '../fixtures/kit/person.ts';
import type { FixtureServer, Lang } from '../fixtures/types.ts';
import type { Launched } from '../scripts/browser.ts';
import { launchEnv, type Env } from './consoles/fixture-run.ts';
import { judgeWrites, truthTarget, type Hands, type WriteRow } from './consoles/write-run.ts';

const COMPOSER = ['reply.draft', 'reply.send', 'note.add'] as const;
const none = () => Promise.reject(new Error('not measured here'));
const noCategory = () => ({ category: '', categoryLabel: { zh: '', en: '' } });

/** What a person does on each console (deskhand never sees this). */
const HANDS: Record<BlindFixtureName, Hands> = {
  'desk-en': {
    paths: { reply: /\/threads$/, note: /\/threads$/, ticket: /^\/api\/conversations$/, assign: { queue: /^\/api\/conversations\/\w+$/, agent: /^\/api\/conversations\/\w+$/ } },
    send: (page) => click(page, '.composer-foot button:not([data-discard])'),
    submitTicket: none,
    assigns: { queue: false, agent: false },
  },
  'desk-zh': {
    paths: { reply: /^\/ticket\/reply/, note: /^\/ticket\/reply/, ticket: /^\/ticket\/create/, assign: { queue: /^\/ticket\/assign/, agent: /^\/ticket\/assign/ } },
    send: async (page) => {
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), click(page, 'form.reply-form button[type=submit]')]);
    },
    submitTicket: none,
    assigns: { queue: false, agent: false },
  },
};

/** The agent leaves the editor in the mode the tool does *not* write in. */
const WRONG_MODE: Record<BlindFixtureName, NonNullable<Hands['compose']>> = {
  async 'desk-en'(page: Page, kind) {
    await click(page, '.reply-bar button.primary');
    await page.waitForSelector('.composer input[role=switch]', { visible: true });
    const on = await page.$eval('.composer input[role=switch]', (el) => (el as HTMLInputElement).checked);
    if (kind === 'reply' && !on) await click(page, '.composer label.switch');
  },
  async 'desk-zh'(page: Page, kind) {
    await click(page, `form.reply-form input[name=internal][value="${kind === 'reply' ? 1 : 0}"]`);
  },
};

let l: Launched;
let env: Env;

const show = (rows: WriteRow[]) => rows.filter((r) => r.verdict !== 'right').map((r) => `${r.console} ${r.record} ${r.lang} ${r.tool}: ${r.verdict} ${r.why}`);

/** One blind console's composer tests: a test file of its own (e2e/blind-write-<console>.test.ts), with its own browser. */
export function composerToolsOn(name: BlindFixtureName): void {
  beforeAll(async () => {
    ({ l, env } = await launchEnv());
  });
  afterAll(async () => l?.browser.close());

  describe(`composer tools on the blind ${name} console, judged by its backend`, () => {
    let fx: FixtureServer;
    beforeAll(async () => {
      fx = await BLIND_FIXTURES[name]();
    });
    afterAll(async () => fx?.close());

    it.each(['zh', 'en'] as Lang[])('draft, send and note land as asked, as the page loads (%s)', async (lang) => {
      const t = truthTarget(name, fx, HANDS[name], noCategory);
      const [rec] = await t.records();
      const rows = await judgeWrites(env, t, rec!, lang, COMPOSER);
      expect(rows).toHaveLength(3);
      expect(show(rows)).toEqual([]);
    });

    it.each(['zh', 'en'] as Lang[])('with the editor left in the other mode, a reply never lands as a note and a note is never published (%s)', async (lang) => {
      const t = truthTarget(`${name}, wrong mode`, fx, { ...HANDS[name], compose: WRONG_MODE[name] }, noCategory);
      const [rec] = await t.records();
      const rows = await judgeWrites(env, t, rec!, lang, COMPOSER);
      expect(rows).toHaveLength(3);
      expect(show(rows)).toEqual([]);
    });
  });
}
