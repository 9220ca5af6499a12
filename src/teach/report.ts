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
import { describeEl } from '../dom/describe.ts';
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

export interface CapabilityRow {
  key: ViewCapability;
  found: boolean;
  via: 'profile' | 'heuristics' | null;
  /** What it reads now, as short lines (the last 3 messages with roles, the customer's fields …). */
  reads: ReadLine[];
}

/**
 * One line of what a capability reads, as data the panel words in the agent's language: `key`
 * is a message key for its label (a role, a field name), `text` is the page's own text,
 * `keys` a list of message keys (form fields), `code` marks an element description.
 */
export interface ReadLine {
  key?: string;
  text?: string;
  keys?: string[];
  missing?: boolean;
  code?: boolean;
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
  ['conversation.read', { limit: 3 }],
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
  const ticket = s.ticketForm()?.el;
  const refund = s.refundForm()?.el;
  return {
    reply: sendButton(s, s.composer('reply', true))?.el ?? null,
    note: s.submit('note') ?? (note ? findButtonNear(note.container ?? note.el, BUTTON_SYNONYMS.addNote)?.el ?? null : null),
    // A form's own button first, shown or not (a quick-ticket form is often closed while the agent looks).
    ticketForm: s.submit('ticketForm') ?? (ticket ? (findButtonIn(ticket, BUTTON_SYNONYMS.submitTicket, true) ?? findButtonNear(ticket, BUTTON_SYNONYMS.submitTicket))?.el ?? null : null),
    refundForm: refund ? (findButtonIn(refund, BUTTON_SYNONYMS.submitRefund, true) ?? findButtonNear(refund, BUTTON_SYNONYMS.submitRefund))?.el ?? null : null,
  };
}

const data = (r: ToolResult | undefined): Record<string, unknown> | null => (r && (r.status === 'done' || r.status === 'dry_run') ? (r.data as Record<string, unknown>) : null);
const cut = (t: string, n = 90) => (t.length > n ? `${t.slice(0, n)}…` : t);

function rows(s: Snapshot, tools: Record<string, ToolResult>): CapabilityRow[] {
  const id = s.identity();
  const profileHas = (v: unknown) => (v ? 'profile' : 'heuristics');
  const conv = data(tools['conversation.read']);
  const messages = (conv?.messages as { role: string; author: string; text: string }[] | undefined) ?? [];
  const customer = data(tools['customer.read']) ?? {};
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
  return [
    { key: 'conversationId', found: !!id.recordId, via: id.recordId ? (id.sources[0]?.source === 'profile' || s.profileNames('identity') ? 'profile' : 'heuristics') : null, reads: id.recordId ? [{ text: id.recordId }] : [] },
    {
      key: 'threadRoles',
      found: messages.length > 0 && messages.every((m) => m.role !== 'unknown'),
      via: threadVia,
      reads: messages.map((m) => ({ key: `entryRole_${m.role}`, text: `${m.author ? `${m.author}: ` : ''}${cut(m.text)}` })),
    },
    {
      key: 'customer',
      found: Object.keys(customer).length > 0,
      via: Object.keys(customer).length ? profileHas(s.profileNames('customerFields')) : null,
      reads: Object.entries(customer).map(([k, v]) => ({ key: `fieldName_${k}`, text: cut(String(v), 60) })),
    },
    { key: 'history', found: !!history?.length, via: history?.length ? profileHas(s.profileNames('historyList')) : null, reads: (history ?? []).slice(0, 3).map((h) => ({ text: cut(`${h.id} ${h.title} ${h.status}`.trim()) })) },
    { key: 'replyComposer', found: !!reply, via: reply?.via ?? null, reads: reply ? [shownAs(reply.el)] : [] },
    { key: 'sendButton', found: !!send, via: send?.via ?? null, reads: send ? [shownAs(send.el)] : [] },
    { key: 'noteBox', found: !!note, via: note?.via ?? null, reads: note ? [shownAs(note.el)] : [] },
    {
      key: 'ticketForm',
      found: !!form?.found,
      via: s.ticketForm()?.via ?? null,
      reads: form?.found ? [{ keys: Object.keys(form.fields ?? {}).map((k) => `fieldName_${k}`) }, ...(form.missing?.length ? [{ keys: form.missing.map((k) => `fieldName_${k}`), missing: true }] : [])].filter((l) => l.keys.length) : [],
    },
    { key: 'assign', found: !!s.assign(), via: s.assign()?.via ?? null, reads: [] },
    // A profile that lists no provider at all says the console has no knowledge base: known, not missing.
    s.kbProviders()?.length === 0 && !kb.length
      ? { key: 'kb', found: true, via: 'profile', reads: [{ key: 'kbKind_none' }] }
      : { key: 'kb', found: kb.length > 0, via: kb.length ? profileHas(s.profileNames('kb')) : null, reads: kb.map((k) => (k.kind === 'local' ? { key: 'kbKind_local' } : { key: `kbKind_${k.kind}`, text: k.name })) },
  ];
}

/** How a person would recognise an element: its placeholder, label or button text; else its description. */
function shownAs(el: Element): ReadLine {
  const placeholder = el.getAttribute('placeholder') ?? el.querySelector('[data-placeholder]')?.getAttribute('data-placeholder') ?? el.getAttribute('data-placeholder');
  const words = el.getAttribute('aria-label') || placeholder || (el.tagName === 'BUTTON' || el.tagName === 'A' ? el.textContent : null) || (el as HTMLInputElement).value || el.getAttribute('title');
  const text = words?.replace(/\s+/g, ' ').trim();
  return text ? { text: cut(text, 60) } : { text: describeEl(el), code: true };
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
  for (const [k, f] of Object.entries(p.customer?.fields ?? {})) add(`customer.fields.${k}`, f?.css);
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
  return out;
}

