/**
 * Options → knowledge sources: one console source, added or edited through a form (issue 23).
 * Its name and search URL (with `{query}` where the words go, checked as it is typed); "Try it"
 * fetches a sample answer for test words the way a console's search is fetched — through the
 * service worker, once the console's host permission is granted, asked for inside the click —
 * and shows what came back: for a JSON API its lists of results and each item's fields with
 * their sample values, from which the admin picks the title, link, snippet, answer and id
 * (SamplePicks.tsx); for a search page, what deskhand reads from it. The source as JSON stays
 * under an "Advanced" disclosure, kept in sync both ways. A policy-locked source is shown, not
 * edited.
 */
import { useState } from 'preact/hooks';
import { KbProviderConfig } from '../kb/config.ts';
import { LEGACY_ENDPOINT } from '../kb/resolve.ts';
import { jsonSearchPath, jsonUrlParts, QUERY, searchPath } from '../kb/sample.ts';
import { toBackground } from '../messages/client.ts';
import { fromIssues } from '../tools/problems.ts';
import { errorText } from '../ui/errors.ts';
import { t } from '../ui/i18n.ts';
import { problemText } from '../ui/Problems.tsx';
import { Lock } from './fields.tsx';
import { SamplePicks, readSample, type Sample } from './SamplePicks.tsx';

/** An address, not words: the demo console's own search. */
const EXAMPLE_URL = jsonSearchPath(LEGACY_ENDPOINT, 'q');

/** A source as the form edits it: the configuration's own JSON (console sources: json or html). */
export type Draft = Record<string, unknown> & { kind: 'json' | 'html' };

interface Props {
  origin: string;
  start: Draft;
  locked: boolean;
  onSave: (cfg: KbProviderConfig) => Promise<void>;
  onCancel: () => void;
}

/** The search URL a draft asks, with `{query}` ('' when it has none yet). */
function urlOf(d: Draft): string {
  if (d.kind === 'html') return typeof d.searchUrl === 'string' ? d.searchUrl : '';
  return typeof d.url === 'string' && d.url ? jsonSearchPath(d.url, typeof d.queryParam === 'string' ? d.queryParam : 'q') : '';
}

/** The draft asking `path` (a checked search path), as its kind keeps it; null when a JSON API cannot ask it. */
function withPath(d: Draft, path: string): Draft | null {
  if (d.kind === 'html') return { ...d, searchUrl: path };
  const parts = jsonUrlParts(path);
  return parts ? { ...d, ...parts } : null;
}

/** The same source as the other kind: its name and search URL carry over, the rest belongs to the kind. */
export function asKind(d: Draft, kind: Draft['kind']): Draft {
  if (d.kind === kind) return d;
  const base: Draft = { kind, ...(d.name ? { name: d.name } : {}), ...(d.synonyms ? { synonyms: d.synonyms } : {}) };
  const path = urlOf(d);
  return (path && withPath(base, path)) || base;
}

const problemsOf = (issues: Parameters<typeof fromIssues>[0]) =>
  fromIssues(issues)
    .map((p) => `${p.path}: ${problemText(p)}`)
    .join('; ');

