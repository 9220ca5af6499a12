import { saveTaught } from '../profiles/store.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import { useTaughtProfile } from '../settings/store.ts';

/**
 * Keeps what the person taught for `origin` (teach mode, a recording, an accepted import) and
 * makes it the profile used there: a profile saved but left unused would look like a
 * teaching that did nothing.
 */
export async function keepTaught(origin: string, profile: ConsoleProfile): ReturnType<typeof saveTaught> {
  const saved = await saveTaught(origin, profile);
  if (saved.ok) await useTaughtProfile(origin, profile.id);
  return saved;
}
