/** What every knowledge-base provider answers, as plain data (crosses contexts as JSON). */

export interface KbHit {
  id: string;
  title: string;
  /** A short excerpt around the words that matched. */
  snippet: string;
  /** Absolute URL of the article ('' when it has none, e.g. an imported text file). */
  url: string;
  /** The article's answer text, cut at a sentence, suitable for a reply (when known). */
  answer?: string;
}

export interface ProviderFailure {
  code: string;
  detail: string;
  retryable: boolean;
}

export type ProviderResult = { ok: true; hits: KbHit[]; total: number } | { ok: false; error: ProviderFailure };

/** What a provider needs from where it runs (the content script, or a test). */
export interface ProviderEnv {
  fetch: typeof fetch;
  /** The console page's URL: relative provider URLs resolve against it. */
  base: string;
  signal: AbortSignal;
  /** Parses HTML without running it (DOMParser in the content script). */
  parseHtml?: (html: string) => Document;
  /** The team's own synonym groups (settings `kb.synonyms`): a console search that finds nothing tries them. */
  synonyms?: readonly (readonly string[])[];
  /** The local knowledge base, searched by the service worker (which applies the synonyms itself). */
  local?: (query: string, limit: number, signal: AbortSignal) => Promise<ProviderResult>;
}

export const failure = (code: string, detail: string, retryable = false): ProviderResult => ({ ok: false, error: { code, detail, retryable } });

/** A failed knowledge search that is an outage (a source could not be asked), not "no source is set up" (NO_KB_SOURCE). */
export const isKbOutage = (code: string | undefined): boolean => !!code && code !== 'NO_KB_SOURCE';
