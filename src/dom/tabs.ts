/**
 * Content behind a tab or an accordion header, as component kits build them: WAI-ARIA tabs
 * (`role=tab` + `aria-selected`, Radix / Reka / Headless UI / Element Plus / Ant Design),
 * Bootstrap's `data-toggle="tab"` / `data-bs-toggle` links in `.nav-tabs`, and disclosure
 * buttons (`aria-expanded=false`, `data-toggle="collapse"`). Many consoles fetch a tab's rows
 * only when it is opened ("Previous conversations (3)"), so a read that needs them opens the
 * tab and, when done, selects again what was selected before.
 * https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
 */
import { press } from './controls/events.ts';
import { normLabel } from './text.ts';

const TAB = '[role=tab], [data-toggle=tab], [data-bs-toggle=tab], [data-toggle=pill], [data-bs-toggle=pill], .nav-tabs a, .tabs a, [role=tablist] button, [role=tablist] a';
const DISCLOSURE = 'button[aria-expanded=false], a[aria-expanded=false], [data-toggle=collapse], [data-bs-toggle=collapse], summary';
/** A count after a label: "Previous conversations (3)", "历史对话（3）", "Tickets 3". */
const COUNT = /\s*[(（[]\s*(\d+)\s*[)）\]]\s*$|\s+(\d+)\s*$/;

const PANE_WORDS = ['tab', 'pane', 'panel', 'content', 'section'];

