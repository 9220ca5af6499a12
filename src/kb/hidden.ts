/**
 * Which parts of a fetched or imported HTML page a person would not see. A KB page read here
 * has no layout (DOMParser in the content script, htmlparser2 in imports): the styles are
 * resolved from the page's own <style> blocks and style attributes — selectors matched, the
 * cascade applied (importance, specificity, order), inherited properties carried down — and
 * judged by the same thresholds as page text (tools/css-hiding.ts). What cannot be shown is
 * dropped: display:none, visibility:hidden, opacity 0, font-size ~0, clipped, zero-sized,
 * pushed off-screen, transparent or background-coloured text, [hidden], aria-hidden, inert,
 * a closed <details>. External stylesheets are not fetched (and so not known).
 *
 * Two trees (DOM and domhandler) share this code through the small `StyleTree` adapter.
 */
import { clippedAway, MIN_FONT_PX, MIN_OPACITY, rgb, sameColor, transparentColor } from '../tools/css-hiding.ts';

export interface StyleTree<E> {
  /** Lower-case tag name. */
  tag(el: E): string;
  attr(el: E, name: string): string | null;
  children(el: E): readonly E[];
  /** Elements matching a selector; [] for one this tree cannot match (invalid, unsupported). */
  selectAll(selector: string): readonly E[];
}

export interface HiddenParts<E> {
  /** Elements hidden with everything inside them. */
  drop: Set<E>;
  /** Elements whose own text nodes are not seen (their child elements are judged on their own). */
  mute: Set<E>;
}

interface Decl {
  prop: string;
  value: string;
  important: boolean;
}
interface Rule {
  selector: string;
  decls: Decl[];
  specificity: number;
  order: number;
}

/** Properties that decide visibility here (others are not kept). */
const WANTED = new Set([
  'display', 'visibility', 'opacity', 'font-size', 'font', 'color', 'background', 'background-color', 'background-image',
  'position', 'left', 'top', 'right', 'text-indent', 'margin-left', 'margin-top', 'transform', 'clip', 'clip-path',
  'width', 'height', 'max-width', 'max-height', 'overflow', 'overflow-x', 'overflow-y', 'content-visibility',
]);

/** "a:b; c:d !important" -> declarations (only the ones that matter here). */
export function parseDeclarations(text: string): Decl[] {
  const out: Decl[] = [];
  for (const part of splitTop(text, ';')) {
    const colon = part.indexOf(':');
    if (colon < 1) continue;
    const prop = part.slice(0, colon).trim().toLowerCase();
    if (!WANTED.has(prop)) continue;
    let value = part.slice(colon + 1).trim();
    const important = /!\s*important\s*$/i.test(value);
    if (important) value = value.replace(/!\s*important\s*$/i, '').trim();
    out.push({ prop, value: value.toLowerCase(), important });
  }
  return out;
}

/**
 * Visits the characters of `text` from `from` that are outside quoted strings, until `visit`
 * says stop; returns where it stopped (or the end).
 */
function outsideQuotes(text: string, from: number, visit: (c: string, i: number) => boolean | void): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (visit(c, i)) return i;
  }
  return text.length;
}

/** Splits at `sep` outside parentheses and quotes. */
function splitTop(text: string, sep: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  outsideQuotes(text, 0, (c, i) => {
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === sep && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  });
  parts.push(text.slice(start));
  return parts;
}

/** The index of the `}` closing the block opened just before `from`, or the end. */
function blockEnd(css: string, from: number): number {
  let depth = 1;
  return outsideQuotes(css, from, (c) => {
    if (c === '{') depth++;
    else if (c === '}') return --depth === 0;
    return false;
  });
}

/**
 * Style rules of a stylesheet. Conditional groups (@media, @supports, @layer, @container)
 * are read as if they applied: on a page without a screen, text any of them hides is text a
 * person may not see. Other at-rules (@font-face, @keyframes, @import) carry no such rules.
 */
