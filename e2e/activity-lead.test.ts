/**
 * Activity for a team lead (issue 23 item 8), through the real extension on the demo console:
 * sends prepared in a console tab, one confirmed and one rejected in the side panel; the
 * Activity view shows one row per action (prepare → decision → outcome) naming the
 * conversation and the customer masked, who confirmed and who rejected, in zh-CN and in en;
 * two agents' JSONL exports imported into one view, counted and filtered per agent, never
 * written into this browser's log; and the export to an organisation's log pipeline — a local
 * OTLP/HTTP receiver set by a real Chromium policy file (under an extension id made for this
 * run): nothing sent without the policy, the records encoded as OTLP logs exactly as the JSONL
 * has them, a 503 tried again after its Retry-After and delivered once, and nothing more once
 * the policy is removed.
 */
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecord } from '../src/tools/audit.ts';
import type { ExportLogsServiceRequest, OtlpLogRecord } from '../src/tools/otlp.ts';
import type { ToolResult } from '../src/tools/types.ts';
import { confirmCard, poll, startHarness, until, type Harness } from './harness.ts';
import { distWithKey, runKey } from './policy-key.ts';

const POLICY_DIR = '/etc/chromium/policies/managed';
/** Screenshots for a person to look at (not compared). */
const POLICY_FILE = join(POLICY_DIR, `deskhand-e2e-activity-${process.pid}.json`);

const stored = (h: Harness) => h.worker.evaluate(async () => ((await chrome.storage.local.get('audit')).audit ?? []) as AuditRecord[]);

/** A send prepared in a fresh console tab (`/?c=…`), then confirmed or rejected in its side panel. */
async function decidedSend(h: Harness, conversation: string, text: string, decide: 'confirm' | 'reject'): Promise<string> {
  const { tabId } = await h.freshConsole(`/?c=${conversation}`);
  const panel = await h.panel(tabId);
  const r: ToolResult = await h.invoke(panel, tabId, 'reply.send', { text });
  if (r.status !== 'needs_confirmation') throw new Error(`not prepared: ${JSON.stringify(r)}`);
  const id = r.call.actionId;
  if (decide === 'confirm') await confirmCard(panel, id);
  else {
    await panel.waitForSelector(`.card[data-action-id="${id}"] button.reject`);
    await panel.click(`.card[data-action-id="${id}"] button.reject`);
  }
  await panel.waitForSelector(`.outcome[data-action-id="${id}"][data-state="${decide === 'confirm' ? 'executed' : 'rejected'}"]`);
  // A read in the same tab: a plain call, one row of its own. Its record leaves the tab in a
  // batch a moment later; the tab stays open until the worker has stored it.
  const reads = async () => (await stored(h)).filter((r) => r.tool === 'conversation.read').length;
  const before = await reads();
  await h.invoke(panel, tabId, 'conversation.read', {}, 'llm');
  await until(reads, (n) => n > before);
  await panel.close();
  return id;
}

async function activity(h: Harness): Promise<Page> {
  const page = await h.browser.newPage();
  await page.goto(`chrome-extension://${h.extensionId}/src/sidepanel/index.html?view=activity`, { waitUntil: 'load' });
  await page.waitForSelector('section.activity');
  return page;
}

interface Row {
  id: string | null;
  tool: string;
  status: string;
  agent: string;
  records: number;
  /** What the row shows outside Details. */
  text: string;
  details: string;
}
const rows = (page: Page) =>
  page.$$eval('.record.action', (els) =>
    els.map((e) => {
      const el = e as HTMLElement;
      const shown = el.cloneNode(true) as HTMLElement;
      shown.querySelector('details')?.remove();
      return {
        id: el.dataset.actionId ?? null,
        tool: el.dataset.tool ?? '',
        status: el.dataset.status ?? '',
        agent: el.dataset.agent ?? '',
        records: Number(el.dataset.records),
        text: shown.textContent ?? '',
        details: el.querySelector('details')?.textContent ?? '',
      };
    }),
  ) as Promise<Row[]>;

