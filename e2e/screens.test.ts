/**
 * Every screen in both languages, in real Chromium set to zh-CN and to en (and to a time zone
 * that is not UTC): no English in the Chinese screens and no Chinese in the English ones
 * (console data, names and brand words aside), local times with their zone, and npm run
 * demo's model writing the quick ticket. Screenshots go to .tmp/screens/<lang>/ (npm run
 * docs:screens writes the same walk to docs/screens/).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_NAME, walkScreens, type Lang, type Walk } from '../scripts/screens.ts';

/** Words that stay as they are in either language: brands, codes, roles, key names, units of data. */
const KEEP = [
  /https?:\/\/\S+/g,
  /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g,
  /\b[A-Z]+-\d+\b/g, // record ids: C-1001, T-9001, ORD-20261101
  /\b(?:Ctrl|Alt|Shift|Meta)(?:\+(?:Ctrl|Alt|Shift|Meta))*\+[A-Z0-9]\b/g,
  /window\.__extTools/g,
  /(?:^|\s|（)\/[\w./-]+/g, // paths: /scp/kb.php
  /\b[a-z]+(?:\.[a-z]+)+\b/gi, // settings and file names an admin types: kb.urls
  /\b(?:json|html|local)(?=：)/g, // provider kinds, as typed in the knowledge-source config
  /\b(?:JSON|HTML|CSV|Markdown|osTicket|FAQ)\b/g, // formats and products
  /\b(?:deskhand|OpenAI|Azure|DeepSeek|Qwen|DashScope|Moonshot|Kimi|Ollama|vLLM|JSONL|AI|API|Base URL|URL|AGENT|REFUND_APPROVER|CNY|GMT[+-]?\d*|Esc)\b/g,
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function strip(text: string, data: string[]): string {
  let out = text;
  for (const re of KEEP) out = out.replace(re, ' ');
  // Console data as whole words: "and" in the data must not eat the "and" of "deskhand".
  for (const d of data) out = /[A-Za-z]/.test(d) ? out.replace(new RegExp(`(?<![A-Za-z])${escape(d)}(?![A-Za-z])`, 'g'), ' ') : out.split(d).join(' ');
  return out;
}

/** What should not be on a screen in this language, or '' if nothing. */
export function foreign(lang: Lang, text: string, data: string[]): string[] {
  const rest = strip(text, data);
  // Chinese punctuation too: a 、 or ： between English words is the other language's grammar.
  if (lang === 'en') return rest.match(/[\p{Script=Han}、，。：；（）「」][^\n]{0,20}/gu) ?? [];
  return (rest.match(/[A-Za-z]{2,}(?:[ -][A-Za-z]{2,})*/g) ?? []);
}

const walks = new Map<Lang, Walk>();
async function walk(lang: Lang): Promise<Walk> {
  if (!walks.has(lang)) {
    const timeZone = lang === 'zh_CN' ? 'Asia/Shanghai' : 'America/New_York';
    walks.set(lang, await walkScreens({ lang, timeZone, outDir: join(import.meta.dirname, '../.tmp/screens', lang) }));
  }
  return walks.get(lang)!;
}

describe.each([
  ['zh_CN', 'Asia/Shanghai', 'zh-CN'],
  ['en', 'America/New_York', 'en'],
] as const)('every screen in %s', (lang, timeZone, locale) => {
  it('speaks one language: nothing of the other one besides console data, names and brand words', { timeout: 120_000 }, async () => {
    const w = await walk(lang);
    expect(w.screens.map((s) => s.name)).toEqual(['console-toast', 'sidepanel', 'sidepanel-outcomes', 'activity', 'options']);
    for (const s of w.screens) expect(foreign(lang, s.text, w.consoleData), `${lang} ${s.name}`).toEqual([]);
  });

  it('shows activity times in the browser’s zone, recent ones relative, the full time on hover; the export stays ISO UTC', { timeout: 120_000 }, async () => {
    const w = await walk(lang);
    expect(w.times.length).toBeGreaterThan(5);
    for (const t of w.times) {
      const d = new Date(t.iso);
      const hm = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
      const utc = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
      const zone = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')!.value;
      expect(t.title).toContain(hm);
      expect(t.title).toContain(zone);
      expect(t.title).not.toContain(utc);
      expect(t.text).toMatch(lang === 'en' ? /ago|now/ : /前|现在/);
    }
    expect(w.exportedTimestamps.every((s) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(s))).toBe(true);
  });

  it('the refund card: says what it does (money, not "console data"), one amount with its currency, irreversible once, who may confirm and that the roles are self-declared; the outcome and the audit say who confirmed with which roles', { timeout: 120_000 }, async () => {
    const { card, outcome, audit, activity } = (await walk(lang)).refund;
    const nb = (s: string) => s.replace(/\u00a0/g, ' ');
    const words = lang === 'zh_CN'
      ? { consoleData: '修改客服台数据', undo: /不可撤销|无法撤回|不能撤回|不可撤回/g, money: '资金', self: '自行声明', currency: '币种', amount: '金额', who: '可确认者', approver: '退款审批人', auditSelf: '确认人角色（自行声明）' }
      : { consoleData: 'Changes console data', undo: /irreversible|cannot be undone|cannot be taken back|can.t be undone/gi, money: 'money', self: 'self-declared', currency: 'Currency', amount: 'Amount', who: 'Who may confirm', approver: 'refund approver', auditSelf: 'self-declared' };
    expect(card.text).not.toContain(words.consoleData);
    expect(card.effectLines).toHaveLength(1);
    expect(card.effectLines[0]).toContain(words.money);
    expect(card.text.match(words.undo), card.text).toHaveLength(1);
    // Money: one amount with its currency, on one row; no separate currency row, no bare number.
    expect(nb(card.money)).toBe('CNY 199.00');
    expect(card.labels.filter((l) => l === words.amount)).toHaveLength(1);
    expect(card.labels).not.toContain(words.currency);
    expect(nb(card.text).replace(/CNY 199\.00/g, '')).not.toMatch(/\b199\b/);
    // Who may confirm, and where the roles come from.
    expect(card.role).toContain(words.who);
    // The role as people name it; its code only under the card's details.
    expect(card.role).toContain(words.approver);
    expect(card.role).not.toContain('REFUND_APPROVER');
    expect(card.role).toContain(words.self);
    expect(card.rolesSource).toBe('self');
    // What was done, when, by whom.
    for (const s of ['CNY 199.00', 'C-1001', AGENT_NAME[lang]]) expect(nb(outcome)).toContain(s);
    // The audit record of a HIGH action names the confirmer, the roles and their source; so does its activity row.
    expect(audit).toEqual({ status: 'executed', humanApproved: true, approvedBy: AGENT_NAME[lang], approverRoles: { roles: ['AGENT', 'REFUND_APPROVER'], source: 'self' } });
    expect(activity).toContain(words.auditSelf);
    // The roles as people name them, not their codes.
    expect(activity).toContain(words.approver);
    expect(activity).not.toContain('REFUND_APPROVER');
  });

  it("npm run demo's model (demo-assistant) writes the quick ticket, and it is submitted once", { timeout: 120_000 }, async () => {
    const w = await walk(lang);
    expect(w.flowStatus).toBe('completed');
    expect(w.tickets).toHaveLength(1);
    expect(w.tickets[0]!.body).toMatchObject({ conversationId: 'C-1001', category: 'quality', title: lang === 'en' ? 'Left earbud silent, refund request' : '耳机左耳无声，申请退款' });
  });
});

describe('the language check itself', () => {
  it('flags English in a Chinese screen and Chinese in an English one, and lets data through', () => {
    expect(foreign('zh_CN', '已执行 Send reply 申请退款 REFUND_APPROVER C-1001 Alt+Shift+F', [])).toEqual(['Send reply']);
    expect(foreign('en', 'Executed 申请退款 for 张伟', ['张伟']).map((f) => f.trim())).toEqual(['申请退款 for']);
    expect(foreign('en', '(from: panel、heading)', [])).toEqual(['、heading)']);
  });
});
