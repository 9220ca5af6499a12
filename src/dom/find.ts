/**
 * Find a field the way a person reads the page: its label (also one without `for`, in the
 * block above or the table cell before), aria-label(ledby), legend, placeholder, nearby
 * text, then name/id tokens — in Chinese and English — across same-origin iframes and open
 * shadow roots. Radio and checkbox groups count as one control each. Never throws; a field
 * not found is reported as missing by the caller, with what was tried.
 *
 * One locator for dry runs and runs: a control is listed when a person can reach it
 * (controls/reach.ts) — visible, shown through a visible proxy, or inside a container the
 * tool opens first — never merely because it exists hidden in the DOM.
 */
import { computeAccessibleName } from 'dom-accessibility-api';
import { ControlIndex, NO_DEPS, type Deps } from './control-index.ts';
import { findButtonIn } from './controls/button.ts';
import { groupElement, groupItems, PRESSED, segmentItems } from './controls/group.ts';
import { proxyOf, reachOf, type Reach, type Reached } from './controls/reach.ts';
import { describeEl } from './describe.ts';
import { byIdNear, collectRoots } from './roots.ts';
import { findNamedSection } from './sections.ts';
import { FIELD_SYNONYMS, matchScore, SECTION_SYNONYMS, TOKEN_SYNONYMS, WHOLE_NAME_SYNONYMS, type FieldKey, type SectionKey } from './synonyms.ts';
import { normLabel, ownText } from './text.ts';

export type ControlKind = 'text' | 'textarea' | 'select' | 'radio' | 'checkbox' | 'combobox' | 'editable';
/**
 * Where the name came from: `label` (a `<label>`, also one without `for` just above the
 * control), `cell` (the table cell before it, consoles' form tables), `legend` (a fieldset),
 * `nearby` (text just before it), `name` (name/id tokens) and the ARIA sources.
 */
export type LabelSource = 'label' | 'aria-label' | 'aria-labelledby' | 'accname' | 'legend' | 'cell' | 'placeholder' | 'nearby' | 'name' | 'profile' | 'sole-body' | 'type';

export interface FoundField {
  key: FieldKey;
  el: Element;
  kind: ControlKind;
  via: LabelSource;
  label: string;
  score: number;
  /** How a person reaches it: itself, or a visible widget standing for it (controls/reach.ts). */
  reach?: Reach;
  proxy?: Element;
  /** Its container (form, dialog) is closed now: the run opens it first. */
  behindOpener?: boolean;
}

const SOURCE_WEIGHT: Record<LabelSource, number> = {
  label: 1,
  'aria-label': 1,
  'aria-labelledby': 1,
  accname: 1,
  legend: 0.95,
  cell: 0.9,
  placeholder: 0.85,
  nearby: 0.75,
  name: 0.6,
  profile: 1,
  'sole-body': 0.5,
  type: 0.9,
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
  // A select-only widget's button (Headless UI Listbox, Radix Select): it opens a listbox.
  'button[aria-haspopup=listbox]',
  '[role=button][aria-haspopup=listbox]',
].join(',');

/** Items of radio and checkbox groups (each group is one control); toggle buttons of a segmented control are radios. */
const ITEM_SELECTOR = `input[type=radio], [role=radio], input[type=checkbox], [role=checkbox], [role=switch], ${PRESSED}`;

/** What the listing starts from: every control and group item. */
const ANY_CONTROL = `${CONTROL_SELECTOR}, ${ITEM_SELECTOR}`;

export interface FindOptions {
  /** Look only inside this container (and the shadow roots / frames below it). */
  scope?: Document | Element;
  /**
   * Also list controls no person can reach (display:none, hidden templates). Diagnostics
   * only: tools and their dry runs leave it off so both find the same control.
   */
  includeHidden?: boolean;
  /** Controls already listed for this scope (the page model caches them per DOM change). */
  controls?: readonly Control[];
  /**
   * What the page model keeps across DOM changes (control-index.ts): the document's controls
   * and every control's names, re-read only where the mutation records say something changed.
   */
  index?: ControlIndex<Labels, Reached | null>;
  /**
   * Fields a profile names by example (a taught form: "this box is the subject"): the control
   * at (or around) the pinned element is that field whatever its label says, and serves no other.
   */
  pinned?: Partial<Record<FieldKey, Element>>;
}

