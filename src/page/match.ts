/**
 * Which profile describes this page: an admin's (managed) profiles first, then ones the
 * agent taught, then the built-in ones; a per-origin choice in settings can pin one or turn
 * profiles off ("generic"). A profile matches when every condition it states holds: its
 * origins include the page's, one of its path globs matches, and all its markers exist.
 * A profile one of whose patterns took too long here is not used (profiles/pattern.ts).
 */
import { globToRegExp, type ConsoleProfile, type LoadedProfile, type ProfileSource } from '../profiles/schema.ts';
import { profileTooSlow } from '../profiles/pattern.ts';

export interface ProfileChoice {
  profile: ConsoleProfile;
  source: ProfileSource;
  why: string[];
}

const ORDER: Record<ProfileSource, number> = { managed: 0, taught: 1, builtin: 2 };

/** `choice` is the per-origin setting: undefined/'auto', 'generic', or a profile id. */
export function chooseProfile(
  loaded: readonly LoadedProfile[],
  page: { origin: string; pathname: string; has: (css: string) => boolean },
  choice?: string,
): ProfileChoice | null {
  if (choice === 'generic') return null;
  // A profile whose pattern ran past its budget on this page is set aside: generic reading.
  const sorted = [...loaded].filter((l) => !profileTooSlow(l.profile)).sort((a, b) => ORDER[a.source] - ORDER[b.source]);
  if (choice && choice !== 'auto') {
    const pinned = sorted.find((l) => l.profile.id === choice);
    if (pinned) return { profile: pinned.profile, source: pinned.source, why: [`chosen for ${page.origin} in settings`] };
  }
  for (const l of sorted) {
    const why = matches(l.profile, page);
    if (why) return { profile: l.profile, source: l.source, why };
  }
  return null;
}

function matches(p: ConsoleProfile, page: { origin: string; pathname: string; has: (css: string) => boolean }): string[] | null {
  const why: string[] = [];
  const m = p.match;
  if (m.origins?.length) {
    if (!m.origins.includes(page.origin)) return null;
    why.push(`origin ${page.origin}`);
  }
  if (m.paths?.length) {
    const hit = m.paths.find((g) => globToRegExp(g).test(page.pathname));
    if (!hit) return null;
    why.push(`path ${page.pathname} ~ ${hit}`);
  }
  for (const css of m.markers ?? []) {
    if (!page.has(css)) return null;
    why.push(`marker ${css}`);
  }
  return why;
}

/**
 * Is this page the profile's `path` ("/scp/tickets.php?a=open")? Its path ends the URL's
 * (a console installed under a prefix) and each of its query parameters is in the URL.
 */
export function onPath(loc: Pick<Location, 'href' | 'pathname' | 'search'>, path: string): boolean {
  const want = new URL(path, loc.href);
  if (!loc.pathname.endsWith(want.pathname)) return false;
  const have = new URLSearchParams(loc.search);
  for (const [k, v] of want.searchParams) if (have.get(k) !== v) return false;
  return true;
}
