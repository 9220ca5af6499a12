/**
 * Judging deskhand's read tools against what a console itself holds (its backend's truth or
 * its database): each (tool, record) is right, wrong (found, but not what the console holds)
 * or missing (refused, not found). Shared by the fixture-console tests and
 * `npm run bench:consoles`, so the table and the tests agree on what "right" means.
 */
import type { ToolResult } from '../../src/tools/types.ts';

export type Verdict = 'right' | 'wrong' | 'missing';
export const READ_TOOLS = ['page.inspect', 'conversation.read', 'customer.read', 'ticket.history'] as const;
export type ReadTool = (typeof READ_TOOLS)[number];

export interface ReadTruth {
  recordId: string;
  displayId?: string;
  messages: { role: string; author: string; text: string }[];
  customer: { name: string; email: string; phone: string };
  history: string[];
}

export interface Judged {
  verdict: Verdict;
  /** What differed, for the report. */
  why: string;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const bareId = (s: string) => s.trim().replace(/^#/, '').toLowerCase();
const digits = (s: string) => s.replace(/\D/g, '');

function dataOf(r: ToolResult): Record<string, unknown> | null {
  return r.ok && !r.dryRun ? (r.data as Record<string, unknown>) : null;
}

export function judgeRead(tool: ReadTool, result: ToolResult, truth: ReadTruth): Judged {
  const d = dataOf(result);
  if (!d) return { verdict: 'missing', why: !result.ok && 'error' in result ? result.error.code : 'no data' };
  switch (tool) {
    case 'page.inspect':
      return judgeIdentity(d, truth);
    case 'conversation.read':
      return judgeThread(d, truth);
    case 'customer.read':
      return judgeCustomer(d, truth);
    case 'ticket.history':
      return judgeHistory(d, truth);
  }
}

function judgeIdentity(d: Record<string, unknown>, t: ReadTruth): Judged {
  const ids = [d.recordId, d.displayId].filter((v): v is string => typeof v === 'string').map(bareId);
  const want = [t.recordId, t.displayId ?? ''].filter(Boolean).map(bareId);
  if (ids.length === 0) return { verdict: 'missing', why: 'no record id' };
  return ids.some((i) => want.includes(i)) ? { verdict: 'right', why: '' } : { verdict: 'wrong', why: `read ${ids.join('/')} for ${want.join('/')}` };
}

type Msg = { role: string; author: string; text: string };

function judgeThread(d: Record<string, unknown>, t: ReadTruth): Judged {
  const got = ((d.messages as Msg[] | undefined) ?? []).filter((m) => m.role !== 'system');
  const want = t.messages.filter((m) => m.role !== 'system');
  if (got.length === 0) return { verdict: 'missing', why: 'no entries' };
  const line = (m: Msg) => `${m.role}|${squash(m.author)}|${squash(m.text)}`;
  const a = got.map(line);
  const b = want.map(line);
  if (a.length === b.length && a.every((x, i) => x === b[i])) return { verdict: 'right', why: '' };
  const i = a.findIndex((x, k) => x !== b[k]);
  return { verdict: 'wrong', why: `${got.length}/${want.length} entries; first difference #${i}: got "${(a[i] ?? '—').slice(0, 140)}" want "${(b[i] ?? '—').slice(0, 140)}"` };
}

function judgeCustomer(d: Record<string, unknown>, t: ReadTruth): Judged {
  const diffs: string[] = [];
  if (squash(String(d.name ?? '')) !== squash(t.customer.name)) diffs.push(`name "${String(d.name ?? '')}"`);
  if (String(d.email ?? '').toLowerCase() !== t.customer.email.toLowerCase()) diffs.push(`email "${String(d.email ?? '')}"`);
  if (t.customer.phone && digits(String(d.phone ?? '')) !== digits(t.customer.phone)) diffs.push(`phone "${String(d.phone ?? '')}"`);
  return diffs.length ? { verdict: 'wrong', why: diffs.join(', ') } : { verdict: 'right', why: '' };
}

function judgeHistory(d: Record<string, unknown>, t: ReadTruth): Judged {
  const got = ((d.tickets as { id: string }[] | undefined) ?? []).map((x) => bareId(x.id)).sort();
  const want = t.history.map(bareId).sort();
  if (got.length === 0 && want.length > 0) return { verdict: 'missing', why: 'no tickets' };
  return got.join() === want.join() ? { verdict: 'right', why: '' } : { verdict: 'wrong', why: `got ${got.join(',')} want ${want.join(',')}` };
}
