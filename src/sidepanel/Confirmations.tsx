/**
 * Pending confirmations of the active tab, rendered from the fingerprinted part of the
 * stored call (input + page facts with their sources), never from model prose or from the
 * call's `display` alone. Confirm sends the fingerprint of exactly what is shown, and is
 * enabled only after the card has been on screen unchanged (attention.ts), never while the
 * tab shows another record (stale) or the page's sources disagree (conflict). Outcomes are
 * shown distinctly; deskhand's own refusals never read as the console's.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ApproveResult, LedgerEntry, RolesSource } from '../tools/ledger.ts';
import type { ToolError } from '../tools/types.ts';
import { checkReply, settleSent, toBackground } from '../messages/client.ts';
import type { Reply } from '../messages/index.ts';
import { takeEarlyList } from './early-list.ts';
import { errorText } from '../ui/errors.ts';
import { t, toolTitle } from '../ui/i18n.ts';
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

const EMPTY: Lists = { pending: [], recent: [], stale: {}, rolesSource: 'self' };
const listsOf = (r: Reply<Lists>): Lists | null => (r.ok ? { pending: r.pending, recent: r.recent, stale: r.stale ?? {}, rolesSource: r.rolesSource ?? 'self' } : null);

/** `onListed` is called once the first list is in (or refused): the panel loads the rest after it. */
export function Confirmations({ tabId, roles, onListed }: { tabId: number; roles: string[]; onListed?: () => void }) {
  // The list early.ts asked for before this script ran: on the first render if it is in already.
  const [first] = useState(() => takeEarlyList(tabId));
  const early = useRef(first);
  const [lists, setLists] = useState<Lists>(() => (first && 'value' in first && listsOf(checkReply<Lists>(first.value))) || EMPTY);
  const [busy, setBusy] = useState<string | null>(null);
  // The card that appeared last, for the keyboard: the ones already listed at the first render are not "new".
  const seen = useRef<Set<string> | null>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    const ids = lists.pending.map((e) => e.call.actionId);
    const fresh = seen.current ? ids.filter((id) => !seen.current!.has(id)) : ids.slice(-1);
    seen.current = new Set([...(seen.current ?? []), ...ids]);
    if (fresh.length) setFocusId(fresh[fresh.length - 1]!);
  }, [lists.pending]);
  const newest = lists.pending.find((e) => e.call.actionId === focusId);
  const announced = newest ? toolTitle(newest.call.tool, newest.call.title) : '';
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const sent = early.current;
    early.current = null;
    const r = sent?.tabId === tabId ? await settleSent<Lists>(sent.reply) : await toBackground<Lists>({ type: 'confirm.list', tabId });
    const got = listsOf(r);
    if (got) setLists(got);
    else if (!r.ok) setError(errorText(r.error));
    onListed?.();
  }, [tabId, onListed]);

  // A layout effect: right after the first render, not after the first paint (a frame later),
  // so an early list that is in by then is on screen in the next render (issue 22 item 4).
  useLayoutEffect(() => {
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
      {/* A card that appears is announced: the agent pressed S in the console, not here. */}
      <p class="sr-only" aria-live="polite">
        {announced ? t('cardAnnounced', announced) : ''}
      </p>
      {lists.pending.length === 0 && lists.recent.length === 0 && <p class="empty nothing-pending">{t('nothingPending')}</p>}
      {lists.pending.map((e) => (
        <Card key={e.call.actionId} entry={e} roles={roles} rolesSource={lists.rolesSource} stale={lists.stale[e.call.actionId] ?? null} busy={busy === e.call.actionId} focus={focusId === e.call.actionId} onDecide={decide} />
      ))}
      {lists.recent.length > 0 && <Recent entries={lists.recent} />}
    </section>
  );
}

/**
 * Finished confirmations: the latest stays in view (what just happened), the earlier ones fold
 * under one line so the chat below is not pushed out of sight (issue 23 item 2).
 */
function Recent({ entries }: { entries: LedgerEntry[] }) {
  const [latest, ...earlier] = entries;
  return (
    <>
      <h3>{t('recent')}</h3>
      <ul class="outcomes">{latest && <OutcomeRow key={latest.call.actionId} entry={latest} />}</ul>
      {earlier.length > 0 && (
        <details class="earlier">
          <summary>{t('earlierOutcomes', earlier.length)}</summary>
          <ul class="outcomes">
            {earlier.map((e) => (
              <OutcomeRow key={e.call.actionId} entry={e} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
