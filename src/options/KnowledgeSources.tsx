/**
 * Options: knowledge sources. The local knowledge base (import a folder or files of
 * Markdown, HTML, text, CSV or JSON; all-or-nothing; re-import updates by id), the admin's
 * URL list, the team's synonyms (SynonymsSection.tsx), and each console's own sources
 * (ConsoleSources.tsx, each set up through a form: KbSourceForm.tsx).
 */
import { useEffect, useState } from 'preact/hooks';
import { ImportError, parseFiles, type ImportFile, type Skipped } from '../kb/import.ts';
import { clearArticles, readMeta, writeArticles, type KbMeta, type UrlSyncFailure } from '../kb/store.ts';
import type { Settings } from '../settings/schema.ts';
import { toBackground } from '../messages/client.ts';
import { errorText } from '../ui/errors.ts';
import { t, tOr } from '../ui/i18n.ts';
import { ConsoleSources } from './ConsoleSources.tsx';
import { SynonymsSection } from './SynonymsSection.tsx';

interface Props {
  s: Settings;
  save: (next: Settings) => Promise<void>;
  isLocked: (path: string) => boolean;
}

export function KnowledgeSources({ s, save, isLocked }: Props) {
  const [meta, setMeta] = useState<KbMeta | null>(null);
  const refresh = () => void readMeta().then(setMeta);
  useEffect(refresh, []);
  return (
    <section class="kb-sources">
      <h2>{t('kbSources')}</h2>
      <p class="hint">{t('kbSourcesHint')}</p>
      <LocalKb s={s} save={save} isLocked={isLocked} meta={meta} onChange={refresh} />
      <SynonymsSection s={s} save={save} isLocked={isLocked} />
      <UrlList s={s} meta={meta} onChange={refresh} />
      <ConsoleSources s={s} save={save} isLocked={isLocked} />
    </section>
  );
}

/** Files as the importer reads them; the path inside a chosen folder keeps ids stable. */
async function readFiles(list: FileList, onProgress: (done: number) => void): Promise<ImportFile[]> {
  const files: ImportFile[] = [];
  for (const [i, f] of [...list].entries()) {
    files.push({ path: f.webkitRelativePath || f.name, text: await f.text() });
    if (i % 25 === 0) onProgress(i);
  }
  return files;
}

/** Why a file, a row or a URL did not import, in the agent's language (the code's message; else the developer's reason). */
const why = (code: string, param: string | undefined, reason: string, params?: readonly string[]) => tOr(`kbWhy_${code}`, reason, ...(params?.length ? params : [param ?? '']));

const skippedText = (skipped: Skipped[]) =>
  skipped
    .slice(0, 5)
    .map((x) => t('kbSkippedItem', x.path, why(x.code, x.param, x.reason)))
    .join(t('itemSeparator')) + (skipped.length > 5 ? ' …' : '');

/** A URL the last sync could not fetch: why, and the missing permission when that is the likely cause. */
const failedText = (f: UrlSyncFailure) => `${why(f.code, f.param, f.reason, f.params)}${f.noAccess ? t('kbNoAccess', f.noAccess) : ''}`;

