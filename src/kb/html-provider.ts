/**
 * The console's own KB search page, fetched with the agent's session and read by
 * html-reader.ts. The best hit's article page is fetched too, for its answer text.
 */
import type { HtmlProviderConfig } from './config.ts';
import { fetchSameOrigin, sameOrigin } from './http.ts';
import { pruneHidden, readArticle, readResults } from './html-reader.ts';
import { failure, type KbHit, type ProviderEnv, type ProviderResult } from './types.ts';

async function page(url: URL, env: ProviderEnv): Promise<{ ok: true; doc: Document; url: string } | Extract<ProviderResult, { ok: false }>> {
  if (!env.parseHtml) return failure('KB_NO_PARSER', 'HTML pages cannot be read here.') as Extract<ProviderResult, { ok: false }>;
  const got = await fetchSameOrigin(url, env, 'text/html');
  if (!got.ok) return got;
  const html = await got.res.text();
  // What a person would not see on the page is not read (hidden.ts).
  return { ok: true, doc: pruneHidden(env.parseHtml(html)), url: got.res.url || url.href };
}

async function searchOnce(cfg: HtmlProviderConfig, query: string, limit: number, env: ProviderEnv): Promise<ProviderResult> {
  const url = sameOrigin(cfg.searchUrl.replace('{query}', encodeURIComponent(query)), env.base);
  if (!url) return failure('KB_OFF_ORIGIN', `${cfg.searchUrl} is not on the console's origin.`);
  const got = await page(url, env);
  if (!got.ok) return got;
  const read = readResults(got.doc, cfg, got.url, limit);
  if (read.kind === 'results') return { ok: true, hits: read.hits, total: read.hits.length };
  if (read.kind === 'empty') return { ok: true, hits: [], total: 0 };
  if (read.kind === 'login') return failure('KB_LOGIN', `${url.pathname} asked for a login instead of showing results.`);
  return failure('KB_UNREADABLE', `No results list and no "no results" text were found on ${url.pathname}.`);
}

/** The longest words of a query, for consoles that match the whole query as one phrase. */
export function retryTerms(query: string, n: number): string[] {
  const words = [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(query)].filter((s) => s.isWordLike).map((s) => s.segment);
  return [...new Set(words)].filter((w) => w.length > 1).sort((a, b) => b.length - a.length).slice(0, n);
}

export async function searchHtml(cfg: HtmlProviderConfig, query: string, limit: number, env: ProviderEnv): Promise<ProviderResult> {
  const first = await searchOnce(cfg, query, limit, env);
  if (!first.ok || first.hits.length || !cfg.retryWords) return first;
  const hits: KbHit[] = [];
  for (const word of retryTerms(query, cfg.retryWords)) {
    if (word === query) continue;
    const r = await searchOnce(cfg, word, limit, env);
    if (!r.ok) return hits.length ? { ok: true, hits, total: hits.length } : r;
    for (const h of r.hits) if (!hits.some((x) => x.url === h.url)) hits.push(h);
    if (hits.length >= limit) break;
  }
  return { ok: true, hits: hits.slice(0, limit), total: hits.length };
}

/** The answer text of one hit, from its article page (same origin only); '' when unreadable. */
export async function htmlAnswer(cfg: HtmlProviderConfig, hit: KbHit, env: ProviderEnv): Promise<string> {
  const url = sameOrigin(hit.url, env.base);
  if (!url) return '';
  const got = await page(url, env);
  return got.ok ? readArticle(got.doc, cfg.articleBody) : '';
}
