/**
 * The service worker's side of the local knowledge base: searches for console tabs (the
 * IndexedDB is the extension's; content scripts cannot read it) and the admin's URL list.
 *
 * The URL list (managed policy `kb.urls`) is fetched here with `credentials: 'omit'`: when it
 * arrives or changes (settings change, worker start — compared with the list last fetched,
 * kept with the articles), every 6 hours while it is set (an alarm: a timer would die with the
 * worker), and when the options page asks. A URL on another origin needs that origin's host
 * permission (the options page asks for it with chrome.permissions.request; the manifest's
 * optional_host_permissions allow it), unless its server answers with CORS headers; a URL
 * that cannot be fetched keeps its earlier articles and is reported, with a code the options
 * page says in words. When the admin removes the list, its articles go, the alarm is cleared
 * and nothing is fetched any more.
 */
import { parseFiles, pathForUrl, ImportError, type ImportedArticle } from '../kb/import.ts';
import type { KbRequest } from '../kb/messages.ts';
import { localEnabledFor, localSynonymsFor } from '../kb/resolve.ts';
import { readMeta, searchLocal, writeArticles, type UrlSyncFailure, type UrlSyncReport } from '../kb/store.ts';
import { refusal, type Reply, type SenderKind } from '../messages/index.ts';
import { isConsoleOrigin } from '../settings/schema.ts';
import { publicUrl, withBasicAuth } from '../messages/sealed.ts';
import { loadSettings, onSettingsChanged } from '../settings/store.ts';

export async function handleKb(req: KbRequest, from: SenderKind): Promise<Reply<Record<string, unknown>>> {
  const { settings } = await loadSettings();
  switch (req.op) {
    case 'search': {
      if (from.kind !== 'content' || from.frameId !== 0 || !isConsoleOrigin(from.origin, settings)) {
        return refusal('NOT_CONSOLE', 'Only a console tab searches the local knowledge base.');
      }
      if (!localEnabledFor(from.origin, settings.kb)) return refusal('KB_LOCAL_OFF', 'The local knowledge base is not enabled for this console.');
      return { ok: true, result: await searchLocal(req.query, req.limit, localSynonymsFor(from.origin, settings.kb)) };
    }
    case 'syncUrls': {
      if (from.kind !== 'options') return refusal('NOT_OPTIONS', 'Only the options page syncs the URL list.');
      return { ok: true, report: await syncUrls(settings.kb.urls) };
    }
    case 'try': {
      if (from.kind !== 'options') return refusal('NOT_OPTIONS', 'Only the options page tries a knowledge source.');
      return trySource(req.url);
    }
  }
}

const SAMPLE_MAX = 200_000;

/**
 * A sample answer of a console's knowledge source, for the source form to read (src/kb/sample.ts).
 * Fetched here, with the console's cookies as a console tab's search is, once the options page
 * has the origin's host permission (it asks inside the click); answered with status, content
 * type and body, never followed off the console's origin.
 */
async function trySource(raw: string): Promise<Reply<Record<string, unknown>>> {
  const url = new URL(raw);
  if (!(await chrome.permissions.contains({ origins: [`${url.origin}/*`] }).catch(() => false))) {
    return refusal('KB_NO_ACCESS', `deskhand may not read ${url.origin} yet.`, 'forbidden', 'Allow it when the browser asks, then try again.');
  }
  let res: Response;
  try {
    res = await fetch(url.href, { credentials: 'include', redirect: 'follow', headers: { accept: 'application/json, text/html;q=0.9' }, signal: AbortSignal.timeout(10_000) });
  } catch {
    return refusal('KB_UNREACHABLE', `${url.pathname} did not answer.`, 'unavailable', 'Check the address and that the console is up.');
  }
  if (res.url && new URL(res.url).origin !== url.origin) return refusal('KB_OFF_ORIGIN', `${url.pathname} redirected to another origin; not read.`, 'forbidden');
  const body = (await res.text()).slice(0, SAMPLE_MAX);
  return { ok: true, status: res.status, contentType: res.headers.get('content-type') ?? '', body, url: res.url || url.href };
}

