/**
 * An element as a person names it (issue 20 §5: the panel says "the “Send Reply” button",
 * never `p`, `[object HTMLInputElement]` or CSS). Only teach mode uses it, so it lives apart
 * from describe.ts (which the content script shares with teach.js) and ships in teach.js alone.
 */

/** What kind of thing an element is to a person (the panel words it: "the Send Reply button"). */
export const THING_KINDS = ['button', 'link', 'textbox', 'editor', 'select', 'checkbox', 'form', 'list', 'row', 'image', 'heading', 'text', 'area'] as const;
export type ThingKind = (typeof THING_KINDS)[number];

/** An element as a person names it: its kind and the words on or for it (empty when it has none). */
export interface Named {
  kind: ThingKind;
  name: string;
}

const NAME_MAX = 40;
const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
const cutName = (s: string) => (s.length > NAME_MAX ? `${s.slice(0, NAME_MAX - 1).trimEnd()}…` : s);

function kindOf(el: Element): ThingKind {
  const tag = el.localName;
  const role = el.getAttribute('role');
  const type = (el.getAttribute('type') ?? '').toLowerCase();
  if (tag === 'button' || role === 'button' || (tag === 'input' && /^(submit|button|reset|image)$/.test(type))) return 'button';
  if (tag === 'input' && /^(checkbox|radio)$/.test(type)) return 'checkbox';
  if ((tag === 'a' && el.hasAttribute('href')) || role === 'link') return 'link';
  if (tag === 'select' || role === 'combobox' || role === 'listbox') return 'select';
  if ((el as HTMLElement).isContentEditable) return 'editor';
  if (tag === 'textarea' || tag === 'input' || role === 'textbox' || role === 'searchbox') return 'textbox';
  if (tag === 'form') return 'form';
  if (/^(ul|ol|table|tbody|dl)$/.test(tag) || /^(list|feed|log|grid|table|tablist)$/.test(role ?? '')) return 'list';
  if (tag === 'tr' || tag === 'li' || role === 'row' || role === 'listitem' || role === 'article') return 'row';
  // An icon's parts (`path`, `use`) are the icon.
  if (tag === 'img' || tag === 'svg' || role === 'img' || el.closest('svg')) return 'image';
  if (/^h[1-6]$/.test(tag) || role === 'heading') return 'heading';
  return squash(el.textContent) ? 'text' : 'area';
}

/** The words a person reads for it: its label (aria, `<label>`, placeholder), else its own text. */
function wordsFor(el: Element, kind: ThingKind): string {
  const doc = el.ownerDocument;
  const aria = squash(el.getAttribute('aria-label'));
  if (aria) return aria;
  const by = el.getAttribute('aria-labelledby');
  if (by) {
    const text = squash(by.split(/\s+/).map((id) => doc.getElementById(id)?.textContent ?? '').join(' '));
    if (text) return text;
  }
  if (kind === 'textbox' || kind === 'select' || kind === 'checkbox' || kind === 'editor') {
    const id = el.getAttribute('id');
    const label = (id ? doc.querySelector(`label[for="${CSS.escape(id)}"]`) : null) ?? el.closest('label');
    const own = label ? squash(Array.from(label.childNodes).filter((n) => n.nodeType === 3 || (n as Element).localName === 'span').map((n) => n.textContent).join(' ')) : '';
    const words = own || squash(el.getAttribute('placeholder')) || squash(el.getAttribute('data-placeholder')) || squash(el.querySelector('[data-placeholder]')?.getAttribute('data-placeholder'));
    if (words) return words;
    if (kind !== 'editor') return squash(el.getAttribute('title'));
  }
  if (kind === 'button' && el.localName === 'input') return squash((el as HTMLInputElement).value) || squash(el.getAttribute('title'));
  if (kind === 'image') {
    const img = el.closest('svg') ?? el;
    return squash(img.getAttribute('alt')) || squash(img.getAttribute('aria-label')) || squash(img.getAttribute('title')) || squash(img.querySelector('title')?.textContent);
  }
  if (kind === 'form' || kind === 'list' || kind === 'area') {
    const head = el.querySelector('legend, h1, h2, h3, h4, h5, h6, caption, [role=heading]');
    return squash(head?.textContent);
  }
  return squash(el.textContent) || squash(el.getAttribute('title')) || squash(el.querySelector('img[alt]')?.getAttribute('alt'));
}

/** How a person would name this element: "the Send Reply button", "the text “Where is my parcel…”". */
export function nameOf(el: Element): Named {
  const kind = kindOf(el);
  return { kind, name: cutName(wordsFor(el, kind)) };
}
