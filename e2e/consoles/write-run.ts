/**
 * Driving deskhand's write side on a fixture console as an agent does — hotkeys pressed with
 * real (trusted) keys, tools called from a side-panel page, confirmations given in the side
 * panel — and reading what landed from the console's own backend (its log and truth). Shared
 * by e2e/fixtures-write.ts and `npm run bench:consoles`, so both judge the same way.
 *
 * What a person does with the console's own controls (open its refund form, press its own
 * Send) is test-side knowledge of each fixture, in HANDS below; deskhand never sees it.
 */
import type { Frame, Page } from 'puppeteer-core';
import { CATEGORIES, seedConversations } from '../../demo/console/data.ts';
import type { ConsoleServer, LogEntry as DemoLogEntry } from '../../demo/console/server.ts';
import { F as CLASSIC } from '../../fixtures/classic/render.ts';
import type { FixtureName } from '../../fixtures/index.ts';
import { click, typeOver } from '../../fixtures/kit/person.ts';
import type { FixtureServer, Lang, LogEntry, RecordTruth } from '../../fixtures/types.ts';
import { chord, confirmCard, toastText } from '../../scripts/browser.ts';
import type { PreparedCall, ToolResult } from '../../src/tools/types.ts';
import { invokeFrom, poll, until, waitReady } from '../harness.ts';
import { judgeAssignment, judgeLanding, judgeTicketFields, saidOf, type Judged, type LandedTicket, type Said, type WriteTool } from './judge.ts';
import { settle, type Env } from './fixture-run.ts';

export type NormalFixture = Exclude<FixtureName, 'opaque'>;

/** The category a person files each scenario's ticket under (by the customer, fixtures/kit/data.ts). */
export const EXPECTED_CATEGORY: Record<string, string> = {
  'li.wei@example.cn': 'delivery',
  'sarah.j@example.com': 'refund',
  'wangfang@example.com.cn': 'account',
  't.mueller@example.de': 'invoice',
};

export interface Opened {
  page: Page;
  tabId: number;
}

/** Opens a console page in a new tab and waits for deskhand's content script and the console's own rendering. */
export async function openPage(env: Env, url: string): Promise<Opened> {
  const page = await env.browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await waitReady({ worker: env.worker }, page);
  await settle(page);
  return { page, tabId: await tabIdOf(env, page.url()) };
}

export async function tabIdOf(env: Env, url: string): Promise<number> {
  const id = await until(() => env.worker.evaluate(async (u: string) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? null, url), (v) => v !== null, 5_000);
  return id!;
}

/** A real Alt+Shift+<key> press; resolves with deskhand's toast once it says something new (`done` decides when a flow is over). */
export async function press(page: Page, key: 'KeyF' | 'KeyC' | 'KeyD' | 'KeyS' | 'KeyT' | 'KeyR', done: (toast: string) => boolean = () => true, timeoutMs = 10_000): Promise<string> {
  // The last toast goes first, so an answer worded like the one before (F then C on a page
  // without the form) is still seen as new; deskhand makes a new toast host when its own is gone.
  await page.evaluate(() => document.querySelectorAll('deskhand-toast').forEach((el) => el.remove())).catch(() => {});
  await chord(page, key);
  // A flow may reload the console page on its way (a lookup, a full-page submit): read through it.
  return until(() => toastText(page).catch(() => ''), (t) => t !== '' && done(t), timeoutMs);
}

/**
 * A tool call from the side-panel page. A console that loads another page while the tool runs
 * (FreeScout moves on after an assignment) closes the message channel before any answer: that
 * is deskhand not saying what happened, a failed call with NO_ANSWER, not a crash of the run.
 */