export interface Control {
  el: Element;
  kind: ControlKind;
  labels: { text: string; via: LabelSource }[];
  reach?: Reach;
  proxy?: Element;
  behindOpener?: boolean;
}

/** The page model's index of the document's controls and their names (control-index.ts). */
export function controlIndex(doc: Document): ControlIndex<Labels, Reached | null> {
  return new ControlIndex<Labels, Reached | null>(doc, ANY_CONTROL);
}

/** Every fillable control in scope, with the texts that name it and how a person reaches it. */
export function listControls(opts: FindOptions = {}): Control[] {
  const out: Control[] = [];
  const seen = new Set<Element>();
  const scope = opts.scope ?? document;
  const index = opts.index;
  index?.flush();
  // Names are what costs (labels, accname, nearby text): kept while nothing they read changed.
  // The key holds what else they depend on: the kind, and the control's own display and
  // visibility (the accessible name of a hidden element is empty).
  const named = (el: Element, kind: ControlKind, compute: (d: Deps) => Labels): Labels => {
    if (!index) return compute(NO_DEPS);
    const style = (el.ownerDocument.defaultView ?? window).getComputedStyle(el);
    return index.named(el, `${kind}|${style.display}|${style.visibility}`, compute);
  };
  const push = (el: Element, kind: ControlKind, labels: () => Control['labels']) => {
    if (seen.has(el)) return;
    seen.add(el);
    const verdict = () => reachOf(el, scope) ?? reachOfGroup(el, kind, scope);
    const reached = index
      ? index.reached(el, scope, () => {
          const value = verdict();
          const proxy = proxyOf(el);
          const items = kind === 'radio' || kind === 'checkbox' ? groupItems(el, kind).flatMap((i) => [i.el, ...(i.target !== i.el ? [i.target] : [])]) : [];
          return { value, els: [el, ...(proxy ? [proxy] : []), ...(value?.proxy ? [value.proxy] : []), ...items] };
        })
      : verdict();
    if (!reached && !opts.includeHidden) return;
    out.push({ el, kind, labels: labels(), ...(reached ? { reach: reached.reach, behindOpener: reached.behindOpener, ...(reached.proxy ? { proxy: reached.proxy } : {}) } : {}) });
  };
  // The document's controls come from the index (kept across changes); a scope's are listed here.
  const candidates = index && scope === index.doc ? index.candidates() : collectRoots(scope).flatMap((root) => Array.from(root.querySelectorAll(ANY_CONTROL)));
  for (const el of candidates) {
    if (seen.has(el) || insideOtherControl(el)) continue;
    if (el.matches(ITEM_SELECTOR)) {
      const segment = el.matches(PRESSED);
      if (segment && !segmentItems(el)) continue;
      const kind = segment || /radio/.test(el.getAttribute('type') ?? el.getAttribute('role') ?? '') ? 'radio' : 'checkbox';
      const group = groupElement(el, kind);
      push(group, kind, () => named(group, kind, (d) => groupLabels(group, kind, d)));
    } else {
      const kind = kindOf(el);
      push(el, kind, () => named(el, kind, (d) => labelsOf(el, d)));
    }
  }
  return out;
}

/** A group is reachable when any of its items is (a hidden input shown through its label). */
function reachOfGroup(el: Element, kind: ControlKind, scope: Document | Element) {
  if (kind !== 'radio' && kind !== 'checkbox') return null;
  for (const item of groupItems(el, kind)) {
    const r = reachOf(item.el, scope);
    if (r) return r;
  }
  return null;
}

/** An input inside a combobox, a select inside a Choices-style combobox: the widget is the control. */
function insideOtherControl(el: Element): boolean {
  const group = el.parentElement?.closest('[role=combobox]');
  return !!group && group !== el && !el.matches(ITEM_SELECTOR);
}

