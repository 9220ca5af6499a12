/**
 * What a confirmation card shows, derived only from the fingerprinted part of a prepared
 * call: the validated input and the page facts (each with where it was read). Both the
 * service worker (which refuses a call whose `display` does not follow from these) and the
 * side panel (which renders from these, not from `display`) use this one function, so a
 * card can never show one thing while another is delivered.
 */
import { urlParts } from './url.ts';

/** Where a value shown on a card came from. `url` is checked against the browser's own URL. */
/** `link`: a link on the page the action goes through (the record's update page it is carried to). */
export type FactSource = 'url' | 'heading' | 'attribute' | 'profile' | 'thread' | 'panel' | 'input' | 'link';
export const FACT_SOURCES = ['url', 'heading', 'attribute', 'profile', 'thread', 'panel', 'input', 'link'] as const satisfies readonly FactSource[];

/** One reading of a value from the page, e.g. the conversation id from the URL. */
export interface Fact {
  field: string;
  value: string;
  source: FactSource;
}

/** Two sources that disagree about one field (URL id vs heading id, recipient vs thread author). */
export interface Conflict {
  field: string;
  values: { source: FactSource; value: string }[];
}

/** Fields on which the sources disagree, in the order the fields first appear. */
export function conflictsOf(facts: readonly Fact[]): Conflict[] {
  const byField = new Map<string, { source: FactSource; value: string }[]>();
  for (const f of facts) {
    const list = byField.get(f.field) ?? [];
    list.push({ source: f.source, value: f.value });
    byField.set(f.field, list);
  }
  const out: Conflict[] = [];
  for (const [field, values] of byField) {
    if (new Set(values.map((v) => v.value.normalize('NFC'))).size > 1) out.push({ field, values });
  }
  return out;
}

/**
 * The card's structured action: every input field as validated, then each page fact's first
 * (strongest) reading. A fact never overrides an input field of the same name.
 */
export function displayOf(input: Readonly<Record<string, unknown>>, facts: readonly Fact[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of facts) if (!(f.field in input) && !(f.field in out)) out[f.field] = f.value;
  return { ...out, ...input };
}

/** A money amount, when the input carries one (`amount` + ISO `currency`). */
export function moneyOf(input: Readonly<Record<string, unknown>>): { amount: number; currency: string } | null {
  const { amount, currency } = input;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return null;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  return { amount, currency };
}

/** The facts for `field` (all sources), strongest first. */
export function factsFor(facts: readonly Fact[], field: string): Fact[] {
  return facts.filter((f) => f.field === field);
}

/**
 * Does a browser-stamped URL carry `value` as a whole path segment or query value? This is
 * how the worker checks a content script's claim "the URL says C-1001" without knowing the
 * console's URL shape.
 */
export function urlCarries(url: string, value: string): boolean {
  const u = urlParts(url);
  if (!u) return false;
  return u.path.includes(value) || u.hashPath.includes(value) || u.params.some(([, v]) => v === value);
}

/** How one source of the record id moved between prepare and now (issue 19 item 5). */
export interface RecordDrift {
  source: FactSource;
  was: string | null;
  now: string | null;
}

/**
 * Whether the sources that named the record when a call was prepared still name it the same
 * way, and no source now names another one. The URL alone is not enough: a page can
 * rewrite its heading or data attributes (another conversation shown in place) while the URL
 * stays; a card whose sources no longer agree with the page is stale.
 */
export function recordDrift(before: readonly Fact[], after: readonly Fact[]): RecordDrift | null {
  const ids = (fs: readonly Fact[]) => fs.filter((f) => f.field === 'conversation');
  const [was, now] = [ids(before), ids(after)];
  // A source that reads another value now (the heading says C-1002 where it said C-1001).
  for (const f of was) {
    const moved = now.find((g) => g.source === f.source && g.value !== f.value);
    if (moved && !now.some((g) => g.source === f.source && g.value === f.value)) return { source: f.source, was: f.value, now: moved.value };
  }
  // A source that names a record none named before (a data attribute that appeared for C-1002).
  for (const g of now) {
    if (!was.some((f) => f.value === g.value)) return { source: g.source, was: was.find((f) => f.source === g.source)?.value ?? null, now: g.value };
  }
  // Every source that named it is gone. (One gone while the others still agree — a profile
  // that no longer reads it, a heading re-rendered later — is the same record.)
  const kept = was.filter((f) => now.some((g) => g.source === f.source && g.value === f.value));
  if (was.length && !kept.length) return { source: was[0]!.source, was: was[0]!.value, now: null };
  return null;
}
