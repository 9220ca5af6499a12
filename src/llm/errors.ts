/**
 * Endpoint failures as clear messages for the agent (never a crash): bad key, unknown model,
 * rate limit, quota, server error, timeout, unreachable, a web page instead of JSON.
 */
import OpenAI from 'openai';

export interface EndpointProblem {
  code: 'auth' | 'model' | 'rate_limit' | 'quota' | 'server' | 'timeout' | 'unreachable' | 'not_json' | 'bad_request' | 'aborted' | 'unknown';
  message: string;
}

export function describeEndpointError(e: unknown, lang: 'zh' | 'en'): EndpointProblem {
  const zh = lang === 'zh';
  const m = (code: EndpointProblem['code'], zhText: string, enText: string): EndpointProblem => ({ code, message: zh ? zhText : enText });
  if (e instanceof OpenAI.APIUserAbortError || (e instanceof Error && e.name === 'AbortError')) return m('aborted', '已停止。', 'Stopped.');
  if (e instanceof OpenAI.APIConnectionTimeoutError) return m('timeout', '模型服务超时未响应，请稍后重试。', 'The model endpoint timed out. Try again in a moment.');
  if (e instanceof OpenAI.APIConnectionError) {
    return m('unreachable', '无法连接模型服务：请检查设置中的地址，并确认已授予访问权限。', 'Cannot reach the model endpoint: check the base URL in settings and that access was granted.');
  }
  if (e instanceof OpenAI.APIError) {
    const text = `${e.message ?? ''}`;
    if (/<html|<!doctype/i.test(text)) {
      return m('not_json', `模型服务返回了网页而不是 JSON（${e.status ?? '?'}）：请检查基础地址（通常以 /v1 结尾）。`, `The endpoint answered with a web page, not JSON (${e.status ?? '?'}): check the base URL (it usually ends in /v1).`);
    }
    const code = (e as { code?: string | null }).code ?? '';
    if (e.status === 401 || e.status === 403) return m('auth', `模型服务拒绝了 API 密钥（${e.status}），请在设置中检查密钥。`, `The endpoint refused the API key (${e.status}). Check the key in settings.`);
    if (e.status === 404 || code === 'model_not_found') return m('model', '模型不存在：请在设置中检查模型名称。', 'Unknown model: check the model name in settings.');
    if (e.status === 429 && (code === 'insufficient_quota' || /quota/i.test(text))) return m('quota', '模型服务的额度已用完，请联系管理员。', 'The endpoint quota is used up. Ask your administrator.');
    if (e.status === 429) return m('rate_limit', '请求过于频繁，已重试两次仍被限流，请稍后再问。', 'Rate limited; retried twice. Ask again in a moment.');
    if (e.status && e.status >= 500) return m('server', `模型服务出错（${e.status}），已重试两次。`, `The endpoint failed (${e.status}); retried twice.`);
    if (e.status === 400) return m('bad_request', `模型服务拒绝了请求：${text.slice(0, 200)}`, `The endpoint refused the request: ${text.slice(0, 200)}`);
  }
  if (e instanceof SyntaxError) return m('not_json', '模型服务返回的不是 JSON：请检查基础地址。', 'The endpoint did not answer with JSON: check the base URL.');
  return m('unknown', `模型请求失败：${e instanceof Error ? e.message : String(e)}`, `The model request failed: ${e instanceof Error ? e.message : String(e)}`);
}