export async function invoke(env: Env, tabId: number, name: string, input: unknown): Promise<ToolResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A call whose page went away may also never be answered at all: bounded, so the run goes on.
  const silent = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer to ${name} in ${INVOKE_MS} ms`)), INVOKE_MS)));
  try {
    return await Promise.race([invokeFrom(env.panel, tabId, name, input), silent]);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return { status: 'uncertain', error: { code: 'NO_ANSWER', type: 'uncertain', detail, suggestion: '', retryable: false, traceId: '' } };
  } finally {
    clearTimeout(timer);
  }
}
const INVOKE_MS = 45_000;

export interface LedgerEntry {
  state: string;
  call: PreparedCall;
  outcome?: { data?: Record<string, unknown>; error?: { code: string; type: string; detail: string } };
}

/** Every ledger entry bound to a tab, straight from the worker's session storage. */
export function ledger(env: Env, tabId: number): Promise<LedgerEntry[]> {
  return env.worker.evaluate(async (id: number) => {
    const all = await chrome.storage.session.get(null);
    return Object.values(all).filter((e) => (e as { call?: { binding?: { tabId?: number } } }).call?.binding?.tabId === id) as never;
  }, tabId) as Promise<LedgerEntry[]>;
}

export async function pendingCall(env: Env, tabId: number, tool: string): Promise<PreparedCall | null> {
  // None may come (a refused press): the caller judges the null.
  const entries = await poll(() => ledger(env, tabId), (l) => l.some((e) => e.state === 'pending' && e.call.tool === tool), 5_000);
  return entries.find((e) => e.state === 'pending' && e.call.tool === tool)?.call ?? null;
}

const extensionIdOf = (env: Env) => new URL(env.panel.url()).host;

/**
 * Confirms a prepared call in the side panel as a person does (the panel in front, Confirm
 * once armed), and waits until the ledger has its outcome; the panel page is closed again.
 */
export async function confirmInPanel(env: Env, tabId: number, call: PreparedCall, timeoutMs = 40_000): Promise<LedgerEntry> {
  const panel = await env.browser.newPage();
  try {
    await panel.goto(`chrome-extension://${extensionIdOf(env)}/src/sidepanel/index.html?tabId=${tabId}`, { waitUntil: 'load' });
    await confirmCard(panel, call.actionId);
    return await settled(env, tabId, call.actionId, timeoutMs);
  } finally {
    await panel.close();
  }
}

/** The ledger entry once it left pending/dispatched (or as it is when the time is up). */
export async function settled(env: Env, tabId: number, actionId: string, timeoutMs = 40_000): Promise<LedgerEntry> {
  const entries = await poll(
    () => ledger(env, tabId),
    (l) => {
      const e = l.find((x) => x.call.actionId === actionId);
      return !!e && e.state !== 'pending' && e.state !== 'dispatched';
    },
    timeoutMs,
  );
  return entries.find((x) => x.call.actionId === actionId)!;
}