/** How set-value writes an element: by what it is (a combobox role wins over its tag). */
export function kindOf(el: Element): ControlKind {
  const role = el.getAttribute('role');
  if (role === 'combobox' || el.getAttribute('aria-haspopup') === 'listbox') return 'combobox';
  if (el.tagName === 'SELECT') return 'select';
  if (el.tagName === 'TEXTAREA') return 'textarea';
  if (el.tagName === 'INPUT') return 'text';
  return 'editable';
}

type Labels = { text: string; via: LabelSource }[];

/** Required and optional markers are not part of a field's name ("Email *", "邮箱（必填）"). */
const MARKERS = /\(?\b(required|optional)\b\)?|[（(]?(必填|选填|可选)[)）]?/gi;

function adder(out: Labels) {
  return (text: string | null | undefined, via: LabelSource) => {
    const t = normLabel((text ?? '').replace(MARKERS, ' '));
    if (t && t.length <= 60 && !out.some((l) => l.text === t && l.via === via)) out.push({ text: t, via });
  };
}

/**
 * `d` records what the naming reads (control-index.ts keeps the names until one of those
 * changes): every subtree whose text or attributes it reads, every parent whose child list
 * it walks, every id it looks up or that a `<label for>` could take.
 */
function labelsOf(el: Element, d: Deps = NO_DEPS): Labels {
  const out: Labels = [];
  const add = adder(out);
  const labelled = el as HTMLInputElement;
  // Its own attributes and content (aria-label, placeholder, title, name, a select's options).
  content(el, d);
  d.id(el.id);
  // A Choices-style combobox wraps the native select that the page's <label for> names.
  const native = el.getAttribute('role') === 'combobox' ? el.querySelector('select') : null;
  d.id(native?.id);
  for (const label of Array.from(labelled.labels ?? native?.labels ?? [])) {
    content(label, d);
    add(ownText(label, el), 'label');
  }
  // A widget over a hidden select may move the page's <label for> to its own input (Tom Select).
  const proxy = el.tagName === 'SELECT' ? proxyOf(el) : null;
  // proxyOf reads the select's siblings and its widget around it.
  if (el.tagName === 'SELECT') d.sub(el.parentElement?.closest('[role=combobox], [aria-haspopup=listbox]') ?? el.parentNode);
  for (const inner of proxy ? [proxy, ...Array.from(proxy.querySelectorAll('input'))] : []) {
    d.id(inner.id);
    for (const label of Array.from((inner as HTMLInputElement).labels ?? [])) {
      d.sub(label);
      add(ownText(label), 'label');
    }
  }
  add(looseLabel(el, d), 'label');
  add(el.getAttribute('aria-label'), 'aria-label');
  for (const id of (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) {
    const ref = byIdNear(el, id);
    d.id(id);
    content(ref, d);
    if (ref) add(ownText(ref), 'aria-labelledby');
  }
  // The accessible name also reads the elements aria-owns names.
  for (const id of (el.getAttribute('aria-owns') ?? '').split(/\s+/).filter(Boolean)) {
    d.id(id);
    d.sub(byIdNear(el, id));
  }
  // The name assistive technology computes (W3C accname: label[for], wrapping labels,
  // aria-labelledby, aria-label, title, placeholder), via the library Testing Library uses.
  // After the specific sources so a report says which of them named the field.
  const legend = el.tagName === 'FIELDSET' ? el.querySelector('legend') : null;
  if (legend) add(ownText(legend), 'legend');
  const acc = normLabel(accessibleName(el));
  if (acc && !out.some((l) => l.text === acc)) add(acc, 'accname');
  add(el.getAttribute('placeholder') ?? el.getAttribute('data-placeholder'), 'placeholder');
  add(nearbyText(el, d), 'nearby');
  add(cellLabel(el, d), 'cell');
  add(el.getAttribute('title'), 'nearby');
  const host = (el.getRootNode() as ShadowRoot).host;
  d.sub(host);
  if (host) add(host.getAttribute('aria-label') ?? host.getAttribute('data-label'), 'nearby');
  nameTokens(el, out);
  return out;
}

/**
 * A subtree the accessible name reads: its text and attributes, and the names of controls
 * embedded in it, which a `<label for>` anywhere may give (their ids).
 */
function content(el: Element | null, d: Deps): void {
  if (!el || d === NO_DEPS) return;
  d.sub(el);
  for (const inner of Array.from(el.querySelectorAll('[id]'))) d.id(inner.id);
  // An element in it named by reference (a label with aria-labelledby): the name reads that target too.
  for (const named of [el, ...Array.from(el.querySelectorAll('[aria-labelledby], [aria-owns]'))]) {
    for (const id of `${named.getAttribute('aria-labelledby') ?? ''} ${named.getAttribute('aria-owns') ?? ''}`.split(/\s+/).filter(Boolean)) {
      d.id(id);
      d.sub(byIdNear(named, id));
    }
  }
}

function nameTokens(el: Element, out: Labels): void {
  for (const attr of ['name', 'id', 'autocomplete']) {
    const tokens = tokenize(el.getAttribute(attr) ?? '');
    if (tokens && !out.some((l) => l.via === 'name' && l.text === tokens)) out.push({ text: tokens, via: 'name' });
  }
}

/**
 * The names of a radio or checkbox group: its legend, its ARIA name, the text or label just
 * before the group, the table cell before it — never one item's own label ("High").
 */
function groupLabels(group: Element, kind: 'radio' | 'checkbox', d: Deps = NO_DEPS): Labels {
  const items = groupItems(group, kind);
  const first = items[0]?.el ?? group;
  // Who belongs to the group: native items by name across their form (or the whole root),
  // custom items and toggles within their box (controls/group.ts).
  d.sub(group);
  d.sub(first.parentElement?.closest('[role=radiogroup], [role=group], fieldset') ?? first.parentNode);
  if (first.tagName === 'INPUT') {
    d.sub((first as HTMLInputElement).form);
    d.sub(first.closest('form') ?? first.ownerDocument);
  }
  // A single checkbox is named by its own label ("Internal", "Notify user").
  if (kind === 'checkbox' && items.length === 1 && first === group) return labelsOf(first, d);
  const out: Labels = [];
  const add = adder(out);
  const box = group === first ? null : group;
  if (box?.tagName === 'FIELDSET') add(ownText(box.querySelector(':scope > legend') ?? box.ownerDocument.createElement('i')), 'legend');
  if (box) {
    add(box.getAttribute('aria-label'), 'aria-label');
    for (const id of (box.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean)) {
      d.id(id);
      d.sub(byIdNear(box, id));
      add(ownText(byIdNear(box, id) ?? box), 'aria-labelledby');
    }
  }
  // The outermost element of the first item (its wrapping label), so the text before it is the group's.
  const wrapper = first.closest('label') && first.closest('label')!.contains(first) ? first.closest('label')! : first;
  d.sub(wrapper);
  const lead = box ?? leadingItem(wrapper, items.map((i) => i.el), d);
  add(looseLabel(lead, d), 'label');
  add(nearbyText(lead, d), 'nearby');
  add(cellLabel(lead, d), 'cell');
  for (const item of items.slice(0, 1)) {
    d.sub(item.el);
    nameTokens(item.el, out);
  }
  return out;
}

/**
 * The element that starts the group: the first item's wrapper, climbing while the parent holds
 * nothing but the group's items (no other control, no text of its own), so the text before
 * the group is found and an item's own label never is.
 */
function leadingItem(wrapper: Element, items: Element[], d: Deps): Element {
  let cur = wrapper;
  for (let i = 0; i < 3; i++) {
    const parent = cur.parentElement;
    d.sub(parent);
    if (!parent || parent.tagName === 'FORM' || parent.tagName === 'BODY' || !onlyItems(parent, items)) break;
    cur = parent;
  }
  return cur;
}

function onlyItems(parent: Element, items: Element[]): boolean {
  if (!items.every((it) => parent.contains(it)) || parent.querySelector(CONTROL_SELECTOR)) return false;
  const walker = parent.ownerDocument.createTreeWalker(parent, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!(n.textContent ?? '').trim()) continue;
    const owner = n.parentElement;
    if (!owner || !items.some((it) => it === owner || it.contains(owner) || (it.closest('label') ?? it).contains(owner))) return false;
  }
  return true;
}

