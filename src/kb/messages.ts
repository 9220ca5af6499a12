/** The one KB message to the service worker (`{ type: 'kb', request }`), validated on receipt. */
import { z } from 'zod';

export const KbRequest = z.discriminatedUnion('op', [
  /** content script of a console tab: search the local knowledge base */
  z.strictObject({ op: z.literal('search'), query: z.string().trim().min(1).max(200), limit: z.number().int().min(1).max(10) }),
  /** options page: fetch the admin's URL list into the local knowledge base now */
  z.strictObject({ op: z.literal('syncUrls') }),
]);
export type KbRequest = z.infer<typeof KbRequest>;

/** The worker's answer to a search, checked by the content script like any other input. */
const Hit = z.object({ id: z.string().max(500), title: z.string().max(300), snippet: z.string().max(1_000), url: z.string().max(2_000), answer: z.string().max(4_000).optional() });
export const ProviderResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), hits: z.array(Hit).max(10), total: z.number() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string().max(100), detail: z.string().max(2_000), retryable: z.boolean() }) }),
]);