export const fault = (fx: FixtureServer, path: string, mode: 'error' | 'hang' | 'reject') =>
  fetch(`${fx.url}/api/_faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path, mode }) });

export const mutations = async (fx: FixtureServer): Promise<LogEntry[]> => (await fx.log()).filter((e) => e.method !== 'GET');

/** Entries the record gained since `before` (its truth then). */
export async function added(fx: FixtureServer, before: RecordTruth): Promise<{ role: string; text: string }[]> {
  return (await fx.truth(before.recordId)).messages.slice(before.messages.length).map((m) => ({ role: m.role, text: m.text }));
}

// ---------------------------------------------------------------- what a person does on each console

export interface Hands {
  /** Which requests of the log are the record's replies, notes, tickets, refunds, assignments. */
  paths: { reply: RegExp; note: RegExp; ticket: RegExp; refund?: RegExp; assign: { queue: RegExp; agent: RegExp } };
  /** Presses the console's own Send for what the composer holds (judging a draft by what the backend gets). */
  send(page: Page, lang: Lang): Promise<void>;
  /** Presses the ticket form's own submit (judging fills when deskhand's submit is not the one judged). */
  submitTicket(page: Page, lang: Lang): Promise<void>;
  /** Gets to the page with the new-ticket form when it is a page of its own (classic). */
  ticketPage?(page: Page, lang: Lang): Promise<void>;
  /** Opens the console's refund form and types an amount and a reason, as an agent does before pressing R. */
  refund?(page: Page, lang: Lang, amount: string, reason: string): Promise<void>;
  /** The queue and the agent control the console has (for queue.assign / ticket.assign). */
  assigns: { queue: boolean; agent: boolean };
  /**
   * The form loads its other fields once a category is chosen (osTicket's Help Topic loads
   * Issue Summary, details and priority), so a person chooses the category first.
   */
  categoryFirst?: boolean;
  /**
   * Fields the new-ticket form does not have (FreeScout's has neither a priority nor a
   * category): a person asks for no priority there, and category.match is right when it
   * chooses none (a choice put into some other field is wrong).
   */
  lacks?: ('priority' | 'category')[];
  /**
   * Opens the reply or note box as a person does before writing (FreeScout keeps its one
   * composer hidden until the toolbar's Reply or Note is clicked). Only a target that measures
   * "after the agent opened it" sets this; the plain target leaves the page as it loads.
   */
  compose?(page: Page, kind: 'reply' | 'note'): Promise<void>;
}

const L = (lang: Lang, zh: string, en: string) => (lang === 'zh' ? zh : en);
const quickFrame = (page: Page): Frame => {
  const f = page.frames().find((x) => x.url().includes('/embed/quick-ticket'));
  if (!f) throw new Error('no quick-ticket frame');
  return f;
};
const load = async (page: Page, selector: string) => {
  const el = await page.waitForSelector(selector, { visible: true });
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), el!.click()]);
};

const CHAT = 'lc-console >>> ';

/** A fixture console whose one request moves a record to a queue or an agent alike. */
const oneRequest = (path: RegExp) => ({ queue: path, agent: path });

export const HANDS: Record<NormalFixture, Hands> = {
  react: {
    paths: { reply: /\/parts$/, note: /\/parts$/, ticket: /^\/api\/v2\/tickets$/, refund: /\/refunds$/, assign: oneRequest(/\/assignee$/) },
    send: (page, lang) => click(page, `main button::-p-text(${L(lang, '发送', 'Send')})`),
    submitTicket: async (page) => {
      await click(quickFrame(page), 'form button');
    },
    async refund(page, lang, amount, reason) {
      await click(page, `aside button::-p-text(${L(lang, '退款', 'Refund')})`);
      const dialog = (await page.waitForSelector('[role=dialog]', { visible: true }))!;
      await typeOver(page, (await dialog.$('input[inputmode=decimal]'))!, amount);
      await typeOver(page, (await dialog.$('textarea'))!, reason);
    },
    assigns: { queue: true, agent: false },
  },
  vue: {
    paths: { reply: /\/comments$/, note: /\/comments$/, ticket: /^\/api\/tickets$/, assign: oneRequest(/^\/api\/conversations\/\w+$/) },
    send: (page) => click(page, '.composer-pane:not([style*="none"]) button.primary'),
    submitTicket: (page) => click(page, 'form.ticket-form button.primary'),
    assigns: { queue: false, agent: true },
  },
  classic: {
    paths: { reply: /^\/ticket\.cgi/, note: /^\/ticket\.cgi/, ticket: /^\/open\.cgi/, refund: /^\/ticket\.cgi/, assign: oneRequest(/^\/ticket\.cgi/) },
    send: (page) => load(page, '#reply input[type=submit]'),
    submitTicket: (page) => load(page, '#ticketForm input[type=submit]'),
    ticketPage: (page) => load(page, 'a[href*="open.cgi"]'),
    async refund(page, _lang, amount, reason) {
      await click(page, 'a[href="#refund"]');
      await typeOver(page, (await page.waitForSelector(`#refund input[name=${CLASSIC.refundAmount}]`, { visible: true }))!, amount);
      await typeOver(page, (await page.$(`#refund textarea[name=${CLASSIC.refundReason}]`))!, reason);
    },
    assigns: { queue: true, agent: true },
  },
  chat: {
    paths: { reply: /\/events$/, note: /\/events$/, ticket: /\/api\/tickets$/, assign: oneRequest(/\/transfer$/) },
    send: (page) => click(page, `${CHAT}lc-composer >>> button`),
    submitTicket: (page) => click(page, `${CHAT}lc-ticket-dialog >>> button.go`),
    assigns: { queue: true, agent: false },
  },
};

// ---------------------------------------------------------------- the write-tools table (bench:consoles)

export interface WriteRow {
  console: string;
  record: string;
  lang: Lang;
  tool: WriteTool;
  verdict: Judged['verdict'];
  why: string;
}

/** What landed on the backend since a mark: the record's new replies and notes, new tickets and refunds, its assignee. */
export interface Landed {
  replies: string[];
  notes: string[];
  tickets: LandedTicket[];
  refunds: { recordId?: string; orderId: string; amount: number; currency: string; reason: string }[];
  /** The record's queue, only when it changed since the mark (one it already had is no assignment). */
  queue?: string;
  /** The record's agent, only when it changed since the mark. */
  agent?: string;
  /** Mutating requests since the mark. */
  requests: LogEntry[];
}

