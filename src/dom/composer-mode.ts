/**
 * The mode of an editor that serves both the reply and the internal note: a radio pair
 * ("公开回复 / 内部备注", "Public reply / Internal note"), a Note switch or checkbox, a
 * pressed-state button or a tab beside the editor (Zendesk, Intercom, Front and many in-house
 * consoles build it one of these ways). A reply typed while it is in note mode lands in the
 * note; a note typed in reply mode is published to the customer (issue 21). So every composer
 * write puts the editor in its mode first, and stops when it cannot.
 * https://www.w3.org/WAI/ARIA/apg/patterns/switch/ · https://www.w3.org/WAI/ARIA/apg/patterns/radio/
 */
import { press } from './controls/events.ts';
import { BUTTON_SYNONYMS } from './synonyms.ts';
import { isVisible, normLabel } from './text.ts';
import { sleep } from './window.ts';

export type Mode = 'reply' | 'note';

/** Names of a mode control, the whole name only: "Note" is one, "Add a note to the order" is not. */
const NAMES: Record<Mode, readonly string[]> = {
  note: ['内部备注', '备注', '内部', '私密备注', '内部消息', 'note', 'internal note', 'internal', 'private note', 'private', 'whisper', 'notes'],
  reply: ['公开回复', '回复', '回复客户', '公开', 'reply', 'public reply', 'public', 'reply to customer', 'customer reply'],
};
// Links and plain buttons too ("公开回复 | 内部备注" as two links over one textarea): only a whole
// mode name makes one a mode control.
const CONTROL = 'input[type=radio], input[type=checkbox], [role=switch], [role=radio], [role=tab], button[aria-pressed], a[href], button:not([type=submit])';

export interface ModeControls {
  reply: HTMLElement | null;
  note: HTMLElement | null;
}

/** The mode controls that belong to `editor`: in its form, else in the nearest ancestor (4 up) that has any. */
export function modeControls(editor: Element): ModeControls {
  const face = editor.ownerDocument.defaultView?.frameElement ?? editor;
  const scopes: Element[] = [];
  const form = face.closest('form');
  if (form) scopes.push(form);
  for (let cur = face.parentElement, i = 0; cur && i < 4; cur = cur.parentElement, i++) scopes.push(cur);
  for (const scope of scopes) {
    const found: ModeControls = { reply: null, note: null };
    for (const el of Array.from(scope.querySelectorAll<HTMLElement>(CONTROL)).slice(0, 40)) {
      const name = normLabel(nameOf(el));
      for (const mode of ['note', 'reply'] as const) if (!found[mode] && NAMES[mode].includes(name)) found[mode] = el;
    }
    if (found.note || found.reply) return found;
  }
  return { reply: null, note: null };
}

