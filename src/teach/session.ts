/**
 * One teaching session as data, kept by the side panel: per capability the rule taught (a
 * profile patch) and the examples it was made from (slot and where each is on the page).
 * The draft is always the profile the agent started from with these rules applied in the
 * order they were taught, so undoing one rule rebuilds the draft without it and keeps every
 * other; and a reload of the console page loses nothing (the content script's elements are
 * gone, the panel's data is not: it sends the examples' places back with the next pick).
 * Pure: no chrome.*, unit-tested.
 */
import { parseProfile, type ConsoleProfile } from '../profiles/schema.ts';
import { applyPatch, newDraft, type ProfilePatch } from '../profiles/taught.ts';
import type { Problem } from '../tools/problems.ts';
import type { Capability, Slot } from './capabilities.ts';

/** A picked example: which slot, and a selector that finds it again on this page. */
export interface Held {
  slot: Slot;
  at: string;
}

export interface TaughtRule {
  cap: Capability;
  /** Null while the capability still needs examples (a thread with only the customer's message). */
  patch: ProfilePatch | null;
  held: Held[];
}

/** The session with `rule` for its capability: in the place of the one before it, else last. */
export function withRule(rules: readonly TaughtRule[], rule: TaughtRule): TaughtRule[] {
  const at = rules.findIndex((r) => r.cap === rule.cap);
  return at < 0 ? [...rules, rule] : rules.map((r, i) => (i === at ? rule : r));
}

/** The session without the capability's rule and examples; every other rule stays. */
export function withoutRule(rules: readonly TaughtRule[], cap: Capability): TaughtRule[] {
  return rules.filter((r) => r.cap !== cap);
}

export function heldFor(rules: readonly TaughtRule[], cap: Capability): Held[] {
  return rules.find((r) => r.cap === cap)?.held ?? [];
}

/** The draft: the profile taught before (or none) with the session's rules, checked by the profile schema. */
export function draftOf(origin: string, base: ConsoleProfile | null, rules: readonly TaughtRule[]): { ok: true; profile: ConsoleProfile } | { ok: false; problems: Problem[] } {
  let draft = newDraft(origin, base);
  for (const r of rules) if (r.patch) draft = applyPatch(draft, r.patch);
  return parseProfile(draft);
}
