/**
 * A console knowledge source set up from a sample answer (options → knowledge sources, the
 * source form's "Try it"; issue 23): the search URL an admin writes with `{query}`, checked and
 * split into what the JSON provider needs, and a JSON answer read into the choices the form
 * offers — the lists of results it holds and each item's fields with a sample value — so the
 * admin picks the title, link, snippet, answer and id instead of typing paths. Pure.
 */
import { JsonPath } from './config.ts';

export const QUERY = '{query}';
const MARKER = 'dhq0query0dhq';

/** Why a search URL cannot be a source's (options words each: `kbUrlProblem_<problem>`). */
export const SEARCH_URL_PROBLEMS = ['bad', 'no_query', 'other_origin', 'not_param'] as const;
export type SearchUrlProblem = (typeof SEARCH_URL_PROBLEMS)[number];

/**
 * A search URL as the admin wrote it — a path ("/api/kb/search?q={query}") or a full URL on the
 * console ("http://127.0.0.1:5317/kb?q={query}") — as the same-origin path a provider keeps, or
 * why it cannot be one. `{query}` marks where the words go, once.
 */
export function searchPath(raw: string, origin: string): { ok: true; path: string } | { ok: false; problem: SearchUrlProblem } {
  const text = raw.trim();
  if (!text || /\s/.test(text)) return { ok: false, problem: 'bad' };
  if (text.split(QUERY).length !== 2) return { ok: false, problem: 'no_query' };
  let u: URL;
  try {
    // A plain marker while parsing: URL would percent-encode the braces of {query}.
    u = new URL(text.replace(QUERY, MARKER), origin);
  } catch {
    return { ok: false, problem: 'bad' };
  }
  if (u.origin !== new URL(origin).origin || !/^https?:$/.test(u.protocol)) return { ok: false, problem: 'other_origin' };
  return { ok: true, path: `${u.pathname}${u.search}${u.hash}`.replace(MARKER, QUERY) };
}

/** A JSON provider's `url` and `queryParam` from a search path whose `{query}` is one parameter's value. */
export function jsonUrlParts(path: string): { url: string; queryParam: string } | null {
  const [before, after] = path.split('?');
  if (after === undefined || before!.includes(QUERY)) return null;
  const params = after.split('&');
  const at = params.findIndex((p) => p.endsWith(`=${QUERY}`));
  if (at < 0 || params.filter((p) => p.includes(QUERY)).length !== 1) return null;
  const queryParam = decodeURIComponent(params[at]!.slice(0, -(QUERY.length + 1)));
  if (!queryParam) return null;
  const rest = params.filter((_, i) => i !== at);
  return { url: rest.length ? `${before}?${rest.join('&')}` : before!, queryParam };
}

/** The search path a JSON provider asks, with `{query}` where its words go. */
export function jsonSearchPath(url: string, queryParam: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${encodeURIComponent(queryParam)}=${QUERY}`;
}

export interface ListChoice {
  /** Dotted path to the list ('' = the answer itself). */
  path: string;
  count: number;
}

export interface FieldChoice {
  path: string;
  /** A value of this field in the sample, cut short. */
  sample: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
/** Only paths the provider can follow (config.ts JsonPath): other keys are not offered. */
const followable = (path: string) => JsonPath.safeParse(path).success;

/** Lists of objects in a JSON answer (the answer itself too), where results could be; in document order. */
export function listsIn(body: unknown, depth = 4): ListChoice[] {
  const out: ListChoice[] = [];
  const walk = (v: unknown, path: string, d: number) => {
    if (Array.isArray(v)) {
      if (v.some(isObj) && followable(path)) out.push({ path, count: v.length });
      return;
    }
    if (!isObj(v) || d === 0) return;
    for (const [k, child] of Object.entries(v)) walk(child, path ? `${path}.${k}` : k, d - 1);
  };
  walk(body, '', depth);
  return out;
}

const SAMPLE_CHARS = 60;

/** The scalar fields of a list's items (nested objects as dotted paths), each with its first non-empty sample value. */
export function fieldsOf(list: unknown, items = 10): FieldChoice[] {
  if (!Array.isArray(list)) return [];
  const found = new Map<string, string>();
  const walk = (v: unknown, path: string, d: number) => {
    if (isObj(v)) {
      if (d > 0) for (const [k, child] of Object.entries(v)) walk(child, path ? `${path}.${k}` : k, d - 1);
      return;
    }
    if (!path || Array.isArray(v) || v === null || v === undefined || !followable(path)) return;
    const text = String(v).replace(/\s+/g, ' ').trim();
    if (!found.has(path) || (!found.get(path) && text)) found.set(path, text.length > SAMPLE_CHARS ? `${text.slice(0, SAMPLE_CHARS - 1)}…` : text);
  };
  for (const item of list.slice(0, items)) walk(item, '', 3);
  return [...found].map(([path, sample]) => ({ path, sample }));
}

export const PICKS = ['titlePath', 'urlPath', 'snippetPath', 'answerPath', 'idPath'] as const;
export type Pick = (typeof PICKS)[number];

/** Field names that usually hold each part (last key of the path), best first. */
const NAMES: Record<Pick, RegExp[]> = {
  titlePath: [/^(title|name|subject|question|heading)$/i, /title|subject/i],
  urlPath: [/^(url|link|href|permalink|html_url)$/i, /url|link|href/i],
  snippetPath: [/^(snippet|summary|excerpt|highlight|description|abstract)$/i, /snippet|summary|excerpt/i],
  answerPath: [/^(body|answer|content|text|article|html)$/i, /body|answer|content/i],
  idPath: [/^(id|key|slug|uuid|article_id)$/i, /(^|_)id$/i],
};

const looksLink = (sample: string) => /^(https?:\/\/|\/)\S*$/.test(sample);

/**
 * A first guess of which field is which, by the names consoles use (a value that is a link is
 * only ever the link); each field once. The admin changes any of them.
 */
export function guessPicks(fields: readonly FieldChoice[]): Partial<Record<Pick, string>> {
  const out: Partial<Record<Pick, string>> = {};
  const taken = new Set<string>();
  const fits = (pick: Pick, f: FieldChoice) => !taken.has(f.path) && (pick === 'urlPath' || pick === 'idPath' || !looksLink(f.sample));
  for (const pick of PICKS) {
    const names = pick === 'urlPath' ? [...NAMES.urlPath, null] : NAMES[pick];
    for (const re of names) {
      const hit = fields.find((f) => fits(pick, f) && (re ? re.test(f.path.split('.').pop()!) : looksLink(f.sample)));
      if (hit) {
        out[pick] = hit.path;
        taken.add(hit.path);
        break;
      }
    }
  }
  return out;
}

/** A number at the answer's top that counts every hit ("total", "hits.total"), if there is one. */
export function totalIn(body: unknown): string | undefined {
  if (!isObj(body)) return undefined;
  for (const path of ['total', 'count', 'totalCount', 'total_count', 'hits.total']) {
    const [a, b] = path.split('.');
    const v = b ? (isObj(body[a!]) ? (body[a!] as Record<string, unknown>)[b] : undefined) : body[a!];
    if (typeof v === 'number') return path;
  }
  return undefined;
}
