/**
 * Who wrote a thread entry, from the signals real consoles use: words in classes and data
 * attributes (in/out, inbound/outbound, customer/requester/end-user vs agent/staff/response,
 * note/internal/private, event/system), a badge in the entry ("Internal note", "内部备注"),
 * the author matching the agent's or the customer's name, and alignment (chat consoles put
 * the agent's own messages on the right). Words shared by every entry say nothing and are
 * ignored, so a console where every entry is `.message` still reads right.
 */
import { hasAny, markupTokens } from './tokens.ts';
import type { ThreadRole } from './rules.ts';

export type ReadRole = ThreadRole | 'unknown';

export const ROLE_WORDS: Record<ThreadRole, readonly string[]> = {
  // 'whisper': ServiceNow Agent Chat's internal messages ("Agent Whisper").
  note: ['note', 'notes', 'internal', 'private', 'whisper', 'internalnote', 'privatenote', 'staffnote'],
  // 'event' / 'threadevent': osTicket's `.thread-event` rows (include/class.thread.php);
  // 'lineitem': Help Scout's and FreeScout's line items ("Marcus assigned to Marcus", `thread-lineitem`).
  system: ['event', 'events', 'system', 'sysmsg', 'activity', 'audit', 'divider', 'separator', 'threadevent', 'lineitem', 'log', 'status'],
  customer: [
    'in', 'incoming', 'inbound', 'received', 'customer', 'client', 'user', 'enduser', 'requester', 'requestor', 'contact',
    'visitor', 'guest', 'them', 'other', 'buyer', 'member', 'end', 'question', 'message',
  ],
  agent: [
    'out', 'outgoing', 'outbound', 'sent', 'agent', 'staff', 'operator', 'support', 'response', 'reply', 'answer', 'me',
    'self', 'own', 'admin', 'employee', 'assistant', 'supporter', 'rep',
  ],
};

/** Weak words: they decide only when no strong word does (osTicket: "message" vs "response"). */
const WEAK = new Set(['message', 'reply', 'user', 'end', 'other', 'status', 'log', 'question', 'answer', 'member']);


export interface RoleSignals {
  tokens: Set<string>;
  badge: boolean;
  side: 'left' | 'right' | 'full' | 'center' | null;
  author: string;
}

export interface RoleContext {
  agentNames: readonly string[];
  customerName: string;
  /** The customer's e-mail as the customer panel shows it (some consoles print it as the poster). */
  customerEmail?: string;
  /**
   * `identity`: roles are told apart only by who wrote each entry (no class or side differs):
   * the customer panel's person is the customer, every other named poster is staff.
   */
  customerBy?: 'identity';
  /** Profile words for roles, added to the built-in ones. */
  extra?: Partial<Record<ThreadRole, readonly string[]>>;
}

/** Markup tokens of the entry and its first two levels (role classes often sit on a bubble child). */
export function entryTokens(entry: Element): Set<string> {
  const tokens = markupTokens(entry);
  for (const child of Array.from(entry.children).slice(0, 6)) {
    for (const t of markupTokens(child)) tokens.add(t);
    for (const g of Array.from(child.children).slice(0, 4)) for (const t of markupTokens(g)) tokens.add(t);
  }
  return tokens;
}


/**
 * Roles of all entries at once, because the evidence is relative: tokens common to all
 * entries are dropped, and left/right alignment only means something when both occur.
 */
