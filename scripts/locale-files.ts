/** The extension's source files and its two locales, for the locale script and the i18n meta-tests. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');
export const LOCALES = ['zh_CN', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export type Messages = Record<string, { message: string; description?: string }>;

export const localePath = (l: Locale) => join(ROOT, 'public/_locales', l, 'messages.json');
export const readLocale = (l: Locale): Messages => JSON.parse(readFileSync(localePath(l), 'utf8')) as Messages;

export function sourceFiles(dir = 'src', exts = ['.ts', '.tsx']): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (exts.some((e) => name.endsWith(e))) out.push({ path: relative(ROOT, p), text: readFileSync(p, 'utf8') });
    }
  };
  walk(join(ROOT, dir));
  return out;
}

/** `$1`…`$9` a message uses. */
export const placeholders = (m: string): string[] => [...new Set(m.match(/\$[1-9]/g) ?? [])].sort();

/** The canonical file text: keys sorted, two-space JSON (so additions from several branches rarely touch the same lines). */
export const formatLocale = (m: Messages): string =>
  `${JSON.stringify(Object.fromEntries(Object.keys(m).sort().map((k) => [k, m[k]])), null, 2)}\n`;