export function parseCss(css: string, rules: Rule[] = []): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, ' ');
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    const semi = text.indexOf(';', i);
    if (open === -1) break;
    // "@import url(x);" and "@charset" end at a semicolon before any block.
    if (semi !== -1 && semi < open && text.slice(i, semi).trim().startsWith('@')) {
      i = semi + 1;
      continue;
    }
    const prelude = text.slice(i, open).trim();
    const end = blockEnd(text, open + 1);
    const body = text.slice(open + 1, end);
    if (/^@(media|supports|layer|container|document)\b/i.test(prelude)) parseCss(body, rules);
    else if (!prelude.startsWith('@')) {
      const decls = parseDeclarations(body);
      if (decls.length) for (const selector of splitTop(prelude, ',').map((s) => s.trim()).filter(Boolean)) rules.push({ selector, decls, specificity: specificity(selector), order: rules.length });
    }
    i = end + 1;
  }
  return rules;
}

/** Selector specificity as one number: ids, then classes/attributes/pseudo-classes, then types. */
function specificity(selector: string): number {
  const s = selector.replace(/"[^"]*"|'[^']*'/g, '').replace(/:(where)\([^)]*\)/g, '');
  const ids = (s.match(/#[\w-]+/g) ?? []).length;
  const classes = (s.match(/\.[\w-]+|\[[^\]]*\]|:(?!:)[\w-]+/g) ?? []).length;
  const types = (s.replace(/\[[^\]]*\]|\([^)]*\)/g, '').match(/(^|[\s>+~(])[a-z][\w-]*|::[\w-]+/gi) ?? []).length;
  return ids * 10_000 + classes * 100 + types;
}

type Style = Map<string, string>;

/** The cascaded value of each wanted property: important before normal, then inline, specificity, order. */
function cascade(matched: readonly Rule[], inline: readonly Decl[]): Style {
  const best = new Map<string, { rank: number; value: string }>();
  const consider = (d: Decl, rank: number) => {
    const cur = best.get(d.prop);
    if (!cur || rank >= cur.rank) best.set(d.prop, { rank, value: d.value });
  };
  // Rank: importance first, then inline over any selector, then specificity, then source order.
  for (const r of matched) for (const d of r.decls) consider(d, (d.important ? 4e12 : 0) + r.specificity * 1e6 + r.order);
  for (const d of inline) consider(d, (d.important ? 4e12 : 0) + 2e12);
  const style: Style = new Map();
  for (const [k, v] of best) style.set(k, v.value);
  expandShorthands(style);
  return style;
}

const SIZE = /(^|\s)(-?\d*\.?\d+)(px|pt|em|rem|%|vw|vh|ex|ch)?(\s*\/|\s|$)/;

