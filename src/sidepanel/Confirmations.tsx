/**
 * Pending confirmations of the active tab, rendered from the stored call (not from any
 * model prose). Confirm sends the fingerprint of exactly what is shown. Outcomes are
 * shown distinctly; an uncertain one offers a check on the console, never a retry.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { LedgerEntry } from '../tools/ledger.ts';
import { RISK_RULES } from '../tools/policy.ts';
import { toBackground } from '../ui/api.ts';
import { errorText } from '../ui/errors.ts';
import { t, tOr, toolTitle } from '../ui/i18n.ts';

interface Lists {
  pending: LedgerEntry[];
  recent: LedgerEntry[];
}

function useNow(ms = 1_000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [ms]);
  return now;
}

export function Confirmations({ tabId, roles }: { tabId: number; roles: string[] }) {
  const [lists, setLists] = useState<Lists>({ pending: [], recent: [] });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const r = await toBackground<Lists>({ type: 'confirm.list', tabId });
    if (r.ok) setLists({ pending: r.pending, recent: r.recent });
    else setError(errorText(r.error));
  }, [tabId]);

  useEffect(() => {
    void refresh();
    const onChange = (_c: unknown, area: string) => area === 'session' && void refresh();
    chrome.storage.onChanged.addListener(onChange);
    const poll = setInterval(() => void refresh(), 5_000); // expiry happens without a write
    return () => {
      chrome.storage.onChanged.removeListener(onChange);
      clearInterval(poll);
    };
  }, [refresh]);

  const decide = async (entry: LedgerEntry, approve: boolean) => {
    setBusy(entry.call.actionId);
    setError(null);
    const r = approve
      ? await toBackground({ type: 'confirm.approve', actionId: entry.call.actionId, fingerprint: entry.call.fingerprint })
      : await toBackground({ type: 'confirm.reject', actionId: entry.call.actionId });
    if (!r.ok) setError(errorText(r.error));
    setBusy(null);
    await refresh();
  };

  return (
    <section class="confirmations" aria-label={t('tabConfirm')}>
      {error && <p class="error" role="alert">{error}</p>}
      {lists.pending.length === 0 && lists.recent.length === 0 && <p class="empty nothing-pending">{t('nothingPending')}</p>}
      {lists.pending.map((e) => (
        <Card key={e.call.actionId} entry={e} roles={roles} busy={busy === e.call.actionId} onDecide={decide} />
      ))}
      {lists.recent.length > 0 && (
        <>
          <h3>{t('recent')}</h3>
          <ul class="outcomes">
            {lists.recent.map((e) => (
              <Outcome key={e.call.actionId} entry={e} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Card({ entry, roles, busy, onDecide }: { entry: LedgerEntry; roles: string[]; busy: boolean; onDecide: (e: LedgerEntry, ok: boolean) => void }) {
  const now = useNow();
  const call = entry.call;
  const left = Math.max(0, call.expiresAt - now);
  const expired = left === 0;
  const roleMissing = !!call.requiredRole && !roles.includes(call.requiredRole);
  const { text, ...fields } = call.display as Record<string, unknown>;
  return (
    <article class={`card risk-${call.risk}`} data-action-id={call.actionId} data-tool={call.tool}>
      <header>
        <strong class="title">{toolTitle(call.tool, call.title)}</strong>
        <span class={`badge risk-${call.risk}`}>{t(`risk_${call.risk}`)}</span>
      </header>
      <p class="effect">{t(`effect_${call.sideEffect === 'send' ? 'send' : 'write'}`)}</p>
      {RISK_RULES[call.risk].cardEmphasis === 'irreversible' && <p class="irreversible">{t('irreversible')}</p>}
      <dl class="fields">
        {Object.entries(fields).map(([k, v]) => (
          <>
            <dt>{tOr(`field_${k}`, k)}</dt>
            <dd>{v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v)}</dd>
          </>
        ))}
        <dt>{t('field_origin')}</dt>
        <dd>{call.binding.origin}</dd>
      </dl>
      {typeof text === 'string' && (
        <figure class="message">
          <figcaption>{t('messageText')}</figcaption>
          <blockquote class="exact-text">{text}</blockquote>
        </figure>
      )}
      {call.requiredRole && <p class={roleMissing ? 'role missing' : 'role'}>{t('requiredRole', call.requiredRole)}{roleMissing ? ` — ${t('roleMissing')}` : ''}</p>}
      <p class="meta">
        {t('preparedBy', t(`caller_${call.caller}`))} · <span class="countdown">{expired ? t('expired') : t('expiresIn', fmt(left))}</span>
      </p>
      <div class="actions">
        <button class="confirm" disabled={busy || expired || roleMissing} onClick={() => onDecide(entry, true)}>
          {t('confirm')}
        </button>
        <button class="reject" disabled={busy} onClick={() => onDecide(entry, false)}>
          {t('reject')}
        </button>
      </div>
    </article>
  );
}

function Outcome({ entry }: { entry: LedgerEntry }) {
  const error = entry.outcome && 'error' in entry.outcome ? entry.outcome.error : null;
  return (
    <li class={`outcome state-${entry.state}`} data-action-id={entry.call.actionId} data-state={entry.state}>
      <span class="state">{t(`state_${entry.state}`)}</span> <strong>{toolTitle(entry.call.tool, entry.call.title)}</strong>
      {error && <p class="detail">{errorText(error)}</p>}
      {entry.state === 'uncertain' && (
        <p class="uncertain">
          {t('uncertainHint')}{' '}
          <button class="check" onClick={() => void focusConsole(entry)}>
            {t('checkConsole')}
          </button>
        </p>
      )}
    </li>
  );
}

async function focusConsole(entry: LedgerEntry) {
  const tabId = entry.call.binding.tabId;
  if (tabId !== undefined) await chrome.tabs.update(tabId, { active: true }).catch(() => {});
}

function fmt(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
