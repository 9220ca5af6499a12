/**
 * Label/value pairs in the shapes consoles use for records: `<dl>`, header tables of
 * `<th>Label:</th><td>value</td>` (or two `<td>`s), label + value rows of any elements,
 * and "Key: value" text lines — in the document, open shadow roots and same-origin frames.
 * A fetched page (DOMParser, never rendered) is read the same way with a static visibility
 * test, since it has no layout.
 */
import { collectRoots } from './roots.ts';
import { stripInvisible } from './text.ts';
import { hasAny, markupTokens } from './tokens.ts';
import { elementVisible, visibleTextOf } from './visible.ts';

export interface Pair {
  label: string;
  value: string;
  valueEl: Element;
}

const LABEL_WORDS = ['label', 'key', 'term', 'fieldlabel', 'propname', 'prop', 'caption', 'dt', 'fieldname'];
const KEY_VALUE = /^\s*([^:：\n]{1,30})[:：]\s*(\S.{0,200})$/;

/**
 * A value cell holding a control the agent fills is a form's field, not a record's value: a
 * new-ticket form's "User: [Select User ▾] [Add New] *" row names no customer.
 */
const FILLABLE = 'select, textarea, input:not([type=hidden]):not([readonly]):not([disabled]), [contenteditable="true"], [contenteditable=""], [role=combobox], [role=textbox]';
const holdsControl = (el: Element) => !!el.querySelector(FILLABLE);

export function readPairs(scope: Document | Element): Pair[] {
  const out: Pair[] = [];
  const rendered = !!scope.ownerDocument?.defaultView || (scope as Document).defaultView != null;
  const text = (el: Element) => (rendered ? visibleTextOf(el).text : staticText(el));
  const shown = (el: Element) => (rendered ? elementVisible(el) : staticShown(el));
  for (const root of rendered ? collectRoots(scope) : [scope]) {
    for (const dt of Array.from(root.querySelectorAll('dt'))) {
      const dd = dt.nextElementSibling;
      if (dd?.tagName === 'DD' && shown(dd) && !holdsControl(dd)) out.push({ label: text(dt), value: text(dd), valueEl: dd });
    }
    for (const row of Array.from(root.querySelectorAll('tr'))) {
      const cells = Array.from(row.children).filter((c) => c.tagName === 'TH' || c.tagName === 'TD');
      // Rows of pairs: th/td, or td label/td value, possibly two pairs in one row (th td th td).
      for (let i = 0; i + 1 < cells.length; i += 2) {
        const [l, v] = [cells[i]!, cells[i + 1]!];
        const label = text(l);
        if (label && label.length <= 40 && (l.tagName === 'TH' || /[:：]$/.test(label) || l.querySelector('label, strong, b')) && shown(v) && !holdsControl(v)) {
          out.push({ label, value: text(v), valueEl: v });
        }
      }
    }
    for (const el of Array.from(root.querySelectorAll('div, li, p, span, section, label'))) pairFromRow(el, out, text, shown);
  }
  return dedupe(out.filter((p) => p.label && p.value));
}

/** `<div><span class="label">Email</span><span>x@y</span></div>` or a "Key: value" line. */
function pairFromRow(el: Element, out: Pair[], text: (el: Element) => string, shown: (el: Element) => boolean): void {
  const kids = Array.from(el.children);
  if (kids.length >= 2 && kids.length <= 3 && !el.querySelector('input, select, textarea, table, dl, ul, ol')) {
    const [l, v] = [kids[0]!, kids[kids.length - 1]!];
    const label = text(l);
    // Two parts side by side, the first short: a label/value row as far as the layout says. The
    // reader decides by the label's words whether it is a field it knows.
    const looksLabel = /[:：]$/.test(label) || l.tagName === 'LABEL' || l.tagName === 'DT' || !!hasAny(markupTokens(l), LABEL_WORDS) || (kids.length === 2 && label.length <= 16 && !/\d{3}/.test(label));
    if (label && label.length <= 30 && looksLabel && shown(v)) {
      out.push({ label, value: text(v), valueEl: v });
      return;
    }
  }
  if (kids.length <= 2 && !el.querySelector('div, p, li, table') && !holdsControl(el)) {
    const line = text(el);
    if (line.length > 240) return;
    for (const l of line.split('\n')) {
      const m = KEY_VALUE.exec(l);
      if (m) out.push({ label: m[1]!.trim(), value: m[2]!.trim(), valueEl: el });
    }
  }
}

function dedupe(pairs: Pair[]): Pair[] {
  const seen = new Set<string>();
  return pairs.filter((p) => {
    const key = `${p.label}\u0000${p.value}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---------------------------------------------------------------- pages without layout

const HIDDEN_STYLE = /(display\s*:\s*none|visibility\s*:\s*hidden|opacity\s*:\s*0(\.0*)?\s*(;|$)|font-size\s*:\s*0)/i;

/** Visibility in a parsed (unrendered) page: attributes and inline styles only. */
export function staticShown(el: Element): boolean {
  for (let cur: Element | null = el; cur; cur = cur.parentElement) {
    if (cur.hasAttribute('hidden') || cur.getAttribute('aria-hidden') === 'true') return false;
    if (HIDDEN_STYLE.test(cur.getAttribute('style') ?? '')) return false;
    if (/(^|\s)(hidden|d-none|sr-only|visually-hidden)(\s|$)/.test(cur.getAttribute('class') ?? '')) return false;
  }
  return true;
}

/** Elements a layout would put apart: their texts never run together ("739001" and "10/02/26" in two cells). */
const APART = 'td, th, li, dd, dt, div, p, tr, h1, h2, h3, h4, h5, h6, section, article, label, button';

export function staticText(el: Element): string {
  let out = '';
  let block: Element | null = null;
  const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const p = n.parentElement;
    if (!p || /^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT|OPTION|SELECT|TEXTAREA)$/.test(p.tagName) || !staticShown(p)) continue;
    const here = p.closest(APART);
    if (here !== block) out += ' ';
    block = here;
    out += n.textContent ?? '';
  }
  return stripInvisible(out).text.replace(/\s+/g, ' ').trim();
}
