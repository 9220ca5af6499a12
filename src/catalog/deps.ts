/** What catalog tools need from their context, injected so tests can vary it. */
import type { KbProviderConfig } from '../kb/config.ts';
import type { NextPageCheck } from '../messages/schemas.ts';
import type { ProviderResult } from '../kb/types.ts';
import type { PageModel } from '../page/model.ts';
import type { Settings } from '../settings/schema.ts';
import type { SetAsideProfile } from '../profiles/schema.ts';
import type { DeclaredReport } from './declared.ts';

export interface CatalogDeps {
  settings(): Settings;
  /** The page model of this tab (profile, identity, facets, readers). */
  model(): PageModel;
  /** The page's own fetch (content scripts fetch with the console's origin). */
  fetch: typeof fetch;
  /** Where the console lives (for relative endpoints). */
  origin(): string;
  /** How long to wait for the console to show the result of a click. */
  observeMs?: number;
  /** The page's URL (relative KB URLs resolve against it; default: the origin). */
  pageUrl?(): string;
  /** KB providers the console profile names, if it knows any (settings still win). */
  kbProfile?(): readonly KbProviderConfig[] | undefined;
  /** Stored profiles not used on this page, and why (page.inspect reports them). */
  setAside?(): readonly SetAsideProfile[];
  /** Parses HTML without running it (DOMParser), for KB search pages. */
  parseHtml?(html: string): Document;
  /** The local knowledge base, searched by the service worker. */
  kbLocal?(query: string, limit: number, signal: AbortSignal): Promise<ProviderResult>;
  /**
   * The page is unloading right after a submit (a full-page POST): hand `check` to the next
   * page. Called synchronously from beforeunload/pagehide, while messages can still go out.
   */
  leaving?(check: NextPageCheck): void;
  /** This call was carried here from the page before (src/catalog/carry.ts): it is not carried on again. */
  carried?(): boolean;
  /**
   * Text from the configured model (the service worker asks the endpoint; llm.generate).
   * Throws with the endpoint's error in words; the signal aborts the request.
   */
  /** The console's declared tools (WebMCP) and their grades; null where the page offers none. */
  declared?(): readonly DeclaredReport[] | null;
  generate?(req: { system: string; user: string }, signal: AbortSignal): Promise<string>;
}
