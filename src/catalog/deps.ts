/** What catalog tools need from their context, injected so tests can vary it. */
import type { PageModel } from '../profiles/model.ts';
import type { Settings } from '../settings/schema.ts';

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
}
