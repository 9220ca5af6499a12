/**
 * Which parts of an element's markup survive a reload and another record: ids and class
 * words a person wrote, `data-*` names, roles, aria labels and names — not numeric or hashed
 * ids (`n482913`, React's `:r1:`), CSS-in-JS classes (`css-1x2y3z`, `sc-bdVaJa`), state classes
 * (`active`, `is-open`) or attribute values that carry a record's data (`data-rec="7f3a9e"`).
 * Pure string code: the content script's rule generator and the unit tests use it.
 */

const GENERATED_PREFIX = /^(css|sc|jsx|emotion|makeStyles|jss|tw|svelte|astro|ng-tns|ember|ext-gen|yui|ui-id|mui-\d)[-_]/i;
const STATE = new Set([
  'active', 'selected', 'current', 'hover', 'hovered', 'focus', 'focused', 'focus-visible', 'open', 'opened', 'closed', 'collapsed',
  'expanded', 'visible', 'hidden', 'show', 'shown', 'disabled', 'enabled', 'loading', 'loaded', 'on', 'off', 'checked', 'dirty', 'pristine',
  'touched', 'untouched', 'valid', 'invalid', 'empty', 'new', 'unread', 'read', 'highlight', 'highlighted', 'animated', 'fade', 'in',
  'ng-touched', 'ng-untouched', 'ng-dirty', 'ng-pristine', 'ng-valid', 'ng-invalid', 'ng-star-inserted',
]);

/** Letters with at most a short trailing number (`col-2`, `h1`), no random mixed case. */
function wordish(s: string): boolean {
  if (!/^[A-Za-z][A-Za-z_-]*\d?$/.test(s)) return false;
  const bare = s.replace(/[-_\d]/g, '');
  // Hashes spelled in letters only: mixed case with hardly any vowels (`xKfGqP`).
  const caps = (bare.match(/[A-Z]/g) ?? []).length;
  const vowels = (bare.match(/[aeiouy]/gi) ?? []).length;
  return !(bare.length >= 6 && caps >= 2 && vowels / bare.length < 0.25 && !/[-_]/.test(s));
}

export function stableClass(name: string): boolean {
  if (!name || name.length > 40 || GENERATED_PREFIX.test(name)) return false;
  if (STATE.has(name.toLowerCase()) || /^(is|has|was|js)-/i.test(name)) return false;
  // BEM modifiers and CSS-module names keep their words; a hash suffix does not pass `wordish`.
  return wordish(name);
}

export function stableId(id: string): boolean {
  if (!id || id.length > 60 || GENERATED_PREFIX.test(id) || /^:|:$/.test(id)) return false;
  return wordish(id);
}

/** Attribute names whose *value* names a thing (role, a label, a field name). */
const VALUE_ATTRS = new Set(['role', 'name', 'aria-label', 'type', 'title', 'placeholder', 'itemprop', 'rel', 'contenteditable', 'aria-roledescription', 'data-testid', 'data-test', 'data-qa', 'data-cy']);
/** Never used: style, events, framework internals, our own marks. */
const NEVER = /^(style|class|id|on\w+|href|src|srcset|value|checked|selected|tabindex|aria-(hidden|expanded|selected|checked|pressed|busy|live|describedby|controls|owns|activedescendant)|data-(reactid|react-\w+|v-[0-9a-f]+|ember-\w+|deskhand-?\w*)|jsaction|jsname|jscontroller|_ngcontent-\w+|_nghost-\w+)$/i;

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