/** What the rows say, in each language (the UI's words, the demo console's data). */
interface Words {
  conversation: (id: string) => string;
  customer: (masked: string) => string;
  prepared: string;
  confirmedBy: string;
  rejectedBy: string;
  decidedAfter: RegExp;
  carriedOut: string;
  /** How the confirming word reads, which a rejection must never show. */
  confirmWord: RegExp;
}
const ZH: Words = {
  conversation: (id) => `会话 ${id}`,
  customer: (m) => `客户 ${m}`,
  prepared: '发起（界面操作）',
  confirmedBy: '由 李娜 确认',
  rejectedBy: '由 李娜 拒绝',
  decidedAfter: /决定用时 (\d+秒|不到 1 秒)/,
  carriedOut: '已执行',
  confirmWord: /确认人|确认/,
};
const EN: Words = {
  conversation: (id) => `conversation ${id}`,
  customer: (m) => `customer ${m}`,
  prepared: 'prepared (Panel)',
  confirmedBy: 'confirmed by Sam Lee',
  rejectedBy: 'rejected by Sam Lee',
  decidedAfter: /decided after (\d+ seconds?|under a second)/,
  carriedOut: 'Carried out',
  confirmWord: /confirmed/,
};
const MASKED: Record<string, string> = { 'C-1001': '张***', 'C-1002': 'L***' };

/** The confirmed send and the rejected one: each one row with its whole story, the customer masked. */
function expectStories(all: Row[], yes: { id: string; conversation: string }, no: { id: string; conversation: string }, w: Words): void {
  const [sent, ...more] = all.filter((r) => r.id === yes.id);
  expect(more).toEqual([]);
  expect(sent).toMatchObject({ tool: 'reply.send', status: 'executed', records: 2 });
  for (const part of [w.conversation(yes.conversation), w.customer(MASKED[yes.conversation]!), w.prepared, w.confirmedBy, w.carriedOut]) expect(sent!.text).toContain(part);
  expect(sent!.text).toMatch(w.decidedAfter);
  const [rej, ...again] = all.filter((r) => r.id === no.id);
  expect(again).toEqual([]);
  expect(rej).toMatchObject({ tool: 'reply.send', status: 'rejected', records: 2 });
  for (const part of [w.conversation(no.conversation), w.customer(MASKED[no.conversation]!), w.rejectedBy]) expect(rej!.text).toContain(part);
  expect(rej!.text).not.toMatch(w.confirmWord);
}

/** The rows once every action of `ids` is on the page with its decision. */
const rowsWith = (page: Page, ids: string[]) => until(() => rows(page), (rs) => ids.every((id) => rs.some((r) => r.id === id && r.records >= 2)));

