/**
 * The activity log: this browser's audit records, filtered by tool, caller and status (shown
 * as words, not ids), with local times (relative when recent, the full time on hover),
 * time-to-decision for confirmations, JSONL export (ISO UTC, as stored) and clear-on-demand.
 * Records are already masked when written (phone numbers, e-mail addresses, sensitive fields).
 * The raw summary and the trace id are there on demand, under "Details".
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AuditRecord } from '../tools/audit.ts';
import type { ToolError } from '../tools/types.ts';
import { toJsonl } from '../tools/audit.ts';
import { toBackground } from '../messages/client.ts';
import { toolLabel } from '../ui/describe.ts';
import { errorText } from '../ui/errors.ts';
import { joinList, t, tOr } from '../ui/i18n.ts';
import { personName } from '../ui/person.ts';
import { when } from '../ui/time.ts';

const SHOWN = 300;
/** A record's status, as the error type its code's message is chosen by. */
const PROBLEM_TYPE: Partial<Record<AuditRecord['status'], ToolError['type']>> = {
  refused: 'forbidden',
  failed: 'failed',
  uncertain: 'uncertain',
  expired: 'rejected',
  rejected: 'rejected',
  cancelled: 'cancelled',
};

/** Re-renders every 30 s so "3 minutes ago" stays true. */
function useMinuteTick(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

export function Activity() {
  const [records, setRecords] = useState<AuditRecord[]>([]);
  const [tool, setTool] = useState('');
  const [caller, setCaller] = useState('');
  const [status, setStatus] = useState('');
  const [href, setHref] = useState<string | null>(null);
  const [armed, setArmed] = useState(false);
  const now = useMinuteTick();

  const load = () => void toBackground<{ records: AuditRecord[] }>({ type: 'audit.list' }).then((r) => r.ok && setRecords(r.records));
  useEffect(() => {
    load();
    const onChange = (c: Record<string, unknown>, area: string) => area === 'local' && 'audit' in c && load();
    chrome.storage.onChanged.addListener(onChange);
    return () => chrome.storage.onChanged.removeListener(onChange);
  }, []);

  const shown = useMemo(
    () => records.filter((r) => (!tool || r.tool === tool) && (!caller || r.caller === caller) && (!status || r.status === status)).reverse(),
    [records, tool, caller, status],
  );
  const distinct = (k: 'tool' | 'caller' | 'status') => [...new Set(records.map((r) => r[k]))];
  const byLabel = (values: string[], label: (v: string) => string) => values.map((value) => ({ value, label: label(value) })).sort((a, b) => a.label.localeCompare(b.label));

  const exportJsonl = () => {
    if (href) URL.revokeObjectURL(href);
    const url = URL.createObjectURL(new Blob([toJsonl(shown.slice().reverse())], { type: 'application/x-ndjson' }));
    setHref(url);
    // The link is rendered, then clicked: a download the agent asked for, nothing fetched.
    setTimeout(() => document.querySelector<HTMLAnchorElement>('a.export-link')?.click(), 0);
  };
  const clear = async () => {
    if (!armed) return setArmed(true);
    setArmed(false);
    await toBackground({ type: 'audit.clear' });
    load();
  };

  return (
    <section class="activity" aria-label={t('tabActivity')}>
      <div class="filters">
        <Select name="filter-tool" value={tool} onChange={setTool} options={byLabel(distinct('tool'), toolLabel)} label={t('filterTool')} />
        <Select name="filter-caller" value={caller} onChange={setCaller} options={byLabel(distinct('caller'), callerLabel)} label={t('filterCaller')} />
        <Select name="filter-status" value={status} onChange={setStatus} options={byLabel(distinct('status'), statusLabel)} label={t('filterStatus')} />
      </div>
      <div class="log-actions">
        <button class="export" onClick={exportJsonl}>
          {t('exportJsonl')}
        </button>
        <button class={armed ? 'clear armed' : 'clear'} onClick={() => void clear()}>
          {armed ? t('clearConfirm') : t('clearLog')}
        </button>
        {href && (
          <a class="export-link" href={href} download={`deskhand-activity-${new Date().toISOString().slice(0, 10)}.jsonl`}>
            {t('download')}
          </a>
        )}
        <span class="count">{t('recordCount', shown.length, records.length)}</span>
      </div>
      <ul class="records">
        {shown.slice(0, SHOWN).map((r) => (
          <Row key={`${r.toolCallId}:${r.timestamp}:${r.status}`} r={r} now={now} />
        ))}
      </ul>
    </section>
  );
}

const callerLabel = (c: string) => tOr(`caller_${c}`, c);
const statusLabel = (s: string) => tOr(`astatus_${s}`, s);

function Row({ r, now }: { r: AuditRecord; now: number }) {
  const at = when(r.timestamp, now);
  const type = PROBLEM_TYPE[r.status];
  const problem = type && r.errorCode ? errorText({ code: r.errorCode, type, detail: r.summary }) : '';
  return (
    <li class={`record kind-${r.kind} status-${r.status}`} data-tool={r.tool} data-status={r.status} data-caller={r.caller}>
      <time class="when" dateTime={at.iso} title={at.full}>
        {at.text}
      </time>{' '}
      <strong class="what">{toolLabel(r.tool)}</strong> <span class="caller">{callerLabel(r.caller)}</span> <span class="status">{statusLabel(r.status)}</span>
      {r.dryRun && <span class="dry"> · {t('dryRun')}</span>}
      {r.approvedBy && <span class="by"> · {t('decidedBy', personName(r.approvedBy))}</span>}
      {r.approverRoles && (
        <span class="roles" data-roles-source={r.approverRoles.source}>
          {' '}
          · {r.approverRoles.source === 'policy' ? t('auditRolesPolicy', joinList(r.approverRoles.roles)) : t('auditRolesSelf', joinList(r.approverRoles.roles))}
        </span>
      )}
      {r.timeToDecisionMs !== null && <span class="ttd"> · {t('timeToDecision', Math.round(r.timeToDecisionMs / 100) / 10)}</span>}
      <span class="ms"> · {t('durationMs', r.durationMs)}</span>
      {problem && <p class="problem">{problem}</p>}
      <details class="record-details">
        <summary>{t('details')}</summary>
        <dl>
          <dt>{t('rawSummary')}</dt>
          <dd class="summary">{r.summary || '—'}</dd>
          <dt>{t('traceId')}</dt>
          <dd class="trace">{r.traceId || '—'}</dd>
        </dl>
      </details>
    </li>
  );
}

function Select({ name, value, onChange, options, label }: { name: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[]; label: string }) {
  return (
    <label>
      {label}
      <select name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{t('filterAll')}</option>
        {options.map((o) => (
          <option value={o.value}>{o.label}</option>
        ))}
      </select>
    </label>
  );
}
