/**
 * A menu button: a button that pops up a list of choices and acts on the one clicked — the
 * "Transfer ▾" of live-chat consoles, design-system dropdowns built from a button and `div`s
 * with no ARIA roles (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/ describes the
 * accessible kind: `aria-haspopup`, `aria-controls`, `role=menuitem`). The popup is what the
 * button points at (`aria-controls`), else what appeared in its tree when it was pressed; its
 * items are menu items or options, else the focusable or clickable leaves that carry text.
 */
import { isVisible, normLabel } from '../text.ts';
import { press, sleep } from './events.ts';
import type { OptionLike } from './options.ts';

/** A button that opens a menu rather than a dialog. */
export function isMenuButton(el: Element): boolean {
  const popup = el.getAttribute('aria-haspopup');
  if (el.matches('[data-dropdown], [data-toggle=dropdown], [data-bs-toggle=dropdown]')) return true;
  return (!!popup && popup !== 'false' && popup !== 'dialog') || (el.hasAttribute('aria-expanded') && !el.matches('[role=combobox], summary, [aria-controls] details'));
}

export interface OpenMenu {
  options: OptionLike[];
  /** Clicks the item of that option, as a person does. */
  choose(option: OptionLike): boolean;
  /** The item of that option (for a caller that presses it and waits for what it opens). */
  itemOf(option: OptionLike): HTMLElement | null;
  /** Closes the menu with the button that opened it, leaving the page as it was. */
  close(): void;
}

const ITEM = '[role=menuitem], [role=menuitemradio], [role=option]';
const OPEN_MS = 2_000;

interface Item {
  el: HTMLElement;
  text: string;
  value: string;
}

/**
 * The choices of an open popup: ARIA items, else the innermost elements with text a person can
 * click (a link or button with an icon inside, `<a><i class="icon-user"></i> Agent</a>`, is one
 * item; its icon is not).
 */
function itemsIn(popup: Element): Item[] {
  const aria = Array.from(popup.querySelectorAll<HTMLElement>(ITEM));
  const clickable = (el: HTMLElement) => el.matches('a[href], button, [role=button]') || el.tabIndex >= 0 || getComputedStyle(el).cursor === 'pointer';
  const withText = (el: HTMLElement) => !!(el.textContent ?? '').trim();
  const els = aria.length
    ? aria
    : Array.from(popup.querySelectorAll<HTMLElement>('*')).filter(
        (el) => withText(el) && clickable(el) && !Array.from(el.querySelectorAll<HTMLElement>('*')).some((inner) => withText(inner) && clickable(inner)),
      );
  return els.filter((el) => isVisible(el)).map((el) => ({ el, text: (el.textContent ?? '').replace(/\s+/g, ' ').trim(), value: el.dataset.value ?? el.getAttribute('value') ?? (el.textContent ?? '').trim() }));
}

/** Visible elements of a tree (a shadow root or a document), to see what a press shows. */
function visibleIn(root: Document | ShadowRoot): Set<Element> {
  return new Set(Array.from(root.querySelectorAll('*')).slice(0, 5_000).filter((el) => isVisible(el)));
}

/** The top of what the press made visible in the button's own tree, when it holds two or more choices. */
function appeared(root: Document | ShadowRoot, before: Set<Element>): Element | null {
  for (const el of Array.from(root.querySelectorAll('*')).slice(0, 5_000)) {
    if (before.has(el) || !isVisible(el)) continue;
    if (el.parentElement && !before.has(el.parentElement)) continue;
    if (itemsIn(el).length >= 2) return el;
  }
  return null;
}

function popupOf(opener: HTMLElement, before: Set<Element>): Element | null {
  const root = opener.getRootNode() as Document | ShadowRoot;
  const id = opener.getAttribute('aria-controls') ?? opener.getAttribute('aria-owns');
  const byId = id ? root.getElementById?.(id) ?? opener.ownerDocument.getElementById(id) : null;
  if (byId && isVisible(byId)) return byId;
  return appeared(root, before);
}

/** Presses the menu button and waits for its choices. */
export async function openMenu(opener: HTMLElement, signal?: AbortSignal): Promise<OpenMenu | { detail: string }> {
  const root = opener.getRootNode() as Document | ShadowRoot;
  const before = visibleIn(root);
  press(opener);
  let popup: Element | null = null;
  for (let waited = 0; !popup && waited < OPEN_MS; waited += 50) {
    await sleep(50, signal);
    popup = popupOf(opener, before);
  }
  if (!popup) return { detail: `pressing "${normLabel(opener.textContent ?? '')}" showed no menu of choices` };
  const items = itemsIn(popup);
  return {
    options: items.map(({ text, value }) => ({ text, value })),
    choose(option) {
      const item = items.find((i) => i.text === option.text && i.value === option.value);
      if (!item?.el.isConnected) return false;
      press(item.el);
      return true;
    },
    itemOf: (option) => items.find((i) => i.text === option.text && i.value === option.value)?.el ?? null,
    close: () => press(opener),
  };
}

/** A popup that holds menu items until its toggle opens it (Bootstrap's `.dropdown-menu`, ARIA menus). */
const POPUP = '.dropdown-menu, [role=menu], [role=listbox], [class*=dropdown-content], [class*=menu-list], [class*=popover]';
const TOGGLE = '[data-toggle=dropdown], [data-bs-toggle=dropdown], [aria-haspopup]:not([aria-haspopup=false]), [aria-expanded]';

/**
 * Opens the closed menu an item sits in, through the menu's own toggle (the button beside the
 * popup, or the one naming it with aria-controls), and waits for the item to show. False when
 * there is no such menu or it did not show the item.
 */
export async function revealInMenu(item: HTMLElement, signal?: AbortSignal): Promise<boolean> {
  const popup = item.closest(POPUP);
  if (!popup) return false;
  const id = popup.getAttribute('id');
  const byRef = id ? popup.ownerDocument.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(id)}"]`) : null;
  const around = popup.parentElement;
  const toggle = byRef ?? (around ? Array.from(around.querySelectorAll<HTMLElement>(TOGGLE)).find((t) => !popup.contains(t) && isVisible(t)) : undefined);
  if (!toggle) return false;
  press(toggle);
  for (let waited = 0; waited < OPEN_MS; waited += 50) {
    if (isVisible(item)) return true;
    await sleep(50, signal);
  }
  return isVisible(item);
}
