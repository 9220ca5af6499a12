/**
 * Which parts of an element's markup survive a reload and another record: ids and class
 * words a person wrote, `data-*` names, roles, aria labels and names — not numeric or hashed
 * ids (`n482913`, React's `:r1:`), CSS-in-JS classes (`css-1x2y3z`, `sc-bdVaJa`), state classes
 * (`active`, `is-open`) or attribute values that carry a record's data (`data-rec="7f3a9e"`).
 * Nor what differs between two renders of the same thing (issue 20 §5): tooltips (`title=`,
 * `data-original-title`), row parity and position (`odd`, `even`, `first`), short numeric ids
 * (`m12`, `row-3`), and utility classes (Tailwind's `mt-4`, `flex`, `items-center`; Bootstrap's
 * `d-flex`, `mb-3`): the first message of a day carries `mt-4` and the next does not.
 * Pure string code: the content script's rule generator and the unit tests use it.
 */

const GENERATED_PREFIX = /^(css|sc|jsx|emotion|makeStyles|jss|tw|svelte|astro|ng-tns|ember|ext-gen|yui|ui-id|mui-\d)[-_]/i;
const STATE = new Set([
  'active', 'selected', 'current', 'hover', 'hovered', 'focus', 'focused', 'focus-visible', 'open', 'opened', 'closed', 'collapsed',
  'expanded', 'visible', 'hidden', 'show', 'shown', 'disabled', 'enabled', 'loading', 'loaded', 'on', 'off', 'checked', 'dirty', 'pristine',
  'touched', 'untouched', 'valid', 'invalid', 'empty', 'new', 'unread', 'read', 'highlight', 'highlighted', 'animated', 'fade', 'in',
  'ng-touched', 'ng-untouched', 'ng-dirty', 'ng-pristine', 'ng-valid', 'ng-invalid', 'ng-star-inserted',
  // Row parity and position: the same kind of row carries them or not depending on where it falls.
  'odd', 'even', 'alt', 'alternate', 'striped', 'zebra', 'first', 'last', 'first-child', 'last-child', 'only-child',
  'row-odd', 'row-even', 'odd-row', 'even-row', 'tr-odd', 'tr-even',
]);

/**
 * Utility classes (Tailwind, Bootstrap, Tachyons-like): layout and looks, not what a thing is.
 * Bare words, and `prefix-value` where the value is a size, a number, a side, a colour or an
 * alignment (`text-sm`, `bg-gray-100`, `justify-between`) — so `text`, `message-text` and
 * `text-body` (a name) stay usable.
 */
const UTILITY_WORDS = new Set([
  'flex', 'grid', 'block', 'inline', 'inline-block', 'inline-flex', 'inline-grid', 'contents', 'table', 'table-row', 'table-cell', 'flow-root',
  'relative', 'absolute', 'fixed', 'sticky', 'static', 'truncate', 'italic', 'underline', 'uppercase', 'lowercase', 'capitalize', 'shadow',
  'rounded', 'border', 'grow', 'shrink', 'container', 'invisible', 'sr-only', 'not-sr-only', 'antialiased', 'transition', 'transform',
  'clearfix', 'float-left', 'float-right', 'pull-left', 'pull-right', 'small', 'lead', 'muted', 'clear', 'ml-auto', 'mr-auto', 'mx-auto', 'my-auto',
  'w-100', 'h-100', 'row', 'col', 'wrap', 'nowrap', 'whitespace-nowrap', 'break-words', 'break-all', 'shadow-sm', 'shadow-lg', 'overflow-hidden',
]);
const UTILITY_PREFIX =
  /^-?(?:[mp][trblxyse]?|w|h|min-w|min-h|max-w|max-h|size|gap|gap-[xy]|space-[xy]|inset|inset-[xy]|top|right|bottom|left|start|end|z|order|basis|grow|shrink|flex|items|justify|justify-content|align-items|align-self|align-content|content|self|place-items|place-content|place-self|text|font|leading|tracking|bg|from|via|to|border|border-[trblxy]|rounded|rounded-[trbl]{1,2}|shadow|ring|outline|opacity|divide-[xy]|divide|overflow|overflow-[xy]|object|cursor|select|transition|duration|ease|delay|animate|translate-[xy]|rotate|scale|scale-[xy]|skew-[xy]|origin|fill|stroke|line-clamp|whitespace|break|decoration|underline-offset|list|align|aspect|columns|col|col-span|col-start|col-end|row-span|row-start|row-end|grid-cols|grid-rows|grid-flow|auto-cols|auto-rows|d|float|position|display|fs|fw|lh|g|gx|gy|ms|me|ps|pe|col-xs|col-sm|col-md|col-lg|col-xl|col-xxl|offset|offset-sm|offset-md|offset-lg|order-sm|order-md|order-lg|hidden|visible|visible-xs|visible-sm|visible-md|visible-lg)$/;
const UTILITY_VALUE =
  /^(\d+(\.\d+)?|px|auto|full|screen|min|max|fit|none|xs|sm|md|lg|xl|\d?xl|base|0\.5|1\/2|[trblxy]|[trbl]-\d+|center|start|end|between|around|evenly|stretch|baseline|left|right|top|bottom|middle|justify|col|row|wrap|nowrap|col-reverse|row-reverse|reverse|hidden|visible|scroll|clip|block|inline|inline-block|flex|grid|table|contents|bold|semibold|medium|normal|light|thin|extrabold|extralight|black|white|transparent|current|inherit|muted|primary|secondary|success|danger|warning|info|dark|prose|tight|snug|relaxed|loose|wide|wider|widest|tighter|italic|mono|sans|serif|pointer|default|(slate|gray|grey|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)(-\d{2,3})?)$/;

