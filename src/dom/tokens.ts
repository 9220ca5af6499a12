/**
 * Words hidden in markup: class names, ids, `data-*` and ARIA attribute values, split the
 * way developers write them (`thread-entry`, `msgIncoming`, `sender_type=end-user`). Real
 * consoles signal roles and parts this way; hashed class names (`_b7f2a`) yield nothing.
 */

const SPLIT = /[^a-z0-9]+/;

/** Lower-case word tokens of an attribute value; camelCase and snake/kebab split, joins kept. */
export function wordsOf(value: string): string[] {
  const out: string[] = [];
  for (const chunk of value.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/\s+/)) {
    const parts = chunk.split(SPLIT).filter(Boolean);
    for (const p of parts) if (p.length > 1 && !/^\d+$/.test(p) && !looksHashed(p)) out.push(p);
    if (parts.length > 1) out.push(parts.join(''));
  }
  return out;
}

/** `b7f2a`, `x8k2q9`: CSS-module hashes carry no meaning. */
function looksHashed(p: string): boolean {
  return p.length >= 5 && /\d/.test(p) && /[a-z]/.test(p) && !/^(h[1-6]|v\d|mp3|mp4|utf8|i18n|l10n|base64|ipv[46])$/.test(p);
}

const ATTRS_SKIP = new Set(['style', 'href', 'src', 'srcset', 'alt', 'title', 'placeholder', 'value', 'action', 'd', 'viewbox', 'xmlns']);

/** Tokens of an element's own markup (not its children's): every attribute but URLs, styles and handlers. */
export function markupTokens(el: Element): Set<string> {
  const tokens = new Set<string>();
  for (const attr of Array.from(el.attributes)) {
    const name = attr.name.toLowerCase();
    if (ATTRS_SKIP.has(name) || name.startsWith('on') || attr.value.length > 200) continue;
    for (const w of wordsOf(attr.value)) tokens.add(w);
    // A boolean attribute (`<lc-message mine>`, `whisper=""`) says it by its name.
    if (attr.value === '' || attr.value === name) for (const w of wordsOf(name)) tokens.add(w);
    // `data-incoming`, `data-internal` carry the word in the name itself.
    if (name.startsWith('data-')) for (const w of wordsOf(name.slice(5))) tokens.add(w);
  }
  // Custom elements name what they are (`<lc-event>`, `<chat-message>`).
  if (el.localName.includes('-')) for (const w of wordsOf(el.localName)) tokens.add(w);
  return tokens;
}

export function hasAny(tokens: ReadonlySet<string>, words: readonly string[]): string | null {
  for (const w of words) if (tokens.has(w)) return w;
  return null;
}
