/**
 * Where taught and admin-pushed profiles live. Taught ones: `chrome.storage.local` key
 * `taughtProfiles`, one per console origin, written only from extension pages (the side
 * panel, after the agent accepted the check) — never from a content script, which only
 * computes rules. Admin ones: `chrome.storage.managed` key `profiles` (an array; locked).
 * Content scripts get both through the worker (`profiles.get`), because storage may be closed
 * to them (setAccessLevel TRUSTED_CONTEXTS). Every profile is parsed on the way out, so a
 * damaged entry is dropped and reported, never used.
 */
import { parseProfile, type ConsoleProfile, type LoadedProfile, type SetAsideProfile } from './schema.ts';
import { taughtProblems } from './taught.ts';
import { problem, type Problem } from '../tools/problems.ts';

export const TAUGHT_KEY = 'taughtProfiles';
export const MANAGED_KEY = 'profiles';

type Stored = Record<string, unknown>;

async function taughtAll(): Promise<Stored> {
  const got = await chrome.storage.local.get(TAUGHT_KEY);
  const v = got[TAUGHT_KEY];
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Stored) : {};
}

/** Every valid taught profile, by console origin (for the options page). */
export async function taughtProfiles(): Promise<Record<string, ConsoleProfile>> {
  const out: Record<string, ConsoleProfile> = {};
  for (const [origin, raw] of Object.entries(await taughtAll())) {
    const parsed = parseProfile(raw);
    if (parsed.ok && taughtProblems(parsed.profile, origin).length === 0) out[origin] = parsed.profile;
  }
  return out;
}

/** The taught profile for one origin, if it is still valid. */
export async function taughtFor(origin: string): Promise<ConsoleProfile | null> {
  const parsed = parseProfile((await taughtAll())[origin]);
  return parsed.ok && taughtProblems(parsed.profile, origin).length === 0 ? parsed.profile : null;
}

/** Admin profiles from policy; invalid ones are left out and named in `problems`. */
export async function managedProfiles(): Promise<{ profiles: ConsoleProfile[]; problems: Problem[] }> {
  let raw: unknown;
  try {
    raw = (await chrome.storage.managed.get(MANAGED_KEY))[MANAGED_KEY];
  } catch {
    return { profiles: [], problems: [] }; // no policy (or no managed storage here)
  }
  const list = Array.isArray(raw) ? raw : [];
  const profiles: ConsoleProfile[] = [];
  const problems: Problem[] = [];
  list.forEach((item, i) => {
    const p = parseProfile(item);
    if (p.ok) profiles.push(p.profile);
    else problems.push(...p.problems.map((m) => ({ ...m, path: [`profiles.${i}`, m.path].filter(Boolean).join('.') })));
  });
  return { profiles, problems };
}

/** The stored profiles for `origin` that are set aside (the admin's, then the taught one). */
export async function setAsideFor(origin: string): Promise<SetAsideProfile[]> {
  const out: SetAsideProfile[] = [];
  const idOf = (raw: unknown) => (raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? String((raw as { id: string }).id).slice(0, 64) : null);
  const managed = await chrome.storage.managed
    .get(MANAGED_KEY)
    .then((g) => g[MANAGED_KEY], () => undefined);
  if (Array.isArray(managed)) {
    for (const raw of managed) {
      const p = parseProfile(raw);
      if (!p.ok) out.push({ source: 'managed', id: idOf(raw), problems: p.problems.slice(0, 10) });
    }
  }
  const raw = (await taughtAll())[origin];
  if (raw !== undefined) {
    const p = parseProfile(raw);
    const problems = p.ok ? taughtProblems(p.profile, origin) : p.problems;
    if (problems.length) out.push({ source: 'taught', id: idOf(raw), problems: problems.slice(0, 10) });
  }
  return out;
}

/** What a console page on `origin` may use: the admin's profiles, then the one taught for it. */
export async function loadProfiles(origin: string): Promise<LoadedProfile[]> {
  const [managed, taught] = await Promise.all([managedProfiles(), taughtFor(origin)]);
  return [...managed.profiles.map((profile) => ({ profile, source: 'managed' as const })), ...(taught ? [{ profile: taught, source: 'taught' as const }] : [])];
}

function writableHere(): boolean {
  return typeof location === 'undefined' || location.protocol === 'chrome-extension:';
}

export async function saveTaught(origin: string, profile: ConsoleProfile): Promise<{ ok: true } | { ok: false; problems: Problem[] }> {
  if (!writableHere()) return { ok: false, problems: [problem('', 'not_here', 'only extension pages save profiles')] };
  const parsed = parseProfile(profile);
  if (!parsed.ok) return parsed;
  const problems = taughtProblems(parsed.profile, origin);
  if (problems.length) return { ok: false, problems };
  const all = await taughtAll();
  await chrome.storage.local.set({ [TAUGHT_KEY]: { ...all, [origin]: parsed.profile } });
  return { ok: true };
}

export async function removeTaught(origin: string): Promise<void> {
  if (!writableHere()) return;
  const { [origin]: _gone, ...rest } = await taughtAll();
  await chrome.storage.local.set({ [TAUGHT_KEY]: rest });
}

/** Taught or admin profiles changed (extension pages and the worker; content scripts hear it from the worker). */
export function onProfilesChanged(fn: () => void): () => void {
  const listener = (changes: Record<string, unknown>, area: string) => {
    if ((area === 'local' && TAUGHT_KEY in changes) || (area === 'managed' && MANAGED_KEY in changes)) fn();
  };
  chrome.storage.onChanged.addListener(listener);
  return () => chrome.storage.onChanged.removeListener(listener);
}
