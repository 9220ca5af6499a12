/**
 * Several providers at once: each searched in parallel under its own deadline, hits merged
 * by reciprocal-rank fusion (scores of different engines are not comparable; ranks are),
 * duplicates folded (same URL, or same title), each hit saying where it came from. A failing
 * provider becomes a note and the others answer; only when every provider fails does the
 * search fail.
 */
import { providerName, type KbProviderConfig } from './config.ts';
import { htmlAnswer, searchHtml } from './html-provider.ts';
import { searchJson } from './json-provider.ts';
import { rephrase } from './lexicon.ts';
import { sourceSynonyms } from './resolve.ts';
import { keyWords, normalise } from './tokenize.ts';
import { failure, type KbHit, type ProviderEnv, type ProviderFailure, type ProviderResult } from './types.ts';

export const PROVIDER_TIMEOUT_MS = 5_000;
/** The longest query kb.search takes: a customer's message pasted whole. */
export const MAX_QUERY_CHARS = 2_000;
/** A console's own search gets at most this many key terms of a long query (its engine may AND them). */
export const REMOTE_TERMS = 8;
const REMOTE_CHARS = 60;
const RRF_K = 60;

export interface SourcedHit extends KbHit {
  /** The provider(s) this article came from, best first ("local", "osTicket FAQ"). */
  source: string;
}

export interface SourceReport {
  name: string;
  kind: KbProviderConfig['kind'];
  ok: boolean;
  hits: number;
  error?: ProviderFailure;
}

export interface KbAnswer {
  total: number;
  results: SourcedHit[];
  sources: SourceReport[];
  notes: string[];
}

export type SearchAllResult = { ok: true; data: KbAnswer } | { ok: false; error: ProviderFailure; sources: SourceReport[] };

function run(p: KbProviderConfig, query: string, limit: number, env: ProviderEnv): Promise<ProviderResult> {
  switch (p.kind) {
    case 'json':
    case 'html':
      return remote(p, remoteQuery(query), limit, env);
    case 'local':
      return env.local ? env.local(query, limit, env.signal) : Promise.resolve(failure('KB_LOCAL_UNAVAILABLE', 'The local knowledge base cannot be reached from here.'));
  }
}

/**
 * A console's own search, asked once more in the synonyms' first words when the customer's
 * words found nothing ("退钱" → "退款"): its engine matches the words it is given, no others.
 */
async function remote(p: KbProviderConfig & { kind: 'json' | 'html' }, query: string, limit: number, env: ProviderEnv): Promise<ProviderResult> {
  const ask = (q: string) => (p.kind === 'json' ? searchJson(p, q, limit, env) : searchHtml(p, q, limit, env));
  const first = await ask(query);
  if (!first.ok || first.hits.length) return first;
  const again = rephrase(query, sourceSynonyms(p, env.synonyms));
  return again ? ask(again) : first;
}

/**
 * What a console's own search is asked: a short query as typed, a long one as its key terms
 * (stop words and chat filler gone, each word once, in the order said). Console searches
 * mostly match every word they are given, so a whole message would find nothing there.
 */
export function remoteQuery(query: string): string {
  if (query.length <= REMOTE_CHARS) return query;
  const terms = keyWords(query).slice(0, REMOTE_TERMS);
  return terms.length ? terms.join(' ') : query.slice(0, REMOTE_CHARS);
}

/** One provider under its own deadline; a throw or a timeout is a failure, not an exception. */
async function guarded(p: KbProviderConfig, query: string, limit: number, env: ProviderEnv, timeoutMs: number): Promise<ProviderResult> {
  const signal = AbortSignal.any([env.signal, AbortSignal.timeout(timeoutMs)]);
  // Raced against the signal too: a provider that ignores it still cannot hold the search.
  const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  try {
    return await Promise.race([run(p, query, limit, { ...env, signal }), aborted]);
  } catch (e) {
    if (env.signal.aborted) throw e;
    if (signal.aborted) return failure('KB_TIMEOUT', `No answer within ${timeoutMs / 1000} s.`, true);
    return failure('KB_FAILED', e instanceof Error ? e.message : String(e));
  }
}

