/**
 * The catalog's grades as plain data, for contexts that must not load DOM code (the
 * service worker checks prepared calls against it). A test keeps it equal to the tools.
 */
import type { Risk, SideEffect } from '../tools/types.ts';

export interface Grade {
  sideEffect: SideEffect;
  risk?: Risk;
  requiredRole?: string;
}

export const GRADES: Readonly<Record<string, Grade>> = {
  'kb.search': { sideEffect: 'read' },
  'conversation.read': { sideEffect: 'read' },
  'customer.read': { sideEffect: 'read' },
  'ticket.history': { sideEffect: 'read' },
  'page.inspect': { sideEffect: 'read' },
  'customer.fill': { sideEffect: 'write', risk: 'low' },
  'category.match': { sideEffect: 'write', risk: 'low' },
  'ticket.fill': { sideEffect: 'write', risk: 'low' },
  'reply.draft': { sideEffect: 'write', risk: 'low' },
  'note.add': { sideEffect: 'write', risk: 'low' },
  'ticket.submit': { sideEffect: 'write', risk: 'medium' },
  'queue.assign': { sideEffect: 'write', risk: 'medium' },
  'ticket.assign': { sideEffect: 'write', risk: 'medium' },
  'refund.request': { sideEffect: 'write', risk: 'high', requiredRole: 'REFUND_APPROVER' },
  'reply.send': { sideEffect: 'send', risk: 'high' },
};
