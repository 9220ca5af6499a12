/**
 * Requests to the service worker (from content scripts and extension pages) and to a console
 * tab (from extension pages). Replies are checked like any other input; a missing or
 * malformed reply, or a channel error, becomes a structured error, never a throw.
 */
import type { Reply, ToBackground, ToContent } from '../messages/index.ts';
import type { ToolError } from '../tools/types.ts';

function unreachable(detail: string): { ok: false; error: ToolError } {
  return { ok: false, error: { code: 'UNREACHABLE', type: 'unavailable', detail, suggestion: 'Reload the console tab.', retryable: true, traceId: '' } };
}

async function settle<T extends object>(send: () => Promise<unknown>): Promise<Reply<T>> {
  try {
    const reply = (await send()) as Reply<T> | undefined;
    if (!reply || typeof reply !== 'object' || typeof reply.ok !== 'boolean') return unreachable('The extension did not answer.');
    return reply;
  } catch (e) {
    return unreachable(`The extension could not be reached: ${e instanceof Error ? e.message : String(e)}`);
  }
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
 * reading of that page (`delivery.await`), not the unloading page's "uncertain".
 */
export async function invokeInTab(tabId: number, msg: Extract<ToContent, { type: 'tools.invoke' }>): Promise<Reply<{ result: unknown }>> {
  const r = await toTab<{ result: unknown; nextPage?: string }>(tabId, msg);
  if (!r.ok || !r.nextPage) return r;
  return toBackground<{ result: unknown }>({ type: 'delivery.await', checkId: r.nextPage });
}