/** An id as a CSS string (Radix's `radix-:r8:` holds colons). */
const cssIdent = (id: string) => id.replace(/["\\]/g, '\\$&');

export interface NamedTab {
  /** The control that shows the content. */
  tab: HTMLElement;
  /** What is selected now in its tab list (to select again afterwards); null for a disclosure. */
  selected: HTMLElement | null;
  /** Whether it is shown already. */
  open: boolean;
  /** The count its label shows, when it shows one. */
  count: number | null;
}

/** The tab or disclosure whose label (count aside) is one of `words` (normalised, zh + en). */
export function findNamedTab(doc: Document, words: readonly string[]): NamedTab | null {
  const wanted = words.map(normLabel);
  for (const el of Array.from(doc.querySelectorAll<HTMLElement>(`${TAB}, ${DISCLOSURE}`)).slice(0, 500)) {
    // A chevron drawn as text after the label ("Previous tickets (1)▾") is no part of it.
    const raw = (el.textContent ?? '').replace(/\s+/g, ' ').replace(/[\s▾▼▿⌄⏷▸▶›»↓+]+$/, '').trim();
    if (!raw || raw.length > 60) continue;
    const m = COUNT.exec(raw);
    const label = normLabel(m ? raw.slice(0, m.index) : raw);
    if (!wanted.some((w) => label === w)) continue;
    const count = m ? Number(m[1] ?? m[2]) : null;
    // Only a control that shows content here may be pressed: never a link to another page, never a submit.
    if (!actsInPlace(el)) continue;
    if (el.matches(TAB)) return { tab: el, selected: selectedBeside(el), open: isSelected(el), count };
    return { tab: el, selected: null, open: el.getAttribute('aria-expanded') === 'true' || !!el.closest('details[open]'), count };
  }
  return null;
}

/** A tab or disclosure that shows content on this page: a button that submits nothing, or a link to a place on it. */
function actsInPlace(el: HTMLElement): boolean {
  if (el.tagName === 'SUMMARY') return true;
  if (el.tagName === 'A') {
    const href = (el.getAttribute('href') ?? '').trim();
    return !href || href.startsWith('#') || /^javascript:/i.test(href) || el.matches('[data-toggle], [data-bs-toggle]');
  }
  if (el.tagName === 'BUTTON') return (el as HTMLButtonElement).type !== 'submit' || !(el as HTMLButtonElement).form;
  return !el.closest('a[href]:not([href^="#"])');
}

const isExpanded = (el: Element) => el.getAttribute('aria-expanded') === 'true' || (el.tagName === 'SUMMARY' && !!el.parentElement?.hasAttribute('open'));

/** The other triggers of the accordion `trigger` belongs to (a single-open accordion closes them when it opens). */
function accordionTriggers(trigger: HTMLElement): HTMLElement[] {
  let cur: Element | null = trigger.parentElement;
  for (let level = 0; cur && level < 4; level++, cur = cur.parentElement) {
    const all = Array.from(cur.querySelectorAll<HTMLElement>('button[aria-expanded], a[aria-expanded], [data-toggle=collapse], [data-bs-toggle=collapse]'));
    if (all.length > 1) return all.filter((t) => t !== trigger);
  }
  return [];
}

/**
 * Shows what a tab or disclosure holds, as a person does (a press), and returns what puts the
 * page back as it was: the tab selected before selected again; a disclosure closed again, and
 * any item of its accordion that opening it closed opened again.
 */
export function reveal(t: NamedTab): () => void {
  const wasOpen = t.tab.matches(TAB) ? [] : accordionTriggers(t.tab).filter(isExpanded);
  press(t.tab);
  return () => {
    if (t.tab.matches(TAB)) {
      if (t.selected?.isConnected) press(t.selected);
      return;
    }
    if (t.tab.isConnected && isExpanded(t.tab)) press(t.tab);
    for (const other of wasOpen) if (other.isConnected && !isExpanded(other)) press(other);
  };
}

function isSelected(tab: Element): boolean {
  return tab.getAttribute('aria-selected') === 'true' || tab.classList.contains('active') || !!tab.parentElement?.classList.contains('active');
}

/** The tab selected now in the same tab list as `tab`. */
function selectedBeside(tab: HTMLElement): HTMLElement | null {
  const list = tab.closest('[role=tablist], .nav-tabs, .nav, .tabs, ul') ?? tab.parentElement;
  if (!list) return null;
  return Array.from(list.querySelectorAll<HTMLElement>(TAB)).find((t) => t !== tab && isSelected(t)) ?? null;
}

/**
 * The content a tab shows: its `aria-controls` target, the pane its link or `data-target`
 * names (Bootstrap), else the tab panel shown beside its tab list.
 */
export function panelOf(tab: HTMLElement): Element | null {
  const doc = tab.ownerDocument;
  const id = tab.getAttribute('aria-controls') ?? (tab.getAttribute('data-target') ?? tab.getAttribute('data-bs-target') ?? tab.getAttribute('href') ?? '').replace(/^#/, '');
  const named = id && /^[\w-]+$/.test(id) ? doc.getElementById(id) : null;
  if (named) return named;
  // WAI-ARIA accordions (Radix, Headless UI): the region labelled by its trigger; a <details>' own content.
  const region = tab.id ? doc.querySelector(`[aria-labelledby~="${cssIdent(tab.id)}"]:not([role=tab])`) : null;
  if (region && region !== tab) return region;
  if (tab.tagName === 'SUMMARY' && tab.parentElement) return tab.parentElement;
  // Plain tab strips name their pane after the tab: `href="#previous"` or `data-tab="previous"` shows `#tab-previous`.
  const key = id || tab.getAttribute('data-tab') || tab.getAttribute('data-pane') || tab.getAttribute('data-panel') || '';
  if (/^[\w-]+$/.test(key)) {
    for (const w of PANE_WORDS) {
      const pane = doc.getElementById(`${w}-${key}`) ?? doc.getElementById(`${key}-${w}`) ?? doc.getElementById(`${w}_${key}`) ?? doc.getElementById(`${key}_${w}`);
      if (pane && !pane.contains(tab)) return pane;
    }
  }
  const list = tab.closest('[role=tablist], .nav-tabs, .nav, .tabs') ?? tab.parentElement;
  for (let cur: Element | null = list; cur && cur !== doc.body; cur = cur.parentElement) {
    const pane = Array.from(cur.querySelectorAll('[role=tabpanel], .tab-pane.active, .tab-pane.show')).find((p) => !p.hasAttribute('hidden') && (p as HTMLElement).offsetParent !== null);
    if (pane) return pane;
  }
  return null;
}
