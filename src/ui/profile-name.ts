/** A profile's name as a person reads it: built-in profiles have one per language; others are data. */
import { tOr } from './i18n.ts';

export function profileName(p: { id: string; name: string }, source?: string): string {
  return source === undefined || source === 'builtin' ? tOr(`profileName_${p.id.replace(/[^A-Za-z0-9]/g, '_')}`, p.name) : p.name;
}
