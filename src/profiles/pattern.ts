/**
 * Profile patterns run on every page rebuild, so one that backtracks catastrophically
 * (`(a+)+$` on "aaaa…b") would freeze the console on every DOM change. JavaScript cannot
 * interrupt a running regex, so the shapes that make backtracking super-linear are refused
 * before a pattern ever runs (at import, save and load: schema.ts `Pattern`), and the time the
 * patterns that pass take is metered: one that still takes too long is set aside for the page.
 *
 * Refused (a small extraction pattern needs none of them):
 * - back-references (`\1`, `\k<name>`) and lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`);
 * - a repeated group (`*`, `+`, `{n,}`, `{n,m}`) holding a repetition or an alternation
 *   (`(a+)+`, `(a|ab)*`, `(?:\d?)+`): the nested and ambiguous repetition behind exponential time;
 * - more than three unbounded repetitions in a row of one run (`\d*\d*\d*\d*`): polynomial time.
 *
 * Pure (no DOM, no chrome.*).
 */

export type SlowReason = 'backreference' | 'lookaround' | 'nested' | 'repeats';

/** A quantifier starting at `i`, if any: its length and whether it repeats (more than once). */
function quantifierAt(src: string, i: number): { len: number; repeats: boolean; unbounded: boolean; exact?: boolean } | null {
  const c = src[i];
  if (c === '*' || c === '+') return { len: src[i + 1] === '?' ? 2 : 1, repeats: true, unbounded: true };
  if (c === '?') return { len: src[i + 1] === '?' ? 2 : 1, repeats: false, unbounded: false };
  if (c !== '{') return null;
  const m = /^\{(\d+)(,(\d*))?\}\??/.exec(src.slice(i));
  if (!m) return null;
  const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return { len: m[0].length, repeats: max > 1, unbounded: max === Infinity, exact: m[2] === undefined };
}

interface Group {
  /** Something inside repeats or is optional (a quantifier of any kind). */
  quantified: boolean;
  alternation: boolean;
  /** Unbounded repetitions in a row at this level (reset by a literal that is not repeated). */
  run: number;
}

/** Why a pattern may take super-linear time, or null when its shape is safe. */
export function slowPattern(src: string): SlowReason | null {
  const stack: Group[] = [{ quantified: false, alternation: false, run: 0 }];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    const top = stack[stack.length - 1]!;
    let atomEnd = i + 1;
    let closed: Group | null = null;
    if (c === '\\') {
      const next = src[i + 1] ?? '';
      if (/[1-9]/.test(next) || next === 'k') return 'backreference';
      atomEnd = i + 2;
      // \u{…}, \p{…}, \x.., \u....: one atom
      const braced = /^\\[upPx]\{[^}]*\}/.exec(src.slice(i)) ?? /^\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[a-zA-Z])/.exec(src.slice(i));
      if (braced) atomEnd = i + braced[0].length;
    } else if (c === '[') {
      let j = i + 1;
      if (src[j] === '^') j++;
      if (src[j] === ']') j++;
      while (j < src.length && src[j] !== ']') j += src[j] === '\\' ? 2 : 1;
      atomEnd = j + 1;
    } else if (c === '(') {
      if (/^\(\?<?[=!]/.test(src.slice(i))) return 'lookaround';
      stack.push({ quantified: false, alternation: false, run: 0 });
      const named = /^\(\?(<[^>]*>|:)?/.exec(src.slice(i));
      i += named?.[0].length || 1;
      continue;
    } else if (c === ')') {
      closed = stack.length > 1 ? stack.pop()! : null;
    } else if (c === '|') {
      top.alternation = true;
      top.run = 0;
      i++;
      continue;
    }
    const q = quantifierAt(src, atomEnd);
    const parent = stack[stack.length - 1]!;
    if (closed) {
      if (q?.repeats && (closed.quantified || closed.alternation)) return 'nested';
      parent.quantified ||= closed.quantified || (!!q && !q.exact);
      parent.alternation ||= closed.alternation;
    } else if (q && !q.exact) {
      // An exact count ({3}) is one way to match: it makes nothing ambiguous.
      parent.quantified = true;
    }
    if (q?.unbounded) {
      parent.run += 1;
      if (parent.run > 3) return 'repeats';
    } else if (!closed || !closed.quantified) {
      parent.run = 0;
    }
    i = atomEnd + (q?.len ?? 0);
  }
  return null;
}

/** A pattern that ran longer than this once is set aside for the page (evidence: issue 19 item 8). */
export const PATTERN_BUDGET_MS = 20;

const slowAtRuntime = new Set<string>();

/** Runs a profile pattern (`u` flag, first group) and meters it; see `profileTooSlow`. */
export function runPattern(src: string, text: string, now: () => number = () => performance.now()): string | null {
  if (slowAtRuntime.has(src)) return null;
  const started = now();
  const v = new RegExp(src, 'u').exec(text)?.[1] ?? null;
  if (now() - started > PATTERN_BUDGET_MS) slowAtRuntime.add(src);
  return v;
}

/** Does this profile hold a pattern that took longer than the budget on this page? */
export function profileTooSlow(profile: unknown): boolean {
  if (!slowAtRuntime.size) return false;
  const json = JSON.stringify(profile);
  return [...slowAtRuntime].some((src) => json.includes(JSON.stringify(src)));
}

/** For tests: forget what was measured. */
export function resetPatternMeter(): void {
  slowAtRuntime.clear();
}
