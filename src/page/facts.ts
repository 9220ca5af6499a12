/**
 * Where the values a confirmation card shows come from (issue 14 item 6): the record a send
 * or refund is about and the person it reaches, each reading with its source, so the card
 * can show sources and a disagreement blocks Confirm. Built from the page model: the record
 * id's sources are the ones identity.ts reads (URL, profile, attribute, heading) — only those
 * that name the same kind of id (a ticket number shown beside the URL's internal id is not a
 * disagreement) — and the person is the customer panel's name and the thread's customer.
 */
import { comparableIds, sameId } from '../dom/ids.ts';
import type { AuditSubject } from '../tools/audit.ts';
import type { Fact, FactSource } from '../tools/card.ts';
import type { IdSourceKind } from './identity.ts';
import type { Snapshot } from './model.ts';

export interface RecordFacts {
  recordId: string | null;
  provenance: Fact[];
}

const SOURCE: Record<IdSourceKind, FactSource> = { url: 'url', attribute: 'attribute', heading: 'heading', profile: 'profile' };

export function recordFacts(s: Snapshot, opts: { person?: 'to' | 'customer' } = {}): RecordFacts {
  const identity = s.identity();
  const facts: Fact[] = [];
  const id = identity.recordId;
  // The number the agent sees on the page (#494495) where the record's key is another (1):
  // the card shows that one first, as its own line, so a person recognises the ticket.
  const shown = identity.display;
  if (id && shown && !sameId(shown, id)) {
    const from = identity.sources.find((src) => src.value === shown || sameId(src.value, shown));
    facts.push({ field: 'number', value: shown, source: from ? SOURCE[from.source] : 'heading' });
  }
  if (id) {
    for (const src of identity.sources) {
      if (sameId(src.value, id) || comparableIds(src.value, id)) facts.push({ field: 'conversation', value: src.value, source: SOURCE[src.source] });
    }
    if (identity.conflict) {
      for (const side of [identity.conflict.a, identity.conflict.b]) {
        if (!facts.some((f) => f.value === side.value && f.source === SOURCE[side.source])) facts.push({ field: 'conversation', value: side.value, source: SOURCE[side.source] });
      }
    }
  }
  if (opts.person) {
    const panel = s.customer().fields.name;
    if (panel) facts.push({ field: opts.person, value: panel, source: 'panel' });
    const authors = (s.thread()?.entries ?? []).filter((m) => m.role === 'customer' && m.author).map((m) => m.author);
    const author = authors[authors.length - 1];
    // "Maria" in the thread and "Maria Garcia" on the panel are one person; only names that
    // share nothing are two sources disagreeing.
    if (author) facts.push({ field: opts.person, value: panel && samePerson(panel, author) ? panel : author, source: 'thread' });
  }
  return { recordId: id, provenance: facts };
}

function samePerson(a: string, b: string): boolean {
  const n = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
  const [x, y] = [n(a), n(b)];
  return x === y || x.includes(y) || y.includes(x);
}

/**
 * What an invoke was about, for its audit record (the team lead's view names it): the number
 * the agent sees (else the record's key) and the customer the page shows — a name, else the
 * e-mail or phone. Raw here; the worker masks it before it is stored.
 */
export function auditSubject(s: Snapshot): AuditSubject | null {
  const identity = s.identity();
  const record = identity.display ?? identity.recordId;
  const c = s.customer().fields;
  const customer = c.name || c.email || c.phone || null;
  return record || customer ? { record: record ?? null, customer } : null;
}
