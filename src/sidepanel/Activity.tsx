/**
 * The activity log: this browser's audit records, filtered by tool, caller and status,
 * with time-to-decision for confirmations, JSONL export and clear-on-demand.
 * Records are already masked when written (phone numbers, e-mail addresses, sensitive fields).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AuditRecord } from '../tools/audit.ts';
import { toJsonl } from '../tools/audit.ts';
import { toBackground } from '../ui/api.ts';
import { t, tOr, toolTitle } from '../ui/i18n.ts';

export function Activity() {
  const [records, setRecords] = useState<AuditRecord[]>([]);
  const [tool, setTool] = useState('');
  const [caller, setCaller] = useState('');
  const [status, setStatus] = useState('');
  const [href, setHref] = useState<string | null>(null);
  const [armed, setArmed] = useState(false);

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
  const distinct = (k: keyof AuditRecord) => [...new Set(records.map((r) => String(r[k])))].sort();

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
        <Select name="filter-tool" value={tool} onChange={setTool} options={distinct('tool')} label={t('filterTool')} />
        <Select name="filter-caller" value={caller} onChange={setCaller} options={distinct('caller')} label={t('filterCaller')} />
        <Select name="filter-status" value={status} onChange={setStatus} options={distinct('status')} label={t('filterStatus')} />
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
        {shown.slice(0, 300).map((r) => (
          <li class={`record kind-${r.kind} status-${r.status}`} data-tool={r.tool} data-status={r.status} data-caller={r.caller}>
            <span class="when">{r.timestamp.slice(11, 19)}</span> <strong>{r.tool.startsWith('plan:') ? r.tool : toolTitle(r.tool, r.tool)}</strong>{' '}
            <span class="caller">{tOr(`caller_${r.caller}`, r.caller)}</span> <span class="status">{tOr(`astatus_${r.status}`, r.status)}</span>
            {r.dryRun && <span class="dry"> {t('dryRun')}</span>}
            {r.timeToDecisionMs !== null && <span class="ttd"> · {t('timeToDecision', Math.round(r.timeToDecisionMs / 100) / 10)}</span>}
            <span class="ms"> · {r.durationMs} ms</span>
            <p class="summary">{r.summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Select({ name, value, onChange, options, label }: { name: string; value: string; onChange: (v: string) => void; options: string[]; label: string }) {
  return (
    <label>
      {label}
      <select name={name} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">—</option>
        {options.map((o) => (
          <option value={o}>{o}</option>
        ))}
      </select>
    </label>
  );
}
