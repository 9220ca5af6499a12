/** Requests to the service worker, with the reply validated like any other input. */
import type { ToBackground, Reply } from '../messages/index.ts';

export async function bgRequest<T extends object = object>(msg: ToBackground): Promise<Reply<T>> {
  try {
    const reply = (await chrome.runtime.sendMessage(msg)) as Reply<T> | undefined;
    if (!reply || typeof reply !== 'object' || typeof reply.ok !== 'boolean') {
      return { ok: false, error: { code: 'NO_REPLY', type: 'unavailable', detail: 'The extension did not answer.', suggestion: 'Reload the tab.', retryable: true, traceId: '' } };
    }
    return reply;
  } catch (e) {
    return {
      ok: false,
      error: { code: 'EXTENSION_UNREACHABLE', type: 'unavailable', detail: `The extension could not be reached: ${e instanceof Error ? e.message : String(e)}`, suggestion: 'Reload the tab.', retryable: true, traceId: '' },
    };
  }
}
