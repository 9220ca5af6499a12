/**
 * The events a person produces when they press, type into or key through a widget, in the
 * order a browser sends them. Widget libraries listen to different ones (React Select opens
 * on `mousedown`, Headless UI on `pointerdown`/`click`, Select2 selects on `mouseup`,
 * jQuery UI on `click`), so a press sends the whole sequence rather than guessing which.
 * These are untrusted events (`isTrusted` false): a page that checks it cannot be driven by
 * an extension from the isolated world, and we report that as "did not open".
 */

import { sleep, win, type Win } from '../window.ts';

export { sleep, win, type Win };


/** One animation frame (or a short pause where frames are throttled, e.g. background tabs). */
export function settle(signal?: AbortSignal): Promise<void> {
  return sleep(16, signal);
}

export function emit(el: Element, type: string, init: EventInit = {}): boolean {
  const w = win(el);
  const Ctor = type === 'input' || type === 'beforeinput' ? w.InputEvent : w.Event;
  return el.dispatchEvent(new Ctor(type, { bubbles: true, composed: true, cancelable: true, ...init }));
}

function point(el: Element): { clientX: number; clientY: number } {
  const r = el.getBoundingClientRect();
  return { clientX: r.left + Math.min(r.width / 2, 20), clientY: r.top + r.height / 2 };
}

/**
 * A primary-button press and release on `el`: pointer and mouse events, focus where the
 * browser would move it, then click. `el.click()` alone misses libraries that act on
 * mousedown or pointerdown.
 */
export function press(el: Element): void {
  const w = win(el);
  const at = point(el);
  const base = { bubbles: true, composed: true, cancelable: true, view: w, button: 0, ...at };
  const ptr = { ...base, pointerId: 1, pointerType: 'mouse', isPrimary: true };
  el.dispatchEvent(new w.PointerEvent('pointerover', ptr));
  el.dispatchEvent(new w.MouseEvent('mouseover', base));
  el.dispatchEvent(new w.PointerEvent('pointermove', ptr));
  el.dispatchEvent(new w.MouseEvent('mousemove', base));
  const down = el.dispatchEvent(new w.PointerEvent('pointerdown', { ...ptr, buttons: 1 }));
  const mdown = down && el.dispatchEvent(new w.MouseEvent('mousedown', { ...base, buttons: 1 }));
  // A browser focuses the nearest focusable ancestor on mousedown unless it was cancelled.
  if (mdown) focusable(el)?.focus({ preventScroll: true });
  el.dispatchEvent(new w.PointerEvent('pointerup', ptr));
  el.dispatchEvent(new w.MouseEvent('mouseup', base));
  el.dispatchEvent(new w.MouseEvent('click', { ...base, detail: 1 }));
}

function focusable(el: Element): HTMLElement | null {
  const hit = el.closest<HTMLElement>('input, select, textarea, button, a[href], [tabindex], [contenteditable=""], [contenteditable=true]');
  return hit && !(hit as HTMLButtonElement).disabled ? hit : null;
}

const KEY_CODES: Record<string, number> = { Enter: 13, Escape: 27, ArrowDown: 40, ArrowUp: 38, ' ': 32, Tab: 9, Home: 36, End: 35, Backspace: 8 };

/** keydown (and keyup) of one key, with the legacy keyCode/which older widgets read. */
export function key(el: Element, k: string, mods: { altKey?: boolean } = {}): boolean {
  const w = win(el);
  const code = k === ' ' ? 'Space' : k;
  const init = { key: k, code, bubbles: true, composed: true, cancelable: true, view: w, ...mods };
  const ev = new w.KeyboardEvent('keydown', init);
  // keyCode/which are read-only on KeyboardEvent; jQuery widgets (Select2, jQuery UI) still read them.
  for (const prop of ['keyCode', 'which']) Object.defineProperty(ev, prop, { get: () => KEY_CODES[k] ?? 0 });
  const notCancelled = el.dispatchEvent(ev);
  el.dispatchEvent(new w.KeyboardEvent('keyup', init));
  return notCancelled;
}

/** Native `value` setter of the element's own prototype (React and Vue track the instance's). */
export function setNativeValue(el: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, value: string): void {
  const w = win(el);
  const proto = el.tagName === 'SELECT' ? w.HTMLSelectElement.prototype : el.tagName === 'TEXTAREA' ? w.HTMLTextAreaElement.prototype : w.HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(el, value);
  else el.setAttribute('value', value);
}

/** Types `text` into a filter input the way an IME-free keyboard would end up: one input event. */
export function typeFilter(input: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  input.focus({ preventScroll: true });
  setNativeValue(input, text);
  emit(input, 'input', { inputType: 'insertText', data: text } as InputEventInit);
}

/**
 * Gives focus back to what had it before deskhand acted (the agent's place on the page): to
 * that element if it is still there, else nowhere (the body) rather than a widget we touched.
 */
export function restoreFocus(previous: Element | null): void {
  const doc = previous?.ownerDocument ?? document;
  const active = doc.activeElement;
  if (previous && previous !== doc.body && previous.isConnected) {
    if (previous !== active) (previous as HTMLElement).focus?.({ preventScroll: true });
  } else if (active && active !== doc.body) {
    (active as HTMLElement).blur?.();
  }
}
