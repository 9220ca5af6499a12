/**
 * What works on this console page, per capability, as the "this console" view and the check
 * before save show it: found or not, by the profile or the heuristics, and what it reads right
 * now — taken from the read tools themselves (run through a registry of their own, so a look
 * at the page is not an agent's action in the audit log), with dry runs of the writes (what
 * they would touch; nothing is changed and no confirmation is made). Also every selector of
 * the profile in use with how many elements it matches here, so a rule that stopped matching
 * after the console changed is visible.
 */
import { registerCatalog } from '../catalog/index.ts';
import { findButtonIn, findButtonNear } from '../dom/controls/button.ts';
import { findButton } from '../dom/find.ts';
import { nameOf, type Named } from '../dom/name.ts';
import { matchesSafely, queryAll, queryOne } from '../dom/query.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import type { Settings } from '../settings/schema.ts';
import { createToolCore } from '../tools/index.ts';
import type { InvokeCtx, ToolResult } from '../tools/types.ts';
import type { PageModel, Snapshot } from '../page/model.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import { ownershipProblems, type ForeignControl, type Job } from '../page/owners.ts';

export const VIEW_CAPABILITIES = ['conversationId', 'threadRoles', 'customer', 'history', 'replyComposer', 'sendButton', 'noteBox', 'ticketForm', 'assign', 'kb'] as const;
export type ViewCapability = (typeof VIEW_CAPABILITIES)[number];

/**
 * How a capability stands on this page, as the check shows it:
 * - `ok`: found, and what it reads looks right (both roles in the thread, the customer's fields
 *   filled, a form with its fields) — only this earns the check mark;
 * - `doubtful`: found, but the read looks incomplete (only one role, a form missing fields);
 * - `broken`: a rule of the profile finds something here, but what it reads is unusable (no
 *   messages, unknown roles, empty fields, a form without fields), or the tool failed;
 * - `absent`: not on this page (nothing matches: no note box on a list page is not a fault).
 */
export const CAPABILITY_STATES = ['ok', 'doubtful', 'broken', 'absent'] as const;
export type CapabilityState = (typeof CAPABILITY_STATES)[number];

/** Why a row is not `ok` (localised in the panel as capWhy_<code>). */
export const WHY_CODES = ['oneRole', 'unknownRoles', 'noMessages', 'onlyName', 'emptyFields', 'noRows', 'rowsWithoutId', 'noFields', 'someFields', 'ruleFindsNothingUsable', 'toolFailed'] as const;
export type WhyCode = (typeof WHY_CODES)[number];

export interface CapabilityRow {
  key: ViewCapability;
  /** It reads right: `state === 'ok'` (kept for the views and tests that ask only this). */
  found: boolean;
  state: CapabilityState;
  why?: WhyCode;
  via: 'profile' | 'heuristics' | null;
  /** What it reads now, as short lines (every message with its role and the count per role, the customer's fields …). */
  reads: ReadLine[];
}

/**
 * One line of what a capability reads, as data the panel words in the agent's language: `key`
 * is a message key for its label (a role, a field name), `text` is the page's own text,
 * `keys` a list of message keys (form fields), `counts` messages per role, `thing` an element
 * as a person names it (its kind and words; the panel says "the “Send” button").
 */
export interface ReadLine {
  key?: string;
  text?: string;
  keys?: string[];
  missing?: boolean;
  counts?: Record<string, number>;
  thing?: Named;
}

export interface RuleCount {
  path: string;
  css: string;
  matches: number;
}

export interface ConsoleReport {
  origin: string;
  profile: { id: string; name: string; source: string } | null;
  recordId: string | null;
  capabilities: CapabilityRow[];
  rules: RuleCount[];
  tools: Record<string, ToolResult>;
  /** Jobs whose box or commit is another job's with this profile (src/page/owners.ts): such a profile is not accepted. */
  conflicts: ForeignControl[];
}

const READS = [
  // Every message (the tool's most), so the check shows them all with the count per role.
  ['conversation.read', { limit: 50 }],
  ['customer.read', {}],
  ['ticket.history', {}],
  ['page.inspect', {}],
] as const;
const CHECK_TEXT = 'deskhand check';
const DRY_RUNS = [
  ['reply.draft', { text: CHECK_TEXT }],
  ['reply.send', { text: CHECK_TEXT }],
  ['note.add', { text: CHECK_TEXT }],
] as const;