export function classifyRoles(entries: RoleSignals[], ctx: RoleContext): { role: ReadRole; why: string }[] {
  const common = commonTokens(entries);
  const sides = new Set(entries.map((e) => e.side));
  const aligned = sides.has('left') && sides.has('right');
  // Most entries name a poster: one that names nobody is an event ("Ticket assigned to …").
  const authored = entries.filter((e) => e.author.trim()).length;
  const eventsUnsigned = entries.length >= 2 && authored / entries.length >= 0.5;
  const roles = entries.map((e) => weakAgainstIdentity(e, classifyOne(e, common, aligned, ctx, eventsUnsigned), ctx));
  if (ctx.customerBy === 'identity') return entries.map((e, i) => byIdentity(e, roles[i]!, ctx));
  // Still unknown after everything else, but signed by someone who is not the customer (the
  // panel's person, or whoever signs the entries read as the customer's), in a thread the
  // customer signs too: in a helpdesk that poster is staff.
  const read = byAuthor(entries, roles);
  const customers = new Set(entries.filter((e, i) => read[i]!.role === 'customer' || isCustomer(e.author, ctx)).map((e) => norm(e.author)).filter(Boolean));
  if (!customers.size) return twoParty(entries, read);
  return read.map((r, i) => {
    const a = norm(entries[i]!.author);
    return r.role === 'unknown' && a && !customers.has(a) ? { role: 'agent', why: 'author is not the customer' } : r;
  });
}

/**
 * No customer is known, but exactly two people post: the signed-in agent (by name) and one
 * other. In a support thread that other person is the customer (a colleague joining makes three).
 */
function twoParty(entries: RoleSignals[], read: { role: ReadRole; why: string }[]): { role: ReadRole; why: string }[] {
  const posters = new Set(entries.map((e) => norm(e.author)).filter(Boolean));
  const agents = new Set(entries.filter((e, i) => read[i]!.why === 'author is the agent').map((e) => norm(e.author)));
  if (posters.size !== 2 || agents.size !== 1) return read;
  return read.map((r, i) => {
    const a = norm(entries[i]!.author);
    return r.role === 'unknown' && a && !agents.has(a) ? { role: 'customer', why: 'the one poster besides the agent' } : r;
  });
}

/**
 * Roles by who wrote the entry: a note or an event stays one (a badge, a word); any other entry
 * is the customer's when its poster is the customer panel's person (name or e-mail), else the
 * staff's when it names a poster at all.
 */
function byIdentity(e: RoleSignals, r: { role: ReadRole; why: string }, ctx: RoleContext): { role: ReadRole; why: string } {
  if (r.role === 'note' || r.role === 'system') return r;
  // Nobody to compare with (the customer panel was not read): the other signals stand.
  if (!norm(e.author) || (!norm(ctx.customerName) && !norm(ctx.customerEmail ?? ''))) return r;
  if (isCustomer(e.author, ctx)) return { role: 'customer', why: 'author is the customer' };
  return { role: 'agent', why: 'author is not the customer' };
}

/**
 * A weak word never outweighs who wrote the entry: mail-style consoles mark customer and staff
 * mails alike (FreeScout's `thread-message` on both), so once the customer panel names the
 * customer, a "message" signed by someone else is staff's, and a "reply" signed by the
 * customer is theirs. A poster who only loosely matches the panel ("Hannah" for "Hannah
 * Schulz") keeps what the word said.
 */
function weakAgainstIdentity(e: RoleSignals, r: Classified, ctx: RoleContext): Classified {
  if (!r.weak || !norm(e.author) || (!norm(ctx.customerName) && !norm(ctx.customerEmail ?? ''))) return r;
  if (r.role === 'agent' && isCustomer(e.author, ctx)) return { role: 'customer', why: 'author is the customer' };
  if (r.role === 'customer' && !isCustomer(e.author, ctx) && !loosely(e.author, ctx.customerName)) return { role: 'agent', why: 'author is not the customer' };
  return r;
}

/** One name holds the other word for word ("Hannah" and "Hannah Schulz"). */
function loosely(a: string, b: string): boolean {
  const [x, y] = [norm(a), norm(b)];
  if (!x || !y) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return ` ${long} `.includes(` ${short} `);
}

