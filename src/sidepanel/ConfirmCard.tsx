/**
 * One pending confirmation. Everything shown follows from the fingerprinted call: the input
 * (`displayOf(input, provenance)`), each page value with its source, the conflicts. Confirm
 * needs: the dwell time on screen with the panel visible and focused, no conflict, the tab
 * still on this record, the required role, not expired, and for money a deliberate tick of
 * the amount.
 */
import { useEffect, useState } from 'preact/hooks';
import { displayOf, factsFor, moneyOf } from '../tools/card.ts';
import type { LedgerEntry, RolesSource } from '../tools/ledger.ts';
import { RISK_RULES } from '../tools/policy.ts';
import type { PreparedCall, ToolError } from '../tools/types.ts';
import { joinList, t, tOr, toolTitle } from '../ui/i18n.ts';
import { attentive, useDwell } from './attention.ts';
import { HiddenWarning, RevealedText, usePhonesMarked } from './card-text.tsx';
import { absolute, money, relative } from './format.ts';

function useNow(ms = 1_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

const isHigh = (call: PreparedCall) => call.risk === 'high' || call.risk === 'critical';

interface CardProps {
  entry: LedgerEntry;
  roles: string[];
  rolesSource: RolesSource;
  stale: ToolError | null;
  busy: boolean;
  onDecide: (e: LedgerEntry, ok: boolean) => void;
}

export function Card({ entry, roles, rolesSource, stale, busy, onDecide }: CardProps) {
  const now = useNow();
  const call = entry.call;
  const left = Math.max(0, call.expiresAt - now);
  const expired = left === 0;
  const roleMissing = !!call.requiredRole && !roles.includes(call.requiredRole);
  const shown = displayOf(call.input, call.provenance);
  const amount = moneyOf(call.input);
  const [ack, setAck] = useState(false);
  // Phones marked is part of what the card shows: the dwell starts again once they are (card-text.tsx).
  const phones = usePhonesMarked();
  const gate = useDwell(`${call.fingerprint}|${stale ? 'stale' : 'ok'}|${call.conflicts.length}|${phones}`, isHigh(call) ? 2_000 : 1_000);
  const blocked = busy || expired || roleMissing || !!stale || call.conflicts.length > 0 || (amount !== null && !ack);
  const canConfirm = !blocked && gate.armed;
  const { text, ...fields } = shown;
  const texts = Object.values(shown).filter((v): v is string => typeof v === 'string');
  const confirm = () => {
    // Checked again at the click: a button enabled a moment ago is not enough.
    if (!canConfirm || !attentive()) return;
    onDecide(entry, true);
  };
  return (
    <article class={`card risk-${call.risk}${stale ? ' stale' : ''}`} data-action-id={call.actionId} data-tool={call.tool} data-armed={String(gate.armed)} data-stale={String(!!stale)}>
      <header>
        <strong class="title">{toolTitle(call.tool, call.title)}</strong>
        <span class={`badge risk-${call.risk}`}>{t(`risk_${call.risk}`)}</span>
      </header>
      <Effect call={call} money={amount !== null} />
      {stale && (
        <p class="stale-warning" role="alert">
          {t('cardStale', call.binding.recordId ?? '')}
        </p>
      )}
      {call.conflicts.length > 0 && <Conflicts call={call} />}
      <HiddenWarning texts={texts} />
      <dl class="fields">
        {amount && (
          <>
            <dt>{t('field_amount')}</dt>
            <dd class="money">{money(amount.amount, amount.currency)}</dd>
          </>
        )}
        {Object.entries(fields)
          .filter(([k]) => !(amount && (k === 'amount' || k === 'currency')))
          .map(([k, v]) => (
            <>
              <dt>{tOr(`field_${k}`, k)}</dt>
              <dd data-field={k}>
                {v === null || v === undefined ? '—' : typeof v === 'string' ? <RevealedText text={v} /> : JSON.stringify(v)}
                <Sources call={call} field={k} />
              </dd>
            </>
          ))}
        <dt>{t('field_origin')}</dt>
        <dd>{call.binding.origin}</dd>
      </dl>
      {typeof text === 'string' && (
        <figure class="message">
          <figcaption>{t('messageText')}</figcaption>
          <blockquote class="exact-text">
            <RevealedText text={text} />
          </blockquote>
        </figure>
      )}
      <Who call={call} roleMissing={roleMissing} rolesSource={rolesSource} />
      <p class="meta">
        {t('preparedBy', t(`caller_${call.caller}`))} · <time title={absolute(call.createdAt)}>{relative(call.createdAt, now)}</time> ·{' '}
        <span class="countdown">{expired ? t('expired') : t('expiresIn', fmt(left))}</span>
      </p>
      {amount && (
        <label class="ack">
          <input type="checkbox" name="ack-amount" checked={ack} onChange={(e) => setAck(e.currentTarget.checked)} /> {t('cardAckAmount', money(amount.amount, amount.currency))}
        </label>
      )}
      {!blocked && !gate.armed && <p class="dwell">{gate.attentive ? t('cardDwell') : t('cardUnfocused')}</p>}
      <div class="actions">
        <button class="confirm" disabled={!canConfirm} onClick={confirm}>
          {t('confirm')}
        </button>
        <button class="reject" disabled={busy} onClick={() => onDecide(entry, false)}>
          {t('reject')}
        </button>
      </div>
    </article>
  );
}

/** What the action does, once: irreversible actions say so in one clear line. */
function Effect({ call, money }: { call: PreparedCall; money: boolean }) {
  if (RISK_RULES[call.risk].cardEmphasis === 'irreversible') {
    const text = call.sideEffect === 'send' ? t('cardIrreversibleSend') : money ? t('cardIrreversibleMoney') : t('cardIrreversibleWrite');
    return <p class="irreversible">{text}</p>;
  }
  return <p class="effect">{t(`effect_${call.sideEffect === 'send' ? 'send' : 'write'}`)}</p>;
}

function Sources({ call, field }: { call: PreparedCall; field: string }) {
  const facts = factsFor(call.provenance, field);
  if (!facts.length) return null;
  return (
    <span class="sources" data-sources={facts.map((f) => f.source).join(',')}>
      {' '}
      {t('cardSources', joinList(facts.map((f) => t(`cardSource_${f.source}`))))}
    </span>
  );
}

function Conflicts({ call }: { call: PreparedCall }) {
  return (
    <div class="conflict-warning" role="alert">
      <p>{t('cardConflict')}</p>
      <ul>
        {call.conflicts.map((c) => (
          <li data-field={c.field}>
            {tOr(`field_${c.field}`, c.field)}:{' '}
            {c.values.map((v) => `${t(`cardSource_${v.source}`)} “${v.value}”`).join(' ≠ ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Who({ call, roleMissing, rolesSource }: { call: PreparedCall; roleMissing: boolean; rolesSource: RolesSource }) {
  const source = rolesSource === 'policy' ? t('cardRolesPolicy') : t('cardRolesSelf');
  return (
    <p class={roleMissing ? 'role missing' : 'role'} data-roles-source={rolesSource}>
      {call.requiredRole ? t('cardWhoRole', call.requiredRole, tOr(`role_${call.requiredRole}`, call.requiredRole)) : t('cardWhoAny')}
      {roleMissing ? ` — ${t('roleMissing')}` : ''} · {source}
    </p>
  );
}

function fmt(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