export interface ReportDeps {
  settings(): Settings;
  ctx(caller: 'ui' | 'bridge', extra: Partial<InvokeCtx>): InvokeCtx;
}

/** A registry of its own over `model`: reads run, writes only as dry runs (the bridge caller). */
export function previewCore(model: PageModel, deps: ReportDeps) {
  const core = createToolCore({ policy: () => ({ bridgeRunsLowWrites: false }) });
  registerCatalog(core.registry, { settings: deps.settings, model: () => model, fetch: (i, init) => fetch(i, init), origin: () => location.origin });
  return core;
}

export async function buildReport(model: PageModel, core: ReturnType<typeof previewCore>, deps: ReportDeps, signal?: AbortSignal): Promise<ConsoleReport> {
  const s = model.current();
  const facets = s.facets();
  const tools: Record<string, ToolResult> = {};
  for (const [name, input] of [...READS, ...DRY_RUNS]) {
    const caller = READS.some(([n]) => n === name) ? 'ui' : 'bridge';
    tools[name] = await core.registry.invoke(name, input, deps.ctx(caller, { facets, ...(signal ? { signal } : {}) }));
  }
  return {
    origin: location.origin,
    profile: s.choice ? { id: s.choice.profile.id, name: s.choice.profile.name, source: s.choice.source } : null,
    recordId: s.identity().recordId,
    capabilities: rows(s, tools),
    rules: s.profile ? countRules(s.profile, document) : [],
    tools,
    conflicts: ownershipProblems(s, commits(s)),
  };
}

/** What each job's commit would press on this page, chosen as its tool chooses it. */
function commits(s: Snapshot): Partial<Record<Job, Element | null>> {
  const note = s.composer('note', true);
  const reply = s.composer('reply', true);
  const ticket = s.ticketForm()?.el;
  const refund = s.refundForm()?.el;
  return {
    // No reply box here, no reply to send: a Send elsewhere on the page (a form's) is not its commit.
    reply: reply ? sendButton(s, reply)?.el ?? null : null,
    note: s.submit('note') ?? (note ? findButtonNear(note.container ?? note.el, BUTTON_SYNONYMS.addNote)?.el ?? null : null),
    // A form's own button first, shown or not (a quick-ticket form is often closed while the agent looks).
    ticketForm: s.submit('ticketForm') ?? (ticket ? (findButtonIn(ticket, BUTTON_SYNONYMS.submitTicket, true) ?? findButtonNear(ticket, BUTTON_SYNONYMS.submitTicket))?.el ?? null : null),
    refundForm: refund ? (findButtonIn(refund, BUTTON_SYNONYMS.submitRefund, true) ?? findButtonNear(refund, BUTTON_SYNONYMS.submitRefund))?.el ?? null : null,
  };
}

const data = (r: ToolResult | undefined): Record<string, unknown> | null => (r && (r.status === 'done' || r.status === 'dry_run') ? (r.data as Record<string, unknown>) : null);
const cut = (t: string, n = 90) => (t.length > n ? `${t.slice(0, n)}…` : t);

type Judged = Pick<CapabilityRow, 'state' | 'why'>;
const ok: Judged = { state: 'ok' };
const absent: Judged = { state: 'absent' };
const judged = (state: CapabilityState, why: WhyCode): Judged => ({ state, why });

/** Failed for a reason other than "nothing here": a fault to show, not an absence. */
const faulty = (r: ToolResult | undefined) => !!r && (r.status === 'failed' || r.status === 'uncertain') && 'error' in r && r.error.type !== 'not_found';