/** A utility class: layout or looks, which the same thing may carry on one render and not the next. */
export function utilityClass(name: string): boolean {
  if (UTILITY_WORDS.has(name)) return true;
  // Variants (`md:flex`, `hover:bg-x`) and arbitrary values (`w-[3px]`, `w-1/2`).
  if (/[:/[\]]/.test(name)) return true;
  for (let i = name.indexOf('-'); i > 0; i = name.indexOf('-', i + 1)) {
    const prefix = name.slice(0, i);
    const value = name.slice(i + 1);
    if (UTILITY_PREFIX.test(prefix.replace(/^-/, '')) && UTILITY_VALUE.test(value)) return true;
  }
  return false;
}

/** Letters with at most a short trailing number (`col-2`, `h1`), no random mixed case. */
function wordish(s: string): boolean {
  if (!/^[A-Za-z][A-Za-z_-]*\d?$/.test(s)) return false;
  const bare = s.replace(/[-_\d]/g, '');
  // Hashes spelled in letters only: mixed case with hardly any vowels (`xKfGqP`).
  const caps = (bare.match(/[A-Z]/g) ?? []).length;
  const vowels = (bare.match(/[aeiouy]/gi) ?? []).length;
  return !(bare.length >= 6 && caps >= 2 && vowels / bare.length < 0.25 && !/[-_]/.test(s));
}

/**
 * A widget's state as a suffix of its own name (`redactor-placeholder` while the editor is
 * empty, Quill's `ql-blank`, `dropdown-open`, `tab-active`): gone once the agent types or clicks.
 */
const STATE_SUFFIX = /[-_](placeholder|blank|empty|active|selected|current|focus|focused|hover|open|opened|closed|collapsed|expanded|visible|hidden|disabled|loading|loaded|dirty|pristine|touched|untouched|invalid|valid|checked|shown|show)$/i;

export function stableClass(name: string): boolean {
  if (!name || name.length > 40 || GENERATED_PREFIX.test(name)) return false;
  if (STATE.has(name.toLowerCase()) || /^(is|has|was|js)-/i.test(name) || STATE_SUFFIX.test(name) || utilityClass(name)) return false;
  // BEM modifiers and CSS-module names keep their words; a hash suffix does not pass `wordish`.
  return wordish(name);
}

export function stableId(id: string): boolean {
  if (!id || id.length > 60 || GENERATED_PREFIX.test(id) || /^:|:$/.test(id)) return false;
  // A number in an id is a record's or a row's (`m12`, `row-3`, `ed-42`): another record has another.
  if (/\d/.test(id)) return false;
  return wordish(id);
}

/** Attribute names whose *value* names a thing (role, a label, a field name). */
// `action`: where a form posts names which form it is (`tickets.php?a=open`); one with a
// record's id in it (`tickets.php?id=1#reply`) fails stableValue.
const VALUE_ATTRS = new Set(['role', 'name', 'aria-label', 'type', 'placeholder', 'itemprop', 'rel', 'contenteditable', 'aria-roledescription', 'action', 'data-testid', 'data-test', 'data-qa', 'data-cy']);
/**
 * Never used: style, events, framework internals, our own marks, states (`aria-disabled`: Send is
 * disabled until there is text), and tooltips (`title`, `data-original-title`, `data-tooltip`:
 * often a time or a name that changes, and added only once the pointer has been over it).
 */
const NEVER = /^(style|class|id|on\w+|href|src|srcset|value|checked|selected|disabled|tabindex|title|data-[\w-]*(tooltip|title|tip)[\w-]*|data-(bs-)?toggle|aria-(hidden|expanded|selected|checked|pressed|busy|live|describedby|controls|owns|activedescendant|disabled|current|invalid|posinset|setsize|rowindex|colindex)|data-(reactid|react-\w+|v-[0-9a-f]+|ember-\w+|deskhand-?\w*)|jsaction|jsname|jscontroller|_ngcontent-\w+|_nghost-\w+)$/i;

/** A value a person wrote (a word or a few), not data or a hash. */
export function stableValue(v: string): boolean {
  const t = v.trim();
  if (!t || t.length > 60 || /^\d+$/.test(t)) return false;
  if (/\d{3,}/.test(t) || /^[0-9a-f]{6,}$/i.test(t) || /[0-9]/.test(t) && /[a-z]/i.test(t) && !/\s/.test(t) && t.length >= 5) return false;
  return true;
}

/** `[name="value"]` may be used (the attribute names the thing and its value is a word). */
export function stableAttrValue(name: string, value: string): boolean {
  if (NEVER.test(name)) return false;
  if (!VALUE_ATTRS.has(name) && !name.startsWith('aria-') && !name.startsWith('data-')) return false;
  return stableValue(value);
}

/** `[name]` (presence) may be used: `data-*` and aria names say what a thing is even when the value is data. */
export function stableAttrName(name: string): boolean {
  if (NEVER.test(name)) return false;
  return /^data-[a-z][a-z0-9-]*$/i.test(name) && !/\d{2,}/.test(name);
}

/** A selector that depends on position among siblings: never kept in a rule. */
export function positional(css: string): boolean {
  return /:nth-(child|of-type|last-child|last-of-type)\(/.test(css);
}
