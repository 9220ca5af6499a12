/**
 * The text generator behind fixed flows' `generate` steps. It runs here because only
 * extension contexts hold the endpoint's host permission (a content script's fetch is the
 * page's). No tools are offered: the model writes text, the flow decides what runs.
 * Stop in the flow sends `llm.cancel`, which aborts the request to the endpoint.
 */
import { isConfigured, makeClient } from '../llm/client.ts';
import { describeEndpointError } from '../llm/errors.ts';
import type { Reply } from '../messages/index.ts';
import { loadSettings } from '../settings/store.ts';

const running = new Map<string, { tabId: number; ac: AbortController }>();

export function cancelGenerate(requestId: string, tabId: number): boolean {
  const r = running.get(requestId);
  if (!r || r.tabId !== tabId) return false;
  r.ac.abort();
  return true;
}

export async function generate(requestId: string, tabId: number, system: string, user: string): Promise<Reply<{ text: string }>> {
  const { settings } = await loadSettings();
  const fail = (code: string, detail: string, type: 'unavailable' | 'cancelled' = 'unavailable', params?: Record<string, string>): Reply<{ text: string }> => ({
    ok: false,
    error: { code, type, detail, suggestion: 'Nothing was filled or submitted.', retryable: false, traceId: '', ...(params ? { params } : {}) },
  });
  if (!isConfigured(settings.llm)) return fail('NO_ENDPOINT', 'No model endpoint is configured in settings.');
  const ac = new AbortController();
  running.set(requestId, { tabId, ac });
  try {
    const r = await makeClient(settings.llm, { timeoutMs: 60_000 }).chat.completions.create(
      {
        model: settings.llm.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      },
      { signal: ac.signal },
    );
    return { ok: true, text: r.choices[0]?.message?.content ?? '' };
  } catch (e) {
    if (ac.signal.aborted) return fail('CANCELLED', 'The flow was stopped; the model request was aborted.', 'cancelled');
    // The status and the endpoint's words go as data; the flow's panel and toast word them (errorText).
    const p = describeEndpointError(e);
    return fail(`ENDPOINT_${p.code.toUpperCase()}`, p.message, 'unavailable', { ...(p.status !== undefined ? { status: String(p.status) } : {}), ...(p.said ? { said: p.said } : {}) });
  } finally {
    running.delete(requestId);
  }
}