export interface Backend {
  mark(recordId: string): Promise<unknown>;
  since(mark: unknown): Promise<Landed>;
}

export interface TargetRecord {
  id: string;
  urls: Record<Lang, string>;
  customer: { name: string; email: string; phone: string; orderId?: string };
  category: string;
  /** Category labels by value, in each language (category.match's choice by hand, when it chose none). */
  categoryLabel: Record<Lang, string>;
}

export interface WriteTarget {
  name: string;
  hands: Hands;
  origin: string;
  reset(): Promise<void>;
  records(): Promise<TargetRecord[]>;
  backend: Backend;
  /** The queue queue.assign moves to (its value in the backend, its label as the agent says it). */
  queue: { value: string; label: Record<Lang, string> };
  /** The agent ticket.assign assigns to (default Marcus Lee, the fixtures' agent). */
  agent?: string;
}

/** A fixture console as a write target, judged by its truth and log. */
export function fixtureTarget(name: FixtureName, fx: FixtureServer): WriteTarget {
  return truthTarget(name, fx, HANDS_ALL[name], (r) => {
    const category = EXPECTED_CATEGORY[r.customer.email]!;
    return { category, categoryLabel: r.options.categories.find((c) => c.value === category)!.label };
  });
}

/**
 * Any console served by the fixture kit (its truth and request log), as a write target driven
 * by `hands`; `category` is what category.match should choose on a record.
 */
export function truthTarget(name: string, fx: FixtureServer, hands: Hands, category: (r: RecordTruth) => Pick<TargetRecord, 'category' | 'categoryLabel'>): WriteTarget {
  return {
    name,
    hands,
    origin: fx.url,
    reset: () => fx.reset(),
    async records() {
      return (await fx.truth()).records.map((r) => ({ id: r.recordId, urls: r.urls, customer: r.customer, ...category(r) }));
    },
    backend: {
      async mark(recordId) {
        const all = await fx.truth();
        return { recordId, rec: all.records.find((r) => r.recordId === recordId)!, tickets: all.tickets.length, refunds: all.refunds.length, log: (await fx.log()).length };
      },
      async since(mark) {
        const m = mark as { recordId: string; rec: RecordTruth; tickets: number; refunds: number; log: number };
        const all = await fx.truth();
        const rec = all.records.find((r) => r.recordId === m.recordId)!;
        const added = rec.messages.slice(m.rec.messages.length);
        return {
          replies: added.filter((x) => x.role === 'agent').map((x) => x.text),
          notes: added.filter((x) => x.role === 'note').map((x) => x.text),
          tickets: all.tickets.slice(m.tickets),
          refunds: all.refunds.slice(m.refunds),
          ...(rec.assignee.queue && rec.assignee.queue !== m.rec.assignee.queue ? { queue: rec.assignee.queue } : {}),
          ...(rec.assignee.agent && rec.assignee.agent !== m.rec.assignee.agent ? { agent: rec.assignee.agent } : {}),
          requests: (await fx.log()).slice(m.log).filter((e) => e.method !== 'GET'),
        };
      },
    },
    queue: { value: 'tech', label: { zh: '技术支持', en: 'Technical support' } },
  };
}

const OPAQUE_ICON = (pathStart: string) => `::-p-xpath(//button[.//*[local-name()="path"][starts-with(@d,"${pathStart}")]])`;

/** The opaque console too (judged, never tuned for): a person goes by its icons. */
const HANDS_ALL: Record<FixtureName, Hands> = {
  ...HANDS,
  opaque: {
    paths: { reply: /^\/x\/m$/, note: /^\/x\/m$/, ticket: /^\/x\/n$/, assign: oneRequest(/^\/x\/a$/) },
    send: (page) => click(page, OPAQUE_ICON('M2 21')),
    submitTicket: (page) => click(page, OPAQUE_ICON('M4 12')),
    assigns: { queue: true, agent: false },
  },
};