/**
 * A `<label>` that names no control of its own (no `for`, or a `for` that points nowhere —
 * consoles that hash ids write `for="x1"` beside `id="_x1"`), in the block just above the
 * control: the previous sibling of the control or of one of its first three ancestors.
 */
function looseLabel(el: Element, d: Deps = NO_DEPS): string {
  let cur: Element | null = el;
  for (let level = 0; cur && level < 3; level++, cur = cur.parentElement) {
    d.kids(cur.parentNode);
    const prev: Element | null = cur.previousElementSibling;
    if (!prev) {
      d.sub(cur.parentElement);
      if (cur.parentElement && cur.parentElement.querySelectorAll(ANY_CONTROL).length > 1) return '';
      continue;
    }
    d.sub(prev);
    if (prev.matches(CONTROL_SELECTOR) || prev.querySelector(CONTROL_SELECTOR)) return '';
    const labels = prev.matches('label') ? [prev] : Array.from(prev.querySelectorAll('label'));
    // A label is free while its `for` points nowhere: an element taking that id anywhere changes it.
    for (const l of labels) d.id(l.getAttribute('for'));
    const free = labels.filter((l) => !(l as HTMLLabelElement).control);
    return free.length === 1 ? ownText(free[0]!) : '';
  }
  return '';
}

