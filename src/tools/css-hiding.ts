/**
 * The style rules that hide text from a person, as pure predicates over CSS values. Page
 * readers (src/dom/visible.ts, on computed styles) and knowledge-base readers (src/kb/hidden.ts,
 * on styles resolved from a fetched page's own <style> and style attributes, without layout)
 * decide by the same thresholds, so text hidden on a page is hidden in an article too.
 */

/** Below this opacity an element and everything in it is not seen. */
export const MIN_OPACITY = 0.05;
/** Below this font size (px) text is not readable. */
export const MIN_FONT_PX = 3;

/** clip: rect(0 0 0 0), clip-path: inset(50%) or more, or a zero-radius circle: nothing left to see. */
export function clippedAway(clip: string, clipPath: string): boolean {
  if (clip && clip !== 'auto' && /rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)/.test(clip)) return true;
  if (!clipPath || clipPath === 'none') return false;
  const inset = /^inset\(\s*(\d+(?:\.\d+)?)%/.exec(clipPath);
  if (inset && Number(inset[1]) >= 50) return true;
  return /^(circle|ellipse)\(\s*0(px|%)?[\s)]/.test(clipPath);
}

const NAMED: Record<string, [number, number, number]> = { white: [255, 255, 255], black: [0, 0, 0] };

/** An opaque colour as [r, g, b], from rgb()/rgba(), #hex or white/black; null otherwise. */
export function rgb(color: string): [number, number, number] | null {
  const c = color.trim().toLowerCase();
  const m = /rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(c);
  if (m) return [Number(m[1]), Number(m[2]), Number(m[3])];
  const hex = /^#([0-9a-f]{3,8})$/.exec(c)?.[1];
  if (hex && (hex.length === 3 || hex.length === 4)) return [0, 1, 2].map((i) => Number.parseInt(hex[i]! + hex[i]!, 16)) as [number, number, number];
  if (hex && (hex.length === 6 || hex.length === 8)) return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  return NAMED[c] ?? null;
}

/** transparent, or an alpha below 0.1 (rgba(), #rgba, #rrggbbaa). */
export function transparentColor(color: string): boolean {
  const c = color.trim().toLowerCase();
  if (c === 'transparent') return true;
  const m = /rgba?\(([^)]+)\)/.exec(c);
  const parts = m?.[1]?.split(/[\s,/]+/).filter(Boolean) ?? [];
  if (parts.length === 4) return parts[3]!.endsWith('%') ? Number.parseFloat(parts[3]!) < 10 : Number.parseFloat(parts[3]!) < 0.1;
  const hex = /^#([0-9a-f]{4}|[0-9a-f]{8})$/.exec(c)?.[1];
  if (hex) return Number.parseInt(hex.length === 4 ? hex[3]! + hex[3]! : hex.slice(6), 16) / 255 < 0.1;
  return false;
}

/** Text this close to its background colour cannot be told from it. */
export function sameColor(fg: [number, number, number], bg: [number, number, number]): boolean {
  return Math.abs(bg[0] - fg[0]) + Math.abs(bg[1] - fg[1]) + Math.abs(bg[2] - fg[2]) < 12;
}
