/**
 * In-page hotkeys. Only trusted key events count: a page script's synthetic KeyboardEvent
 * (isTrusted === false) can never trigger a deskhand action. The keys come from
 * `settings.hotkeys` only (src/settings/hotkeys.ts): there are no chrome.commands.
 */
import { comboOf } from '../settings/combo.ts';
import type { HotkeyAction } from '../settings/schema.ts';

/** The action a combo is set to, or null (the eager loader answers from the settings it was given). */
export type KeyLookup = (combo: string) => HotkeyAction | null;

export function installKeymap(actionFor: KeyLookup, run: (action: HotkeyAction) => void): () => void {
  return listenTrustedKeys((e) => {
    const combo = comboOf(e);
    if (!combo) return;
    const action = actionFor(combo);
    if (!action) return;
    e.preventDefault();
    e.stopPropagation();
    // Synchronously, inside the trusted key event: a message sent now carries the user
    // gesture to the service worker, which may then open the side panel (README "Shortcuts").
    run(action);
  });
}

/**
 * Trusted, non-repeated key presses anywhere in this page (its same-origin frames too), heard
 * before the page's own handlers. The hotkeys listen here, and so does quick ticket's countdown
 * for its Esc (src/content/countdown.ts). Returns the function that stops listening.
 */
export function listenTrustedKeys(handle: (e: KeyboardEvent) => void): () => void {
  // Listeners left in frames (their windows are not kept) hear nothing once stopped.
  let on = true;
  const onKey = (e: KeyboardEvent) => {
    if (!on || !e.isTrusted || e.repeat) return;
    handle(e);
  };
  // Capture on window: the console's own handlers cannot swallow the shortcut first.
  window.addEventListener('keydown', onKey, true);
  // Keys typed inside a same-origin iframe (a legacy refund widget, say) never reach the top
  // window, so listen in those frames too, including ones that load later. Keyed by the
  // frame's document, not its window: `contentWindow` is a WindowProxy that stays the same
  // object when the frame navigates (about:blank, then its src), while the listeners stay
  // behind on the old inner window (https://html.spec.whatwg.org/#windowproxy).
  const frames = new WeakSet<Document>();
  const attach = () => {
    for (const frame of Array.from(document.querySelectorAll('iframe'))) {
      try {
        const w = frame.contentWindow;
        const d = w?.document;
        if (w && d && !frames.has(d)) {
          frames.add(d);
          w.addEventListener('keydown', onKey, true);
        }
      } catch {
        // cross-origin frame: not ours to listen to
      }
    }
  };
  attach();
  const onLoad = (e: Event) => (e.target as Element | null)?.tagName === 'IFRAME' && attach();
  // On the document, not the window: an element's load event never reaches the Window
  // (https://dom.spec.whatwg.org/#get-the-parent: a Document's parent is null for "load").
  document.addEventListener('load', onLoad, true);
  return () => {
    on = false;
    window.removeEventListener('keydown', onKey, true);
    document.removeEventListener('load', onLoad, true);
  };
}
