/**
 * Leaves the record this page shows with the service worker (src/messages/came-from.ts), so
 * that a new-ticket form opened next in this tab — in place, on a page of its own, or after
 * that form reloads — knows which conversation and customer it is about. Sent when the page
 * settles on a record and again when what it shows of it changed; a page that is neither a
 * record nor a ticket form says the agent moved on. Top frame only.
 */
import { CAME_FROM_ENTRIES, CAME_FROM_TEXT, type RecordSeen } from '../messages/came-from.ts';
import type { PageModel, Snapshot } from '../page/model.ts';
import { toBackground } from '../messages/client.ts';

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);

export function recordOf(s: Snapshot): RecordSeen | null {
  const id = s.identity();
  if (!id.recordId) return null;
  // Sources that disagree (a URL rewritten to another record over this one's page) are not a
  // record to carry to a form: the last one seen whole stays.
  if (id.conflict) return null;
  const entries = s.thread()?.entries ?? [];
  const customer: RecordSeen['customer'] = {};
  for (const [k, v] of Object.entries(s.customer().fields) as [keyof RecordSeen['customer'], string][]) if (v) customer[k] = clip(v, 200);
  const subject = s.subject();
  return {
    recordId: clip(id.recordId, 200),
    ...(id.display && id.display !== id.recordId ? { displayId: clip(id.display, 200) } : {}),
    ...(subject ? { subject: clip(subject, 300) } : {}),
    customer,
    messages: entries.slice(-CAME_FROM_ENTRIES).map((m) => ({ role: m.role, author: clip(m.author, 120), time: clip(m.timeIso ?? m.time, 60), text: clip(m.text, CAME_FROM_TEXT) })),
    total: entries.length,
  };
}

/** How long a page must show neither a record nor a ticket form before the record is forgotten (a form may render late). */
const LEFT_AFTER_MS = 2_000;

export function rememberRecords(model: PageModel): void {
  if (window !== window.top) return;
  let last = '';
  let judged = '';
  let opened = '';
  const isForm = () => !!model.current().facets()?.includes('ticketForm');
  const note = () => {
    const s = model.current();
    const record = recordOf(s);
    // A record whose customer the page keeps behind a closed "Customer" disclosure (a Radix
    // accordion renders nothing until opened): read once, as a person would open it, and put
    // back; the form opened next fills that customer.
    if (record && !record.customer.name && !record.customer.email && opened !== s.url) {
      opened = s.url;
      void model.customerRevealed().then((found) => found && note(), () => {});
    }
    if (record) {
      judged = '';
      const json = JSON.stringify(record);
      if (json === last) return;
      last = json;
      void toBackground({ type: 'record.seen', record }).catch(() => {});
      return;
    }
    // Once per page, and only if it stays so: neither a record nor a form about one — the agent moved on.
    if (judged === s.url) return;
    judged = s.url;
    setTimeout(() => {
      const now = model.current();
      if (now.url !== judged || recordOf(now) || isForm()) return;
      last = '';
      void toBackground({ type: 'record.left' }).catch(() => {});
    }, LEFT_AFTER_MS);
  };
  model.onSettled(note);
  note();
}
