/**
 * Find a field the way a person reads the page: its label, aria-label(ledby), legend,
 * placeholder, nearby text, then name/id tokens — in Chinese and English — across
 * same-origin iframes and open shadow roots. Never throws; a field not found is reported
 * as missing by the caller.
 */
import { computeAccessibleName } from 'dom-accessibility-api';
import { byIdNear, collectRoots } from './roots.ts';
import { findNamedSection } from './sections.ts';
import { FIELD_SYNONYMS, matchScore, SECTION_SYNONYMS, TOKEN_SYNONYMS, type FieldKey, type SectionKey } from './synonyms.ts';
import { isVisible, normLabel, ownText } from './text.ts';

export type ControlKind = 'text' | 'textarea' | 'select' | 'radio' | 'combobox' | 'editable';
export type LabelSource = 'label' | 'aria-label' | 'aria-labelledby' | 'accname' | 'legend' | 'placeholder' | 'nearby' | 'name';

export interface FoundField {
  key: FieldKey;
  el: Element;
  kind: ControlKind;
  via: LabelSource;
  label: string;
  score: number;
}

const SOURCE_WEIGHT: Record<LabelSource, number> = {
  label: 1,
  'aria-label': 1,
  'aria-labelledby': 1,
  accname: 1,
  legend: 0.95,
  placeholder: 0.85,
  nearby: 0.75,
  name: 0.6,
};

/** Below this a guess is worse than reporting the field as missing. */
const MIN_SCORE = 0.45;

const CONTROL_SELECTOR = [
  'input:not([type=hidden]):not([type=submit]):not([type=button]):not([type=reset]):not([type=checkbox]):not([type=radio]):not([type=file]):not([type=image])',
  'textarea',
  'select',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[role=combobox]',
  '[role=radiogroup]',
].join(',');

export interface FindOptions {
  /** Look only inside this container (and the shadow roots / frames below it). */
  scope?: Document | Element;
  /** Also consider hidden controls (dry runs of a closed form). */
  includeHidden?: boolean;
  /** Controls already listed for this scope (the page model caches them per DOM change). */
  controls?: readonly Control[];
}

export interface Control {
  el: Element;
  kind: ControlKind;
  labels: { text: string; via: LabelSource }[];
}

/** Every fillable control in scope, with the texts that name it. */
export function listControls(opts: FindOptions = {}): Control[] {
  const out: Control[] = [];
  const seen = new Set<Element>();
  for (const root of collectRoots(opts.scope ?? document)) {
    for (const el of Array.from(root.querySelectorAll(CONTROL_SELECTOR))) {
      if (seen.has(el) || insideOtherControl(el)) continue;
      if (!opts.includeHidden && !isVisible(el)) continue;
      seen.add(el);
      out.push({ el, kind: kindOf(el), labels: labelsOf(el) });
    }
  }
  return out;
}

/** Radios inside a radiogroup, an input inside a combobox: the group is the control. */
function insideOtherControl(el: Element): boolean {
  const group = el.parentElement?.closest('[role=combobox],[role=radiogroup]');
  return !!group && group !== el;
}

function kindOf(el: Element): ControlKind {
  const role = el.getAttribute('role');
  if (role === 'combobox' && el.tagName !== 'INPUT') return 'combobox';
  if (role === 'combobox') return 'combobox';
  if (role === 'radiogroup') return 'radio';
  if (el.tagName === 'SELECT') return 'select';
  if (el.tagName === 'TEXTAREA') return 'textarea';
  if (el.tagName === 'INPUT') return 'text';
  return 'editable';
}

function labelsOf(el: Element): { text: string; via: LabelSource }[] {
  const out: { text: string; via: LabelSource }[] = [];
  const add = (text: string | null | undefined, via: LabelSource) => {
    const t = normLabel(text ?? '');
    if (t && t.length <= 60) out.push({ text: t, via });
  };
  const labelled = el as HTMLInputElement;
  for (const label of Array.from(labelled.labels ?? [])) add(ownText(label, el), 'label');
  add(el.getAttribute('aria-label'), 'aria-label');
  for (const id of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) {
    const ref = byIdNear(el, id);
    if (ref) add(ownText(ref), 'aria-labelledby');
  }
  // The name assistive technology computes (W3C accname: label[for], wrapping labels,
  // aria-labelledby, aria-label, title, placeholder), via the library Testing Library uses.
  // After the specific sources so a report says which of them named the field.
  const legend = el.tagName === 'FIELDSET' ? el.querySelector('legend') : null;
  if (legend) add(ownText(legend), 'legend');
  const acc = normLabel(accessibleName(el));
  if (acc && !out.some((l) => l.text === acc)) add(acc, 'accname');
  add(el.getAttribute('placeholder') ?? el.getAttribute('data-placeholder'), 'placeholder');
  add(nearbyText(el), 'nearby');
  add(cellLabel(el), 'nearby');
  add(el.getAttribute('title'), 'nearby');
  const host = (el.getRootNode() as ShadowRoot).host;
  if (host) add(host.getAttribute('aria-label') ?? host.getAttribute('data-label'), 'nearby');
  for (const attr of ['name', 'id', 'autocomplete']) {
    const tokens = tokenize(el.getAttribute(attr) ?? '');
    if (tokens) out.push({ text: tokens, via: 'name' });
  }
  return out;
}

