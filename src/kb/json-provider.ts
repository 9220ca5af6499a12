/** A console's JSON search endpoint, read through the configured field mapping. */
import type { JsonProviderConfig } from './config.ts';
import { blockText, pruneHidden } from './html-reader.ts';
import { absoluteHttp, fetchSameOrigin, sameOrigin } from './http.ts';
import { getPath, textAt } from './paths.ts';
import { answerExcerpt, cutAt, looksHtml, SNIPPET_CHARS, squash } from './text.ts';
import { failure, type KbHit, type ProviderEnv, type ProviderResult } from './types.ts';

export async function searchJson(cfg: JsonProviderConfig, query: string, limit: number, env: ProviderEnv): Promise<ProviderResult> {
  const url = sameOrigin(cfg.url, env.base);
  if (!url) return failure('KB_OFF_ORIGIN', `${cfg.url} is not on the console's origin.`);
  url.searchParams.set(cfg.queryParam, query);
  if (cfg.limitParam) url.searchParams.set(cfg.limitParam, String(limit));
  const got = await fetchSameOrigin(url, env, 'application/json');
  if (!got.ok) return got;
  const body: unknown = await got.res.json().catch(() => undefined);
  return mapJson(cfg, body, limit, url.href, env.parseHtml);
}

/**
 * A field's text as a person would read it: HTML (help centres answer with it) parsed inert
 * and read without what it hides (html-reader.ts, as a fetched KB page). Without a parser the
 * tags go and the text stays: never markup to the model.
 */
function readable(s: string, parseHtml: ProviderEnv['parseHtml']): string {
  if (!looksHtml(s)) return squash(s);
  if (!parseHtml) return squash(s.replace(/<[^>]*>/g, ' '));
  const doc = pruneHidden(parseHtml(s));
  return doc.body ? blockText(doc.body) : '';
}

/** The mapping alone (unit-tested without a server). */
export function mapJson(cfg: JsonProviderConfig, body: unknown, limit: number, base: string, parseHtml?: ProviderEnv['parseHtml']): ProviderResult {
  const list = getPath(body, cfg.listPath);
  if (!Array.isArray(list)) return failure('KB_BAD_ANSWER', `The answer has no list at "${cfg.listPath || '(root)'}".`);
  const hits: KbHit[] = [];
  for (const item of list.slice(0, limit)) {
    const title = readable(textAt(item, cfg.titlePath), parseHtml).slice(0, 120);
    if (!title) continue;
    const link = textAt(item, cfg.urlPath);
    const answer = readable(textAt(item, cfg.answerPath), parseHtml);
    const snippet = readable(textAt(item, cfg.snippetPath), parseHtml) || answer;
    hits.push({
      id: textAt(item, cfg.idPath) || link || title,
      title,
      snippet: cutAt(snippet, SNIPPET_CHARS + 80),
      // A citation may point anywhere (it is inert until clicked); only fetches stay on the origin.
      url: absoluteHttp(link, base),
      ...(answer ? { answer: answerExcerpt(answer) } : {}),
    });
  }
  const total = Number(getPath(body, cfg.totalPath));
  return { ok: true, hits, total: Number.isFinite(total) && total >= hits.length ? total : hits.length };
}
