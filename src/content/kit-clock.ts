/**
 * Imported first by kit-entry.ts and put in the kit's first part (scripts/kit-script.ts), so it
 * is the first of the kit's modules to run: kitMs in page.info covers every part's top-level
 * code after it, and the worker's injections between the parts.
 */
export const KIT_EVAL_START = performance.now();