function accessibleName(el: Element): string {
  try {
    return computeAccessibleName(el);
  } catch {
    return '';
  }
}

/**
 * `<td><label><strong>Ticket Status:</strong></label></td><td><select>` (osTicket's forms)
 * or `<tr><th>Phone</th><td><input>`: the cell before, in the same row — the nearest cell,
 * so a form nested in a layout table is not named by the outer table.
 */
function cellLabel(el: Element, d: Deps = NO_DEPS): string {
  const cell = el.closest('td, th');
  d.sub(cell);
  d.sub(el);
  if (!cell || cell.querySelectorAll(ANY_CONTROL).length > groupSize(el)) return '';
  d.kids(cell.parentNode);
  const prev = cell.previousElementSibling;
  d.sub(prev);
  if (!prev || prev.querySelector(ANY_CONTROL)) return '';
  const t = ownText(prev);
  return t.length <= 40 ? t : '';
}

function groupSize(el: Element): number {
  return el.matches(ITEM_SELECTOR) || el.querySelector(ITEM_SELECTOR) ? 50 : 1;
}

/** A select's chosen option as a person reads it, to tell a styled box that shows it from a label. */
function shownChoice(el: Element): string {
  const sel = el as HTMLSelectElement;
  return el.tagName === 'SELECT' && sel.selectedIndex >= 0 ? normLabel(sel.options[sel.selectedIndex]?.text ?? '') : '';
}

/** Text that only shows the control's value (a styled box over a transparent select: "物流配送 ▾"). */
const showsValue = (text: string, value: string) => !!value && normLabel(text.replace(/[▾▼⌄⏷›>]/g, '')) === value;