const TEXTS = {
  draft: { zh: '您好，我们正在核实您的订单，今天内回复您。', en: 'Hello, we are checking your order and will get back to you today.' },
  send: { zh: '您好，已为您登记处理，请留意后续通知。', en: 'Hello, this is now being handled; we will keep you posted.' },
  note: { zh: '已联系相关同事跟进，明早复查。', en: 'Asked the team to follow up; check again tomorrow morning.' },
  title: { zh: '客户来信需跟进', en: 'Customer request to follow up' },
  description: { zh: '客户来信反映问题，需按流程跟进处理。', en: 'The customer wrote in about an issue that needs following up.' },
  reason: { zh: '客户要求退款，已核实', en: 'Customer asked for a refund, verified' },
};
const AMOUNT = 99;

/** A fresh backend and a fresh tab on the record for each step, so each tool is judged on its own. */
async function step<T>(env: Env, t: WriteTarget, url: string, run: (o: Opened) => Promise<T>): Promise<T> {
  await t.reset();
  for (const p of await env.browser.pages()) if (p.url().startsWith(t.origin)) await Promise.race([p.close().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);
  const o = await openPage(env, url);
  try {
    return await run(o);
  } finally {
    // A page held by a dialog ("Leave site?") may never close: the next step goes on regardless.
    await Promise.race([o.page.close().catch(() => {}), new Promise((r) => setTimeout(r, 5_000))]);
  }
}

/** The accepted requests since the mark that assign (the console's own record of each, e.g. osTicket's thread events). */
const assignments = (l: Landed, path: RegExp) => l.requests.filter((e) => path.test(e.path) && e.status > 0 && e.status < 400).length;

async function landedAfter(t: WriteTarget, mark: unknown, ok: (l: Landed) => boolean, timeoutMs = 6_000): Promise<Landed> {
  // Nothing may land (a refused or failed tool): the judge decides what that means.
  return poll(() => t.backend.since(mark), ok, timeoutMs);
}

/** A confirmable call: confirmed in the side panel, and deskhand's word is the ledger's outcome. */
async function confirmed(env: Env, tabId: number, r: ToolResult): Promise<Said> {
  if (r.status !== 'needs_confirmation') return saidOf(r);
  let entry: LedgerEntry;
  try {
    entry = await confirmInPanel(env, tabId, r.call);
  } catch (e) {
    // A card a person cannot confirm (its Confirm stays disabled: a conflict, a stale record) sends nothing.
    const conflicts = JSON.stringify(r.call.conflicts).slice(0, 200);
    return { ok: false, why: `not confirmable (conflicts ${conflicts}): ${(e instanceof Error ? e.message : String(e)).slice(0, 100)}` };
  }
  return entry.state === 'executed' ? { ok: true } : { ok: false, why: `${entry.state}: ${entry.outcome?.error?.code ?? ''} ${entry.outcome?.error?.detail?.slice(0, 140) ?? ''}`.trim() };
}

const safely = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
  } catch {
    // a person's step that cannot be done (no such control): what landed says the rest
  }
};

