/**
 * Pending confirmations of the active tab, rendered from the fingerprinted part of the
 * stored call (input + page facts with their sources), never from model prose or from the
 * call's `display` alone. Confirm sends the fingerprint of exactly what is shown, and is
 * enabled only after the card has been on screen unchanged (attention.ts), never while the
 * tab shows another record (stale) or the page's sources disagree (conflict). Outcomes are
 * shown distinctly; deskhand's own refusals never read as the console's.
 */
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { ApproveResult, LedgerEntry, RolesSource } from '../tools/ledger.ts';
import type { ToolError } from '../tools/types.ts';
import { toBackground } from '../messages/client.ts';
import { errorText } from '../ui/errors.ts';
import { t } from '../ui/i18n.ts';
import { Card } from './ConfirmCard.tsx';
import { OutcomeRow } from './OutcomeRow.tsx';

interface Lists {
  pending: LedgerEntry[];
  recent: LedgerEntry[];
  stale: Record<string, ToolError>;
  rolesSource: RolesSource;
}

/** The worker's answer to a decision: what the delivery did (`status`), or a refusal. */
type Decided = { status: ApproveResult['status']; entry: LedgerEntry; replay?: boolean };

/** `onListed` is called once the first list is in (or refused): the panel loads the rest after it. */
export function Confirmations({ tabId, roles, onListed }: { tabId: number; roles: string[]; onListed?: () => void }) {
  const [lists, setLists] = useState<Lists>({ pending: [], recent: [], stale: {}, rolesSource: 'self' });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const r = await toBackground<Lists>({ type: 'confirm.list', tabId });
    if (r.ok) setLists({ pending: r.pending, recent: r.recent, stale: r.stale ?? {}, rolesSource: r.rolesSource ?? 'self' });
    else setError(errorText(r.error));
    onListed?.();
  }, [tabId, onListed]);

  useEffect(() => {
    void refresh();
    const onChange = (_c: unknown, area: string) => area === 'session' && void refresh();
    chrome.storage.onChanged.addListener(onChange);
    // The tab moving to another record makes a card stale; expiry happens without a write.
    const onUpdated = (id: number, change: chrome.tabs.OnUpdatedInfo) => id === tabId && (change.url || change.status === 'complete') && void refresh();
    chrome.tabs.onUpdated.addListener(onUpdated);
    const poll = setInterval(() => void refresh(), 2_000);
    return () => {
      chrome.storage.onChanged.removeListener(onChange);
      chrome.tabs.onUpdated.removeListener(onUpdated);
      clearInterval(poll);
    };
  }, [refresh, tabId]);

  const decide = async (entry: LedgerEntry, approve: boolean) => {
    setBusy(entry.call.actionId);
    setError(null);
    const r = approve
      ? await toBackground<Decided>({ type: 'confirm.approve', actionId: entry.call.actionId, fingerprint: entry.call.fingerprint })
      : await toBackground<Decided>({ type: 'confirm.reject', actionId: entry.call.actionId });
    if (!r.ok) setError(errorText(r.error));
    // Confirmed too late: the call expired instead of running; say so where the person clicked.
    else if (r.status === 'expired' && r.entry.outcome && 'error' in r.entry.outcome) setError(errorText(r.entry.outcome.error));
    setBusy(null);
    await refresh();
  };

  return (
    <section class="confirmations" aria-label={t('tabConfirm')}>
      {error && <p class="error" role="alert">{error}</p>}
      {lists.pending.length === 0 && lists.recent.length === 0 && <p class="empty nothing-pending">{t('nothingPending')}</p>}
      {lists.pending.map((e) => (
        <Card key={e.call.actionId} entry={e} roles={roles} rolesSource={lists.rolesSource} stale={lists.stale[e.call.actionId] ?? null} busy={busy === e.call.actionId} onDecide={decide} />
      ))}
      {lists.recent.length > 0 && (
        <>
          <h3>{t('recent')}</h3>
          <ul class="outcomes">
            {lists.recent.map((e) => (
              <OutcomeRow key={e.call.actionId} entry={e} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
