/**
 * What a knowledge source's sample answer showed, in the source form (KbSourceForm.tsx): for a
 * JSON API the lists of results it holds and one item's fields with their values, and a select
 * box per part of an article (title, link, snippet, answer, id) filled from those fields; for a
 * search page nothing to pick. Below, what agents will see for the test words, read from the
 * sample by the providers' own code (kb/json-provider.ts mapJson, kb/html-reader.ts).
 */
import { HtmlProviderConfig, JsonProviderConfig } from '../kb/config.ts';
import { pruneHidden, readResults } from '../kb/html-reader.ts';
import { mapJson } from '../kb/json-provider.ts';
import { getPath } from '../kb/paths.ts';
import { fieldsOf, guessPicks, listsIn, PICKS, totalIn, type Pick } from '../kb/sample.ts';
import type { KbHit } from '../kb/types.ts';
import { t } from '../ui/i18n.ts';
import type { Draft } from './KbSourceForm.tsx';

export type Sample = { kind: 'error'; text: string } | { kind: 'json'; body: unknown; url: string } | { kind: 'html'; html: string; url: string };

interface Fetched {
  status: number;
  contentType: string;
  body: string;
  url: string;
}

/** What a sample answer is, and how the draft follows it (its picks fitted to the sample). */
export function readSample(res: Fetched): { sample: Sample; draft?: (d: Draft) => Draft } {
  if (res.status < 200 || res.status > 299) return { sample: { kind: 'error', text: t('kbTryStatus', res.status) } };
  const text = res.body.trim();
  if (/json/i.test(res.contentType) || /^[[{]/.test(text)) {
    try {
      const body: unknown = JSON.parse(text);
      return { sample: { kind: 'json', body, url: res.url }, draft: (d) => fitPicks(d, body) };
    } catch {
      if (/json/i.test(res.contentType)) return { sample: { kind: 'error', text: t('kbTryNotJson') } };
    }
  }
  if (/html/i.test(res.contentType) || text.startsWith('<')) return { sample: { kind: 'html', html: res.body, url: res.url }, draft: (d) => d };
  return { sample: { kind: 'error', text: t('kbTryNeither') } };
}

/**
 * The picks a sample offers: the list kept when the sample has it (else its first), each pick
 * kept when the list's items have that field (else the guess by name), the count of all hits
 * when the answer says it.
 */
export function fitPicks(d: Draft, body: unknown): Draft {
  const lists = listsIn(body);
  const listPath = lists.some((l) => l.path === d.listPath) ? (d.listPath as string) : lists[0]?.path;
  if (listPath === undefined) return d;
  const fields = fieldsOf(getPath(body, listPath));
  const guess = guessPicks(fields);
  const next: Draft = { ...d, listPath };
  for (const p of PICKS) {
    const cur = d[p];
    if (typeof cur === 'string' && fields.some((f) => f.path === cur)) continue;
    if (guess[p]) next[p] = guess[p];
    else delete next[p];
  }
  const total = d.totalPath === undefined ? totalIn(body) : undefined;
  return total ? { ...next, totalPath: total } : next;
}

const parseHtml = (html: string) => new DOMParser().parseFromString(html, 'text/html');

interface Props {
  sample: Sample;
  draft: Draft;
  query: string;
  setDraft: (d: Draft) => void;
}

export function SamplePicks({ sample, draft, query, setDraft }: Props) {
  if (sample.kind === 'error') {
    return (
      <p class="warn kb-sample kb-sample-error" data-kind="error" role="alert">
        {sample.text}
      </p>
    );
  }
  if (sample.kind === 'html') return <HtmlSample sample={sample} draft={draft} query={query} />;
  const lists = listsIn(sample.body);
  if (!lists.length) {
    return (
      <p class="warn kb-sample" data-kind="json" role="alert">
        {t('kbSampleNoList')}
      </p>
    );
  }
  const listPath = typeof draft.listPath === 'string' ? draft.listPath : 'results';
  const fields = fieldsOf(getPath(sample.body, listPath));
  const pick = (p: Pick, value: string) => {
    const next: Draft = { ...draft };
    if (value) next[p] = value;
    else delete next[p];
    setDraft(next);
  };
  const cfg = JsonProviderConfig.safeParse(draft);
  const read = cfg.success ? mapJson(cfg.data, sample.body, 3, sample.url, parseHtml) : null;
  return (
    <div class="kb-sample" data-kind="json">
      <p class="hint">{t('kbSampleJsonHint')}</p>
      <label class="kb-field">
        <span class="field-label">{t('kbPickList')}</span>
        <select name="kb-pick-list" value={listPath} onChange={(e) => setDraft(fitPicks({ ...draft, listPath: e.currentTarget.value }, sample.body))}>
          {lists.map((l) => (
            <option key={l.path} value={l.path}>
              {t('kbPickListOption', l.path || t('kbPickRoot'), l.count)}
            </option>
          ))}
        </select>
      </label>
      <table class="kb-sample-fields">
        <caption>{t('kbSampleFields')}</caption>
        <tbody>
          {fields.map((f) => (
            <tr key={f.path}>
              <th scope="row">
                <code>{f.path}</code>
              </th>
              <td>{f.sample}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="kb-picks">
        {PICKS.map((p) => {
          const value = typeof draft[p] === 'string' ? (draft[p] as string) : '';
          return (
            <label key={p} class="kb-field">
              <span class="field-label">{t(`kbPick_${p}`)}</span>
              <select name={`kb-pick-${p}`} value={value} onChange={(e) => pick(p, e.currentTarget.value)}>
                <option value="">{p === 'titlePath' ? t('kbPickChoose') : t('kbPickNone')}</option>
                {fields.map((f) => (
                  <option key={f.path} value={f.path}>
                    {t('kbPickOption', f.path, f.sample || '—')}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </div>
      <Preview query={query} hits={read?.ok ? read.hits : []} />
    </div>
  );
}

function HtmlSample({ sample, draft, query }: { sample: Extract<Sample, { kind: 'html' }>; draft: Draft; query: string }) {
  const cfg = HtmlProviderConfig.safeParse(draft);
  const read = cfg.success ? readResults(pruneHidden(parseHtml(sample.html)), cfg.data, sample.url, 3) : null;
  return (
    <div class="kb-sample" data-kind="html">
      <p class="hint">{t('kbSampleHtmlHint')}</p>
      {read?.kind === 'login' ? <p class="warn">{t('kbSampleLogin')}</p> : read?.kind === 'unreadable' ? <p class="warn">{t('kbSampleUnreadable')}</p> : null}
      <Preview query={query} hits={read?.kind === 'results' ? read.hits : []} />
    </div>
  );
}

/** What agents will see for the test words, as the provider reads the sample. */
function Preview({ query, hits }: { query: string; hits: KbHit[] }) {
  return (
    <div class="kb-preview">
      <p class="field-label">{t('kbSamplePreview', query)}</p>
      {hits.length ? (
        <ol>
          {hits.map((h) => (
            <li key={h.id} data-id={h.id}>
              <strong class="kb-hit-title">{h.title}</strong>
              {h.snippet && <span class="kb-hit-snippet"> — {h.snippet}</span>}
              {h.url && <code class="kb-hit-url">{h.url}</code>}
            </li>
          ))}
        </ol>
      ) : (
        <p class="warn kb-preview-none">{t('kbSampleNoHits')}</p>
      )}
    </div>
  );
}
