import { saveTaught } from '../profiles/store.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import { useTaughtProfile } from '../settings/store.ts';
import type { Problem } from '../tools/problems.ts';

/**
 * Keeps what the person taught for `origin` (teach mode, a recording, an accepted import) and
 * makes it the profile used there: a profile saved but left unused would look like a
 * teaching that did nothing. `choiceBefore` is the console's profile choice it replaced.
 */
export async function keepTaught(origin: string, profile: ConsoleProfile): Promise<{ ok: true; choiceBefore: string | null } | { ok: false; problems: Problem[] }> {
  const saved = await saveTaught(origin, profile);
  if (!saved.ok) return saved;
  return { ok: true, choiceBefore: await useTaughtProfile(origin, profile.id) };
}
