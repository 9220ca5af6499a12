/**
 * Requests to the service worker (from content scripts and extension pages) and to a console
 * tab (from extension pages). Replies are checked like any other input; a missing or
 * malformed reply, or a channel error, becomes a structured error, never a throw.
 */
import { z } from '../tools/zod.ts';
import type { Reply, ToBackground, ToContent } from './index.ts';
import { ToolErrorSchema } from './schemas.ts';
import type { ToolError } from '../tools/types.ts';

/** Every reply: answered (`ok: true` and its data) or refused with a structured error. */
const ReplyEnvelope = z.lazy(() => z.union([z.looseObject({ ok: z.literal(true) }), z.looseObject({ ok: z.literal(false), error: ToolErrorSchema })]));

function unreachable(detail: string): { ok: false; error: ToolError } {
  return { ok: false, error: { code: 'UNREACHABLE', type: 'unavailable', detail, suggestion: 'Reload the console tab.', retryable: true, traceId: '' } };
}

/** A reply as it came, its envelope checked like any input; what it carries, by the caller's own schema. */
export function checkReply<T extends object = object>(reply: unknown): Reply<T> {
  return ReplyEnvelope.safeParse(reply).success ? (reply as Reply<T>) : unreachable('The extension did not answer.');
}

async function settle<T extends object>(send: () => Promise<unknown>): Promise<Reply<T>> {
  try {
    return checkReply<T>(await send());
  } catch (e) {
    return unreachable(`The extension could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** A request already sent (the side panel's early list, src/sidepanel/early-list.ts), settled like any. */
export function settleSent<T extends object = object>(sent: Promise<unknown>): Promise<Reply<T>> {
  return settle<T>(() => sent);
}

export function toBackground<T extends object = object>(msg: ToBackground): Promise<Reply<T>> {
  return settle<T>(() => chrome.runtime.sendMessage(msg));
}

export function toTab<T extends object = object>(tabId: number, msg: ToContent): Promise<Reply<T>> {
  return settle<T>(() => chrome.tabs.sendMessage(tabId, msg, { frameId: 0 }));
}

/**
 * One tool call in a console tab from an extension page. When the tool's submit made the
 * console load another page, the tab answers with `nextPage` and the result is the worker's
 * reading of that page (`delivery.await`), not the unloading page's "uncertain". A page that
 * goes too fast for its answer to leave (FreeScout moves on the moment an assignment is saved)
 * closes the channel instead: the call named its check's id up front, so the worker is asked
 * for that check all the same; a page that left without handing one on is uncertain there.
 */
export async function invokeInTab(tabId: number, msg: Omit<Extract<ToContent, { type: 'tools.invoke' }>, 'checkId'>): Promise<Reply<{ result: unknown }>> {
  const checkId = crypto.randomUUID();
  const r = await toTab<{ result: unknown; nextPage?: string }>(tabId, { ...msg, checkId });
  if (!r.ok && r.error.code === 'UNREACHABLE' && CLOSED.test(r.error.detail)) return toBackground<{ result: unknown }>({ type: 'delivery.await', checkId });
  if (!r.ok || !r.nextPage) return r;
  return toBackground<{ result: unknown }>({ type: 'delivery.await', checkId: r.nextPage });
}

/** Chrome's words when the receiving page went away before it answered (the port closed). */
const CLOSED = /message channel closed|message port closed|receiving end does not exist|back\/forward cache/i;

/**
 * Fire and forget, for a page that is unloading (beforeunload/pagehide cannot wait for an
 * answer): the message is queued before the page goes; a failure to send is not the page's to handle.
 */
export function postToBackground(msg: ToBackground): void {
  void chrome.runtime.sendMessage(msg).catch(() => {});
}

/**
 * The worker asks a tab's top frame. The answer is returned as it came (`reply`), for the caller
 * to parse with the schema of that message's reply; `lost` says why none came (no deskhand
 * content script there, the tab closed or navigated).
 */
export async function askTab(tabId: number, msg: ToContent): Promise<{ reply: unknown } | { lost: string }> {
  try {
    return { reply: await chrome.tabs.sendMessage(tabId, msg, { frameId: 0 }) };
  } catch (e) {
    return { lost: e instanceof Error ? e.message : String(e) };
  }
}
