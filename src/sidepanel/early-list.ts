/**
 * The panel's first `confirm.list`, sent by early.ts — dist/panel-early.js, a classic script in
 * index.html's head (scripts/panel-early.ts) — so the worker answers while the panel's script is
 * still being fetched, compiled and run (issue 22 item 4: the cards first; it was sent only after the first
 * render, ~60 ms later). Confirmations takes it once, for the tab it shows; the reply is
 * checked there as any reply is (client.ts). No imports but types and panel-tab.ts: early.ts
 * stays a few hundred bytes that start at once.
 */
import type { ToBackground } from '../messages/index.ts';
import { activeTabId, pinnedTabId } from './panel-tab.ts';

const KEY = Symbol.for('deskhand.panel.earlyList');

export interface EarlyList {
  tabId: number;
  /** The reply as it came, once it came (read synchronously for the first render). */
  value?: unknown;
  reply: Promise<unknown>;
}

type Slot = { got?: EarlyList; taken?: boolean };
const slot = () => (window as unknown as Record<symbol, Slot | undefined>)[KEY];

/** In early.ts: the panel's tab (panel-tab.ts) and its list. */
export function sendEarlyList(): void {
  const s: Slot = {};
  (window as unknown as Record<symbol, Slot>)[KEY] = s;
  const send = (tabId: number | null) => {
    if (tabId === null) return;
    const msg: ToBackground = { type: 'confirm.list', tabId };
    const e: EarlyList = { tabId, reply: chrome.runtime.sendMessage(msg) };
    e.reply.then((v) => (e.value = v), () => undefined);
    s.got = e;
  };
  const pinned = pinnedTabId();
  // Pinned: at once, so the slot holds it before any other script runs.
  if (pinned !== null) send(pinned);
  else void activeTabId().then(send);
}

/** The early list for `tabId` if it was sent and not taken yet (once per panel). */
export function takeEarlyList(tabId: number): EarlyList | null {
  const s = slot();
  if (!s || s.taken || !s.got || s.got.tabId !== tabId) return null;
  s.taken = true;
  return s.got;
}