/** Text just before the control: a preceding sibling, or the parent's leading text. */
function nearbyText(el: Element, d: Deps = NO_DEPS): string {
  const value = shownChoice(el);
  d.sub(el);
  // The siblings before it (text nodes' changes count as changes of the parent's child list).
  d.kids(el.parentNode);
  for (let prev = el.previousSibling; prev; prev = prev.previousSibling) {
    if (prev.nodeType === Node.TEXT_NODE && prev.textContent?.trim()) return prev.textContent;
    if (prev.nodeType === Node.ELEMENT_NODE) {
      const el2 = prev as Element;
      d.sub(el2);
      if (el2.matches(CONTROL_SELECTOR) || el2.querySelector(CONTROL_SELECTOR)) return '';
      const t = ownText(el2);
      if (t && showsValue(t, value)) continue;
      if (t) return t;
    }
  }
  const parent = el.parentElement;
  if (parent && parent.children.length <= 3 && parent.tagName !== 'FORM' && parent.tagName !== 'BODY') {
    d.kids(parent.parentNode);
    const prev = parent.previousElementSibling;
    d.sub(prev);
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

type Score = { score: number; via: LabelSource; label: string };

/**
 * Scores per listed control: a Control's labels never change (a new listing makes new
 * Controls), and the page model hands the same list to every fill until the DOM changes.
 */
const scores = new WeakMap<Control, Map<FieldKey, Score>>();

export function scoreControl(control: Control, key: FieldKey): Score {
  let known = scores.get(control);
  if (!known) scores.set(control, (known = new Map()));
  let s = known.get(key);
  if (!s) known.set(key, (s = scoreLabels(control, key)));
  return s;
}

function scoreLabels(control: Control, key: FieldKey): Score {
  let best = { score: 0, via: 'name' as LabelSource, label: '' };
  for (const { text, via } of control.labels) {
    const whole = WHOLE_NAME_SYNONYMS[key]?.includes(via === 'name' ? text.replace(/ /g, '') : text) ? 1 : 0;
    const raw = Math.max(
      whole,
      via === 'name'
        ? text.split(' ').some((tok) => TOKEN_SYNONYMS[key].includes(tok)) || TOKEN_SYNONYMS[key].includes(text.replace(/ /g, ''))
          ? 1
          : 0
        : matchScore(text, FIELD_SYNONYMS[key]),
    );
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
 * best), so "订单号" and "订单编号" cannot both claim one input. A description nothing names is
 * the one message box left (`soleBody`).
 */
export function findFields(keys: readonly FieldKey[], opts: FindOptions = {}): FoundSet {
  const controls = opts.controls ?? listControls(opts);
  const found: Partial<Record<FieldKey, FoundField>> = {};
  // A widget is one field however it is listed: a select2 box and the <select> it stands for
  // (the box pinned as the e-mail, the select named "name") cannot serve two keys.
  const used = new Set<Element>();
  // The widget's box even where it was not needed to reach the control (a hidden form's select).
  const boxOf = (c: Control) => c.proxy ?? (c.el.tagName === 'SELECT' ? proxyOf(c.el) : null);
  const claim = (c: Control) => {
    used.add(c.el);
    const box = boxOf(c);
    if (box) used.add(box);
  };
  const near = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);
  const taken = (c: Control) => {
    if (used.has(c.el)) return true;
    const box = boxOf(c);
    return !!box && [...used].some((u) => near(u, box));
  };
  for (const key of keys) {
    const pin = opts.pinned?.[key];
    const control = pin ? pinnedControl(pin, controls) : null;
    if (!control || taken(control)) continue;
    found[key] = { key, el: control.el, kind: control.kind, via: 'profile', label: control.labels[0]?.text ?? '', score: 1, ...reachFields(control) };
    claim(control);
  }
  const pairs: { field: FoundField; control: Control }[] = [];
  for (const control of controls) {
    if (taken(control)) continue;
    const only = typedKey(control.el);
    for (const key of keys) {
      if (found[key] || (only && only !== key)) continue;
      // An input the browser types (type=email, type=tel) is that field whatever its label says
      // ("联系人" over an e-mail box): its type names it when no label does.
      const s = only === key ? best(scoreControl(control, key), { score: SOURCE_WEIGHT.type, via: 'type', label: `type=${(control.el as HTMLInputElement).type}` }) : scoreControl(control, key);
      if (s.score >= MIN_SCORE) pairs.push({ field: { key, el: control.el, kind: control.kind, ...s, ...reachFields(control) }, control });
    }
  }
  pairs.sort((a, b) => b.field.score - a.field.score);
  for (const { field, control } of pairs) {
    if (found[field.key] || taken(control)) continue;
    found[field.key] = field;
    claim(control);
  }
  if (keys.includes('description') && !found.description) {
    const body = soleBody(controls.filter((c) => !taken(c)));
    if (body) found.description = { key: 'description', el: body.el, kind: body.kind, via: 'sole-body', label: '', score: SOURCE_WEIGHT['sole-body'], ...reachFields(body) };
  }
  return { found, missing: keys.filter((k) => !found[k]) };
}

/** The one key an input's browser type allows: an e-mail box takes an address, a tel box a phone. */
function typedKey(el: Element): FieldKey | null {
  if (el.tagName !== 'INPUT') return null;
  const type = (el as HTMLInputElement).type;
  return type === 'email' ? 'email' : type === 'tel' ? 'phone' : null;
}

const best = (a: Score, b: Score): Score => (b.score > a.score ? b : a);

/**
 * The message box of a form that names it nowhere (FreeScout's new conversation, mail-style
 * forms: a Summernote or TinyMCE body under the subject, no label): the one rich editor left,
 * else the one multi-line text box left, when no field word names it for something else.
 */
function soleBody(left: readonly Control[]): Control | null {
  const unnamed = left.filter((c) => !(Object.keys(FIELD_SYNONYMS) as FieldKey[]).some((k) => k !== 'description' && scoreControl(c, k).score >= MIN_SCORE));
  const editors = unnamed.filter((c) => c.kind === 'editable');
  if (editors.length === 1) return editors[0]!;
  if (editors.length > 1) return null;
  const boxes = unnamed.filter((c) => c.kind === 'textarea');
  return boxes.length === 1 ? boxes[0]! : null;
}

/**
 * The listed control a pinned element stands for: itself, the control inside it (a picked
 * wrapper), the control around it (a picked inner input), or the hidden control whose visible
 * widget it is (a select2 or Choices box over a `<select>`). Null when none is listed: a pin
 * that points at nothing fillable is not a field.
 */
function pinnedControl(pin: Element, controls: readonly Control[]): Control | null {
  if (!pin.isConnected) return null;
  const near = (x: Element | undefined) => !!x && (x === pin || x.contains(pin) || pin.contains(x));
  return controls.find((c) => c.el === pin) ?? controls.find((c) => near(c.proxy) || near(c.el)) ?? null;
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

/** An enabled button whose text, value, aria-label or title names one of the synonyms (controls/button.ts). */
export function findButton(synonyms: readonly string[], opts: FindOptions = {}): HTMLElement | null {
  const hit = findButtonIn(opts.scope ?? document, synonyms, opts.includeHidden);
  return hit && !hit.disabled ? hit.el : null;
}

/**
 * The control best named by one of `words` (a dialog's "Department", a profile's label
 * words): for fields no FieldKey covers, and for consoles whose field names are hashed.
 */
export function findByWords(words: readonly string[], opts: FindOptions & { kinds?: readonly ControlKind[] } = {}): Omit<FoundField, 'key'> | null {
  const norm = words.map((w) => normLabel(w)).filter(Boolean);
  let best: Omit<FoundField, 'key'> | null = null;
  for (const control of listControls(opts)) {
    if (opts.kinds && !opts.kinds.includes(control.kind)) continue;
    for (const { text, via } of control.labels) {
      if (via === 'name') continue;
      const score = matchScore(text, norm) * SOURCE_WEIGHT[via];
      if (score >= MIN_SCORE && (!best || score > best.score)) best = { el: control.el, kind: control.kind, via, label: text, score, ...reachFields(control) };
    }
  }
  return best;
}

function reachFields(c: Control): Pick<FoundField, 'reach' | 'proxy' | 'behindOpener'> {
  return { ...(c.reach ? { reach: c.reach } : {}), ...(c.proxy ? { proxy: c.proxy } : {}), ...(c.behindOpener !== undefined ? { behindOpener: c.behindOpener } : {}) };
}

/** What was tried for a field that was not found: the words, the sources, the container. */
export function triedFor(key: FieldKey | readonly string[], scope: Document | Element = document): string {
  const words = typeof key === 'string' ? [...FIELD_SYNONYMS[key]] : [...key];
  const where = scope.nodeType === Node.DOCUMENT_NODE ? 'the whole page' : describeEl(scope as Element);
  const shown = words.slice(0, 14).map((w) => `"${w}"`).join(', ');
  return `looked for a control named ${shown}${words.length > 14 ? ', …' : ''} (by label, aria, legend, table cell, placeholder, nearby text${typeof key === 'string' ? ', name/id' : ''}) in ${where}, incl. its shadow roots and same-origin frames; ${listControls({ scope }).length} reachable controls there`;
}