function rows(s: Snapshot, tools: Record<string, ToolResult>): CapabilityRow[] {
  const id = s.identity();
  const profileHas = (v: unknown) => (v ? 'profile' : 'heuristics');
  const conv = data(tools['conversation.read']);
  const messages = (conv?.messages as { role: string; author: string; text: string }[] | undefined) ?? [];
  const customer = (data(tools['customer.read']) ?? {}) as Record<string, unknown>;
  const history = (data(tools['ticket.history'])?.tickets ?? data(tools['ticket.history'])?.rows) as { id: string; title: string; status: string }[] | undefined;
  const reply = s.composer('reply', true);
  const note = s.composer('note', true);
  const send = sendButton(s, reply);
  const inspected = data(tools['page.inspect']);
  const inspect = inspected?.capabilities as Record<string, { found?: boolean; fields?: Record<string, unknown>; missing?: string[] }> | undefined;
  const form = inspect?.ticketForm;
  const thread = s.thread();
  const threadVia = thread?.via ?? null;
  // What kb.search would ask here: the providers page.inspect reports (a KB section on the page is not needed).
  const kb = (inspected?.kb as { name: string; kind: string }[] | undefined) ?? [];
  const noKb = !kb.length && s.kbProviders()?.length === 0;
  // A rule of the profile that finds something here: if its capability reads nothing, it is broken, not absent.
  const matching = new Set((s.profile ? countRules(s.profile, document) : []).filter((r) => r.matches > 0).map((r) => r.path.split('.').slice(0, 2).join('.')));
  const ruled = (...paths: string[]) => paths.some((p) => matching.has(p));
  const counts: Record<string, number> = {};
  for (const m of messages) counts[m.role] = (counts[m.role] ?? 0) + 1;
  const fields = Object.entries(customer).filter(([, v]) => String(v ?? '').trim());
  const formFields = Object.keys(form?.fields ?? {});
  const judge = {
    conversationId: id.recordId ? ok : ruled('identity.dom') ? judged('broken', 'ruleFindsNothingUsable') : absent,
    threadRoles: faulty(tools['conversation.read'])
      ? judged('broken', 'toolFailed')
      : !messages.length
        ? thread || ruled('thread.container', 'thread.entry') ? judged('broken', 'noMessages') : absent
        : counts.unknown
          ? judged('broken', 'unknownRoles')
          : counts.customer && counts.agent ? ok : judged('doubtful', 'oneRole'),
    customer: faulty(tools['customer.read'])
      ? judged('broken', 'toolFailed')
      : fields.length === 0
        ? ruled('customer.fields', 'customer.container') ? judged('broken', 'emptyFields') : absent
        : fields.length === 1 && customer.name ? judged('doubtful', 'onlyName') : ok,
    history: history?.length
      ? history.every((h) => String(h.id ?? '').trim()) ? ok : judged('doubtful', 'rowsWithoutId')
      : ruled('history.container') || s.historyList() ? judged('absent', 'noRows') : absent,
    replyComposer: reply ? ok : ruled('composers.reply') ? judged('broken', 'ruleFindsNothingUsable') : absent,
    sendButton: send ? ok : absent,
    noteBox: note ? ok : ruled('composers.note') ? judged('broken', 'ruleFindsNothingUsable') : absent,
    ticketForm: form?.found
      ? formFields.length === 0 ? judged('broken', 'noFields') : formLooksRight(formFields) ? ok : judged('doubtful', 'someFields')
      : ruled('ticketForm.container') ? judged('broken', 'noFields') : absent,
    assign: s.assign() ? ok : absent,
    kb: kb.length || noKb ? ok : absent,
  } satisfies Record<ViewCapability, Judged>;
  const row = (key: ViewCapability, via: CapabilityRow['via'], reads: ReadLine[]): CapabilityRow => ({ key, found: judge[key].state === 'ok', ...judge[key], via: judge[key].state === 'absent' ? null : via, reads });
  return [
    row('conversationId', id.sources[0]?.source === 'profile' || s.profileNames('identity') ? 'profile' : 'heuristics', id.recordId ? [{ text: id.recordId }] : []),
    row('threadRoles', threadVia, messages.length ? [{ counts }, ...messages.map((m) => ({ key: `entryRole_${m.role}`, text: `${m.author ? `${m.author}: ` : ''}${cut(m.text)}` }))] : []),
    row('customer', profileHas(s.profileNames('customerFields')), fields.map(([k, v]) => ({ key: `fieldName_${k}`, text: cut(String(v), 60) }))),
    row('history', profileHas(s.profileNames('historyList')), (history ?? []).map((h) => ({ text: cut(`${h.id} ${h.title} ${h.status}`.trim()) }))),
    row('replyComposer', reply?.via ?? null, reply ? [shownAs(reply.el)] : []),
    row('sendButton', send?.via ?? null, send ? [shownAs(send.el)] : []),
    row('noteBox', note?.via ?? null, note ? [shownAs(note.el)] : []),
    row(
      'ticketForm',
      s.ticketForm()?.via ?? null,
      form?.found ? [{ keys: formFields.map((k) => `fieldName_${k}`) }, ...(form.missing?.length ? [{ keys: form.missing.map((k) => `fieldName_${k}`), missing: true }] : [])].filter((l) => l.keys.length) : [],
    ),
    row('assign', s.assign()?.via ?? null, []),
    // A profile that lists no provider at all says the console has no knowledge base: known, not missing.
    row('kb', profileHas(s.profileNames('kb')), noKb ? [{ key: 'kbKind_none' }] : kb.map((k) => (k.kind === 'local' ? { key: 'kbKind_local' } : { key: `kbKind_${k.kind}`, text: k.name }))),
  ];
}

