/** The official openai client, pointed at the endpoint in settings. */
import OpenAI from 'openai';
import type { Settings } from '../settings/schema.ts';

export function makeClient(llm: Settings['llm'], opts: { timeoutMs?: number } = {}): OpenAI {
  const azure = /\.openai\.azure\.com$/i.test(safeHost(llm.baseURL));
  return new OpenAI({
    baseURL: llm.baseURL,
    apiKey: llm.apiKey || 'no-key',
    // An extension page is the user's own browser, not a public web page; the key is the
    // user's setting and host permissions keep it to the endpoint they granted.
    dangerouslyAllowBrowser: true,
    // 429 and 5xx: at most two retries with backoff, honouring Retry-After.
    maxRetries: 2,
    timeout: opts.timeoutMs ?? 60_000,
    // Azure's v1 API takes keys in `api-key` (its AzureOpenAI helper reads process.env, absent here).
    ...(azure ? { defaultHeaders: { 'api-key': llm.apiKey } } : {}),
  });
}

export function isConfigured(llm: Settings['llm']): boolean {
  return !!llm.baseURL && !!llm.model;
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