function expandShorthands(style: Style): void {
  const font = style.get('font');
  if (font && !style.has('font-size')) {
    const m = SIZE.exec(font);
    if (m) style.set('font-size', `${m[2]}${m[3] ?? ''}`);
  }
  const bg = style.get('background');
  if (bg !== undefined) {
    if (/url\(|gradient\(/.test(bg) && !style.has('background-image')) style.set('background-image', bg);
    if (!style.has('background-color')) style.set('background-color', bg.split(/\s+(?![^(]*\))/).find((t) => rgb(t) || transparentColor(t)) ?? '');
  }
}

/** A length in px where it can be known without layout (font-relative units against `em`). */
function px(value: string | undefined, em: number): number | null {
  if (!value) return null;
  const m = /^(-?\d*\.?\d+)(px|pt|em|rem|%|vw|vh)?$/.exec(value.trim());
  if (!m) return null;
  const n = Number(m[1]);
  if (n === 0) return 0;
  switch (m[2]) {
    case undefined:
    case 'px':
      return n;
    case 'pt':
      return (n * 4) / 3;
    case 'em':
      return n * em;
    case 'rem':
      return n * 16;
    case '%':
      return (n / 100) * em;
    default:
      return null; // viewport units: no viewport here
  }
}

const FAR = -999;

/** Hidden with its whole subtree, by attributes and non-inherited properties. */
function hidesSubtree<E>(tree: StyleTree<E>, el: E, s: Style, em: number): boolean {
  if (tree.attr(el, 'hidden') !== null || tree.attr(el, 'aria-hidden') === 'true' || tree.attr(el, 'inert') !== null) return true;
  if (s.get('display') === 'none' || s.get('content-visibility') === 'hidden') return true;
  const opacity = Number.parseFloat(s.get('opacity') ?? '1');
  if (opacity < MIN_OPACITY) return true;
  if (clippedAway(s.get('clip') ?? '', s.get('clip-path') ?? '')) return true;
  const transform = s.get('transform') ?? '';
  if (/scale[xy]?\(\s*0(\.0+)?\s*[,)]/.test(transform)) return true;
  const shift = /translate[xy]?\(\s*(-?\d*\.?\d+)px(?:\s*,\s*(-?\d*\.?\d+)px)?/.exec(transform);
  if (shift && (Math.abs(Number(shift[1])) >= -FAR || Math.abs(Number(shift[2] ?? 0)) >= -FAR)) return true;
  const pos = s.get('position');
  if (pos === 'absolute' || pos === 'fixed') {
    for (const side of ['left', 'top', 'right']) if ((px(s.get(side), em) ?? 0) <= FAR) return true;
  }
  for (const side of ['margin-left', 'margin-top']) if ((px(s.get(side), em) ?? 0) <= FAR) return true;
  const overflow = [s.get('overflow'), s.get('overflow-x'), s.get('overflow-y')].some((o) => o && /hidden|clip/.test(o));
  if (overflow) for (const dim of ['width', 'height', 'max-width', 'max-height']) if (px(s.get(dim), em) === 0) return true;
  return false;
}

interface Inherited {
  visibility: string;
  fontPx: number;
  color: string;
  /** The nearest painted background, or null when unknown (an image, nothing set). */
  background: [number, number, number] | null;
}

/** Which elements at or under `roots` are hidden, and which only have their own text hidden. */
export function hiddenParts<E>(tree: StyleTree<E>, roots: readonly E[], css: string): HiddenParts<E> {
  const rules = parseCss(css);
  const matched = new Map<E, Rule[]>();
  for (const rule of rules) {
    for (const el of tree.selectAll(rule.selector)) {
      const list = matched.get(el);
      if (list) list.push(rule);
      else matched.set(el, [rule]);
    }
  }
  const out: HiddenParts<E> = { drop: new Set(), mute: new Set() };
  const walk = (el: E, up: Inherited) => {
    const s = cascade(matched.get(el) ?? [], parseDeclarations(tree.attr(el, 'style') ?? ''));
    const fontSize = s.get('font-size');
    const fontPx = fontSize === undefined ? up.fontPx : (px(fontSize, up.fontPx) ?? up.fontPx);
    if (hidesSubtree(tree, el, s, fontPx)) return void out.drop.add(el);
    const bgImage = s.get('background-image');
    const bgColor = s.get('background-color');
    const own = bgColor && !transparentColor(bgColor) ? rgb(bgColor) : undefined;
    const here: Inherited = {
      visibility: s.get('visibility') ?? up.visibility,
      fontPx,
      color: s.get('color') ?? up.color,
      background: bgImage && bgImage !== 'none' ? null : own !== undefined ? own : up.background,
    };
    const fg = rgb(here.color);
    const textHidden =
      here.visibility === 'hidden' ||
      here.visibility === 'collapse' ||
      here.fontPx < MIN_FONT_PX ||
      transparentColor(here.color) ||
      (px(s.get('text-indent'), fontPx) ?? 0) <= FAR ||
      (!!fg && !!here.background && sameColor(fg, here.background));
    if (textHidden) out.mute.add(el);
    const closedDetails = tree.tag(el) === 'details' && tree.attr(el, 'open') === null;
    if (closedDetails) out.mute.add(el);
    let summarySeen = false;
    for (const child of tree.children(el)) {
      // A closed <details> shows its first <summary> only.
      if (closedDetails && (summarySeen || tree.tag(child) !== 'summary')) {
        out.drop.add(child);
        continue;
      }
      if (closedDetails) summarySeen = true;
      walk(child, here);
    }
  };
  // A page says nothing of its canvas here: black text on white, as a browser's defaults.
  for (const root of roots) walk(root, { visibility: 'visible', fontPx: 16, color: '#000000', background: [255, 255, 255] });
  return out;
}
