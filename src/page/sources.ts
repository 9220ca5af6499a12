/**
 * Where a tool's capability comes from on this page: the console profile (which one) or the
 * generic heuristics — for `__extTools.list()` (one `source` column) and page.inspect.
 */
import type { Snapshot } from './model.ts';

type Capability = 'thread' | 'customer' | 'history' | 'reply' | 'note' | 'ticketForm' | 'refundForm' | 'assign' | 'kb' | 'page';

const CAPABILITY: Record<string, Capability> = {
  'conversation.read': 'thread',
  'customer.read': 'customer',
  'ticket.history': 'history',
  'page.inspect': 'page',
  'kb.search': 'kb',
  'reply.draft': 'reply',
  'reply.send': 'reply',
  'note.add': 'note',
  'customer.fill': 'ticketForm',
  'ticket.fill': 'ticketForm',
  'category.match': 'ticketForm',
  'ticket.submit': 'ticketForm',
  'refund.request': 'refundForm',
  'queue.assign': 'assign',
  'ticket.assign': 'assign',
};

function viaOf(s: Snapshot, cap: Capability): 'profile' | 'heuristics' | null {
  const p = s.profile;
  switch (cap) {
    case 'thread':
      return s.thread()?.via ?? null;
    case 'customer':
      return p?.customer ? 'profile' : 'heuristics';
    case 'history':
      return p?.history ? 'profile' : s.historyList() ? 'heuristics' : null;
    case 'reply':
    case 'note':
      return s.composer(cap, true)?.via ?? null;
    case 'ticketForm':
      return s.ticketForm()?.via ?? null;
    case 'refundForm':
      return s.refundForm()?.via ?? null;
    case 'assign':
      return s.assign()?.via ?? null;
    case 'kb':
      return p?.kb?.length ? 'profile' : 'heuristics';
    case 'page':
      return p ? 'profile' : 'heuristics';
  }
}

/** "profile osticket-1.18", "heuristics", or "not found" for a tool on this page. */
export function toolSource(tool: string, s: Snapshot): string {
  const cap = CAPABILITY[tool];
  if (!cap) return 'heuristics';
  const via = viaOf(s, cap);
  if (!via) return 'not found';
  return via === 'profile' && s.profile ? `profile ${s.profile.id}` : 'heuristics';
}
