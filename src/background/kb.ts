/**
 * The service worker's side of the local knowledge base: searches for console tabs (the
 * IndexedDB is the extension's; content scripts cannot read it) and the admin's URL list.
 *
 * The URL list (managed policy `kb.urls`) is fetched here with `credentials: 'omit'`.
 * A URL on another origin needs that origin's host permission (the options page asks for it
 * with chrome.permissions.request; the manifest's optional_host_permissions allow it), unless
 * its server answers with CORS headers; a URL that cannot be fetched keeps its earlier
 * articles and is reported in the options page.
 */
import { parseFiles, pathForUrl, ImportError, type ImportedArticle } from '../kb/import.ts';
import type { KbRequest } from '../kb/messages.ts';
import { localEnabledFor } from '../kb/resolve.ts';
import { readMeta, searchLocal, writeArticles, type UrlSyncReport } from '../kb/store.ts';
import { refusal, type Reply, type SenderKind } from '../messages/index.ts';
import { isConsoleOrigin } from '../settings/schema.ts';
import { loadSettings } from '../settings/store.ts';

export async function handleKb(req: KbRequest, from: SenderKind): Promise<Reply<Record<string, unknown>>> {
  const { settings } = await loadSettings();
  switch (req.op) {
    case 'search': {
      if (from.kind !== 'content' || from.frameId !== 0 || !isConsoleOrigin(from.origin, settings)) {
        return refusal('NOT_CONSOLE', 'Only a console tab searches the local knowledge base.');
      }
      if (!localEnabledFor(from.origin, settings.kb)) return refusal('KB_LOCAL_OFF', 'The local knowledge base is not enabled for this console.');
      void syncIfChanged(settings.kb.urls);
      return { ok: true, result: await searchLocal(req.query, req.limit) };
    }
    case 'syncUrls': {
      if (from.kind !== 'options') return refusal('NOT_OPTIONS', 'Only the options page syncs the URL list.');
      return { ok: true, report: await syncUrls(settings.kb.urls) };
    }
  }
}

let syncing: Promise<UrlSyncReport> | null = null;
const listKey = (urls: readonly string[]) => [...urls].sort().join('\n');
let lastList: string | null = null;

/** Fetch the list again when it changed (policy updates arrive while the worker lives). */
async function syncIfChanged(urls: readonly string[]): Promise<void> {
  const key = listKey(urls);
  if (key === lastList) return;
  lastList = key;
  const meta = await readMeta();
  if (!urls.length && !meta.urlSync) return;
  await syncUrls(urls).catch(() => {});
}

export function syncUrls(urls: readonly string[]): Promise<UrlSyncReport> {
  syncing ??= doSync(urls).finally(() => (syncing = null));
  return syncing;
}

async function fetchOne(url: string): Promise<(ImportedArticle & { from: string })[]> {
  const res = await fetch(url, { credentials: 'omit', redirect: 'follow', signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`answered ${res.status}`);
  const text = await res.text();
  const { articles } = parseFiles([{ path: pathForUrl(url, res.headers.get('content-type') ?? ''), text, url }]);
  return articles.map((a) => ({ ...a, from: url }));
}

async function doSync(urls: readonly string[]): Promise<UrlSyncReport> {
  const failed: UrlSyncReport['failed'] = [];
  const articles: (ImportedArticle & { from: string })[] = [];
  for (const url of urls) {
    try {
      articles.push(...(await fetchOne(url)));
    } catch (e) {
      const granted = await chrome.permissions.contains({ origins: [`${new URL(url).origin}/*`] }).catch(() => false);
      const reason = e instanceof ImportError ? e.reason : e instanceof Error ? e.message : String(e);
      failed.push({ url, reason: granted ? reason : `${reason} (no host permission for ${new URL(url).origin})` });
    }
  }
  const keep = new Set(failed.map((f) => f.url));
  const report: UrlSyncReport = { at: Date.now(), imported: articles.length, failed };
  // Articles of URLs no longer listed go; those of URLs that failed this time stay.
  await writeArticles(articles, 'url', { removeWhere: (a) => !keep.has(a.from ?? ''), urlSync: report });
  return report;
}
