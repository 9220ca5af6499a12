/** Requests from extension pages to the service worker and to a console tab. */
import type { Reply, ToBackground, ToContent } from '../messages/index.ts';

const unreachable = (e: unknown) => ({
  ok: false as const,
  error: {
    code: 'UNREACHABLE',
    type: 'unavailable' as const,
    detail: e instanceof Error ? e.message : String(e),
    suggestion: 'Reload the console tab.',
    retryable: true,
    traceId: '',
  },
});

export async function toBackground<T extends object>(msg: ToBackground): Promise<Reply<T>> {
  try {
    return ((await chrome.runtime.sendMessage(msg)) as Reply<T> | undefined) ?? unreachable('no answer');
  } catch (e) {
    return unreachable(e);
  }
}

export async function toTab<T extends object>(tabId: number, msg: ToContent): Promise<Reply<T>> {
  try {
    return ((await chrome.tabs.sendMessage(tabId, msg, { frameId: 0 })) as Reply<T> | undefined) ?? unreachable('no answer');
  } catch (e) {
    return unreachable(e);
  }
}