function accessibleName(el: Element): string {
  try {
    return computeAccessibleName(el);
  } catch {
    return '';
  }
}

/** `<td><label><strong>Ticket Status:</strong></label></td><td><select>`: the cell before, in the same row. */
function cellLabel(el: Element): string {
  const cell = el.closest('td, th');
  const prev = cell?.previousElementSibling;
  if (!prev || prev.querySelector(CONTROL_SELECTOR)) return '';
  const t = ownText(prev);
  return t.length <= 40 ? t : '';
}

/** Text just before the control: a preceding sibling, or the parent's leading text. */
function nearbyText(el: Element): string {
  for (let prev = el.previousSibling; prev; prev = prev.previousSibling) {
    if (prev.nodeType === Node.TEXT_NODE && prev.textContent?.trim()) return prev.textContent;
    if (prev.nodeType === Node.ELEMENT_NODE) {
      const el2 = prev as Element;
      if (el2.matches(CONTROL_SELECTOR) || el2.querySelector(CONTROL_SELECTOR)) return '';
      const t = ownText(el2);
      if (t) return t;
    }
  }
  const parent = el.parentElement;
  if (parent && parent.children.length <= 3 && parent.tagName !== 'FORM' && parent.tagName !== 'BODY') {
    const prev = parent.previousElementSibling;
    if (prev && !prev.querySelector(CONTROL_SELECTOR) && !prev.matches(CONTROL_SELECTOR)) return ownText(prev);
  }
  return '';
}

function tokenize(attr: string): string {
  return attr
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1)
    .join(' ');
}

export function scoreControl(control: Control, key: FieldKey): { score: number; via: LabelSource; label: string } {
  let best = { score: 0, via: 'name' as LabelSource, label: '' };
  for (const { text, via } of control.labels) {
    const raw =
      via === 'name'
        ? text.split(' ').some((tok) => TOKEN_SYNONYMS[key].includes(tok)) || TOKEN_SYNONYMS[key].includes(text.replace(/ /g, ''))
          ? 1
          : 0
        : matchScore(text, FIELD_SYNONYMS[key]);
    const score = raw * SOURCE_WEIGHT[via];
    if (score > best.score) best = { score, via, label: text };
  }
  return best;
}

export interface FoundSet {
  found: Partial<Record<FieldKey, FoundField>>;
  missing: FieldKey[];
}

/**
 * Finds several fields at once; each control serves at most one key (the key that names it
 * best), so "订单号" and "订单编号" cannot both claim one input.
 */
export function findFields(keys: readonly FieldKey[], opts: FindOptions = {}): FoundSet {
  const controls = opts.controls ?? listControls(opts);
  const pairs: FoundField[] = [];
  for (const control of controls) {
    for (const key of keys) {
      const s = scoreControl(control, key);
      if (s.score >= MIN_SCORE) pairs.push({ key, el: control.el, kind: control.kind, ...s });
    }
  }
  pairs.sort((a, b) => b.score - a.score);
  const found: Partial<Record<FieldKey, FoundField>> = {};
  const used = new Set<Element>();
  for (const p of pairs) {
    if (found[p.key] || used.has(p.el)) continue;
    found[p.key] = p;
    used.add(p.el);
  }
  return { found, missing: keys.filter((k) => !found[k]) };
}

export function findField(key: FieldKey, opts: FindOptions = {}): FoundField | null {
  return findFields([key], opts).found[key] ?? null;
}

/**
 * A section of the page (a form, a panel, a card, a dialog) named like `key` (sections.ts
 * reads aria names, legends, nested headings, dialog titles and the nearest heading above).
 */
export function findSection(key: SectionKey, opts: { includeHidden?: boolean; within?: Document | Element; extra?: readonly string[] } = {}): Element | null {
  return findNamedSection(SECTION_SYNONYMS[key], opts);
}

/** A button whose visible text (or aria-label) names one of the synonyms. */
export function findButton(synonyms: readonly string[], opts: FindOptions = {}): HTMLElement | null {
  let best: { el: HTMLElement; score: number } | null = null;
  for (const root of collectRoots(opts.scope ?? document)) {
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('button, [role=button], input[type=submit], input[type=button], a'))) {
      if (!opts.includeHidden && !isVisible(el)) continue;
      const text = normLabel(el.getAttribute('aria-label') ?? (el as HTMLInputElement).value ?? '') || normLabel(el.textContent ?? '');
      const label = normLabel(el.textContent ?? '') || text;
      const score = Math.max(matchScore(label, synonyms), matchScore(text, synonyms));
      if (score >= 0.6 && (!best || score > best.score)) best = { el, score };
    }
  }
  return best?.el ?? null;
}
