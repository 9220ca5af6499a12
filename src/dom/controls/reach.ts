/**
 * Can a person reach this control — and where do they act on it? One answer for dry runs
 * and runs alike (issue 10 §2: a preview that searched hidden controls promised fields the
 * real run then missed). A control is reachable when
 *  - it is visible itself;
 *  - it is hidden but a visible widget stands for it: a styled select over a transparent or
 *    hidden native `<select>` (Select2, Tom Select, Choices, Chosen), a custom radio or
 *    checkbox whose visible label is what a person clicks;
 *  - or its whole container (the form, the dialog the tool opens first) is closed while the
 *    control itself is shown inside it: then it is "behind an opener" and the plan says so.
 * Anything else hidden (a `display:none` source textarea, a disabled template) is not a
 * control a person can use, in a preview or a run.
 */
import { isVisible } from '../text.ts';

export type Reach = 'visible' | 'proxied';

export interface Reached {
  reach: Reach;
  /** The visible element a person acts on, when that is not the control itself. */
  proxy?: Element;
  /** The control's container is closed: a run opens it first (its own button or dialog). */
  behindOpener: boolean;
}

/** Is the scope itself rendered? (A closed form or dialog is not.) */
export function scopeOpen(scope: Document | Element): boolean {
  return scope.nodeType === Node.DOCUMENT_NODE || isVisible(scope as Element);
}

/**
 * Shown within `scope`: no element between the control and the scope hides it. Used when
 * the scope itself is closed, where layout (sizes, positions) does not exist yet.
 */
function shownWithin(el: Element, scope: Element): boolean {
  for (let cur: Element | null = el; cur && cur !== scope; cur = composedParent(cur)) {
    if (cur.hasAttribute('hidden') || cur.getAttribute('aria-hidden') === 'true' || cur.hasAttribute('inert')) return false;
    const s = getComputedStyle(cur);
    if (s.display === 'none' || Number.parseFloat(s.opacity) < 0.05) return false;
    const up = composedParent(cur);
    const parentVis = up ? getComputedStyle(up).visibility : 'visible';
    if (s.visibility === 'hidden' && parentVis !== 'hidden') return false;
  }
  return true;
}

/**
 * Visually hidden the accessible way (`clip: rect(0 0 0 0)`, `clip-path: inset(50%)`, a 1 px
 * box): how Select2 and Tom Select hide the native select they stand in for.
 */
function visuallyHidden(el: Element): boolean {
  const s = getComputedStyle(el);
  if (/rect\(\s*0(px)?[\s,]+0(px)?[\s,]+0(px)?[\s,]+0(px)?\s*\)/.test(s.clip) || /^inset\(\s*50%/.test(s.clipPath)) return true;
  const r = el.getBoundingClientRect();
  return r.width <= 2 && r.height <= 2;
}

/** The one visibility test of the locator: real visibility, or "shown inside a closed scope". */
export function shown(el: Element, scope: Document | Element, open = scopeOpen(scope)): boolean {
  if (open) return isVisible(el) && !visuallyHidden(el);
  return scope.nodeType !== Node.DOCUMENT_NODE && containsComposed(scope as Element, el) && shownWithin(el, scope as Element);
}

/** The parent across open shadow roots and same-origin frames (a field in a custom element's shadow root). */
function composedParent(el: Element): Element | null {
  if (el.parentElement) return el.parentElement;
  const host = (el.getRootNode() as ShadowRoot).host;
  if (host) return host;
  return el.ownerDocument.defaultView?.frameElement ?? null;
}

function containsComposed(scope: Element, el: Element): boolean {
  for (let cur: Element | null = el; cur; cur = composedParent(cur)) if (cur === scope) return true;
  return false;
}

/** Where a person reaches `el` from, or null when they cannot. */
export function reachOf(el: Element, scope: Document | Element = el.ownerDocument): Reached | null {
  const open = scopeOpen(scope);
  if (shown(el, scope, open)) return { reach: 'visible', behindOpener: !open };
  const proxy = proxyOf(el);
  if (proxy && shown(proxy, scope, open)) return { reach: 'proxied', proxy, behindOpener: !open };
  return null;
}

const COMBO = '[role=combobox], [aria-haspopup=listbox]';

/**
 * The visible stand-in of a hidden or transparent native control. Generic shapes only:
 *  - a combobox around the select (Choices: the select sits inside the widget);
 *  - a combobox, or a small clickable box, right beside it (Select2, Tom Select, Chosen put
 *    theirs after the select);
 *  - a transparent select laid over a styled box: the box under it;
 *  - a hidden radio/checkbox: its visible label.
 */
export function proxyOf(el: Element): Element | null {
  const tag = el.tagName;
  if (tag === 'INPUT' && /^(radio|checkbox)$/.test((el as HTMLInputElement).type)) {
    return Array.from((el as HTMLInputElement).labels ?? [])[0] ?? el.parentElement?.closest('label') ?? null;
  }
  if (tag !== 'SELECT') return null;
  const around = el.parentElement?.closest(COMBO);
  if (around) return around;
  for (const sib of [el.nextElementSibling, el.previousElementSibling]) {
    if (!sib || sib.matches('select, input, textarea, label')) continue;
    const combo = sib.matches(COMBO) ? sib : sib.querySelector(COMBO);
    // Tom Select hides its own input once a value is chosen: then the widget's box is what a person sees.
    if (combo) return isVisible(combo) ? combo : sib;
    if (controlSized(sib) && sib.querySelector('a, button, [tabindex], input')) return sib;
  }
  if (transparentOverlay(el)) return el.parentElement;
  return null;
}

function controlSized(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.height >= 8 && r.height <= 80 && r.width >= 20;
}

/**
 * A native select made invisible (opacity 0) but laid out where the styled box is. Inside a
 * closed form there is no layout to measure; its own opacity then decides, so a dry run of a
 * closed form finds the same select its run will.
 */
export function transparentOverlay(el: Element): boolean {
  const s = getComputedStyle(el);
  if (s.display === 'none' || Number.parseFloat(s.opacity) >= 0.05) return false;
  if (!el.getClientRects().length) return true;
  const r = el.getBoundingClientRect();
  return r.width >= 8 && r.height >= 8;
}
