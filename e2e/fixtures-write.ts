/**
 * The hotkeys and fixed flows on the fixture consoles (issue 10 §5), generic profile only:
 * nothing here is taught about these consoles, except a console's own words that no helpdesk
 * uses (fixtures/<name>/profile.ts: 悄悄话, 其他工单), which the generic code no longer carries. Keys are real trusted presses (Alt+Shift+F, C,
 * D, S, T, R), sends and refunds are confirmed in the side panel as a person does, the quick
 * ticket is written by the local model server, and every verdict is the console's own: its
 * backend log and truth say what landed, on which record, exactly once. A refused action
 * (the console's `reject`) ends failed, a hanging one uncertain, and neither is retried.
 *
 * The classic console posts whole pages: its reply, note, refund and new-ticket results are
 * read on the next page, which is the h/write branch's next-page verification.
 *
 * One console per test file (e2e/fixtures-write-<console>.test.ts), each with its own browser
 * and model server: the files run side by side, and none of them is the suite's long pole.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../demo/model/server.ts';
import { FIXTURES } from '../fixtures/index.ts';
import type { CreatedTicket, FixtureServer, Lang, RecordTruth } from '../fixtures/types.ts';
import { launchWithExtension, toastText, type Launched } from '../scripts/browser.ts';
import { installVocabulary, type Env } from './consoles/fixture-run.ts';
import {
  added,
  confirmInPanel,
  EXPECTED_CATEGORY,
  fault,
  HANDS,
  invoke,
  ledger,
  mutations,
  openPage,
  pendingCall,
  press,
  settled,
  type NormalFixture,
} from './consoles/write-run.ts';
import { until, waitReady } from './harness.ts';

let l: Launched;
let env: Env;
let model: ModelServer;

/** The browser (deskhand, the agent's settings, a side-panel page to call tools from) and the model server of a test file. */
function launch(): void {
  beforeAll(async () => {
    model = await startModelServer();
    l = await launchWithExtension();
    await l.worker.evaluate(async (baseURL: string) => {
      await chrome.storage.local.set({ settings: { roles: ['AGENT', 'REFUND_APPROVER'], agentName: 'Chen Jing', llm: { baseURL, apiKey: 'demo', model: 'demo-assistant' } } });
    }, `${model.url}/v1`);
    const panel = await l.browser.newPage();
    await panel.goto(`chrome-extension://${l.extensionId}/src/sidepanel/index.html?tabId=0`, { waitUntil: 'load' });
    env = { browser: l.browser, worker: l.worker, panel };
  });
  afterAll(async () => {
    await l?.browser.close();
    await model?.close();
  });
}

/**
 * One console's hotkey tests, in zh and (`english`) in English: a test file of its own, so the
 * consoles run side by side (the tests, their names and their order are those of one file).
 */
export function hotkeysOn(name: NormalFixture, o: { english: boolean }): void {
  launch();
  inChinese(name);
  if (o.english) inEnglish(name);
}

/** deskhand's toasts are in the agent's language (the browser's: zh_CN here), whatever the console's. */
const ZH = { drafted: '回复草稿', await: '待确认', filled: '已填写', category: '分类：' };

/** What the agent-facing texts start with in each language (src/plans/draft-reply.ts). */
const draftStart = (rec: RecordTruth, lang: Lang) =>
  lang === 'zh' ? `您好 ${rec.customer.name}，关于「${rec.subject}」，` : `Hello ${rec.customer.name}, thank you for contacting us about "${rec.subject}".`;

const categoryLabel = (rec: RecordTruth, lang: Lang) => rec.options.categories.find((c) => c.value === EXPECTED_CATEGORY[rec.customer.email])!.label[lang];

interface On {
  fx: FixtureServer;
  rec: RecordTruth;
  page: Page;
  tabId: number;
}

/** A console for a describe block: started once, reset before each test, the record open in a fresh tab. */
function onConsole(name: NormalFixture, lang: Lang, record: number): On {
  const on = {} as On;
  beforeAll(async () => {
    on.fx = await FIXTURES[name]();
    await installVocabulary(l.worker, name, on.fx);
  });
  afterAll(async () => on.fx?.close());
  beforeEach(async () => {
    await on.fx.reset();
    for (const p of await l.browser.pages()) if (p.url().startsWith(on.fx.url)) await p.close();
    on.rec = (await on.fx.truth()).records[record]!;
    Object.assign(on, await openPage(env, on.rec.urls[lang]));
  });
  return on;
}

