/**
 * The panel's and the options page's colours (src/ui/theme.css), light and dark: every text
 * colour is at least 4.5:1 (WCAG 2 AA, normal text) on every surface it may sit on, and every
 * fill that carries text against that text. Computed from the file, so a colour changed there
 * is checked here before any screen is opened (e2e/a11y.test.ts checks the screens with axe).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(import.meta.dirname, '../../src/ui/theme.css'), 'utf8');

/** The custom properties of the first `:root { … }` block after `from`. */
function vars(from: number): Record<string, string> {
  const block = /:root\s*\{([^}]*)\}/.exec(css.slice(from))![1]!;
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}
const light = vars(0);
const dark = { ...light, ...vars(css.indexOf('prefers-color-scheme: dark')) };

/** WCAG 2 relative luminance of #rgb / #rrggbb (https://www.w3.org/TR/WCAG21/#dfn-relative-luminance). */
function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT = ['fg', 'soft', 'muted', 'link', 'danger', 'warn', 'warn-strong', 'ok'];
const SURFACES = ['bg', 'surface', 'surface-2', 'code-bg', 'badge', 'danger-soft', 'warn-soft', 'ok-soft', 'accent-soft', 'hl', 'hl-phone', 'hl-email'];
/** Text on a fill: [text, fill]. */
const FILLS = [
  ['on-accent', 'accent'],
  ['on-accent', 'danger-fill'],
  ['selected-fg', 'selected-bg'],
  ['pre-fg', 'pre-bg'],
];

describe.each([
  ['light', light],
  ['dark', dark],
] as const)('the %s colours', (_name, v) => {
  it('defines every colour it is checked for, as #hex', () => {
    for (const k of [...TEXT, ...SURFACES, ...FILLS.flat()]) expect(v[k], k).toMatch(/^#[0-9a-f]{3}(?:[0-9a-f]{3})?$/i);
  });

  it('text on every surface is at least 4.5:1', () => {
    const low = TEXT.flatMap((fg) => SURFACES.map((bg) => ({ fg, bg, ratio: contrast(v[fg]!, v[bg]!) }))).filter((p) => p.ratio < 4.5);
    expect(low.map((p) => `${p.fg} on ${p.bg}: ${p.ratio.toFixed(2)}`)).toEqual([]);
  });

  it('text on its fill is at least 4.5:1', () => {
    for (const [fg, bg] of FILLS) expect(contrast(v[fg!]!, v[bg!]!), `${fg} on ${bg}`).toBeGreaterThanOrEqual(4.5);
  });
});

describe('the contrast formula', () => {
  it('gives the known ratios', () => {
    expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrast('#fff', '#fff')).toBe(1);
    // The grey the issue measured: #67768a on the panel's #f6f7f9 was 4.3:1.
    expect(contrast('#67768a', '#f6f7f9')).toBeCloseTo(4.32, 2);
  });
});
