/**
 * One action of the activity log as a team lead reads it (src/tools/audit-actions.ts): what
 * was done, about which conversation and customer (masked where stored), and its story —
 * prepared, then confirmed or rejected by whom and after how long, then what happened.
 * Milliseconds, trace ids and the raw summaries are under Details only.
 */
import type { AuditAction, Decision } from '../tools/audit-actions.ts';
import type { AuditRecord } from '../tools/audit.ts';
import type { ToolError } from '../tools/types.ts';
import { toolLabel } from '../ui/describe.ts';
import { errorText } from '../ui/errors.ts';
import { joinList, t, tOr } from '../ui/i18n.ts';
import { personName } from '../ui/person.ts';
import { spanText, when } from '../ui/time.ts';

/** A status, as the error type its code's message is chosen by. */
const PROBLEM_TYPE: Partial<Record<AuditRecord['status'], ToolError['type']>> = {
  refused: 'forbidden',
  failed: 'failed',
  uncertain: 'uncertain',
  expired: 'rejected',
  rejected: 'rejected',
  cancelled: 'cancelled',
};

export const callerLabel = (c: string) => tOr(`caller_${c}`, c);
export const statusLabel = (s: string) => tOr(`astatus_${s}`, s);

/** "after 12 seconds" / "用时 12秒"; under a second said in words. */
const after = (ms: number) => t('decidedAfter', spanText(ms) ?? t('underASecond'));

function DecisionStep({ d }: { d: Decision }) {
  const who = d.by ? personName(d.by) : null;
  const text =
    d.kind === 'confirmed'
      ? who ? t('storyConfirmedBy', who) : t('storyConfirmed')
      : d.kind === 'rejected'
        ? who ? t('storyRejectedBy', who) : t('storyRejected')
        : d.kind === 'expired'
          ? t('storyExpired')
          : t('storyRefused');
  return (
    <li class={`step decision decision-${d.kind}`} data-decision={d.kind}>
      <span class="by">{text}</span>
      {d.afterMs !== null && (d.kind === 'confirmed' || d.kind === 'rejected') && <span class="ttd"> · {after(d.afterMs)}</span>}
      {d.roles && (
        <span class="roles" data-roles-source={d.roles.source}>
          {' '}
          · {d.roles.source === 'policy' ? t('auditRolesPolicy', roleNames(d.roles.roles)) : t('auditRolesSelf', roleNames(d.roles.roles))}
        </span>
      )}
    </li>
  );
}

/** Roles as people name them ("退款审批人"), the code where a role has no name. */
const roleNames = (roles: readonly string[]) => joinList(roles.map((r) => tOr(`role_${r}`, r)));

export function ActionRow({ a, now, agent }: { a: AuditAction; now: number; agent: string | null }) {
  const at = when(a.at, now);
  const type = PROBLEM_TYPE[a.status];
  // A person's "no" is the story's own step ("rejected by …"): no red line repeating it.
  const problem = type && a.errorCode && a.decision?.kind !== 'rejected' ? errorText({ code: a.errorCode, type, detail: a.summary }) : '';
  const kind = a.prepared || a.decision ? 'confirmation' : 'invoke';
  const actionId = a.records.find((r) => r.actionId)?.actionId ?? undefined;
  return (
    <li
      class={`record action kind-${kind} status-${a.status}`}
      data-tool={a.tool}
      data-status={a.status}
      data-caller={a.caller}
      data-agent={agent ?? ''}
      data-records={a.records.length}
      data-action-id={actionId}
    >
      <div class="row-head">
        <time class="when" dateTime={at.iso} title={at.full}>
          {at.text}
        </time>{' '}
        <strong class="what">{toolLabel(a.tool)}</strong> <span class="status">{statusLabel(a.status)}</span>
        {a.dryRun && <span class="dry"> · {t('dryRun')}</span>}
      </div>
      {a.subject && (a.subject.record || a.subject.customer) && (
        <div class="subject">
          {a.subject.record && <span class="conversation">{t('subjectConversation', a.subject.record)}</span>}
          {a.subject.record && a.subject.customer && ' · '}
          {a.subject.customer && <span class="customer">{t('subjectCustomer', a.subject.customer)}</span>}
        </div>
      )}
      {kind === 'confirmation' ? (
        <ol class="story">
          <li class="step prepared">{t('storyPrepared', callerLabel(a.caller))}</li>
          {a.decision ? <DecisionStep d={a.decision} /> : <li class="step waiting">{statusLabel('needs_confirmation')}</li>}
          {a.outcome && <li class={`step result result-${a.outcome}`}>{statusLabel(a.outcome)}</li>}
        </ol>
      ) : (
        <div class="how">
          <span class="caller">{callerLabel(a.caller)}</span>
        </div>
      )}
      {agent !== null && <div class="agent">{t('rowAgent', agent)}</div>}
      {problem && <p class="problem">{problem}</p>}
      <details class="record-details">
        <summary>{t('details')}</summary>
        <ol class="detail-records">
          {a.records.map((r) => (
            <li class="detail-record" data-kind={r.kind} data-status={r.status}>
              <time dateTime={r.timestamp}>{when(r.timestamp, now).full}</time> · {statusLabel(r.status)}
              {/* A record that measured nothing (a decision, a refusal) says no "0 ms". */}
              {r.durationMs > 0 && <span class="ms"> · {t('durationMs', r.durationMs)}</span>}
              <dl>
                {/* The tool's own summary is written for developers and models, in English: said so, and marked as English for screen readers. */}
                <dt>{t('rawSummary')}</dt>
                <dd class="summary" lang="en">
                  {r.summary || '—'}
                </dd>
                <dt>{t('traceId')}</dt>
                <dd class="trace">{r.traceId || '—'}</dd>
              </dl>
            </li>
          ))}
        </ol>
      </details>
    </li>
  );
}
