/**
 * Who sent a message, from what the browser stamped on it (sender.id, sender.url, sender.tab),
 * never from what the message claims. No schemas here: the content script's eager loader
 * (src/content/main.iife.ts) checks senders too and must stay small.
 */
/** Where the side panel page lives inside the extension (crxjs keeps the source path). */
export const SIDE_PANEL_PATH = 'src/sidepanel/index.html';
export const OPTIONS_PATH = 'src/options/index.html';

export type SenderKind =
  | { kind: 'content'; tabId: number; frameId: number; origin: string; url: string }
  | { kind: 'sidepanel' }
  | { kind: 'options' }
  | { kind: 'background' }
  | { kind: 'unknown' };

/**
 * Classifies a sender from what the browser stamped on it. `extensionId` and the page URLs
 * are passed in so this stays testable without chrome.*.
 */
export function classifySender(
  sender: chrome.runtime.MessageSender,
  extensionId: string,
  extensionOrigin: string,
): SenderKind {
  if (sender.id !== extensionId) return { kind: 'unknown' };
  const url = sender.url ?? '';
  if (url.startsWith(extensionOrigin)) {
    const path = url.slice(extensionOrigin.length).replace(/^\//, '').split(/[?#]/)[0];
    if (path === SIDE_PANEL_PATH) return { kind: 'sidepanel' };
    if (path === OPTIONS_PATH) return { kind: 'options' };
    if (!sender.tab) return { kind: 'background' };
    return { kind: 'unknown' };
  }
  if (sender.tab?.id !== undefined && /^https?:/.test(url)) {
    return { kind: 'content', tabId: sender.tab.id, frameId: sender.frameId ?? 0, origin: sender.origin ?? new URL(url).origin, url };
  }
  return { kind: 'unknown' };
}