export function KbSourceForm({ origin, start, locked, onSave, onCancel }: Props) {
  const [draft, setDraftState] = useState<Draft>(start);
  const [urlText, setUrlText] = useState(() => urlOf(start));
  const [urlError, setUrlError] = useState<string | null>(null);
  // What is typed in the Advanced box while it is not (yet) a valid source; null: it shows the draft.
  const [jsonText, setJsonText] = useState<string | null>(null);
  const [jsonError, setJsonError] = useState('');
  const [query, setQuery] = useState(() => t('kbSourceTestDefault'));
  const [sample, setSample] = useState<Sample | null>(null);
  const [status, setStatus] = useState('');
  const [saveError, setSaveError] = useState('');
  const setDraft = (d: Draft) => {
    setDraftState(d);
    setJsonText(null);
    setJsonError('');
  };

  const onUrl = (text: string) => {
    setUrlText(text);
    const r = searchPath(text, origin);
    if (!r.ok) return setUrlError(t(`kbUrlProblem_${r.problem}`, origin));
    const next = withPath(draft, r.path);
    if (!next) return setUrlError(t('kbUrlProblem_not_param'));
    setUrlError(null);
    setDraft(next);
  };

  const onJson = (text: string) => {
    setJsonText(text);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return setJsonError(t('problem_not_json'));
    }
    const parsed = KbProviderConfig.safeParse(raw);
    if (!parsed.success) return setJsonError(problemsOf(parsed.error.issues));
    if (parsed.data.kind === 'local') return setJsonError(t('kbSourceNotConsole'));
    // Valid: the form follows what was typed (the box keeps the text until it is left).
    setDraftState(raw as Draft);
    setUrlText(urlOf(raw as Draft));
    setUrlError(null);
    setJsonError('');
  };

  const tryIt = async () => {
    const r = searchPath(urlText, origin);
    if (!r.ok) return setUrlError(t(`kbUrlProblem_${r.problem}`, origin));
    // First in the click: the console's host permission (a no-op once granted), as the chat asks for its endpoint's.
    const pattern = `${new URL(origin).origin}/*`;
    const granted = (await chrome.permissions.contains({ origins: [pattern] }).catch(() => false)) || (await chrome.permissions.request({ origins: [pattern] }).catch(() => false));
    if (!granted) return setSample({ kind: 'error', text: t('permissionDenied') });
    setStatus(t('kbSourceTrying'));
    setSample(null);
    const url = new URL(r.path.replace(QUERY, encodeURIComponent(query.trim() || t('kbSourceTestDefault'))), origin).href;
    const res = await toBackground<{ status: number; contentType: string; body: string; url: string }>({ type: 'kb', request: { op: 'try', url } });
    setStatus('');
    if (!res.ok) return setSample({ kind: 'error', text: t('kbTryFailed', errorText(res.error)) });
    const read = readSample(res);
    setSample(read.sample);
    // The answer says what the source is (an API or a page); the picks start from the sample.
    if (read.draft) setDraft(read.draft({ ...asKind(draft, read.sample.kind === 'html' ? 'html' : 'json') }));
  };

  const save = async () => {
    const r = searchPath(urlText, origin);
    if (!r.ok) return setUrlError(t(`kbUrlProblem_${r.problem}`, origin));
    const parsed = KbProviderConfig.safeParse(draft);
    if (!parsed.success) return setSaveError(t('kbProvidersInvalid', problemsOf(parsed.error.issues)));
    setSaveError('');
    await onSave(parsed.data);
  };

  const name = typeof draft.name === 'string' ? draft.name : '';
  return (
    <form class="kb-source-form" data-kind={draft.kind} onSubmit={(e) => e.preventDefault()} aria-label={t('kbSourceForm')}>
      <h4>
        {t('kbSourceForm')} <Lock on={locked} />
      </h4>
      <fieldset disabled={locked}>
        <label class="kb-field">
          <span class="field-label">{t('kbSourceName')}</span>
          <input name="kb-source-name" value={name} placeholder={t('kbSourceNamePlaceholder')} onInput={(e) => setDraft(withName(draft, e.currentTarget.value))} />
        </label>
        <label class="kb-field">
          <span class="field-label">{t('kbSourceUrl')}</span>
          <input name="kb-source-url" value={urlText} placeholder={EXAMPLE_URL} spellcheck={false} aria-invalid={urlError ? 'true' : 'false'} onInput={(e) => onUrl(e.currentTarget.value)} />
        </label>
        {urlError && (
          <p class="field-error kb-url-error" role="alert">
            {urlError}
          </p>
        )}
        <label class="kb-field">
          <span class="field-label">{t('kbSourceKind')}</span>
          <select name="kb-source-kind" value={draft.kind} onChange={(e) => setDraft(asKind(draft, e.currentTarget.value as Draft['kind']))}>
            <option value="json">{t('kbKind_json')}</option>
            <option value="html">{t('kbKind_html')}</option>
          </select>
        </label>
        <div class="row kb-try">
          <label>
            {t('kbSourceTestQuery')} <input name="kb-source-query" value={query} onInput={(e) => setQuery(e.currentTarget.value)} />
          </label>
          <button type="button" name="kb-source-try" onClick={() => void tryIt()}>
            {t('kbSourceTry')}
          </button>
          <span role="status" class="kb-try-status">
            {status}
          </span>
        </div>
        {sample && <SamplePicks sample={sample} draft={draft} query={query} setDraft={setDraft} />}
        <details class="kb-advanced">
          <summary>{t('kbSourceAdvanced')}</summary>
          <label class="kb-field">
            <span class="field-label">{t('kbSourceJsonLabel')}</span>
            <textarea
              name="kb-source-json"
              rows={10}
              spellcheck={false}
              value={jsonText ?? JSON.stringify(draft, null, 2)}
              aria-invalid={jsonError ? 'true' : 'false'}
              onInput={(e) => onJson(e.currentTarget.value)}
              onBlur={() => !jsonError && setJsonText(null)}
            />
          </label>
          {jsonError && (
            <p class="field-error kb-json-error" role="alert">
              {t('kbProvidersInvalid', jsonError)}
            </p>
          )}
        </details>
      </fieldset>
      <div class="row">
        {!locked && (
          <button type="button" class="primary" name="kb-source-save" onClick={() => void save()}>
            {t('kbSourceSave')}
          </button>
        )}
        <button type="button" name="kb-source-cancel" onClick={onCancel}>
          {locked ? t('close') : t('cancel')}
        </button>
        {saveError && (
          <span class="field-error kb-source-error" role="alert">
            {saveError}
          </span>
        )}
      </div>
    </form>
  );
}

function withName(d: Draft, name: string): Draft {
  const { name: _old, ...rest } = d;
  return name.trim() ? { ...rest, kind: d.kind, name } : { ...rest, kind: d.kind };
}
