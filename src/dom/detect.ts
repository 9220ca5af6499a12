/**
 * What kind of console page this is. `null` means "not sure", which never blocks a tool
 * (seed 000: wrapping must not tighten what the unwrapped function did).
 */
import type { PageType } from '../tools/types.ts';
import { findSection } from './find.ts';

export function detectPage(doc: Document = document): PageType | null {
  try {
    const hasConversation =
      !!doc.querySelector('[data-conversation-id]') ||
      (!!findSection('conversation') && !!doc.querySelector('[contenteditable], .messages, [role=log]'));
    if (hasConversation) return 'conversation';
    if (findSection('kb')) return 'kb';
    if (findSection('ticketForm')) return 'ticket';
    if (findSection('customer')) return 'customer';
    return null;
  } catch {
    return null;
  }
}
