/**
 * One pending confirmation. Everything shown follows from the fingerprinted call: the input
 * (`displayOf(input, provenance)`), each page value with its source, the conflicts. Confirm
 * needs: the dwell time on screen with the panel visible and focused, no conflict, the tab
 * still on this record, the required role, not expired, and for money a deliberate tick of
 * the amount.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
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
  /** A card that just appeared (S or R opened the panel for it): it takes the keyboard focus. */
  focus?: boolean;
  onDecide: (e: LedgerEntry, ok: boolean) => void;
}

export function Card({ entry, roles, rolesSource, stale, busy, focus, onDecide }: CardProps) {
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
  const dwellMs = isHigh(call) ? 2_000 : 1_000;
  const gate = useDwell(`${call.fingerprint}|${stale ? 'stale' : 'ok'}|${call.conflicts.length}|${phones}`, dwellMs);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // Not from a field the agent is typing in (the chat's ask box): only from nowhere or another card.
    const at = document.activeElement;
    if (focus && (!at || at === document.body || at.classList.contains('card'))) ref.current?.focus();
  }, [focus]);
  const blocked = busy || expired || roleMissing || !!stale || call.conflicts.length > 0 || (amount !== null && !ack);
  const canConfirm = !blocked && gate.armed;
  const { text, ...fields } = shown;
  const texts = Object.values(shown).filter((v): v is string => typeof v === 'string');
  const confirm = () => {
    // Checked again at the click: a button enabled a moment ago is not enough.
    if (!canConfirm || !attentive()) return;
    onDecide(entry, true);
  };
  const onKey = (e: KeyboardEvent) => {
    // The card's own keys, on the card itself (a focused button or box keeps its own Enter);
    // a decision only once the card is armed, as for the mouse.
    if (!e.isTrusted || e.target !== ref.current) return;
    if (e.key === 'Enter' && canConfirm) {
      e.preventDefault();
      confirm();
    } else if (e.key === 'Escape' && gate.armed && !busy) {
      e.preventDefault();
      onDecide(entry, false);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      moveFocus(ref.current, e.key === 'ArrowDown' ? 1 : -1);
    }
  };
  return (
    <article
      ref={ref}
      tabIndex={-1}
      onKeyDown={onKey}
      aria-keyshortcuts="Enter Escape ArrowDown ArrowUp"
      aria-label={toolTitle(call.tool, call.title)}
      class={`card risk-${call.risk}${stale ? ' stale' : ''}`}
      data-action-id={call.actionId}
      data-tool={call.tool}
      data-armed={String(gate.armed)}
      data-stale={String(!!stale)}
    >
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
      <CardDetails call={call} />
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
      {canConfirm && <p class="keys">{t('cardKeys')}</p>}
      <div class="actions">
        {/* The wait before Confirm is armed fills the button, so it is seen, not just a grey button. */}
        <button class={`confirm${!blocked && !gate.armed && gate.attentive ? ' arming' : ''}`} style={{ '--dwell': `${dwellMs}ms` }} disabled={!canConfirm} onClick={confirm}>
          {t('confirm')}
        </button>
        <button class="reject" disabled={busy} onClick={() => onDecide(entry, false)}>
          {t('reject')}
        </button>
      </div>
    </article>
  );
}

/** Arrow keys move between the cards, as in a list. */
function moveFocus(from: HTMLElement | null, by: 1 | -1): void {
  const cards = Array.from(from?.closest('.confirmations')?.querySelectorAll<HTMLElement>('.card') ?? []);
  const next = cards[cards.indexOf(from!) + by];
  next?.focus();
}

/** What the action does, once: irreversible actions say so in one clear line. */
function Effect({ call, money }: { call: PreparedCall; money: boolean }) {
  if (RISK_RULES[call.risk].cardEmphasis === 'irreversible') {
    const text = call.sideEffect === 'send' ? t('cardIrreversibleSend') : money ? t('cardIrreversibleMoney') : t('cardIrreversibleWrite');
    return <p class="irreversible">{text}</p>;
  }
  return <p class="effect">{t(`effect_${call.sideEffect === 'send' ? 'send' : 'write'}`)}</p>;
}

/**
 * Where each value came from, the role's code and the action's id: for the agent who wants to
 * check, under Details (issue 23 item 5), not on every line of every card. A disagreement
 * between sources is not here: it blocks the card and is shown at the top (Conflicts).
 */
function CardDetails({ call }: { call: PreparedCall }) {
  const fields = [...new Set(call.provenance.map((f) => f.field))].map((k) => [k, factsFor(call.provenance, k)] as const);
  return (
    <details class="card-details">
      <summary>{t('cardDetails')}</summary>
      {fields.length > 0 && <p class="details-label">{t('cardValuesFrom')}</p>}
      <ul class="sources">
        {fields.map(([k, facts]) => (
          <li data-field={k} data-sources={facts.map((f) => f.source).join(',')}>
            {t('cardSources', tOr(`field_${k}`, k), joinList(facts.map((f) => t(`cardSource_${f.source}`))))}
          </li>
        ))}
      </ul>
      <dl class="ids">
        {call.requiredRole && (
          <>
            <dt>{t('cardRoleCode')}</dt>
            <dd>
              <code>{call.requiredRole}</code>
            </dd>
          </>
        )}
        <dt>{t('cardActionId')}</dt>
        <dd>
          <code>{call.actionId}</code>
        </dd>
      </dl>
    </details>
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
      {call.requiredRole ? t('cardWhoRole', tOr(`role_${call.requiredRole}`, call.requiredRole)) : t('cardWhoAny')}
      {roleMissing ? ` — ${t('roleMissing')}` : ''} · {source}
    </p>
  );
}

function fmt(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
