/**
 * The record an agent came from: a new-ticket form on a page of its own ("New Ticket" on
 * osTicket, /open.cgi on a classic console) is about the conversation shown just before,
 * which that page cannot read. The record page's content script leaves a compact copy with
 * the service worker (per tab, in storage.session, never readable by content scripts), and the form page asks for it: customer, subject and the latest entries.
 * Pure data: the schema both sides validate with, and the limits that keep it small.
 */
import { z } from '../tools/zod.ts';
import { CUSTOMER_KEYS } from '../dom/rules.ts';

/** The latest entries kept, and how much of each: enough to match a category and write a ticket. */
export const CAME_FROM_ENTRIES = 20;
export const CAME_FROM_TEXT = 1_000;

const Text = (max: number) => z.string().check(z.maxLength(max));

export const CameFromSchema = z.lazy(() => z.strictObject({
  /** The record page's URL, as the browser stamped it on the message (never the page's word). */
  url: Text(2_000),
  recordId: Text(200),
  displayId: z.optional(Text(200)),
  subject: z.optional(Text(300)),
  customer: z.partialRecord(z.enum(CUSTOMER_KEYS), Text(200)),
  messages: z
    .array(z.strictObject({ role: z.enum(['customer', 'agent', 'note', 'system', 'unknown']), author: Text(120), time: Text(60), text: Text(CAME_FROM_TEXT + 20) }))
    .check(z.maxLength(CAME_FROM_ENTRIES)),
  total: z.number().check(z.int(), z.gte(0)),
}));
export type CameFrom = z.output<typeof CameFromSchema>;

/** What the record page sends: the same without the URL, which the worker takes from the sender. */
export const RecordSeenSchema = z.lazy(() => z.omit(CameFromSchema._zod.innerType, { url: true }));
export type RecordSeen = z.output<typeof RecordSeenSchema>;