/** `only`: just these tools (a variant of a target that changes what they meet, e.g. `Hands.compose`). */
export async function judgeWrites(env: Env, t: WriteTarget, rec: TargetRecord, lang: Lang, only?: readonly WriteTool[]): Promise<WriteRow[]> {
  const rows: WriteRow[] = [];
  const row = (tool: WriteTool, j: Judged) => {
    rows.push({ console: t.name, record: rec.id, lang, tool, ...j });
    // Progress for long bench runs: which check ended, and how.
    if (process.env.BENCH_PROGRESS) console.log(`[write] ${t.name} ${rec.id} ${lang} ${tool}: ${j.verdict}`);
  };
  const url = rec.urls[lang];
  const h = t.hands;
  const wants = (...tools: WriteTool[]) => !only || tools.some((x) => only.includes(x));

  // reply.draft, judged by what the backend gets when a person presses the console's own Send.
  if (wants('reply.draft')) await step(env, t, url, async ({ page, tabId }) => {
    if (h.compose) await safely(() => h.compose!(page, 'reply'));
    const mark = await t.backend.mark(rec.id);
    const r = await invoke(env, tabId, 'reply.draft', { text: TEXTS.draft[lang] });
    if (r.status === 'done') await safely(() => h.send(page, lang));
    const l = await landedAfter(t, mark, (x) => x.replies.length > 0, r.status === 'done' ? 6_000 : 500);
    row('reply.draft', judgeLanding(saidOf(r), l.replies.length, l.replies[0] === TEXTS.draft[lang], `replies ${JSON.stringify(l.replies).slice(0, 160)}`));
  });
  // reply.send and note.add: deskhand presses, a person confirms the send.
  for (const [tool, kind] of [['reply.send', 'replies'], ['note.add', 'notes']] as const) {
    if (!wants(tool)) continue;
    await step(env, t, url, async ({ page, tabId }) => {
      if (h.compose) await safely(() => h.compose!(page, tool === 'reply.send' ? 'reply' : 'note'));
      const mark = await t.backend.mark(rec.id);
      const text = tool === 'reply.send' ? TEXTS.send[lang] : TEXTS.note[lang];
      const said = await confirmed(env, tabId, await invoke(env, tabId, tool, { text }));
      const l = await landedAfter(t, mark, (x) => x[kind].length > 0, said.ok ? 3_000 : 1_500);
      const other = kind === 'replies' ? l.notes : l.replies;
      row(tool, judgeLanding(said, l[kind].length + other.length, l[kind][0] === text && other.length === 0, `${kind} ${JSON.stringify(l[kind]).slice(0, 120)}${other.length ? `, and ${JSON.stringify(other)} the other kind` : ''}`));
    });
  }
  if (h.assigns.queue && wants('queue.assign')) {
    await step(env, t, url, async ({ tabId }) => {
      const mark = await t.backend.mark(rec.id);
      const said = saidOf(await invoke(env, tabId, 'queue.assign', { queue: t.queue.label[lang] }));
      const l = await landedAfter(t, mark, (x) => x.queue === t.queue.value, said.ok ? 3_000 : 1_000);
      row('queue.assign', judgeAssignment(said, assignments(l, h.paths.assign.queue), l.queue, t.queue.value));
    });
  }
  if (h.assigns.agent && wants('ticket.assign')) {
    const agent = t.agent ?? 'Marcus Lee';
    await step(env, t, url, async ({ tabId }) => {
      const mark = await t.backend.mark(rec.id);
      const said = saidOf(await invoke(env, tabId, 'ticket.assign', { agent }));
      const l = await landedAfter(t, mark, (x) => x.agent === agent, said.ok ? 3_000 : 1_000);
      row('ticket.assign', judgeAssignment(said, assignments(l, h.paths.assign.agent), l.agent, agent));
    });
  }
  if (wants('customer.fill', 'ticket.fill', 'category.match', 'ticket.submit')) rows.push(...(await ticketTools(env, t, rec, lang, url)));
  // T: the quick-ticket flow with the model server, where the ticket form is. A console that
  // keeps it on a page of its own says so on the record page (the ticketForm facet tests);
  // the agent goes there from the record, as told, and presses T on it.
  if (wants('quickTicket')) await step(env, t, url, async ({ page }) => {
    if (h.ticketPage) {
      await safely(() => h.ticketPage!(page, lang));
      await waitReady({ worker: env.worker }, page).catch(() => {});
      await settle(page);
    }
    const mark = await t.backend.mark(rec.id);
    const toast = await press(page, 'KeyT', (x) => /已完成|未完成|已取消|没有建单表单/.test(x), 60_000).catch(() => '');
    const l = await landedAfter(t, mark, (x) => x.tickets.length > 0, /已完成/.test(toast) ? 3_000 : 500);
    const tk = l.tickets[0];
    // A ticket opened on a form page of its own (classic's /open.cgi), or on a console that links
    // a new ticket to its customer only (osTicket), has no record link to check: its customer is.
    const linked = !!tk && (!!h.ticketPage || tk.recordId === undefined || tk.recordId === rec.id);
    const same = linked && tk.category === rec.category && tk.customer.email.toLowerCase() === rec.customer.email.toLowerCase();
    row('quickTicket', judgeLanding({ ok: /已完成/.test(toast), why: toast.replace(/^deskhand · /, '').slice(0, 160) }, l.tickets.length, same, tk ? `ticket ${tk.recordId ?? '-'} ${tk.category} ${tk.customer.email}` : 'no ticket'));
  });
  if (h.refund && rec.customer.orderId && wants('refund.request')) {
    await step(env, t, url, async ({ page, tabId }) => {
      const mark = await t.backend.mark(rec.id);
      await safely(() => h.refund!(page, lang, String(AMOUNT), TEXTS.reason[lang]));
      const toast = await press(page, 'KeyR').catch(() => '');
      const call = await pendingCall(env, tabId, 'refund.request');
      const said: Said = call ? await confirmed(env, tabId, { status: 'needs_confirmation', call: call } as ToolResult) : { ok: false, why: toast.replace(/^deskhand · /, '') };
      const l = await landedAfter(t, mark, (x) => x.refunds.length > 0, said.ok ? 3_000 : 1_000);
      const f = l.refunds[0];
      const same = !!f && f.orderId === rec.customer.orderId && f.amount === AMOUNT && f.currency === 'CNY' && f.reason === TEXTS.reason[lang];
      row('refund.request', judgeLanding(said, l.refunds.length, same, f ? JSON.stringify(f).slice(0, 160) : 'no refund'));
    });
  }
  return rows;
}