function LocalKb({ s, save, isLocked, meta, onChange }: Props & { meta: KbMeta | null; onChange: () => void }) {
  // Reading the files, then indexing the articles (a large import shows both counting up).
  const [progress, setProgress] = useState<{ done: number; total: number; phase: 'read' | 'index' } | null>(null);
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null);

  const importList = async (list: FileList | null) => {
    if (!list?.length) return;
    setResult(null);
    setProgress({ done: 0, total: list.length, phase: 'read' });
    try {
      const files = await readFiles(list, (done) => setProgress({ done, total: list.length, phase: 'read' }));
      setProgress({ done: list.length, total: list.length, phase: 'read' });
      const { articles, skipped } = parseFiles(files);
      if (articles.length) await writeArticles(articles, 'file', { onProgress: (done, total) => setProgress({ done, total, phase: 'index' }) });
      const text = skipped.length ? t('kbImported', articles.length, skipped.length, skippedText(skipped)) : t('kbImportedAll', articles.length);
      setResult({ text, error: false });
    } catch (e) {
      // A bad file names itself; anything else is the browser's storage refusing the write.
      const [file, reason] = e instanceof ImportError ? [e.path, why(e.code, e.param, e.reason, e.params)] : ['—', t('kbWhy_write')];
      setResult({ text: t('kbImportFailed', file, reason), error: true });
    } finally {
      setProgress(null);
      onChange();
    }
  };
  const onInput = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    void importList(input.files).then(() => (input.value = ''));
  };

  return (
    <div class="kb-local">
      <h3>{t('kbLocalTitle')}</h3>
      <p class="hint">{t('kbLocalHint')}</p>
      <p class="kb-count">{t('kbLocalCount', meta?.count ?? 0)}</p>
      <label class="row">
        <input type="checkbox" name="kb-local" checked={s.kb.local} disabled={isLocked('kb.local')} onChange={(e) => void save({ ...s, kb: { ...s.kb, local: e.currentTarget.checked } })} />
        {t('kbLocalOn')}
      </label>
      <label>
        {t('kbImportFolder')} <input type="file" name="kb-folder" multiple {...{ webkitdirectory: '' }} onChange={onInput} />
      </label>
      <label>
        {t('kbImportFiles')} <input type="file" name="kb-files" multiple accept=".md,.markdown,.html,.htm,.txt,.csv,.json" onChange={onInput} />
      </label>
      {progress && <progress class="kb-progress" max={progress.total} value={progress.done} />}
      {progress && <span class="hint kb-progress-text">{progress.phase === 'read' ? t('kbImporting', progress.done, progress.total) : t('kbIndexing', progress.done, progress.total)}</span>}
      {result && (
        <p class={`kb-import-result ${result.error ? 'warn' : ''}`} role="status" data-error={String(result.error)}>
          {result.text}
        </p>
      )}
      <button name="kb-clear" onClick={() => void clearArticles().then(onChange)}>{t('kbClear')}</button>
    </div>
  );
}

function UrlList({ s, meta, onChange }: { s: Settings; meta: KbMeta | null; onChange: () => void }) {
  const [status, setStatus] = useState('');
  const origins = [...new Set(s.kb.urls.map((u) => new URL(u).origin))];
  if (!s.kb.urls.length && !meta?.urlSync) return null;
  const sync = async () => {
    setStatus('…');
    const r = await toBackground<{ report: { imported: number; failed: UrlSyncFailure[] } }>({ type: 'kb', request: { op: 'syncUrls' } });
    setStatus(r.ok ? t('kbSynced', r.report.imported, r.report.failed.length) : errorText(r.error));
    onChange();
  };
  // Asked inside the click: fetching another origin from the worker needs its host permission.
  const grant = () => void chrome.permissions.request({ origins: origins.map((o) => `${o}/*`) }).then((ok) => setStatus(ok ? '' : t('permissionDenied')));
  return (
    <div class="kb-urls">
      <h3>{t('kbUrls')}</h3>
      <p class="hint">{t('kbUrlsHint')}</p>
      <ul>
        {s.kb.urls.map((u) => (
          <li key={u}>
            <code>{u}</code>
          </li>
        ))}
      </ul>
      {meta?.urlSync?.failed.map((f) => (
        <p class="warn kb-url-failed" key={f.url} data-url={f.url} data-code={f.code}>
          {t('kbUrlFailed', f.url, failedText(f))}
        </p>
      ))}
      <button name="kb-grant" onClick={grant}>{t('kbGrantUrls')}</button> <button name="kb-sync" onClick={() => void sync()}>{t('kbSyncNow')}</button>{' '}
      <span role="status">{status}</span>
    </div>
  );
}
