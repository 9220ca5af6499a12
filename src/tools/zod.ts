/**
 * deskhand's zod: `zod/mini` (the same zod 4 package, functional API) with English issue
 * messages. Every schema in src/ imports `z` from here, never from 'zod'.
 *
 * Why mini: the content script bundles every schema it parses, and classic zod's methods
 * pull in the whole library (issue 10: ≈ 9 KB gzip more than mini for the same schemas).
 * Classic registers English on first use; mini registers no locale (its messages would all
 * be "Invalid input"), so English is configured here, once, before any schema parses —
 * only the `en` locale is bundled (https://zod.dev/packages/mini#no-default-locale).
 * Classic schemas (tests) and mini schemas share one core and parse the same.
 */
import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

z.config(en());

export { z };
