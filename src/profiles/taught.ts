/**
 * The profile an agent is teaching: a draft bound to one console origin, patches merged into
 * it, and the rules every taught or imported profile must keep. Pure (no DOM, no chrome.*).
 *
 * A taught profile only says where things are. The schema is strict, so it cannot carry a
 * tool, a grade, a risk or a role; on top of that a taught profile must name exactly its own
 * origin (it cannot match, or send anyone, elsewhere), may not reuse a built-in profile's id,
 * and may not carry knowledge-base providers with an address on another origin.
 */
import { BUILTIN_PROFILES } from './index.ts';
import { parseProfile, type ConsoleProfile } from './schema.ts';
import { problem, type Problem } from '../tools/problems.ts';

/** What one taught rule changes in a profile draft. */
export type ProfilePatch = Partial<Pick<ConsoleProfile, 'identity' | 'thread' | 'customer' | 'history' | 'composers' | 'ticketForm' | 'kb'>>;

export function draftId(origin: string): string {
  const host = new URL(origin).host.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `taught-${host}`.slice(0, 63);
}

/** A new draft for this origin, starting from the profile in use (its rules are kept). */
export function newDraft(origin: string, base: ConsoleProfile | null): ConsoleProfile {
  const { match: _m, id: _i, name: _n, ...rules } = base ?? ({} as Partial<ConsoleProfile>);
  return { ...rules, id: draftId(origin), name: new URL(origin).host, version: 1, match: { origins: [origin] } };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function merge(a: Obj, b: Obj): Obj {
  const out: Obj = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObj(v) && isObj(out[k]) ? merge(out[k] as Obj, v) : v;
  return out;
}

/**
 * The draft with a patch in it; a thread rule replaces the whole thread rule, and a history
 * rule for a kind of page replaces that page's rule (each was made from all its examples).
 */
export function applyPatch(draft: ConsoleProfile, patch: ProfilePatch): ConsoleProfile {
  let base = patch.thread ? { ...draft, thread: undefined } : draft;
  const pages = patch.history?.pages;
  if (pages && base.history?.pages) {
    const kept = Object.fromEntries(Object.entries(base.history.pages).filter(([glob]) => !(glob in pages)));
    base = { ...base, history: { ...base.history, pages: kept } };
  }
  const merged = merge(base as unknown as Obj, patch as Obj) as unknown as ConsoleProfile;
  if (!merged.thread) delete merged.thread;
  return merged;
}

/** Problems that keep a profile from being saved as taught on `origin` (empty = fine). */
export function taughtProblems(profile: ConsoleProfile, origin: string): Problem[] {
  const problems: Problem[] = [];
  const origins = profile.match.origins ?? [];
  if (origins.length !== 1 || origins[0] !== origin) problems.push(problem('match.origins', 'taught_origin', `a taught profile names exactly this console (${origin})`, origin));
  if (BUILTIN_PROFILES.some((b) => b.profile.id === profile.id)) problems.push(problem('id', 'builtin_id', `"${profile.id}" is a built-in profile`, profile.id));
  for (const [i, kb] of (profile.kb ?? []).entries()) {
    if (JSON.stringify(kb).match(/"(?:[a-z][a-z0-9+.-]*:|\/\/)[^"]*"/i)) problems.push(problem(`kb.${i}`, 'kb_offsite', 'an address on another origin'));
  }
  return problems;
}

/**
 * An imported file, checked like a taught profile: JSON, the profile schema, then the taught
 * rules for this origin. A profile that names no origin is bound to this one.
 */
export function importProfile(text: string, origin: string): { ok: true; profile: ConsoleProfile } | { ok: false; problems: Problem[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [problem('', 'not_json', `not JSON: ${e instanceof Error ? e.message : String(e)}`)] };
  }
  const parsed = parseProfile(raw);
  if (!parsed.ok) return parsed;
  const p = parsed.profile;
  const profile = p.match.origins?.length ? p : { ...p, match: { ...p.match, origins: [origin] } };
  const problems = taughtProblems(profile, origin);
  return problems.length ? { ok: false, problems } : { ok: true, profile };
}

/** A profile as a file people can read and share. */
export function exportText(profile: ConsoleProfile): string {
  return `${JSON.stringify(profile, null, 2)}\n`;
}
