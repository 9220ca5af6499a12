/**
 * dist/kit.js in parts (issue 22: no deskhand task may take 50 ms). Compiling and running the
 * whole kit in one script took one 60–95 ms task; the build (scripts/kit-script.ts) splits it
 * into these files, each one script the worker injects with its own executeScript call, so
 * each is its own task. In order: each part needs only the ones before it.
 */
export const KIT_FILES = [
  /** npm libraries (zod, dom-accessibility-api, …) and the kit's clock. */
  'kit-libs.js',
  /** The generic DOM reading and acting (src/dom) and the page model (src/page). */
  'kit-page.js',
  /** The rest, and the entry: registry, catalog, profiles, editors, KB, the content host. */
  'kit.js',
] as const;
