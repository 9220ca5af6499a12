/**
 * Knowledge-base providers as data (zod): what settings and console profiles say about where
 * a console's articles are. Pure — no DOM, no chrome.* — so profiles can embed
 * `kb: KbProviderConfig[]`.
 *
 * - `json`: a JSON search endpoint of the console, with a field mapping (dotted paths);
 * - `html`: the console's own KB search page, read like a person reads it;
 * - `local`: the team's articles imported into the extension (IndexedDB, searched in the worker).
 *
 * JSON and HTML providers are fetched by the content script with the agent's session, so
 * their URLs must stay on the console's origin: a path ("/api/kb/search") or a relative URL;
 * an absolute URL (or "//host") is refused here, before anything is fetched.
 */
import { z } from '../tools/zod.ts';
import { HINTS } from '../tools/problems.ts';

/** "/scp/kb.php", "faq.php?x=1": resolved against the console page, never another host. */
export const SameOriginUrl = z.lazy(() => z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(300),
  // Not a URL of another origin, and a URL at all: a path has no spaces ("not a url" is not one).
  z.refine((u) => !/^[a-z][a-z\d+.-]*:/i.test(u) && !u.startsWith('//') && !u.startsWith('\\') && !/\s/.test(u), {
    message: HINTS.sameOriginUrl,
  }),
));

/** A dotted path into a JSON answer: "results", "data.items", "hits.0.title", "" for the root. */
export const JsonPath = z.lazy(() => z.string().check(z.trim(), z.maxLength(100), z.regex(/^[\w$-]*(\.[\w$-]+)*$/, HINTS.jsonPath)));

/** A CSS selector, checked for shape only (the reader reports one that does not parse). */
const Css = z.lazy(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200)));

/** One phrase of a synonym group: "退钱", "money back", "RMA". */
const SynonymPhrase = z.lazy(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(40)));

/**
 * An admin's own synonym groups ("RMA = 退货 = return authorisation"), on top of the built-in
 * support lexicon (lexicon.ts): each group is 2–12 phrases that mean the same here. The local
 * index treats them as it treats the built-in ones; a console's own search that finds nothing
 * is asked once more in the group's first words (search.ts).
 */
export const SynonymGroups = z.lazy(() => z.array(z.array(SynonymPhrase).check(z.minLength(2), z.maxLength(12))).check(z.maxLength(300)));
export type SynonymGroups = z.output<typeof SynonymGroups>;

const common = () => ({
  /** What the agent and the model see as the source ("osTicket FAQ"); a default is derived. */
  name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  /** This source's own words (on top of the team's `kb.synonyms` and the built-in lexicon). */
  synonyms: z.optional(SynonymGroups),
});

export const JsonProviderConfig = z.lazy(() => z.strictObject({
  kind: z.literal('json'),
  ...common(),
  url: SameOriginUrl,
  queryParam: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), 'q'),
  limitParam: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  listPath: z._default(JsonPath, 'results'),
  titlePath: z._default(JsonPath, 'title'),
  snippetPath: z._default(JsonPath, 'snippet'),
  urlPath: z.optional(JsonPath),
  idPath: z.optional(JsonPath),
  totalPath: z.optional(JsonPath),
  /** Where the article's answer text is (longer than the snippet, suitable for a reply). */
  answerPath: z.optional(JsonPath),
}));

export const HtmlProviderConfig = z.lazy(() => z.strictObject({
  kind: z.literal('html'),
  ...common(),
  /** The search page, with `{query}` where the words go: "/scp/kb.php?a=search&q={query}". */
  searchUrl: SameOriginUrl.check(z.refine((u) => u.includes('{query}'), { message: 'The search URL needs a {query} placeholder.' })),
  /** One search result (else the reader finds the results list by itself). */
  result: z.optional(Css),
  title: z.optional(Css),
  snippet: z.optional(Css),
  link: z.optional(Css),
  /** On the article page: the answer text (else the page's main text). */
  articleBody: z.optional(Css),
  /**
   * Consoles whose search matches the whole query as one phrase (osTicket's `LIKE %q%`) find
   * nothing for a sentence; when the whole query finds nothing, retry with its longest N words.
   */
  retryWords: z._default(z.number().check(z.int(), z.gte(0), z.lte(5)), 0),
}));

export const LocalProviderConfig = z.lazy(() => z.strictObject({ kind: z.literal('local'), ...common() }));

export const KbProviderConfig = z.lazy(() => z.discriminatedUnion('kind', [JsonProviderConfig, HtmlProviderConfig, LocalProviderConfig]));
export type KbProviderConfig = z.output<typeof KbProviderConfig>;
export type KbProviderInput = z.input<typeof KbProviderConfig>;
export type JsonProviderConfig = z.output<typeof JsonProviderConfig>;
export type HtmlProviderConfig = z.output<typeof HtmlProviderConfig>;

export const KbProviderList = z.lazy(() => z.array(KbProviderConfig).check(z.maxLength(6)));

/** The label of a provider's hits ("local", "osTicket FAQ", "/api/kb/search"). */
export function providerName(p: KbProviderConfig): string {
  if (p.name) return p.name;
  if (p.kind === 'local') return 'local';
  const url = p.kind === 'json' ? p.url : p.searchUrl;
  return url.split('?')[0]!;
}
