/**
 * Where the eager loader (main.iife.ts) and the lazy kit (kit-entry.ts, its parts in kit-files.ts) meet:
 * two symbols on the isolated world's global, which the page cannot see. The loader sets the
 * start facts before it asks the worker to inject the kit; the kit sets its API when it has run.
 * Types only besides the keys: neither side bundles the other's code.
 */
import type { HotkeyAction } from '../settings/schema.ts';
import type { Reply } from '../messages/index.ts';

export const KIT_START_KEY = 'deskhand.kit.start';
export const KIT_API_KEY = 'deskhand.kit.api';

/** What the loader learnt before the kit was loaded. */
export interface KitStart {
  /** performance.now() when the loader started (readyMs counts from here). */
  startedAt: number;
  tabId: number | undefined;
  /** The newest settings view the worker sent the loader, unparsed (undefined: none came). */
  view: unknown;
}

export interface KitApi {
  /** A runtime message, validated and answered as handlers.ts does. */
  handle(raw: unknown, sender: chrome.runtime.MessageSender): Promise<Reply<Record<string, unknown>>>;
  /** A hotkey the loader heard (trusted, matched to this console's settings). */
  run(action: HotkeyAction): void;
  /** A window message the loader's bridge listener let through. */
  bridge(data: unknown): void;
  /** A flow the page before was in the middle of (the worker's handover, unparsed). */
  resume(handover: unknown): void;
}