describe('Activity for a team lead, in Chinese, with the log pipeline', () => {
  const { key, id: extensionId } = runKey();
  let h: Harness;
  let copy: string;
  let receiver: Server;
  let endpoint: string;
  /** Every request the receiver got, and the status it answered. */
  const requests: { path: string; headers: IncomingHttpHeaders; body: ExportLogsServiceRequest; status: number }[] = [];
  /** Statuses to answer next (then 200). */
  const plan: number[] = [];
  let confirmed = '';
  let rejected = '';
  const files = mkdtempSync(join(tmpdir(), 'deskhand-activity-import-'));

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString('utf8')));
      req.on('end', () => {
        const status = plan.shift() ?? 200;
        let body: ExportLogsServiceRequest;
        try {
          body = JSON.parse(text) as ExportLogsServiceRequest;
        } catch {
          body = { resourceLogs: [] };
        }
        requests.push({ path: req.url ?? '', headers: req.headers, body, status });
        if (status === 503) return void res.writeHead(503, { 'retry-after': '2' }).end('busy');
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    copy = distWithKey(key, 'deskhand-activity-dist-');
    // Before the browser starts: Chromium watches the policy folder only if it is there.
    mkdirSync(POLICY_DIR, { recursive: true });
    h = await startHarness({ roles: ['AGENT'], agentName: '李娜' }, { dist: copy });
  });
  afterAll(async () => {
    rmSync(POLICY_FILE, { force: true });
    await h?.close();
    await new Promise((r) => receiver?.close(r));
    if (copy) rmSync(copy, { recursive: true, force: true });
    rmSync(files, { recursive: true, force: true });
  });

  const managed = () => h.worker.evaluate(() => chrome.storage.managed.get(null));
  const queueState = () => h.worker.evaluate(async () => (await chrome.storage.local.get('logExportQueue')).logExportQueue ?? null) as Promise<{ items: unknown[]; lastProblem: { kind: string; status?: number } | null; failingSince: number | null; retryAt: number | null; sent: number } | null>;

  /**
   * Writes the policy file whole (a rename: Chromium never reads half a file), or removes it,
   * and waits until the extension's managed storage says so. Chromium notices the change itself (about 5 s, its
   * settle time); on this shared machine it sometimes did not within a minute, so after 15 s
   * the test does what an admin does then: chrome://policy → "Reload policies".
   */
  async function setPolicy(policy: unknown | null): Promise<void> {
    if (policy === null) rmSync(POLICY_FILE, { force: true });
    else {
      // Beside the policy folder (the same file system), never inside it.
      const tmp = join(POLICY_DIR, '..', `.deskhand-e2e-activity-${process.pid}.tmp`);
      writeFileSync(tmp, JSON.stringify(policy));
      renameSync(tmp, POLICY_FILE);
    }
    const arrived = async () => !!((await managed()) as { logExport?: unknown }).logExport === (policy !== null);
    if ((await poll(arrived, (x) => x, 15_000)) === true) return;
    const page = await h.browser.newPage();
    await page.goto('chrome://policy', { waitUntil: 'load' });
    await page.click('pierce/#reload-policies');
    await until(arrived, (x) => x, 30_000);
    await page.close();
  }

  it('runs under the extension id made for this run', () => {
    expect(h.extensionId).toBe(extensionId);
  });

  it('one row per action: the conversation and the customer masked, confirmed by / rejected by, no milliseconds outside Details', async () => {
    confirmed = await decidedSend(h, 'C-1001', '您好，已为您登记退款，请留意短信 13812345678。', 'confirm');
    rejected = await decidedSend(h, 'C-1002', '这条不发', 'reject');
    const page = await activity(h);
    const all = await rowsWith(page, [confirmed, rejected]);

    expectStories(all, { id: confirmed, conversation: 'C-1001' }, { id: rejected, conversation: 'C-1002' }, ZH);

    // The reads are rows of their own, about the page they ran on.
    const reads = all.filter((r) => r.tool === 'conversation.read');
    expect(reads).toHaveLength(2);
    expect(reads.every((r) => r.records === 1 && /会话 C-100[12]/.test(r.text))).toBe(true);

    const shown = all.map((r) => r.text).join('\n');
    expect(shown).not.toContain('张伟');
    expect(shown).not.toContain('Li Na');
    expect(shown).not.toContain('毫秒');
    expect(all.find((r) => r.id === confirmed)!.details).toContain('毫秒');
    // Only this browser's agent: no agent column to tell apart.
    expect(await page.$('select[name=filter-agent]')).toBeNull();
    await page.close();
  });

  it('nothing is sent without the policy: no queue, no request', async () => {
    expect(await managed()).toEqual({});
    expect((await stored(h)).some((r) => r.actionId === rejected && r.kind === 'confirmation')).toBe(true);
    expect(await queueState()).toBeNull();
    expect(requests).toEqual([]);
  });

  it("imports two agents' JSONL exports into one view: bad lines reported, counts and a filter per agent, this browser's log untouched", async () => {
    const page = await activity(h);
    await rowsWith(page, [confirmed, rejected]);
    await page.click('button.export');
    await page.waitForSelector('a.export-link');
    const own = await page.evaluate(async () => (await fetch(document.querySelector<HTMLAnchorElement>('a.export-link')!.href)).text());
    const lines = own.trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as AuditRecord).agent)).toEqual(lines.map(() => '李娜'));
    // A second agent's export: the same kind of day under another name, with one damaged line.
    const other = lines.map((l) => {
      const r = JSON.parse(l) as AuditRecord;
      const swap = (s: string | null | undefined) => (s ? `w-${s}` : (s ?? null));
      return JSON.stringify({ ...r, agent: '王强', traceId: swap(r.traceId), toolCallId: swap(r.toolCallId), actionId: swap(r.actionId), ...(r.decidedBy ? { decidedBy: '王强' } : {}), ...(r.approvedBy ? { approvedBy: '王强' } : {}) });
    });
    other.splice(1, 0, '{"kind":"invoke","tool":');
    writeFileSync(join(files, 'li-na.jsonl'), own);
    writeFileSync(join(files, 'wang-qiang.jsonl'), `${other.join('\n')}\n`);
    const before = (await stored(h)).length;

    await page.click('button[name=source-imported]');
    const input = (await page.waitForSelector('input[name=import-jsonl]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(join(files, 'li-na.jsonl'), join(files, 'wang-qiang.jsonl'));
    const report = await until(
      () => page.$$eval('.import-report li', (els) => els.map((e) => ({ file: (e as HTMLElement).dataset.file, records: Number((e as HTMLElement).dataset.records), bad: Number((e as HTMLElement).dataset.bad), text: e.textContent ?? '' }))),
      (r) => r.length === 2,
    );
    expect(report[0]).toMatchObject({ file: 'li-na.jsonl', records: lines.length, bad: 0 });
    expect(report[1]).toMatchObject({ file: 'wang-qiang.jsonl', records: lines.length, bad: 1 });
    expect(report[1]!.text).toContain('无法读取 1 行（第 2 行）');

    const counts = await page.$$eval('.agent-counts tbody tr', (trs) =>
      trs.map((tr) => ({ agent: (tr as HTMLElement).dataset.agent, cells: [...tr.querySelectorAll('td')].map((td) => Number(td.textContent)) })),
    );
    // Each: the two sends and their two reads; one confirmed, one rejected, nothing failed.
    expect(counts.sort((a, b) => String(a.agent).localeCompare(String(b.agent)))).toEqual(
      [
        { agent: '李娜', cells: [4, 1, 1, 0] },
        { agent: '王强', cells: [4, 1, 1, 0] },
      ].sort((a, b) => a.agent.localeCompare(b.agent)),
    );
    const merged = await rows(page);
    expect(merged).toHaveLength(8);
    expect(merged.find((r) => r.id === `w-${rejected}`)!.text).toContain('由 王强 拒绝');
    expect(merged.find((r) => r.id === `w-${rejected}`)!.text).toContain('坐席：王强');

    await page.select('select[name=filter-agent]', '王强');
    const his = await until(() => rows(page), (rs) => rs.length === 4);
    expect(his.every((r) => r.agent === '王强')).toBe(true);
    await page.click('.agent-counts tr[data-agent="李娜"] button.pick-agent');
    const hers = await until(() => rows(page), (rs) => rs.every((r) => r.agent === '李娜'));
    expect(hers).toHaveLength(4);

    // Shown, never stored: this browser's log is as it was; clearing the import empties the view.
    expect((await stored(h)).length).toBe(before);
    await page.click('button.clear-imported');
    await until(() => rows(page), (rs) => rs.length === 0);
    expect(await page.$('.import-report')).toBeNull();
    await page.close();
  });

  it('with the policy: OTLP/HTTP logs arrive encoded as the JSONL has them; a 503 is tried again after its Retry-After and delivered once', async () => {
    plan.push(503);
    await setPolicy({ '3rdparty': { extensions: { [extensionId]: { logExport: { endpoint, headers: { 'x-collector-key': 'k-123' } } } } } });

    const id = await decidedSend(h, 'C-1001', '已为您补发，电话 13812345678', 'confirm');
    // The 503 is answered and remembered with the server's wait, then the same batch goes again.
    const failing = await until(queueState, (s) => s?.lastProblem?.status === 503, 15_000);
    expect(failing!.retryAt! - failing!.failingSince!).toBe(2_000);
    const delivered = () => requests.filter((r) => r.status === 200).flatMap((r) => r.body.resourceLogs.flatMap((rl) => rl.scopeLogs.flatMap((sl) => sl.logRecords)));
    const attr = (l: OtlpLogRecord, k: string) => l.attributes.find((a) => a.key === k)?.value;
    await until(async () => delivered(), (ls) => ls.some((l) => (attr(l, 'deskhand.action_id') as { stringValue?: string })?.stringValue === id && (attr(l, 'deskhand.kind') as { stringValue?: string })?.stringValue === 'confirmation'), 20_000);
    await until(queueState, (s) => s?.items.length === 0);

    expect(requests[0]!.status).toBe(503);
    for (const r of requests) {
      expect(r.path).toBe('/v1/logs');
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['x-collector-key']).toBe('k-123');
      expect(r.body.resourceLogs[0]!.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'deskhand' } });
    }
    // Retried, delivered once: what the 503 refused came again, and every record arrived exactly once.
    const uid = (l: OtlpLogRecord) => (attr(l, 'log.record.uid') as { stringValue: string }).stringValue;
    const refused = requests[0]!.body.resourceLogs[0]!.scopeLogs[0]!.logRecords.map(uid);
    const uids = delivered().map(uid);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((u) => uids.includes(u))).toBe(true);
    expect(new Set(uids).size).toBe(uids.length);

    // Each log record: the stored (masked) record as its body, times in nanoseconds, typed attributes.
    const audit = await stored(h);
    const logs = delivered();
    // Only what was written while the policy was set: this send's prepare and outcome, and the read after it.
    const kinds = logs.map((l) => `${(attr(l, 'deskhand.tool') as { stringValue: string }).stringValue}:${(attr(l, 'deskhand.status') as { stringValue: string }).stringValue}`);
    expect(kinds).toEqual(['reply.send:needs_confirmation', 'reply.send:executed', 'conversation.read:done']);
    expect(logs.some((l) => l.body.stringValue.includes(confirmed))).toBe(false);
    for (const l of logs) {
      const r = JSON.parse(l.body.stringValue) as AuditRecord;
      expect(audit.map((x) => JSON.stringify(x))).toContain(l.body.stringValue);
      expect(l.timeUnixNano).toBe(`${Date.parse(r.timestamp)}000000`);
      expect(attr(l, 'deskhand.tool')).toEqual({ stringValue: r.tool });
      expect(attr(l, 'deskhand.agent')).toEqual({ stringValue: '李娜' });
    }
    const outcome = logs.find((l) => (attr(l, 'deskhand.kind') as { stringValue: string }).stringValue === 'confirmation')!;
    expect(attr(outcome, 'deskhand.action_id')).toEqual({ stringValue: id });
    expect(outcome).toMatchObject({ severityText: 'INFO', severityNumber: 9 });
    expect(attr(outcome, 'deskhand.record')).toEqual({ stringValue: 'C-1001' });
    expect(attr(outcome, 'deskhand.customer')).toEqual({ stringValue: '张***' });
    expect(attr(outcome, 'deskhand.decided_by')).toEqual({ stringValue: '李娜' });
    expect(attr(outcome, 'deskhand.human_approved')).toEqual({ boolValue: true });
    // Masked as the JSONL is: the phone in the reply, the customer named by the subject.
    const wire = JSON.stringify(requests.map((r) => r.body));
    expect(wire).not.toContain('13812345678');
    expect(wire).toContain('138****5678');
    expect(logs.every((l) => (attr(l, 'deskhand.customer') as { stringValue: string }).stringValue === '张***')).toBe(true);

    // The lead sees the export's state in Activity.
    const page = await activity(h);
    const state = await until(
      () => page.$eval('.log-export', (e) => ({ queued: (e as HTMLElement).dataset.queued, dropped: (e as HTMLElement).dataset.dropped, sent: Number((e as HTMLElement).dataset.sent), text: e.textContent ?? '' })).catch(() => null),
      (s) => s !== null && s.queued === '0',
    );
    expect(state!.sent).toBe(uids.length);
    expect(state!.dropped).toBe('0');
    expect(state!.text).toContain(new URL(endpoint).host);
    expect(state!.text).toContain('上次发送');
    expect(state!.text).not.toContain('发送失败');
    await page.close();
  });

  it('once the policy is removed nothing more is sent', async () => {
    await setPolicy(null);
    const count = requests.length;
    const id = await decidedSend(h, 'C-1003', '策略移除后', 'confirm');
    await until(() => stored(h), (a) => a.some((r) => r.actionId === id && r.kind === 'confirmation'));
    expect(((await queueState())?.items ?? []).length).toBe(0);
    expect(requests.length).toBe(count);
  });
});

describe('Activity for a team lead, in English', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ roles: ['AGENT'], agentName: 'Sam Lee' }, { lang: 'en' });
  });
  afterAll(async () => h?.close());

  it('one row per action: conversation and masked customer, confirmed by / rejected by, decided after, no ms outside Details', async () => {
    const yes = await decidedSend(h, 'C-1002', 'We have reshipped your order.', 'confirm');
    const no = await decidedSend(h, 'C-1001', 'Not this one.', 'reject');
    const page = await activity(h);
    const all = await rowsWith(page, [yes, no]);
    expectStories(all, { id: yes, conversation: 'C-1002' }, { id: no, conversation: 'C-1001' }, EN);
    const shown = all.map((r) => r.text).join('\n');
    expect(shown).not.toMatch(/\d ms\b/);
    expect(shown).not.toContain('Li Na');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.close();
  });
});
