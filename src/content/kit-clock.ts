/**
 * Imported first by kit-entry.ts, so it is the first of kit.js's modules to run: when kit.js
 * started evaluating (kitMs in page.info covers every module's top-level code after it).
 */
export const KIT_EVAL_START = performance.now();
