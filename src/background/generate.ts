/**
 * The text generator behind fixed flows' `generate` steps. It runs here because only
 * extension contexts hold the endpoint's host permission (a content script's fetch is the
 * page's). No tools are offered: the model writes text, the flow decides what runs.
 */
import { isConfigured, makeClient } from '../llm/client.ts';
import { describeEndpointError } from '../llm/errors.ts';
import type { Reply } from '../messages/index.ts';
import { loadSettings } from '../settings/store.ts';

export async function generate(system: string, user: string): Promise<Reply<{ text: string }>> {
  const { settings } = await loadSettings();
  const lang = chrome.i18n.getUILanguage().startsWith('zh') ? 'zh' : 'en';
  const fail = (code: string, detail: string): Reply<{ text: string }> => ({
    ok: false,
    error: { code, type: 'unavailable', detail, suggestion: 'Nothing was filled or submitted.', retryable: false, traceId: '' },
  });
  if (!isConfigured(settings.llm)) return fail('NO_ENDPOINT', 'No model endpoint is configured in settings.');
  try {
    const r = await makeClient(settings.llm, { timeoutMs: 60_000 }).chat.completions.create({
      model: settings.llm.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
    });
    return { ok: true, text: r.choices[0]?.message?.content ?? '' };
  } catch (e) {
    const p = describeEndpointError(e, lang);
    return fail(`ENDPOINT_${p.code.toUpperCase()}`, p.message);
  }
}
