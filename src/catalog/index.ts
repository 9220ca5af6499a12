/**
 * The catalog: every tool, listed explicitly (Refined GitHub style). A meta-test checks
 * that each file in this folder is listed here and that the grades match grades.ts.
 */
import type { Registry } from '../tools/registry.ts';
import { categoryMatch } from './category-match.ts';
import { conversationRead } from './conversation-read.ts';
import { customerFill } from './customer-fill.ts';
import { customerRead } from './customer-read.ts';
import type { CatalogDeps } from './deps.ts';
import { kbSearch } from './kb-search.ts';
import { noteAdd } from './note-add.ts';
import { pageInspect } from './page-inspect.ts';
import { queueAssign } from './queue-assign.ts';
import { refundRequest } from './refund-request.ts';
import { replyDraft } from './reply-draft.ts';
import { replySend } from './reply-send.ts';
import { ticketAssign } from './ticket-assign.ts';
import { ticketFill } from './ticket-fill.ts';
import { ticketHistory } from './ticket-history.ts';
import { ticketSubmit } from './ticket-submit.ts';

export const CATALOG_FILES = [
  'kb-search',
  'conversation-read',
  'customer-read',
  'ticket-history',
  'page-inspect',
  'customer-fill',
  'category-match',
  'ticket-fill',
  'reply-draft',
  'note-add',
  'ticket-submit',
  'queue-assign',
  'ticket-assign',
  'refund-request',
  'reply-send',
] as const;

export function registerCatalog(registry: Registry, deps: CatalogDeps): void {
  registry.register(kbSearch(deps));
  registry.register(conversationRead(deps));
  registry.register(customerRead(deps));
  registry.register(ticketHistory(deps));
  registry.register(pageInspect(deps));
  registry.register(customerFill(deps));
  registry.register(categoryMatch(deps));
  registry.register(ticketFill(deps));
  registry.register(replyDraft(deps));
  registry.register(noteAdd(deps));
  registry.register(ticketSubmit(deps));
  registry.register(queueAssign(deps));
  registry.register(ticketAssign(deps));
  registry.register(refundRequest(deps));
  registry.register(replySend(deps));
}
