/**
 * How the export to the organisation's log pipeline is doing (src/background/log-export.ts),
 * shown only when an admin's policy sets one: where to, when it last sent, how many wait,
 * since when it fails and why (in words; the HTTP status under Details), and how many records
 * were dropped or refused. Nothing is hidden: a lead sees exactly what did not arrive.
 */
import { useEffect, useState } from 'preact/hooks';
import { toBackground } from '../messages/client.ts';
import type { ExportProblem } from '../tools/export-queue.ts';
import { t } from '../ui/i18n.ts';
import { when } from '../ui/time.ts';

interface Status {
  configured: boolean;
  host?: string;
  origin?: string;
  queued?: number;
  sent?: number;
  dropped?: number;
  refused?: number;
  lastSentAt?: number | null;
  failingSince?: number | null;
  lastProblem?: ExportProblem | null;
}

/** Why it fails, as a person says it. */
function problemText(p: ExportProblem): string {
  if (p.kind === 'access') return t('exportNoAccess', new URL(p.origin).host);
  if (p.kind === 'timeout') return t('exportTimeout');
  if (p.kind === 'network') return t('exportUnreachable');
  if (p.status === 429) return t('exportSlowDown');
  if (p.status === 401 || p.status === 403) return t('exportNotAllowed');
  if (p.status === 404) return t('exportNotFound');
  return p.status >= 500 ? t('exportServerDown') : t('exportRefusedAll');
}

export function LogExportStatus({ now }: { now: number }) {
  const [s, setS] = useState<Status | null>(null);
  useEffect(() => {
    const load = () => void toBackground<{ status: Status }>({ type: 'logExport.status' }).then((r) => r.ok && setS(r.status));
    load();
    const onChange = (c: Record<string, unknown>, area: string) => ((area === 'local' && 'logExportQueue' in c) || area === 'managed') && load();
    chrome.storage.onChanged.addListener(onChange);
    return () => chrome.storage.onChanged.removeListener(onChange);
  }, []);
  if (!s?.configured) return null;
  const p = s.lastProblem ?? null;
  const allow = () => {
    // A person's click: the one origin the admin named, as optional_host_permissions allow.
    if (p?.kind === 'access') void chrome.permissions.request({ origins: [`${p.origin}/*`] });
  };
  return (
    <div class={s.failingSince ? 'log-export failing' : 'log-export'} data-queued={s.queued} data-dropped={s.dropped} data-refused={s.refused} data-sent={s.sent}>
      <p class="export-to">{t('exportTo', s.host ?? '')}</p>
      <p class="export-numbers">
        <span class="last-sent">{s.lastSentAt ? t('exportLastSent', when(s.lastSentAt, now).text) : t('exportNeverSent')}</span>
        {' · '}
        <span class="queued">{t('exportQueued', s.queued ?? 0)}</span>
        {(s.dropped ?? 0) > 0 && <span class="dropped"> · {t('exportDropped', s.dropped ?? 0)}</span>}
        {(s.refused ?? 0) > 0 && <span class="refused"> · {t('exportRefused', s.refused ?? 0)}</span>}
      </p>
      {s.failingSince && p && (
        <p class="export-problem" role="status">
          {t('exportFailingSince', when(s.failingSince, now).text, problemText(p))}
          {p.kind === 'access' && (
            <button type="button" class="export-allow" onClick={allow}>
              {t('exportAllow', new URL(p.origin).host)}
            </button>
          )}
        </p>
      )}
      {p?.kind === 'http' && (
        <details class="record-details">
          <summary>{t('details')}</summary>
          <p class="export-status">{t('exportHttpStatus', p.status)}</p>
        </details>
      )}
    </div>
  );
}
