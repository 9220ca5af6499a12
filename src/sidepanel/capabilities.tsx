/**
 * What works on this console page, capability by capability, as the "this console" view and
 * teach mode both show it (one table, so the two views read the same).
 */
import type { ConsoleProfile } from '../profiles/schema.ts';
import type { Capability } from '../teach/capabilities.ts';
import type { CapabilityRow, ConsoleReport, ReadLine, ViewCapability } from '../teach/report.ts';
import { toTab } from '../messages/client.ts';
import { joinList, t, tOr } from '../ui/i18n.ts';

/** Which teach steps fix which row of the view. */
export const TEACHES: Record<ViewCapability, Capability[]> = {
  conversationId: ['recordId'],
  threadRoles: ['thread'],
  customer: ['customerName', 'customerEmail', 'customerPhone', 'customerOrder'],
  history: ['history'],
  replyComposer: ['reply'],
  sendButton: ['send'],
  noteBox: ['note', 'noteSubmit'],
  ticketForm: ['ticketForm'],
  assign: [],
  kb: ['kb'],
};

export async function fetchReport(tabId: number, draft?: ConsoleProfile): Promise<ConsoleReport | null> {
  const r = await toTab<{ report: ConsoleReport }>(tabId, { type: 'console.report', ...(draft ? { draft } : {}) });
  return r.ok ? r.report : null;
}

export function CapabilityTable({ report, onTeach }: { report: ConsoleReport; onTeach?: (cap: Capability) => void }) {
  return (
    <ul class="capabilities">
      {report.capabilities.map((row) => (
        <Row row={row} onTeach={onTeach} />
      ))}
    </ul>
  );
}

const MARK: Record<CapabilityRow['state'], string> = { ok: '✓', doubtful: '⚠', broken: '✗', absent: '–' };

/** A thing on the page in words ("the “Send” button"), never its markup. */
export const thingWords = (n: NonNullable<ReadLine['thing']>): string => (n.name ? t(`thingNamed_${n.kind}`, n.name) : t(`thing_${n.kind}`));

function Row({ row, onTeach }: { row: CapabilityRow; onTeach?: ((cap: Capability) => void) | undefined }) {
  return (
    <li class={`capability ${row.found ? 'found' : 'missing'} state-${row.state}`} data-cap={row.key} data-found={String(row.found)} data-state={row.state}>
      <div class="cap-head">
        <span class="cap-state" aria-hidden="true">{MARK[row.state]}</span> <strong>{t(`cap_${row.key}`)}</strong>
        {row.via && <span class="badge via">{t(`via_${row.via}`)}</span>}
        {/* "Not on this page" is not a fault; "broken" is: a rule finds something it cannot read. */}
        {row.state !== 'ok' && <span class={`cap-${row.state}`}>{t(`capState_${row.state}`)}</span>}
        {row.why && <span class="cap-why meta"> · {t(`capWhy_${row.why}`)}</span>}
      </div>
      {row.reads.length > 0 && (
        <ul class="reads">
          {row.reads.map((line) => (
            <li class={line.counts ? 'role-counts' : line.thing ? 'thing' : undefined}>
              <ReadText line={line} />
            </li>
          ))}
        </ul>
      )}
      {onTeach && TEACHES[row.key].length > 0 && (
        <div class="teach-buttons">
          {TEACHES[row.key].map((cap) => (
            <button class="show-me" data-teach={cap} onClick={() => onTeach(cap)}>
              {t('showMe')} · {t(`teachCap_${cap}`)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** One read line in the agent's language: the label (role, field) translated, the page's text as it is. */
function ReadText({ line }: { line: ReadLine }) {
  const label = line.key ? tOr(line.key, '') : '';
  if (line.keys) {
    const list = joinList(line.keys.map((k) => tOr(k, k.replace(/^fieldName_/, ''))));
    return <>{line.missing ? t('readsMissing', list) : list}</>;
  }
  if (line.counts) {
    const total = Object.values(line.counts).reduce((a, b) => a + b, 0);
    const each = Object.entries(line.counts).map(([role, n]) => t('roleCount', tOr(`entryRole_${role}`, role), String(n)));
    return <>{t('messageCounts', String(total), joinList(each))}</>;
  }
  if (line.thing) return <>{thingWords(line.thing)}</>;
  return (
    <>
      {label && <span class="read-label">{label}</span>}
      {label && line.text ? ' · ' : ''}
      {line.text}
    </>
  );
}

/** Jobs whose control is another job's with this profile (src/page/owners.ts); the detail names the elements for whoever fixes the profile. */
export function Conflicts({ report }: { report: ConsoleReport }) {
  if (!report.conflicts?.length) return null;
  return (
    <div class="error conflicts" role="alert">
      <p>{t('conflictsTitle')}</p>
      <ul>
        {report.conflicts.map((c) => (
          <li class="conflict" data-job={c.job} data-owner={c.owner ?? ''}>
            {c.owner ? t('conflictOwner', t(`job_${c.job}`), t(`job_${c.owner}`)) : t('conflictOther', t(`job_${c.job}`))}
            {/* Which elements, for whoever fixes the profile; the sentence above is the agent's. */}
            <details class="tech">
              <summary>{t('technicalDetail')}</summary>
              <code>{c.detail}</code>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
