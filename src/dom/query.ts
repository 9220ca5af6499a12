/**
 * Selectors from console profiles are data a person or an admin wrote: an invalid one must
 * not throw, and a thing inside an open shadow root or a same-origin iframe must still be
 * found. These helpers are the only way profile selectors touch the DOM.
 */
import { collectRoots } from './roots.ts';

export function queryOne(scope: Document | Element, css: string): Element | null {
  try {
    const direct = scope.querySelector(css);
    if (direct) return direct;
    for (const root of collectRoots(scope).slice(1)) {
      const hit = root.querySelector(css);
      if (hit) return hit;
    }
  } catch {
    // not a valid selector: reported by checkSelectors, never thrown
  }
  return null;
}

export function queryAll(scope: Document | Element, css: string): Element[] {
  try {
    const out = Array.from(scope.querySelectorAll(css));
    if (out.length) return out;
    for (const root of collectRoots(scope).slice(1)) out.push(...Array.from(root.querySelectorAll(css)));
    return out;
  } catch {
    return [];
  }
}

/** Selectors the browser cannot parse (shown by page.inspect and the options page). */
export function invalidSelectors(selectors: readonly string[], doc: Document = document): string[] {
  const frag = doc.createDocumentFragment();
  return selectors.filter((css) => {
    try {
      frag.querySelector(css);
      return false;
    } catch {
      return true;
    }
  });
}

/** `el.matches(css)` that answers false for a selector the browser does not accept (profiles are data). */
export function matchesSafely(el: Element, css: string): boolean {
  try {
    return el.matches(css);
  } catch {
    return false;
  }
}
