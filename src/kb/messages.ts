/** The one KB message to the service worker (`{ type: 'kb', request }`), validated on receipt. */
import { z } from '../tools/zod.ts';

export const KbRequest = z.lazy(() => z.discriminatedUnion('op', [
  /** content script of a console tab: search the local knowledge base */
  z.strictObject({ op: z.literal('search'), query: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)), limit: z.number().check(z.int(), z.gte(1), z.lte(10)) }),
  /** options page: fetch the admin's URL list into the local knowledge base now */
  z.strictObject({ op: z.literal('syncUrls') }),
  /** options page, the source form's "Try it": one sample answer of a console's knowledge source (the URL with the test words in it) */
  z.strictObject({ op: z.literal('try'), url: z.url({ protocol: /^https?$/ }).check(z.maxLength(2_000)) }),
]));
export type KbRequest = z.infer<typeof KbRequest>;

/** The worker's answer to a search, checked by the content script like any other input. */
const Hit = z.lazy(() => z.object({ id: z.string().check(z.maxLength(500)), title: z.string().check(z.maxLength(300)), snippet: z.string().check(z.maxLength(1_000)), url: z.string().check(z.maxLength(2_000)), answer: z.optional(z.string().check(z.maxLength(4_000))) }));
export const ProviderResultSchema = z.lazy(() => z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), hits: z.array(Hit).check(z.maxLength(10)), total: z.number() }),
  z.object({ ok: z.literal(false), error: z.object({ code: z.string().check(z.maxLength(100)), detail: z.string().check(z.maxLength(2_000)), retryable: z.boolean() }) }),
]));
