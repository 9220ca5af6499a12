import { z } from 'zod';
import { detectPage } from '../dom/detect.ts';
import { findFields, findSection } from '../dom/find.ts';
import { conversationId } from '../dom/read.ts';
import { isVisible } from '../dom/text.ts';
import { ok } from '../tools/errors.ts';
import type { ReadTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { kbSourcesSummary } from './kb-search.ts';

const input = z.strictObject({});

const SECTION_FIELDS = {
  ticketForm: ['title', 'category', 'priority', 'description', 'name', 'phone', 'email', 'orderId'],
  refundForm: ['orderId', 'amount', 'currency', 'reason'],
  conversation: ['reply', 'note', 'queue'],
} as const;

export const pageInspect = (deps: CatalogDeps): ReadTool<typeof input, unknown> => ({
  name: 'page.inspect',
  title: 'Inspect page',
  description:
    'Report what kind of console page is open (conversation, customer, ticket, kb, or null when unsure), the open conversation id, which known forms and fields deskhand can find, with how each was found (label, aria, placeholder, nearby text), and which knowledge sources kb.search uses here (`kb`). ' +
    'Use it when another tool says a field or section is missing. It reads nothing about the customer: use customer.read for that.',
  sideEffect: 'read',
  input,
  async run() {
    const sections: Record<string, unknown> = {};
    for (const [name, keys] of Object.entries(SECTION_FIELDS)) {
      const el = findSection(name as keyof typeof SECTION_FIELDS, { includeHidden: true });
      if (!el) {
        sections[name] = { found: false };
        continue;
      }
      const { found, missing } = findFields(keys, { scope: el, includeHidden: true });
      sections[name] = {
        found: true,
        visible: isVisible(el),
        fields: Object.fromEntries(Object.entries(found).map(([k, f]) => [k, { kind: f!.kind, via: f!.via, label: f!.label }])),
        missing,
      };
    }
    return ok({ pageType: detectPage(), conversationId: conversationId(), url: location.pathname, sections, kb: kbSourcesSummary(deps) });
  },
});