/** D then S: the draft is about this record, and only a Confirm in the side panel posts it — once, here. */
async function draftAndSend(on: On, name: NormalFixture, lang: Lang): Promise<void> {
  expect(await press(on.page, 'KeyD')).toContain(ZH.drafted);
  expect(await press(on.page, 'KeyS')).toContain(ZH.await);
  const call = await pendingCall(env, on.tabId, 'reply.send');
  const text = (call!.input as { text: string }).text;
  expect(text.startsWith(draftStart(on.rec, lang)), text).toBe(true);
  expect(call!.binding.recordId).toBe(on.rec.recordId);
  expect(await mutations(on.fx)).toEqual([]);
  const entry = await confirmInPanel(env, on.tabId, call!);
  expect(await added(on.fx, on.rec), JSON.stringify(entry)).toEqual([{ role: 'agent', text }]);
  expect((await mutations(on.fx)).filter((e) => HANDS[name].paths.reply.test(e.path))).toHaveLength(1);
  expect(entry.state, JSON.stringify(entry.outcome)).toBe('executed');
}

/** T: the quick-ticket flow with the local model makes exactly one ticket, for this record, with its customer and category. */
async function quickTicket(on: On, name: NormalFixture): Promise<CreatedTicket> {
  expect(await press(on.page, 'KeyT', (t) => /已完成|未完成/.test(t), 30_000)).toContain('已完成');
  const tickets = (await on.fx.truth()).tickets;
  expect(tickets).toHaveLength(1);
  expect(tickets[0]).toMatchObject({
    recordId: on.rec.recordId,
    subject: on.rec.subject,
    category: EXPECTED_CATEGORY[on.rec.customer.email],
    customer: { name: on.rec.customer.name, email: on.rec.customer.email },
  });
  expect((await mutations(on.fx)).filter((e) => HANDS[name].paths.ticket.test(e.path))).toHaveLength(1);
  return tickets[0]!;
}