/** customer.fill, ticket.fill, category.match, ticket.submit: one form, one ticket, each tool judged on its part. */
async function ticketTools(env: Env, t: WriteTarget, rec: TargetRecord, lang: Lang, url: string): Promise<WriteRow[]> {
  return step(env, t, url, async ({ page, tabId }) => {
    if (t.hands.ticketPage) {
      await safely(() => t.hands.ticketPage!(page, lang));
      await waitReady({ worker: env.worker }, page).catch(() => {});
      await settle(page);
    }
    const mark = await t.backend.mark(rec.id);
    const customer = saidOf(await invoke(env, tabId, 'customer.fill', {}));
    // The customer named by hand where deskhand found none, so the other fields can still be judged.
    if (!customer.ok) await invoke(env, tabId, 'customer.fill', { email: rec.customer.email, name: rec.customer.name });
    // A lookup form reloads the page with the chosen customer (osTicket): wait for it as a person does.
    await waitReady({ worker: env.worker }, page).catch(() => {});
    await settle(page);
    const lacks = t.hands.lacks ?? [];
    let noCategory: Judged | null = null;
    const matchCategory = async (): Promise<Said> => {
      const c = await invoke(env, tabId, 'category.match', {});
      const chose = c.status === 'done' && (c.data as { applied?: boolean }).applied === true;
      if (lacks.includes('category')) {
        const code = 'error' in c ? c.error.code : '';
        noCategory = chose
          ? { verdict: 'wrong', why: `chose ${JSON.stringify((c.data as { choice?: unknown }).choice).slice(0, 80)} on a form without a category` }
          : c.status === 'done' || code === 'NO_CATEGORY_FIELD'
            ? { verdict: 'right', why: '' }
            : { verdict: 'missing', why: saidOf(c).why ?? '' };
        return saidOf(c);
      }
      // A category chosen by hand where deskhand chose none, so the other fields can still be judged.
      if (!chose) await invoke(env, tabId, 'ticket.fill', { category: rec.categoryLabel[lang] });
      return chose ? { ok: true } : c.status === 'done' ? { ok: false, why: 'chose no category' } : saidOf(c);
    };
    const first = t.hands.categoryFirst ? await matchCategory() : null;
    const priority = lacks.includes('priority') ? '' : 'high';
    const fill = saidOf(await invoke(env, tabId, 'ticket.fill', { title: TEXTS.title[lang], description: TEXTS.description[lang], ...(priority ? { priority } : {}) }));
    const category = first ?? (await matchCategory());
    const submit = saidOf(await invoke(env, tabId, 'ticket.submit', {}));
    let l = await landedAfter(t, mark, (x) => x.tickets.length > 0, 4_000);
    const byDeskhand = l.tickets.length;
    if (!byDeskhand) {
      await safely(() => t.hands.submitTicket(page, lang));
      l = await landedAfter(t, mark, (x) => x.tickets.length > 0, 4_000);
    }
    const ticket = l.tickets.length === 1 ? l.tickets[0]! : null;
    const want = { customer: rec.customer, title: TEXTS.title[lang], description: TEXTS.description[lang], priority, category: rec.category };
    const base = { console: t.name, record: rec.id, lang };
    return [
      { ...base, tool: 'customer.fill' as const, ...judgeTicketFields('customer.fill', customer, ticket, want) },
      { ...base, tool: 'ticket.fill' as const, ...judgeTicketFields('ticket.fill', fill, ticket, want) },
      { ...base, tool: 'category.match' as const, ...(noCategory ?? judgeTicketFields('category.match', category, ticket, want)) },
      { ...base, tool: 'ticket.submit' as const, ...judgeLanding(submit, byDeskhand, byDeskhand === 1, `${byDeskhand} ticket(s)`) },
    ];
  });
}

