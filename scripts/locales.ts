/** `npm run locales`: rewrites both locale files sorted by key (test/i18n/keys.test.ts requires it). */
import { writeFileSync } from 'node:fs';
import { formatLocale, LOCALES, localePath, readLocale } from './locale-files.ts';

for (const l of LOCALES) writeFileSync(localePath(l), formatLocale(readLocale(l)));
console.log(`sorted: ${LOCALES.map((l) => `public/_locales/${l}/messages.json`).join(', ')}`);