/**
 * A new-ticket form looks right with a subject, a message and someone it is for: the fields
 * many consoles do not have (priority, category, order, phone) are not missing from it.
 */
function formLooksRight(found: readonly string[]): boolean {
  return ['title', 'description'].every((k) => found.includes(k)) && ['name', 'email', 'phone'].some((k) => found.includes(k));
}

/** How a person would recognise an element: its kind and its words (placeholder, label, button text). */
function shownAs(el: Element): ReadLine {
  return { thing: nameOf(el) };
}

/**
 * The Send button a delivery would press, as reply.send chooses it: the profile's, the one
 * the composer finder saw beside the editor, else one named Send near the composer. A
 * disabled one counts (consoles disable Send while the box is empty).
 */
export function sendButton(s: Snapshot, reply: { el: Element; sendButton?: HTMLElement } | null): { el: Element; via: 'profile' | 'heuristics' } | null {
  const byRule = s.submit('reply');
  if (byRule) return { el: byRule, via: 'profile' };
  if (reply?.sendButton) return { el: reply.sendButton, via: 'heuristics' };
  const editor = reply?.el ?? null;
  const near = editor ? findButtonNear(editor, BUTTON_SYNONYMS.send) : null;
  if (near) return { el: near.el, via: 'heuristics' };
  const found = findButton(BUTTON_SYNONYMS.send);
  return found ? { el: found, via: 'heuristics' } : null;
}

/** Every selector of a profile and how many elements it matches on this page. */
export function countRules(p: ConsoleProfile, doc: Document): RuleCount[] {
  const out: RuleCount[] = [];
  const add = (path: string, css: string | undefined, scopes: (Document | Element)[] = [doc]) => {
    if (css) out.push({ path, css, matches: scopes.reduce((n, sc) => n + queryAll(sc, css).length, 0) });
  };
  const within = (css: string, each: Element[]) => each.filter((e) => queryOne(e, css)).length;
  for (const [i, d] of (p.identity?.dom ?? []).entries()) add(`identity.dom.${i}`, d.css);
  const t = p.thread;
  if (t) {
    const container = t.container ? queryOne(doc, t.container) : doc.body;
    add('thread.container', t.container);
    const entries = container ? queryAll(container, t.entry) : [];
    out.push({ path: 'thread.entry', css: t.entry, matches: entries.length });
    for (const part of ['body', 'author', 'time'] as const) if (t[part]) out.push({ path: `thread.${part}`, css: t[part]!, matches: within(t[part]!, entries) });
    for (const [i, r] of (t.roles ?? []).entries()) out.push({ path: `thread.roles.${i}.${r.role}`, css: r.css, matches: entries.filter((e) => matchesSafely(e, r.css)).length });
  }
  // With a follow (a popup's address, the customer's page) a field found nowhere here is read there: not a broken rule.
  for (const [k, f] of Object.entries(p.customer?.fields ?? {})) if (!p.customer?.follow || (f?.css && queryOne(doc, f.css))) add(`customer.fields.${k}`, f?.css);
  add('customer.container', p.customer?.container);
  if (p.history?.container) {
    add('history.container', p.history.container);
    const list = queryOne(doc, p.history.container);
    if (p.history.item) out.push({ path: 'history.item', css: p.history.item, matches: list ? queryAll(list, p.history.item).length : 0 });
  }
  for (const kind of ['reply', 'note'] as const) {
    add(`composers.${kind}.editor`, p.composers?.[kind]?.editor);
    add(`composers.${kind}.submit`, p.composers?.[kind]?.submit);
  }
  add('ticketForm.container', p.ticketForm?.container);
  for (const [key, f] of Object.entries(p.ticketForm?.fields ?? {})) add(`ticketForm.fields.${key}`, f?.css);
  add('ticketForm.submit', p.ticketForm?.submit);
  return out;
}

