import { z } from '../tools/zod.ts';
import { linkElsewhere } from '../dom/elsewhere.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { findFields } from '../dom/find.ts';
import type { Pins } from './fill.ts';
import { describeEl } from '../dom/describe.ts';
import { isVisible } from '../dom/text.ts';
import { ok } from '../tools/errors.ts';
import type { ReadTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { kbSourcesSummary } from './kb-search.ts';

const input = z.strictObject({});

const FORM_FIELDS = {
  ticketForm: ['title', 'category', 'priority', 'description', 'name', 'phone', 'email', 'orderId'],
  refundForm: ['orderId', 'amount', 'currency', 'reason'],
} as const;

export const pageInspect = (deps: CatalogDeps): ReadTool<typeof input, unknown> => ({
  name: 'page.inspect',
  title: 'Inspect page',
  description:
    'Report what deskhand sees on this console page: which console profile matched and why (or the generic heuristics), the open record id and where it was read (URL, heading, attribute), any disagreement between those, the facets found (conversation, composer, customer, history, ticketForm, refundForm, assign, kb), and for each capability whether it was found and whether by the profile or by the heuristics. ' +
    '`kb` lists the knowledge sources kb.search uses here. `declaredTools` lists the tools the console itself declares to browser agents (WebMCP) as deskhand runs them (`console.<name>`), with their grade and its source (annotation, profile, default). Use it when another tool says something is missing. It reads no customer details: use customer.read for those.',
  sideEffect: 'read',
  input,
  async run() {
    const model = deps.model();
    const s = model.current();
    const setAside = deps.setAside?.() ?? [];
    const declared = deps.declared?.() ?? null;
    const identity = s.identity();
    const thread = s.thread();
    const customer = s.customer();
    const profileVia = (has: boolean) => (has ? 'profile' : 'heuristics');
    const roles: Record<string, number> = {};
    for (const e of thread?.entries ?? []) roles[e.role] = (roles[e.role] ?? 0) + 1;
    const reply = s.composer('reply', true);
    const note = s.composer('note', true);
    return ok({
      profile: s.choice ? { id: s.choice.profile.id, name: s.choice.profile.name, source: s.choice.source, why: s.choice.why } : { id: 'generic', name: 'generic heuristics', source: 'generic', why: ['no profile matches this page'] },
      // Stored profiles not used here (a pattern that could freeze the page, a damaged entry).
      ...(setAside.length ? { setAside } : {}),
      recordId: identity.recordId,
      displayId: identity.display,
      subject: s.subject(),
      idSources: identity.sources,
      conflict: identity.conflict,
      facets: s.facets() ?? [],
      url: location.pathname + location.search,
      kb: kbSourcesSummary(deps),
      // The console's own declared tools (WebMCP), each with its grade and where that came from.
      ...(declared ? { declaredTools: declared } : {}),
      capabilities: {
        thread: thread ? { found: true, via: thread.via, entries: thread.entries.length, roles, hiddenEntries: thread.hiddenEntries, hiddenChars: thread.hiddenChars } : { found: false },
        customer: { found: Object.keys(customer.fields).length > 0, fields: Object.keys(customer.fields), via: customer.via, followLink: s.follows('customer') },
        history: s.historyList() ? { found: true, via: profileVia(s.profileNames('historyList')), at: describeEl(s.historyList()!), rows: s.history()?.length ?? 0 } : { found: s.follows('history'), via: s.follows('history') ? 'follow' : null },
        replyComposer: reply ? { found: true, via: reply.via, visible: isVisible(reply.el) } : { found: false },
        noteBox: note ? { found: true, via: note.via, visible: isVisible(note.el) } : { found: false },
        ticketForm: { ...formReport(s.ticketForm(), FORM_FIELDS.ticketForm, s.formPins('ticketForm')), ...(s.ticketForm() ? {} : formElsewhere(s.ticketFormPath())) },
        refundForm: formReport(s.refundForm(), FORM_FIELDS.refundForm),
        assign: s.assign() ?? { found: false },
      },
    });
  },
});

/**
 * Where the new-ticket form is when it is not on this page: the profile's page for it, else the
 * page's own link to it ("Open a New Ticket"), so a person can be told where to go.
 */
function formElsewhere(path: string | undefined): { elsewhere?: { label: string; path: string } } {
  const link = linkElsewhere(document, BUTTON_SYNONYMS.openTicket);
  if (path) return { elsewhere: { label: link?.label ?? '', path } };
  return link ? { elsewhere: { label: link.label, path: link.path } } : {};
}

function formReport(form: { el: Element; via: string } | null, keys: readonly (typeof FORM_FIELDS)[keyof typeof FORM_FIELDS][number][], pinned: Pins = {}) {
  if (!form) return { found: false };
  const { found, missing } = findFields(keys, { scope: form.el, includeHidden: true, pinned });
  return {
    found: true,
    via: form.via,
    at: describeEl(form.el),
    visible: isVisible(form.el),
    fields: Object.fromEntries(Object.entries(found).map(([k, f]) => [k, { kind: f!.kind, via: f!.via, label: f!.label }])),
    missing,
  };
}