const sameArticle = (a: KbHit, b: KbHit) => (!!a.url && a.url.split('#')[0] === b.url.split('#')[0]) || normalise(a.title) === normalise(b.title);

export function merge(lists: { name: string; hits: KbHit[] }[], limit: number): SourcedHit[] {
  const merged: { hit: SourcedHit; score: number }[] = [];
  for (const { name, hits } of lists) {
    hits.forEach((hit, rank) => {
      const score = 1 / (RRF_K + rank + 1);
      const twin = merged.find((m) => sameArticle(m.hit, hit));
      if (!twin) return void merged.push({ hit: { ...hit, source: name }, score });
      twin.score += score;
      if (!twin.hit.source.split(', ').includes(name)) twin.hit.source += `, ${name}`;
      twin.hit.url ||= hit.url;
      if (!twin.hit.answer && hit.answer) twin.hit.answer = hit.answer;
    });
  }
  // Stable: equal scores keep provider order.
  return merged
    .map((m, i) => ({ ...m, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .slice(0, limit)
    .map((m) => m.hit);
}

export async function searchAll(providers: readonly KbProviderConfig[], query: string, limit: number, env: ProviderEnv, timeoutMs = PROVIDER_TIMEOUT_MS): Promise<SearchAllResult> {
  if (!providers.length) return { ok: false, error: { code: 'NO_KB_SOURCE', detail: 'No knowledge source is configured for this console.', retryable: false }, sources: [] };
  const outcomes = await Promise.all(providers.map((p) => guarded(p, query, limit, env, timeoutMs)));
  const sources: SourceReport[] = providers.map((p, i) => {
    const o = outcomes[i]!;
    return { name: providerName(p), kind: p.kind, ok: o.ok, hits: o.ok ? o.hits.length : 0, ...(o.ok ? {} : { error: o.error }) };
  });
  const failed = sources.filter((s) => !s.ok);
  if (failed.length === providers.length) {
    const retryable = failed.some((s) => s.error!.retryable);
    const detail = failed.map((s) => `${s.name}: ${s.error!.detail}`).join(' ');
    return { ok: false, error: { code: failed.length === 1 ? failed[0]!.error!.code : 'KB_ALL_FAILED', detail, retryable }, sources };
  }
  const lists = providers.flatMap((p, i) => {
    const o = outcomes[i]!;
    return o.ok ? [{ name: providerName(p), hits: o.hits }] : [];
  });
  const all = merge(lists, Infinity);
  // Nothing found while a source could not be asked is an outage, not "no article": the article
  // may well be in the source that failed (issue 21: an unreachable KB must say so).
  if (!all.length && failed.length) {
    const detail = `${failed.map((s) => `${s.name}: ${s.error!.detail}`).join(' ')} The other sources found nothing.`;
    return { ok: false, error: { code: 'KB_UNREACHABLE', detail, retryable: failed.some((s) => s.error!.retryable) }, sources };
  }
  const results = all.slice(0, limit);
  await addTopAnswer(results, providers, env, timeoutMs);
  // Each provider's own total, less the duplicates folded together here.
  const folded = lists.reduce((n, l) => n + l.hits.length, 0) - all.length;
  const total = Math.max(outcomes.reduce((n, o) => n + (o.ok ? o.total : 0), 0) - folded, results.length);
  const notes = failed.map((s) => `${s.name} failed (${s.error!.detail}); these results are from the other sources.`);
  return { ok: true, data: { total, results, sources, notes } };
}

/** The best hit's answer text, from its article page when its provider is an HTML page. */
async function addTopAnswer(results: SourcedHit[], providers: readonly KbProviderConfig[], env: ProviderEnv, timeoutMs: number): Promise<void> {
  const top = results[0];
  if (!top || top.answer) return;
  const provider = providers.find((p) => p.kind === 'html' && providerName(p) === top.source.split(', ')[0]);
  if (provider?.kind !== 'html') return;
  try {
    const answer = await htmlAnswer(provider, top, { ...env, signal: AbortSignal.any([env.signal, AbortSignal.timeout(timeoutMs)]) });
    if (answer) top.answer = answer;
  } catch (e) {
    if (env.signal.aborted) throw e;
    // The hit stands without its answer; the snippet is still there.
  }
}