function inChinese(name: NormalFixture): void {
  describe(`hotkeys on the ${name} fixture console (zh), judged by its backend`, () => {
    const hands = HANDS[name];
    const on = onConsole(name, 'zh', 0);

    it('D drafts a reply about this record; S and Confirm in the side panel post exactly that text, once, to it', () => draftAndSend(on, name, 'zh'));

    it('F fills this record’s customer and C its category into the ticket form; submitted, exactly one ticket holds them', async () => {
      if (hands.ticketPage) {
        // The form is on a page of its own: F and C say where, and nothing is touched here.
        for (const key of ['KeyF', 'KeyC'] as const) expect(await press(on.page, key)).toMatch(/建单表单在「新建工单」页面（\/open\.cgi）/);
        await hands.ticketPage(on.page, 'zh');
        // deskhand is there on the form page (its content script answers), as a person sees the form.
        await waitReady({ worker: l.worker }, on.page);
        // There, F fills the customer and C matches the conversation of the record the agent came from.
        expect(await press(on.page, 'KeyF')).toContain(ZH.filled);
        expect(await press(on.page, 'KeyC')).toContain(`${ZH.category}${categoryLabel(on.rec, 'zh')}`);
      } else {
        expect(await press(on.page, 'KeyF')).toContain(ZH.filled);
        expect(await press(on.page, 'KeyC')).toContain(`${ZH.category}${categoryLabel(on.rec, 'zh')}`);
      }
      expect(await invoke(env, on.tabId, 'ticket.fill', { title: on.rec.subject, description: '客户反馈订单一周未送达，请物流组查件。', priority: 'high' })).toMatchObject({ status: 'done' });
      expect(await mutations(on.fx)).toEqual([]);
      const submitted = await invoke(env, on.tabId, 'ticket.submit', {});
      const tickets = await until(async () => (await on.fx.truth()).tickets, (t) => t.length > 0);
      expect(tickets).toHaveLength(1);
      expect(tickets[0]).toMatchObject({
        subject: on.rec.subject,
        category: EXPECTED_CATEGORY[on.rec.customer.email],
        priority: 'high',
        customer: { name: on.rec.customer.name, email: on.rec.customer.email, phone: on.rec.customer.phone },
        ...(hands.ticketPage ? {} : { recordId: on.rec.recordId }),
      });
      expect((await mutations(on.fx)).filter((e) => hands.paths.ticket.test(e.path))).toHaveLength(1);
      expect(submitted, JSON.stringify(submitted)).toMatchObject({ status: 'done' });
    });

    if (name === 'classic') {
      it('T says where the ticket form is and posts nothing; on the form page it writes the ticket of the record the agent came from, across the full-page submit', async () => {
        expect(await press(on.page, 'KeyT')).toMatch(/建单表单在「新建工单」页面（\/open\.cgi）/);
        expect(await mutations(on.fx)).toEqual([]);
        await hands.ticketPage!(on.page, 'zh');
        await waitReady({ worker: l.worker }, on.page);
        // The submit posts the whole page: the flow hands itself over and ends on the next page.
        expect(await press(on.page, 'KeyT', (t) => /已完成|未完成/.test(t), 40_000)).toContain('快速建单 已完成');
        const tickets = (await on.fx.truth()).tickets;
        expect(tickets).toHaveLength(1);
        expect(tickets[0]).toMatchObject({
          subject: on.rec.subject,
          category: EXPECTED_CATEGORY[on.rec.customer.email],
          customer: { name: on.rec.customer.name, email: on.rec.customer.email },
        });
        expect((await mutations(on.fx)).filter((e) => hands.paths.ticket.test(e.path))).toHaveLength(1);
      });

      it('T whose submit the agent stops at the page’s "leave page?" (Stay) ends stopped on that page, posts nothing and is never resumed', async () => {
        await hands.ticketPage!(on.page, 'zh');
        await waitReady({ worker: l.worker }, on.page);
        // The console guards its form against leaving; the agent answers Stay.
        await on.page.evaluate(() => window.addEventListener('beforeunload', (e) => e.preventDefault()));
        let asked = 0;
        let stay = true;
        on.page.on('dialog', (d) => void ((asked += 1), stay ? d.dismiss() : d.accept()));
        expect(await press(on.page, 'KeyT', (t) => /已完成|未完成|已停止/.test(t), 40_000)).toContain('快速建单 已停止');
        expect(asked).toBe(1);
        expect(await mutations(on.fx)).toEqual([]);
        // Taken back: the next page of this tab has nothing to go on with (now the agent leaves).
        stay = false;
        await on.page.reload({ waitUntil: 'load' });
        await new Promise((r) => setTimeout(r, 1_500));
        expect(await mutations(on.fx)).toEqual([]);
        expect(await toastText(on.page)).not.toMatch(/继续/);
      });
    } else {
      it('T writes the ticket with the local model and creates exactly one, for this record, with its customer and category', async () => {
        expect((await quickTicket(on, name)).description).toContain(on.rec.customer.orderId!);
      });
    }

    if (name === 'chat') {
      it('D behind the modal ticket dialog F opened says a dialog blocks the page, not that the box refused the text', async () => {
        await on.page.reload({ waitUntil: 'networkidle0' });
        expect(await press(on.page, 'KeyF')).toContain(ZH.filled);
        const blocked = await env.panel.evaluate(() => chrome.i18n.getMessage('err_COMPOSER_BLOCKED'));
        expect(await press(on.page, 'KeyD')).toContain(blocked);
        expect(await mutations(on.fx)).toEqual([]);
      });
    }

    if (name === 'react') {
      it('keys typed while focus is inside the quick-ticket iframe (rendered after the page loaded) still work', async () => {
        const frame = on.page.frames().find((f) => f !== on.page.mainFrame() && /quick-ticket/.test(f.url()));
        expect(frame, 'the fixture renders its quick ticket in an iframe').toBeDefined();
        await frame!.focus('input');
        expect(await on.page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
        expect(await press(on.page, 'KeyD')).toContain(ZH.drafted);
      });
    }

    it('note.add from the side panel adds exactly one internal note to this record, never a reply', async () => {
      const text = '已联系物流查件，周五前回复客户。';
      const r = await invoke(env, on.tabId, 'note.add', { text });
      // The console's backend first: a classic console's answer is on the next page.
      expect(await until(() => added(on.fx, on.rec), (a) => a.length > 0)).toEqual([{ role: 'note', text }]);
      expect((await mutations(on.fx)).filter((e) => hands.paths.note.test(e.path))).toHaveLength(1);
      expect(r, JSON.stringify(r)).toMatchObject({ status: 'done' });
    });

    if (hands.refund) {
      it('R prepares the refund the agent typed into the console’s own form; confirmed in the side panel it lands once', async () => {
        await hands.refund!(on.page, 'zh', '199', '订单一周未送达，客户要求退款');
        expect(await press(on.page, 'KeyR')).toContain('退款');
        const call = await pendingCall(env, on.tabId, 'refund.request');
        expect(call!.input).toEqual({ orderId: on.rec.customer.orderId, amount: 199, currency: 'CNY', reason: '订单一周未送达，客户要求退款' });
        expect(await mutations(on.fx)).toEqual([]);
        const entry = await confirmInPanel(env, on.tabId, call!);
        const refunds = await until(async () => (await on.fx.truth()).refunds, (x) => x.length > 0);
        expect(refunds).toEqual([{ id: 'R-1001', recordId: on.rec.recordId, orderId: on.rec.customer.orderId, amount: 199, currency: 'CNY', reason: '订单一周未送达，客户要求退款' }]);
        expect((await mutations(on.fx)).filter((e) => hands.paths.refund!.test(e.path))).toHaveLength(1);
        expect(entry.state, JSON.stringify(entry.outcome)).toBe('executed');
      });
    } else {
      it('R says there is no refund form to take the refund from, and prepares nothing', async () => {
        expect(await press(on.page, 'KeyR')).toContain('此页面没有退款表单');
        // The toast is the press's last word (src/content/actions.ts): a call it prepared would be in the ledger by now.
        expect((await ledger(env, on.tabId)).filter((e) => e.state === 'pending' && e.call.tool === 'refund.request')).toEqual([]);
        expect(await mutations(on.fx)).toEqual([]);
      });
    }

    it('a send the console refuses ends failed, one that hangs ends uncertain; each is posted once and never retried', async () => {
      const send = async (text: string) => {
        const r = await invoke(env, on.tabId, 'reply.send', { text });
        if (r.status !== 'needs_confirmation') throw new Error(`expected a pending send, got ${JSON.stringify(r)}`);
        return confirmInPanel(env, on.tabId, r.call);
      };
      await fault(on.fx, hands.paths.reply.source, 'reject');
      const refused = await send('您好，这条会被拒绝。');
      expect(refused.state, JSON.stringify(refused.outcome)).toBe('failed');
      expect(await added(on.fx, on.rec)).toEqual([]);
      // The page may have been re-rendered (classic): a fresh look at the same record.
      await on.page.close();
      Object.assign(on, await openPage(env, on.rec.urls.zh));
      await fault(on.fx, hands.paths.reply.source, 'hang');
      const hung = await send('您好，这条发出后没有回音。');
      expect(hung.state, JSON.stringify(hung.outcome)).toBe('uncertain');
      await new Promise((r) => setTimeout(r, 1_500));
      const posts = (await mutations(on.fx)).filter((e) => hands.paths.reply.test(e.path));
      expect(posts.map((e) => e.status)).toEqual([posts[0]!.status, 0]);
      expect(posts[0]!.status).toBeGreaterThanOrEqual(400);
      expect(await settled(env, on.tabId, hung.call.actionId, 1_000)).toMatchObject({ state: 'uncertain' });
    });
  });
}

function inEnglish(name: NormalFixture): void {
  describe(`hotkeys on the ${name} fixture console in English`, () => {
    const on = onConsole(name, 'en', 1);

    it('D drafts in English; S and Confirm post that text once to this record', () => draftAndSend(on, name, 'en'));

    it('T writes an English ticket for this record with its customer and category', async () => {
      expect((await quickTicket(on, name)).description).toMatch(new RegExp(`^${on.rec.customer.name} reports: `));
    });
  });
}
