/**
 * Content behind a tab or an accordion header, as component kits build them: WAI-ARIA tabs
 * (`role=tab` + `aria-selected`, Radix / Reka / Headless UI / Element Plus / Ant Design),
 * Bootstrap's `data-toggle="tab"` / `data-bs-toggle` links in `.nav-tabs`, and disclosure
 * buttons (`aria-expanded=false`, `data-toggle="collapse"`). Many consoles fetch a tab's rows
 * only when it is opened ("Previous conversations (3)"), so a read that needs them opens the
 * tab and, when done, selects again what was selected before.
 * https://www.w3.org/WAI/ARIA/apg/patterns/tabs/
 */
import { normLabel } from './text.ts';

const TAB = '[role=tab], [data-toggle=tab], [data-bs-toggle=tab], [data-toggle=pill], [data-bs-toggle=pill], .nav-tabs a, .tabs a, [role=tablist] button, [role=tablist] a';
const DISCLOSURE = 'button[aria-expanded=false], a[aria-expanded=false], [data-toggle=collapse], [data-bs-toggle=collapse], summary';
/** A count after a label: "Previous conversations (3)", "历史对话（3）", "Tickets 3". */
const COUNT = /\s*[(（[]\s*(\d+)\s*[)）\]]\s*$|\s+(\d+)\s*$/;

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
    const raw = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!raw || raw.length > 60) continue;
    const m = COUNT.exec(raw);
    const label = normLabel(m ? raw.slice(0, m.index) : raw);
    if (!wanted.some((w) => label === w)) continue;
    const count = m ? Number(m[1] ?? m[2]) : null;
    if (el.matches(TAB)) return { tab: el, selected: selectedBeside(el), open: isSelected(el), count };
    return { tab: el, selected: null, open: el.getAttribute('aria-expanded') === 'true' || !!el.closest('details[open]'), count };
  }
  return null;
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
  const list = tab.closest('[role=tablist], .nav-tabs, .nav, .tabs') ?? tab.parentElement;
  for (let cur: Element | null = list; cur && cur !== doc.body; cur = cur.parentElement) {
    const pane = Array.from(cur.querySelectorAll('[role=tabpanel], .tab-pane.active, .tab-pane.show')).find((p) => !p.hasAttribute('hidden') && (p as HTMLElement).offsetParent !== null);
    if (pane) return pane;
  }
  return null;
}
