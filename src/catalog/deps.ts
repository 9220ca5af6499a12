/** What catalog tools need from their context, injected so tests can vary it. */
import type { Settings } from '../settings/schema.ts';

export interface CatalogDeps {
  settings(): Settings;
  /** The page's own fetch (content scripts fetch with the console's origin). */
  fetch: typeof fetch;
  /** Where the console lives (for relative endpoints). */
  origin(): string;
  /** How long to wait for the console to show the result of a click. */
  observeMs?: number;
}
