/** Options of a choice control and picking the one that means what was asked for. */
import { PRIORITY_SYNONYMS } from '../synonyms.ts';
import { normLabel } from '../text.ts';

export interface OptionLike {
  text: string;
  value: string;
}

/** Picks the option meaning `wanted`: exact value, exact text, synonym, then containment. */
export function pickOption<T extends OptionLike>(options: readonly T[], wanted: string): T | undefined {
  const w = normLabel(wanted);
  if (!w) return undefined;
  const norm = options.map((o) => ({ o, text: normLabel(o.text), value: normLabel(o.value) }));
  const exact = norm.find((n) => n.value === w || n.text === w);
  if (exact) return exact.o;
  const syn = Object.entries(PRIORITY_SYNONYMS).find(([k, list]) => k === w || list.includes(w));
  if (syn) {
    const hit = norm.find((n) => n.value === syn[0] || syn[1].includes(n.text) || syn[1].includes(n.value));
    if (hit) return hit.o;
  }
  return norm.find((n) => n.text && (n.text.includes(w) || w.includes(n.text)))?.o;
}

/** "no choice X (choices: a, b)": what a person needs to fix the call. */
export function noChoice(value: string, options: readonly OptionLike[]): string {
  return `no choice "${value}" (choices: ${options.map((o) => o.text.trim()).filter(Boolean).join(', ') || 'none'})`;
}