/** The poster is the customer panel's person (by name, or an e-mail in the poster line). */
function isCustomer(author: string, ctx: RoleContext): boolean {
  const a = norm(author);
  const name = norm(ctx.customerName);
  const email = norm(ctx.customerEmail ?? '');
  return !!a && ((!!name && a === name) || (!!email && a.includes(email)));
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** One author, one side: an unknown entry takes the role its author has elsewhere (a note's author is an agent). */
function byAuthor(entries: RoleSignals[], roles: { role: ReadRole; why: string }[]): { role: ReadRole; why: string }[] {
  const known = new Map<string, ReadRole>();
  roles.forEach((r, i) => {
    const a = entries[i]!.author.trim().toLowerCase();
    const side = r.role === 'note' ? 'agent' : r.role;
    if (a && (side === 'customer' || side === 'agent') && !known.has(a)) known.set(a, side);
  });
  return roles.map((r, i) => {
    const side = known.get(entries[i]!.author.trim().toLowerCase());
    return r.role === 'unknown' && side ? { role: side, why: 'same author as a known entry' } : r;
  });
}

function commonTokens(entries: RoleSignals[]): Set<string> {
  if (entries.length < 2) return new Set();
  const [first, ...rest] = entries;
  return new Set([...first!.tokens].filter((t) => rest.every((e) => e.tokens.has(t))));
}

/** A role and why; `weak` when only a weak word chose it. */
type Classified = { role: ReadRole; why: string; weak?: true };

function classifyOne(e: RoleSignals, common: Set<string>, aligned: boolean, ctx: RoleContext, eventsUnsigned: boolean): Classified {
  const own = new Set([...e.tokens].filter((t) => !common.has(t)));
  const words = (role: ThreadRole) => [...ROLE_WORDS[role], ...(ctx.extra?.[role] ?? []).map((w) => w.toLowerCase())];
  if (e.badge) return { role: 'note', why: 'badge' };
  for (const role of ['note', 'system'] as const) {
    const hit = hasAny(own, words(role).filter((w) => !WEAK.has(w)));
    if (hit) return { role, why: `word "${hit}"` };
  }
  const strong = (role: ThreadRole) => hasAny(own, words(role).filter((w) => !WEAK.has(w)));
  const c = strong('customer');
  const a = strong('agent');
  if (c && !a) return { role: 'customer', why: `word "${c}"` };
  if (a && !c) return { role: 'agent', why: `word "${a}"` };
  const byName = roleByAuthor(e.author, ctx);
  if (byName) return byName;
  if (aligned && e.side === 'center') return { role: 'system', why: 'centred between the two sides' };
  if (aligned && (e.side === 'left' || e.side === 'right')) return { role: e.side === 'right' ? 'agent' : 'customer', why: `aligned ${e.side}` };
  if (eventsUnsigned && !e.author.trim()) return { role: 'system', why: 'no poster, unlike the other entries' };
  const weak = (role: ThreadRole) => hasAny(own, words(role).filter((w) => WEAK.has(w)));
  const wc = weak('customer');
  const wa = weak('agent');
  if (wc && !wa) return { role: 'customer', why: `word "${wc}"`, weak: true };
  if (wa && !wc) return { role: 'agent', why: `word "${wa}"`, weak: true };
  const ws = hasAny(own, words('system').filter((w) => WEAK.has(w)));
  if (ws) return { role: 'system', why: `word "${ws}"` };
  return { role: 'unknown', why: 'no signal' };
}

/** How consoles print the signed-in agent as a poster ("you", FreeScout zh "你"). */
export const SELF_NAMES = ['you', 'me', '我', '我自己', 'yourself', '你', '您'];

function roleByAuthor(author: string, ctx: RoleContext): { role: ReadRole; why: string } | null {
  const a = norm(author);
  if (!a) return null;
  if (isCustomer(author, ctx)) return { role: 'customer', why: 'author is the customer' };
  if (SELF_NAMES.includes(a) || ctx.agentNames.some((n) => isAgentName(a, norm(n)))) return { role: 'agent', why: 'author is the agent' };
  return null;
}

/**
 * The poster is the signed-in agent: their full name, or the first name an account menu
 * shows ("Welcome, Ada" for "Ada Lovelace"; FreeScout's "Sam" for "Sam Agent").
 */
function isAgentName(author: string, name: string): boolean {
  if (!name) return false;
  if (author === name) return true;
  return !name.includes(' ') && name.length >= 2 && author.startsWith(`${name} `);
}