function nameOf(el: HTMLElement): string {
  const label = (el as HTMLInputElement).labels?.[0] ?? el.closest('label');
  const name = (label?.textContent ?? '').trim() || el.getAttribute('aria-label') || (el.textContent ?? '').trim() || el.title || '';
  // An icon before or after the word ("🔒 备注", "Note ✎") is no part of the name.
  return name.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/** Whether a mode control is on (checked, pressed, selected). */
export function isOn(el: HTMLElement): boolean {
  if (el instanceof HTMLInputElement) return el.checked;
  if (el.getAttribute('aria-checked') === 'true' || el.getAttribute('aria-pressed') === 'true' || el.getAttribute('aria-selected') === 'true') return true;
  // Without ARIA, the class that styles the chosen one (Bootstrap's `.active` on the link or its
  // `<li>`, `.on`, `.selected`, `.current`).
  if (['aria-checked', 'aria-pressed', 'aria-selected'].some((a) => el.hasAttribute(a))) return false;
  return styled(el).some((x) => classWords(x).some((w) => ON_WORDS.has(w)));
}

/** The control and, for a tab in a list, its `<li>`: either may carry the chosen style. */
const styled = (el: HTMLElement): Element[] => (el.parentElement?.localName === 'li' ? [el, el.parentElement] : [el]);

const ON_WORDS = new Set(['active', 'selected', 'on', 'current', 'checked']);

/**
 * The words of an element's classes: `is-active`, BEM's `tab--active`, and CSS modules' and
 * styled components' camelCase local names (`_tabOn_x1y2`, `tabActive`) all name the state.
 */
function classWords(el: Element): string[] {
  return (el.getAttribute('class') ?? '')
    .split(/\s+/)
    .flatMap((c) => c.replace(/([a-z])([A-Z])/g, '$1 $2').split(/[\s_-]+/))
    .map((w) => w.toLowerCase())
    .filter(Boolean);
}

/**
 * Two mode controls told apart only by an extra class on the chosen one (`btn` and
 * `btn btn-primary`): the one whose classes hold all of the other's and more is on.
 */
function extraClassOn(c: ModeControls): Mode | null {
  if (!c.note || !c.reply) return null;
  const set = (el: HTMLElement) => new Set(styled(el).flatMap((x) => (x.getAttribute('class') ?? '').split(/\s+/).filter(Boolean)));
  const [n, r] = [set(c.note), set(c.reply)];
  const within = (a: Set<string>, b: Set<string>) => a.size < b.size && [...a].every((x) => b.has(x));
  return within(r, n) ? 'note' : within(n, r) ? 'reply' : null;
}

/** The mode the controls say, or null when they say none. */
export function modeOf(c: ModeControls): Mode | null {
  if (c.note && isOn(c.note)) return 'note';
  if (c.reply && isOn(c.reply)) return 'reply';
  const extra = extraClassOn(c);
  if (extra) return extra;
  // A lone Note switch that is off: the editor replies.
  return c.note && !c.reply && isToggle(c.note) ? 'reply' : null;
}

/** A control that turns a mode on and off (a Note switch or checkbox, a pressed-state button). */
export const isToggle = (el: HTMLElement | null): boolean => !!el && ((el instanceof HTMLInputElement && el.type === 'checkbox') || el.getAttribute('role') === 'switch' || el.hasAttribute('aria-pressed'));

/**
 * Puts the editor in `want` as a person would (pressing the control) and checks it took:
 * 'none' when the editor has no mode controls, 'ok' when it is in that mode now, 'failed'
 * when it could not be put there (the caller then writes nothing).
 */
export async function setMode(editor: Element, want: Mode, signal?: AbortSignal): Promise<'none' | 'ok' | 'failed'> {
  const c = modeControls(editor);
  if (!c.note && !c.reply) return 'none';
  if (readMode(editor, c) === want) return 'ok';
  const target = want === 'note' ? c.note : (c.reply ?? (c.note && isToggle(c.note) ? c.note : null));
  if (!target) return 'failed';
  const before = looks(c);
  press(target);
  for (let i = 0; i < 10; i++) {
    await sleep(30, signal);
    // A tab that mounts a box of its own unmounts this one (Radix Tabs): the controls found
    // before the press still say which mode is on.
    if (readMode(editor, editor.isConnected ? modeControls(editor) : c) === want) return 'ok';
    if (before && swapped(before, looks(c))) return 'ok';
  }
  return 'failed';
}

/**
 * The mode an editor is in: what its controls say, else what the editor itself says — the one
 * commit button's name ("Send" / "Add note": one editor whose button changes with the mode)
 * or its placeholder ("Write a reply…" / "Add a note only your team can see…"). Kits whose
 * classes are hashed (CSS modules in production) mark the chosen tab by nothing else a script
 * can read.
 */
export function readMode(editor: Element, c: ModeControls = modeControls(editor)): Mode | null {
  return modeOf(c) ?? modeByCommit(editor, c) ?? modeByPlaceholder(editor);
}

/** Whole names of a commit button that only one mode has. */
const COMMIT: Record<Mode, readonly string[]> = {
  reply: BUTTON_SYNONYMS.send,
  note: BUTTON_SYNONYMS.addNote,
};

function modeByCommit(editor: Element, c: ModeControls): Mode | null {
  const box = boxOf(editor, c);
  if (!box) return null;
  const said = new Set<Mode>();
  for (const b of Array.from(box.querySelectorAll<HTMLElement>('button, input[type=submit], [role=button]'))) {
    if (b === c.note || b === c.reply || !isVisible(b)) continue;
    const name = normLabel(b.textContent || (b as HTMLInputElement).value || b.getAttribute('aria-label') || '');
    for (const mode of ['reply', 'note'] as const) if (COMMIT[mode].includes(name)) said.add(mode);
  }
  return said.size === 1 ? [...said][0]! : null;
}

const PLACEHOLDER: Record<Mode, RegExp> = {
  note: /内部|备注|仅.{0,4}(团队|同事|内部)可见|\b(internal|private|note|whisper)\b|only your team/i,
  reply: /回复|答复|\breply\b|\bcustomer\b/i,
};

function modeByPlaceholder(editor: Element): Mode | null {
  const holder = editor.closest('[placeholder], [aria-placeholder], [data-placeholder]') ?? editor.querySelector('[data-placeholder], [placeholder]');
  const text = holder ? (holder.getAttribute('placeholder') ?? holder.getAttribute('aria-placeholder') ?? holder.getAttribute('data-placeholder') ?? '') : '';
  if (!text) return null;
  // Note first: "Reply privately (internal note)" is a note.
  return PLACEHOLDER.note.test(text) ? 'note' : PLACEHOLDER.reply.test(text) ? 'reply' : null;
}

/** The element that holds both the mode controls and the editor. */
function boxOf(editor: Element, c: ModeControls): Element | null {
  const ctl = c.note ?? c.reply;
  const face = editor.ownerDocument.defaultView?.frameElement ?? editor;
  for (let cur = ctl?.parentElement ?? null, i = 0; cur && i < 6; cur = cur.parentElement, i++) if (cur.contains(face)) return cur;
  return null;
}

/** How the two controls look: their classes and the styles that mark a chosen tab. */
function looks(c: ModeControls): [string, string] | null {
  if (!c.note || !c.reply) return null;
  const sig = (el: HTMLElement) => {
    const st = getComputedStyle(el);
    return [el.getAttribute('class') ?? '', st.backgroundColor, st.color, st.fontWeight, st.borderBottomColor, st.boxShadow, st.textDecorationLine].join('|');
  };
  return [sig(c.reply), sig(c.note)];
}

/** The two looks traded places: the one pressed now looks as the chosen one did, so it is chosen. */
const swapped = (before: [string, string], after: [string, string] | null) => !!after && before[0] !== before[1] && after[0] === before[1] && after[1] === before[0];

/** A submit that names no job: what one shared editor's single button says whatever its mode (an update page's one "Update" too). */
const GENERIC_SUBMIT = /^(提交|发布|保存|确定|发送|更新|提交更新|保存修改|submit|post|save|ok|send|add|update|save changes)$/i;

/**
 * The one button that commits a shared editor, whatever its mode (desk consoles with a radio
 * pair and a single "提交" / "Submit"): the only submit or generic-named button in the form or
 * box that holds its mode controls. Null when the editor has no mode controls or the box has
 * more than one such button (then which is which is not known).
 */
export function modeCommit(editor: Element): HTMLElement | null {
  const c = modeControls(editor);
  const ctl = c.note ?? c.reply;
  if (!ctl) return null;
  const face = editor.ownerDocument.defaultView?.frameElement ?? editor;
  let box: Element | null = ctl.closest('form');
  for (let cur = ctl.parentElement, i = 0; !box && cur && i < 5; cur = cur.parentElement, i++) if (cur.contains(face)) box = cur;
  if (!box) return null;
  const buttons = Array.from(box.querySelectorAll<HTMLElement>('button, input[type=submit]')).filter((b) => {
    const name = normLabel(b.textContent || (b as HTMLInputElement).value || b.getAttribute('aria-label') || '');
    return (b as HTMLButtonElement).type === 'submit' ? !name || GENERIC_SUBMIT.test(name) : GENERIC_SUBMIT.test(name);
  });
  return buttons.length === 1 ? buttons[0]! : null;
}
