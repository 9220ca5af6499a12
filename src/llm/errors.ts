/**
 * Endpoint failures as data (never a crash): bad key, unknown model, rate limit, quota,
 * server error, timeout, unreachable, a web page instead of JSON. People read them through
 * `endpointText()` (src/ui/errors.ts, the `endpoint_<code>` messages in both locales); the
 * English `message` is for developers and logs.
 */
import OpenAI from 'openai';

export const ENDPOINT_CODES = ['auth', 'model', 'rate_limit', 'quota', 'server', 'timeout', 'unreachable', 'not_json', 'bad_request', 'aborted', 'no_tools', 'unknown'] as const;

export interface EndpointProblem {
  code: (typeof ENDPOINT_CODES)[number];
  /** The HTTP status, when the endpoint answered. */
  status?: number;
  /** What the endpoint (or the runtime) said, shown as it is after the message. */
  said?: string;
  /** English, for developers and logs. */
  message: string;
}

export function describeEndpointError(e: unknown): EndpointProblem {
  const p = (code: EndpointProblem['code'], message: string, extra: { status?: number | undefined; said?: string } = {}): EndpointProblem => ({
    code,
    message,
    ...(extra.status !== undefined ? { status: extra.status } : {}),
    ...(extra.said ? { said: extra.said.slice(0, 200) } : {}),
  });
  if (e instanceof OpenAI.APIUserAbortError || (e instanceof Error && e.name === 'AbortError')) return p('aborted', 'Stopped.');
  if (e instanceof OpenAI.APIConnectionTimeoutError) return p('timeout', 'The model endpoint timed out. Try again in a moment.');
  if (e instanceof OpenAI.APIConnectionError) return p('unreachable', 'Cannot reach the model endpoint: check the base URL in settings and that access was granted.');
  if (e instanceof OpenAI.APIError) {
    const text = `${e.message ?? ''}`;
    const status = e.status;
    if (/<html|<!doctype/i.test(text)) return p('not_json', `The endpoint answered with a web page, not JSON (${status ?? '?'}): check the base URL (it usually ends in /v1).`, { status });
    const code = (e as { code?: string | null }).code ?? '';
    if (status === 401 || status === 403) return p('auth', `The endpoint refused the API key (${status}). Check the key in settings.`, { status });
    if (status === 404 || code === 'model_not_found') return p('model', 'Unknown model: check the model name in settings.', { status });
    if (status === 429 && (code === 'insufficient_quota' || /quota/i.test(text))) return p('quota', 'The endpoint quota is used up. Ask your administrator.', { status });
    if (status === 429) return p('rate_limit', 'Rate limited; retried twice. Ask again in a moment.', { status });
    if (status && status >= 500) return p('server', `The endpoint failed (${status}); retried twice.`, { status });
    if (status === 400) return p('bad_request', `The endpoint refused the request: ${text.slice(0, 200)}`, { status, said: text });
  }
  if (e instanceof SyntaxError) return p('not_json', 'The endpoint did not answer with JSON: check the base URL.');
  const said = e instanceof Error ? e.message : String(e);
  return p('unknown', `The model request failed: ${said}`, { said });
}