const ALARM = 'kb-url-sync';
const REFRESH_MINUTES = 6 * 60;

/** Follows the admin's list: at worker start, on every settings change, and on the refresh alarm. */
export function installKbUrlSync(): void {
  chrome.alarms.onAlarm.addListener((a) => {
    if (a.name === ALARM) void loadSettings().then(({ settings }) => syncUrls(settings.kb.urls)).catch(() => {});
  });
  onSettingsChanged(() => void followUrlList().catch(() => {}));
  void followUrlList().catch(() => {});
}

async function followUrlList(): Promise<void> {
  const { urls } = (await loadSettings()).settings.kb;
  if (!urls.length) await chrome.alarms.clear(ALARM);
  else if (!(await chrome.alarms.get(ALARM))) await chrome.alarms.create(ALARM, { periodInMinutes: REFRESH_MINUTES });
  await syncIfChanged(urls);
}

const listKey = (urls: readonly string[]) => [...urls].sort().join('\n');

/** Fetch the list when it is not the one last fetched (or forget it, when it is gone). */
async function syncIfChanged(urls: readonly string[]): Promise<void> {
  const last = (await readMeta()).urlSync;
  if (last ? listKey(last.urls ?? []) === listKey(urls) : !urls.length) return;
  await syncUrls(urls).catch(() => {});
}

/** One sync at a time, in order: a list that changes mid-sync is fetched right after. */
let queue: Promise<unknown> = Promise.resolve();
export function syncUrls(urls: readonly string[]): Promise<UrlSyncReport> {
  const next = queue.then(() => doSync(urls));
  queue = next.catch(() => {});
  return next;
}

class HttpStatus extends Error {
  constructor(readonly status: number) {
    super(`answered ${status}`);
  }
}

async function fetchOne(url: string): Promise<(ImportedArticle & { from: string })[]> {
  // A user name and password in the URL go as Basic authentication; the articles keep a link
  // without credentials (search hits reach content scripts and the model).
  const auth = withBasicAuth(url);
  const res = await fetch(auth.url, { credentials: 'omit', redirect: 'follow', headers: auth.headers, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new HttpStatus(res.status);
  const text = await res.text();
  const shown = publicUrl(url);
  const { articles } = parseFiles([{ path: pathForUrl(shown, res.headers.get('content-type') ?? ''), text, url: shown }]);
  return articles.map((a) => ({ ...a, from: url }));
}

/** Why a URL failed, as a code the options page words (and the English reason for developers). */
function failure(e: unknown): Pick<UrlSyncFailure, 'code' | 'param' | 'reason'> {
  if (e instanceof HttpStatus) return { code: 'http', param: String(e.status), reason: e.message };
  if (e instanceof ImportError) return { code: e.code, ...(e.param ? { param: e.param } : {}), ...(e.params.length > 1 ? { params: [...e.params] } : {}), reason: e.reason };
  if (e instanceof DOMException && e.name === 'TimeoutError') return { code: 'timeout', reason: 'timed out after 15 s' };
  return { code: 'network', reason: e instanceof Error ? e.message : String(e) };
}

async function doSync(urls: readonly string[]): Promise<UrlSyncReport> {
  const failed: UrlSyncFailure[] = [];
  const articles: (ImportedArticle & { from: string })[] = [];
  for (const url of urls) {
    try {
      articles.push(...(await fetchOne(url)));
    } catch (e) {
      const origin = new URL(url).origin;
      const granted = await chrome.permissions.contains({ origins: [`${origin}/*`] }).catch(() => false);
      failed.push({ url, ...failure(e), ...(granted ? {} : { noAccess: origin }) });
    }
  }
  const keep = new Set(failed.map((f) => f.url));
  const report: UrlSyncReport = { at: Date.now(), urls: [...urls], imported: articles.length, failed };
  // Articles of URLs no longer listed go; those of URLs that failed this time stay.
  await writeArticles(articles, 'url', { removeWhere: (a) => !keep.has(a.from ?? ''), urlSync: urls.length ? report : null });
  return report;
}
