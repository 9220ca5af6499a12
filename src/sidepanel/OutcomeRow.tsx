/**
 * A finished confirmation: what was done (text excerpt, amount, record), when (local time
 * with zone; relative when recent, absolute on hover), by whom, and how it ended. A failure
 * is the console's only when the console refused; anything deskhand stopped itself says so.
 */
import { errorText } from '../ui/errors.ts';
import { moneyOf } from '../tools/card.ts';
import type { LedgerEntry } from '../tools/ledger.ts';
import { t, toolTitle } from '../ui/i18n.ts';
import { personName } from '../ui/person.ts';
import { absolute, money, relative } from './format.ts';

/** Failure codes that mean the console itself refused (catalog tools' `*_REFUSED`). */
export const consoleRefused = (code: string | undefined) => !!code && /_REFUSED$/.test(code);

function stateLabel(entry: LedgerEntry): string {
  const error = entry.outcome && 'error' in entry.outcome ? entry.outcome.error : null;
  if (entry.state === 'failed') return consoleRefused(error?.code) ? t('cardFailedConsole') : t('cardFailedDeskhand');
  return t(`state_${entry.state}`);
}

function what(entry: LedgerEntry): string {
  const input = entry.call.input;
  const parts: string[] = [];
  const m = moneyOf(input);
  if (m) parts.push(money(m.amount, m.currency));
  const text = typeof input.text === 'string' ? input.text : typeof input.reason === 'string' ? input.reason : '';
  if (text) parts.push(`“${text.length > 60 ? `${text.slice(0, 59)}…` : text}”`);
  if (entry.call.binding.recordId) parts.push(entry.call.binding.recordId);
  return parts.join(' · ');
}

export function OutcomeRow({ entry }: { entry: LedgerEntry }) {
  const error = entry.outcome && 'error' in entry.outcome ? entry.outcome.error : null;
  const failedBy = entry.state === 'failed' ? (consoleRefused(error?.code) ? 'console' : 'deskhand') : undefined;
  return (
    <li class={`outcome state-${entry.state}`} data-action-id={entry.call.actionId} data-state={entry.state} data-failed-by={failedBy} data-unsaved={entry.unsaved ? 'true' : undefined}>
      <span class="state">{stateLabel(entry)}</span> <strong>{toolTitle(entry.call.tool, entry.call.title)}</strong>
      <p class="what">{what(entry)}</p>
      <p class="when">
        <time title={absolute(entry.updatedAt)}>{relative(entry.updatedAt)}</time>
        {entry.decidedBy ? ` · ${entry.state === 'rejected' ? t('cardRejectedBy', personName(entry.decidedBy)) : t('cardBy', personName(entry.decidedBy))}` : ''}
      </p>
      {error && <p class="detail">{errorText(error)}</p>}
      {entry.unsaved && <p class="unsaved">{t('cardUnsaved')}</p>}
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
