/**
 * Last-resort result clip (DESIGN.md "Results"). Each tool trims its own output first;
 * this only guarantees a bound. It works on values, never on JSON text, so the result
 * is always valid JSON (seed 000: a character cut made the model explain broken JSON).
 *
 * Order: cap very long strings, then drop array items from the end, then shorten strings
 * further, then drop object keys from the end, then fall back to a short preview.
 * Each stage is a binary search over one cap, measured with JSON.stringify.
 */
import type { TruncationNote } from './types.ts';

export const DEFAULT_CLIP_CHARS = 4_000;
const MARK = '…[cut ';
const MIN_STRING = 24;
/** Room kept for the `truncated` note itself. */
const NOTE_RESERVE = 420;

interface Caps {
  items: number;
  chars: number;
  keys: number;
}

interface Stats {
  droppedItems: number;
  shortenedStrings: number;
  droppedKeys: number;
  arrays: Map<string, { kept: number; total: number }>;
}

const INF = Number.MAX_SAFE_INTEGER;

export interface Clipped {
  value: unknown;
  truncated?: TruncationNote;
  /** The JSON text when nothing was clipped (callers reuse it instead of stringifying again). */
  text?: string;
}

export function clipResult(value: unknown, maxChars = DEFAULT_CLIP_CHARS): Clipped {
  const full = JSON.stringify(value) ?? 'null';
  if (full.length <= maxChars) return { value, text: full };
  const budget = Math.max(0, maxChars - NOTE_RESERVE);
  const found = search(value, budget);
  const note = makeNote(full.length, found);
  if (found && JSON.stringify(found.value).length + JSON.stringify(note).length <= maxChars) {
    return { value: found.value, truncated: note };
  }
  return fallback(full, maxChars);
}

interface Found {
  value: unknown;
  stats: Stats;
  size: number;
}

function search(value: unknown, budget: number): Found | null {
  const stringCap = Math.max(MIN_STRING, Math.floor(budget / 4));
  const stages: ((n: number) => Caps)[] = [
    (n) => ({ items: n, chars: stringCap, keys: INF }),
    (n) => ({ items: 1, chars: n, keys: INF }),
    (n) => ({ items: 1, chars: MIN_STRING, keys: n }),
  ];
  const ranges: [number, number][] = [
    [1, maxArrayLength(value)],
    [MIN_STRING, stringCap],
    [0, maxKeyCount(value)],
  ];
  for (let i = 0; i < stages.length; i++) {
    const [lo, hi] = ranges[i]!;
    const best = largestFitting(value, budget, stages[i]!, lo, hi);
    if (best) return best;
  }
  return null;
}

/** Binary search for the largest n in [lo, hi] whose capped value fits the budget. */
function largestFitting(
  value: unknown,
  budget: number,
  capsFor: (n: number) => Caps,
  lo: number,
  hi: number,
): Found | null {
  let best: Found | null = null;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const attempt = apply(value, capsFor(mid));
    if (attempt.size <= budget) {
      best = attempt;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

function apply(value: unknown, caps: Caps): Found {
  const stats: Stats = { droppedItems: 0, shortenedStrings: 0, droppedKeys: 0, arrays: new Map() };
  const out = copy(value, caps, stats, '$');
  return { value: out, stats, size: (JSON.stringify(out) ?? 'null').length };
}

function copy(value: unknown, caps: Caps, stats: Stats, path: string): unknown {
  if (typeof value === 'string') return shorten(value, caps.chars, stats);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const kept = value.slice(0, caps.items);
    if (kept.length < value.length) {
      stats.droppedItems += value.length - kept.length;
      stats.arrays.set(path, { kept: kept.length, total: value.length });
    }
    return kept.map((item, i) => copy(item, caps, stats, `${path}[${i}]`));
  }
  const out: Record<string, unknown> = {};
  const entries = Object.entries(value);
  entries.slice(0, caps.keys).forEach(([k, v]) => {
    out[k] = copy(v, caps, stats, `${path}.${k}`);
  });
  stats.droppedKeys += Math.max(0, entries.length - caps.keys);
  return out;
}

function shorten(text: string, cap: number, stats: Stats): string {
  if (text.length <= cap) return text;
  let end = Math.max(0, cap - 16);
  // Never split a surrogate pair: the half would become an escaped lone surrogate.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  stats.shortenedStrings += 1;
  return `${text.slice(0, end)}${MARK}${text.length - end}]`;
}

function maxArrayLength(value: unknown): number {
  let max = 1;
  walk(value, (v) => {
    if (Array.isArray(v)) max = Math.max(max, v.length);
  });
  return max;
}

function maxKeyCount(value: unknown): number {
  let max = 0;
  walk(value, (v) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) max = Math.max(max, Object.keys(v).length);
  });
  return max;
}

function walk(value: unknown, visit: (v: unknown) => void): void {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    visit(v);
    if (v && typeof v === 'object') stack.push(...(Array.isArray(v) ? v : Object.values(v)));
  }
}

function makeNote(originalChars: number, found: Found | null): TruncationNote {
  const stats = found?.stats;
  const arrays = stats
    ? [...stats.arrays.entries()]
        .sort((a, b) => b[1].total - b[1].kept - (a[1].total - a[1].kept))
        .slice(0, 3)
        .map(([path, n]) => ({ path, ...n }))
    : [];
  const first = arrays[0];
  const more = first
    ? `Ask for fewer items (a smaller \`limit\`) or the next page (\`offset\`: ${first.kept}).`
    : 'Ask for fewer items (a smaller `limit`) or a narrower query.';
  return {
    originalChars,
    keptChars: found?.size ?? 0,
    droppedItems: stats?.droppedItems ?? 0,
    shortenedStrings: stats?.shortenedStrings ?? 0,
    droppedKeys: stats?.droppedKeys ?? 0,
    arrays,
    hint: `Result clipped from ${originalChars} characters. ${more}`,
  };
}

/** Nothing structural fits: a short text preview, still valid JSON. */
function fallback(full: string, maxChars: number): Clipped {
  const stats: Stats = { droppedItems: 0, shortenedStrings: 0, droppedKeys: 0, arrays: new Map() };
  const room = Math.max(MIN_STRING, Math.floor((maxChars - NOTE_RESERVE) / 2));
  const preview = shorten(full, room, stats);
  const note = makeNote(full.length, null);
  note.hint = `Result too large to keep its structure (${full.length} characters); a text preview is shown. Ask for fewer items (a smaller \`limit\`).`;
  const value = { preview };
  note.keptChars = JSON.stringify(value).length;
  return { value, truncated: note };
}
