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
  return r.status === 'done' ? (r.data as Record<string, unknown>) : null;
}

export function judgeRead(tool: ReadTool, result: ToolResult, truth: ReadTruth): Judged {
  const d = dataOf(result);
  if (!d) return { verdict: 'missing', why: 'error' in result ? result.error.code : 'no data' };
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

/** The record id must be the console's own key, exactly; a display id, when both sides have one, too. */
function judgeIdentity(d: Record<string, unknown>, t: ReadTruth): Judged {
  const got = typeof d.recordId === 'string' ? bareId(d.recordId) : '';
  if (!got) return { verdict: 'missing', why: 'no record id' };
  if (got !== bareId(t.recordId)) return { verdict: 'wrong', why: `record id ${got} for ${bareId(t.recordId)}` };
  const shown = typeof d.displayId === 'string' ? bareId(d.displayId) : '';
  if (shown && t.displayId && shown !== bareId(t.displayId)) return { verdict: 'wrong', why: `display id ${shown} for ${bareId(t.displayId)}` };
  return { verdict: 'right', why: '' };
}

type Msg = { role: string; author: string; text: string };

/**
 * Every entry in order, system events included: a message is judged by role, author and text;
 * an event by its place and, where the console's database has them, its text or its actor
 * (a console words its events itself: the database keeps who did what, not the sentence).
 */
function judgeThread(d: Record<string, unknown>, t: ReadTruth): Judged {
  const got = (d.messages as Msg[] | undefined) ?? [];
  if (got.length === 0) return { verdict: 'missing', why: 'no entries' };
  const line = (m: Msg) => `${m.role}|${squash(m.author)}|${squash(m.text)}`;
  const n = Math.max(got.length, t.messages.length);
  for (let i = 0; i < n; i++) {
    const a = got[i];
    const b = t.messages[i];
    if (a && b && sameEntry(a, b)) continue;
    return { verdict: 'wrong', why: `${got.length}/${t.messages.length} entries; first difference #${i}: got "${a ? line(a).slice(0, 140) : '—'}" want "${b ? line(b).slice(0, 140) : '—'}"` };
  }
  return { verdict: 'right', why: '' };
}

function sameEntry(a: Msg, b: Msg): boolean {
  if (a.role !== b.role) return false;
  if (b.role !== 'system') return squash(a.author) === squash(b.author) && squash(a.text) === squash(b.text);
  if (b.text) return squash(a.text) === squash(b.text);
  return !b.author || `${squash(a.author)} ${squash(a.text)}`.includes(squash(b.author));
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

// ---------------------------------------------------------------- write tools

/**
 * Write tools (and the two hotkey flows that write: quickTicket, the R refund), judged by what
 * the console's backend got: `right` — it landed as asked, exactly once, on the open record,
 * and deskhand said it did; `wrong` — something else landed (other text, another record,
 * twice), or deskhand said done while nothing landed; `missing` — nothing landed (deskhand
 * refused or did not find the control), or it landed but deskhand could not tell (uncertain).
 */
export const WRITE_TOOLS = ['customer.fill', 'ticket.fill', 'category.match', 'ticket.submit', 'quickTicket', 'reply.draft', 'reply.send', 'note.add', 'queue.assign', 'ticket.assign', 'refund.request'] as const;
export type WriteTool = (typeof WRITE_TOOLS)[number];

/** What deskhand said: a tool result, a confirmed call's ledger state, or a flow's status. */
export interface Said {
  ok: boolean;
  /** Why not, for the report (an error code, a ledger state). */
  why?: string;
}

export const saidOf = (r: ToolResult): Said => (r.status === 'done' ? { ok: true } : { ok: false, why: 'error' in r ? `${r.error.code}: ${r.error.detail.slice(0, 160)}` : 'no data' });

/** `same(landed)`: did what landed match what was asked? `count`: how many times it landed. */
export function judgeLanding(said: Said, count: number, same: boolean, what: string): Judged {
  if (count === 0) return said.ok ? { verdict: 'wrong', why: `said done, but nothing landed (${what})` } : { verdict: 'missing', why: said.why ?? 'nothing landed' };
  if (count > 1) return { verdict: 'wrong', why: `landed ${count} times (${what})` };
  if (!same) return { verdict: 'wrong', why: `landed other values: ${what}` };
  return said.ok ? { verdict: 'right', why: '' } : { verdict: 'missing', why: `landed, but deskhand said ${said.why ?? 'not done'}` };
}

/**
 * An assignment, judged as a change since the mark by the request that made it: `requests`
 * accepted assignment requests since the mark, `changedTo` the value the record moved to
 * (undefined: it did not move). A move no request explains, or a request that moved nothing
 * or elsewhere, is wrong.
 */
export function judgeAssignment(said: Said, requests: number, changedTo: string | undefined, want: string): Judged {
  const what = `moved to ${changedTo ?? '(unchanged)'}, ${requests} assignment request(s)`;
  if (requests === 0 && changedTo !== undefined) return { verdict: 'wrong', why: `${what}: no request made the change` };
  return judgeLanding(said, requests, changedTo === want, what);
}

export interface LandedTicket {
  recordId?: string;
  subject: string;
  category: string;
  priority: string;
  description: string;
  customer: { name: string; email: string; phone?: string };
}

/** The fill tools by the one ticket their form produced: each judged on its own fields. */
export function judgeTicketFields(tool: 'customer.fill' | 'ticket.fill' | 'category.match', said: Said, ticket: LandedTicket | null, want: { customer: { name: string; email: string; phone: string }; title: string; description: string; priority: string; category: string }): Judged {
  if (!said.ok) return { verdict: 'missing', why: said.why ?? 'refused' };
  if (!ticket) return { verdict: 'missing', why: 'the form was not submitted, so nothing can be judged' };
  const diffs: string[] = [];
  const eq = (a: string | undefined, b: string) => squash(a ?? '').toLowerCase() === squash(b).toLowerCase();
  if (tool === 'customer.fill') {
    if (!eq(ticket.customer.name, want.customer.name)) diffs.push(`name "${ticket.customer.name}"`);
    if (!eq(ticket.customer.email, want.customer.email)) diffs.push(`email "${ticket.customer.email}"`);
    // undefined: the console's form has no phone field. An empty one where the customer has a phone is wrong.
    if (ticket.customer.phone !== undefined && digits(ticket.customer.phone) !== digits(want.customer.phone)) diffs.push(`phone "${ticket.customer.phone}"`);
  } else if (tool === 'ticket.fill') {
    if (!eq(ticket.subject, want.title)) diffs.push(`subject "${ticket.subject}"`);
    if (!eq(ticket.description, want.description)) diffs.push(`description "${ticket.description.slice(0, 60)}"`);
    if (ticket.priority !== want.priority) diffs.push(`priority ${ticket.priority}`);
  } else if (ticket.category !== want.category) diffs.push(`category ${ticket.category || '(none)'} for ${want.category}`);
  return diffs.length ? { verdict: 'wrong', why: diffs.join(', ') } : { verdict: 'right', why: '' };
}