// ---------------------------------------------------------------- the demo console (judged by its log)

const DEMO_CATEGORY: Record<string, string> = { 'C-1001': 'quality', 'C-1002': 'shipping', 'C-1003': 'account' };

/** The demo console as a write target: what landed is read from its request log. */
export function demoTarget(server: ConsoleServer): WriteTarget {
  const log = async (): Promise<DemoLogEntry[]> => (await (await fetch(`${server.url}/api/_log`)).json()) as DemoLogEntry[];
  const ok = (e: DemoLogEntry) => e.status >= 200 && e.status < 300;
  return {
    name: 'demo',
    origin: server.url,
    hands: {
      paths: { reply: /\/messages$/, note: /\/notes$/, ticket: /^\/api\/tickets$/, refund: /^\/api\/refunds$/, assign: oneRequest(/\/queue$/) },
      send: (page) => click(page, '.send-btn'),
      submitTicket: (page) => click(page, '.submit-ticket'),
      async refund(page, _lang, amount, reason) {
        const frame = page.frames().find((f) => f.url().includes('refund-frame'));
        if (!frame) throw new Error('no refund frame');
        await typeOver(page, (await frame.waitForSelector('input[name=a]'))!, amount);
        await typeOver(page, (await frame.$('textarea[name=r]'))!, reason);
      },
      assigns: { queue: true, agent: false },
    },
    reset: async () => void (await fetch(`${server.url}/api/_reset`, { method: 'POST', body: '{}' })),
    async records() {
      return seedConversations().map((c) => ({
        id: c.id,
        urls: { zh: `${server.url}/?c=${c.id}`, en: `${server.url}/?lang=en&c=${c.id}` },
        customer: { name: c.customer.name, email: c.customer.email, phone: c.customer.phone, orderId: c.customer.orderId },
        category: DEMO_CATEGORY[c.id]!,
        categoryLabel: { zh: CATEGORIES.find((x) => x.value === DEMO_CATEGORY[c.id])!.zh, en: CATEGORIES.find((x) => x.value === DEMO_CATEGORY[c.id])!.en },
      }));
    },
    backend: {
      async mark(recordId) {
        return { recordId, at: (await log()).length };
      },
      async since(mark) {
        const m = mark as { recordId: string; at: number };
        const entries = (await log()).slice(m.at).filter((e) => e.method !== 'GET');
        const on = (kind: string) => entries.filter((e) => ok(e) && e.path === `/api/conversations/${m.recordId}/${kind}`).map((e) => e.body as Record<string, unknown>);
        const queue = on('queue').at(-1)?.queue;
        return {
          replies: on('messages').map((b) => String(b.text ?? '')),
          notes: on('notes').map((b) => String(b.text ?? '')),
          tickets: entries
            .filter((e) => ok(e) && e.path === '/api/tickets')
            .map((e) => {
              const b = e.body as Record<string, unknown> & { customer?: Record<string, string> };
              return { recordId: String(b.conversationId ?? ''), subject: String(b.title ?? ''), category: String(b.category ?? ''), priority: String(b.priority ?? ''), description: String(b.description ?? ''), customer: { name: b.customer?.name ?? '', email: b.customer?.email ?? '', phone: b.customer?.phone ?? '' } };
            }),
          refunds: entries
            .filter((e) => ok(e) && e.path === '/api/refunds')
            .map((e) => {
              const b = e.body as Record<string, unknown>;
              return { recordId: String(b.conversationId ?? ''), orderId: String(b.orderId ?? ''), amount: Number(b.amount), currency: String(b.currency ?? ''), reason: String(b.reason ?? '') };
            }),
          ...(typeof queue === 'string' ? { queue } : {}),
          requests: entries.map((e) => ({ ...e, time: e.at })),
        };
      },
    },
    queue: { value: 'tech', label: { zh: '技术支持', en: 'Tech support' } },
  };
}
