/**
 * Where the values a confirmation card shows come from (the record a send or refund is about,
 * and the person it reaches), each reading with its source, so the card can show the source
 * and a disagreement between sources blocks Confirm (issue 14 item 6).
 *
 * Interim: this reads what the generic readers already see (URL query, the
 * `data-conversation-id` attribute, a `#ID` in the heading, the customer panel, the thread's
 * customer author). The console-profile page model replaces this one function; the
 * `Fact[]` shape (src/tools/card.ts) is the contract. Strongest source first: the worker
 * checks `url` facts against the URL the browser itself reports for the tab.
 */
import type { Fact } from '../tools/card.ts';
import { readConversation, readProfile } from './read.ts';

export interface RecordFacts {
  recordId: string | null;
  provenance: Fact[];
}

const ID_PARAMS = ['c', 'conversation', 'conversationId'];

export function recordFacts(opts: { person?: 'to' | 'customer' } = {}, doc: Document = document): RecordFacts {
  const facts: Fact[] = [];
  const url = new URL(doc.location.href);
  const fromUrl = ID_PARAMS.map((p) => url.searchParams.get(p)).find((v) => !!v);
  if (fromUrl) facts.push({ field: 'conversation', value: fromUrl, source: 'url' });
  const attr = doc.querySelector('[data-conversation-id]')?.getAttribute('data-conversation-id');
  if (attr) facts.push({ field: 'conversation', value: attr, source: 'attribute' });
  const heading = /#([A-Z]+-\d+)/.exec(doc.querySelector('h1, h2')?.textContent ?? '')?.[1];
  if (heading) facts.push({ field: 'conversation', value: heading, source: 'heading' });
  if (opts.person) {
    const profile = readProfile().fields.name;
    if (profile) facts.push({ field: opts.person, value: profile, source: 'profile' });
    const authors = readConversation(doc).messages.filter((m) => m.role === 'customer' && m.author).map((m) => m.author);
    const author = authors[authors.length - 1];
    if (author) facts.push({ field: opts.person, value: author, source: 'thread' });
  }
  return { recordId: facts.find((f) => f.field === 'conversation')?.value ?? null, provenance: facts };
}
