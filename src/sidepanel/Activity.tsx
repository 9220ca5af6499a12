/**
 * The activity log, for an agent and for a team lead: one row per action (prepare → decision
 * → outcome, src/tools/audit-actions.ts), naming the conversation and customer (masked where
 * stored), who decided, and whose it is. Two sources: this browser's log (export as JSONL,
 * clear on demand, and how the export to the organisation's log pipeline is doing) and the
 * imported view (several agents' JSONL exports, in the panel's memory only). Filters by tool,
 * caller, status and agent; per-agent counts. Local times (relative when recent, the full time
 * on hover); the JSONL export stays ISO UTC, as stored.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { AuditRecord } from '../tools/audit.ts';
import { toJsonl } from '../tools/audit.ts';
import { countByAgent, joinActions, type AuditAction } from '../tools/audit-actions.ts';
import { toBackground } from '../messages/client.ts';
import { toolLabel } from '../ui/describe.ts';
import { t } from '../ui/i18n.ts';
import { ActionRow, callerLabel, statusLabel } from './ActionRow.tsx';
import { AgentCountsTable, ImportBox } from './ActivityLead.tsx';
import { LogExportStatus } from './LogExportStatus.tsx';
import { useImported } from './imported-store.ts';

const SHOWN = 300;

/** Re-renders every 30 s so "3 minutes ago" stays true. */
function useMinuteTick(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** This browser's records, kept current as the worker appends. */
function useOwnLog(): [AuditRecord[], () => void] {
  const [records, setRecords] = useState<AuditRecord[]>([]);
  const load = () => void toBackground<{ records: AuditRecord[] }>({ type: 'audit.list' }).then((r) => r.ok && setRecords(r.records));
  useEffect(() => {
    load();
    const onChange = (c: Record<string, unknown>, area: string) => area === 'local' && 'audit' in c && load();
    chrome.storage.onChanged.addListener(onChange);
    return () => chrome.storage.onChanged.removeListener(onChange);
  }, []);
  return [records, load];
}

/** Whose an action is, as the lead reads it: its agent name, else the file it came from, else this browser. */
export const agentLabel = (a: AuditAction & { from?: string }): string => a.agent ?? a.from ?? t('thisBrowser');

export function Activity() {
  const [source, setSource] = useState<'own' | 'imported'>('own');
  const [records, reload] = useOwnLog();
  const imported = useImported();
  const [tool, setTool] = useState('');
  const [caller, setCaller] = useState('');
  const [status, setStatus] = useState('');
  const [agent, setAgent] = useState('');
  const now = useMinuteTick();

  const actions = useMemo<(AuditAction & { from?: string })[]>(() => {
    if (source === 'own') return joinActions(records);
    // Each file joined on its own (its actions are its agent's), then all in time order.
    return imported
      .flatMap((f) => joinActions(f.records, `${f.name}|`).map((a) => ({ ...a, from: f.name.replace(/\.jsonl$/i, '') })))
      .sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  }, [source, records, imported]);

  const filtered = useMemo(
    () => actions.filter((a) => (!tool || a.tool === tool) && (!caller || a.caller === caller) && (!status || a.status === status)),
    [actions, tool, caller, status],
  );
  const shown = useMemo(() => filtered.filter((a) => !agent || agentLabel(a) === agent).reverse(), [filtered, agent]);
  const counts = useMemo(() => countByAgent(filtered, agentLabel), [filtered]);
  const distinct = (pick: (a: AuditAction) => string) => [...new Set(actions.map(pick))];
  const byLabel = (values: string[], label: (v: string) => string) => values.map((value) => ({ value, label: label(value) })).sort((a, b) => a.label.localeCompare(b.label));
  // The agent column and filter appear once there is more than one agent to tell apart.
  const agents = distinct(agentLabel);
  const showAgent = source === 'imported' || agents.length > 1;

  const switchTo = (next: 'own' | 'imported') => {
    setSource(next);
    setAgent('');
  };

  return (
    <section class="activity" aria-label={t('tabActivity')}>
      <div class="source-switch" role="group" aria-label={t('activitySource')}>
        <button type="button" name="source-own" class={source === 'own' ? 'source active' : 'source'} aria-pressed={source === 'own'} onClick={() => switchTo('own')}>
          {t('activityOwn')}
        </button>
        <button type="button" name="source-imported" class={source === 'imported' ? 'source active' : 'source'} aria-pressed={source === 'imported'} onClick={() => switchTo('imported')}>
          {t('activityImported', imported.length)}
        </button>
      </div>
      {source === 'own' ? <OwnLogActions records={records} shown={shown} reload={reload} /> : <ImportBox files={imported} />}
      {source === 'own' && <LogExportStatus now={now} />}
      <div class="filters">
        <Select name="filter-tool" value={tool} onChange={setTool} options={byLabel(distinct((a) => a.tool), toolLabel)} label={t('filterTool')} />
        <Select name="filter-caller" value={caller} onChange={setCaller} options={byLabel(distinct((a) => a.caller), callerLabel)} label={t('filterCaller')} />
        <Select name="filter-status" value={status} onChange={setStatus} options={byLabel(distinct((a) => a.status), statusLabel)} label={t('filterStatus')} />
        {showAgent && <Select name="filter-agent" value={agent} onChange={setAgent} options={byLabel(agents, (v) => v)} label={t('filterAgent')} />}
      </div>
      {showAgent && counts.length > 0 && <AgentCountsTable counts={counts} selected={agent} onPick={setAgent} />}
      <p class="count">{t('actionCount', shown.length, actions.length)}</p>
      <ul class="records">
        {shown.slice(0, SHOWN).map((a) => (
          <ActionRow key={a.key} a={a} now={now} agent={showAgent ? agentLabel(a) : null} />
        ))}
      </ul>
    </section>
  );
}

/** This browser's log: export what is shown as JSONL (every record of it), clear after exporting. */
function OwnLogActions({ records, shown, reload }: { records: AuditRecord[]; shown: AuditAction[]; reload: () => void }) {
  const [href, setHref] = useState<string | null>(null);
  const [armed, setArmed] = useState(false);
  const exportJsonl = () => {
    if (href) URL.revokeObjectURL(href);
    // The shown actions' records, oldest first, exactly as stored (and as the log pipeline gets them).
    const lines = shown
      .slice()
      .reverse()
      .flatMap((a) => a.records);
    const url = URL.createObjectURL(new Blob([toJsonl(lines)], { type: 'application/x-ndjson' }));
    setHref(url);
    // The link is rendered, then clicked: a download the agent asked for, nothing fetched.
    setTimeout(() => document.querySelector<HTMLAnchorElement>('a.export-link')?.click(), 0);
  };
  const clear = async () => {
    if (!armed) return setArmed(true);
    setArmed(false);
    await toBackground({ type: 'audit.clear' });
    reload();
  };
  return (
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
      <span class="count">{t('recordTotal', records.length)}</span>
    </div>
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
