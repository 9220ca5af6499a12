/**
 * Confirmations in the service worker: prepared calls from content scripts are checked
 * against the catalog grades and bound to the sender's tab; approvals come only from the
 * side panel; delivery is asked of the bound tab's content script, whose answer is
 * validated. No answer means "uncertain", never "executed".
 */
import { GRADES } from '../catalog/grades.ts';
import { ExecReply, refusal, type Reply } from '../messages/index.ts';
import type { ExecOutcome } from '../tools/executor.ts';
import { Ledger, type LedgerEntry } from '../tools/ledger.ts';
import { needsConfirmation, RISK_RULES } from '../tools/policy.ts';
import type { PreparedCall } from '../tools/types.ts';
import { storageAuditSink } from './audit-store.ts';
import { JournaledStore } from './journal.ts';
import { SessionLedgerStore } from './ledger-store.ts';

export const sessionStore = new SessionLedgerStore();
export const ledgerStore = new JournaledStore(sessionStore);
export const ledger = new Ledger(ledgerStore, { audit: storageAuditSink });

const DELIVERY_TIMEOUT_MS = 30_000;

const refused = (code: string, detail: string) => refusal(code, detail, 'forbidden', 'Nothing was stored.');

/** A content script asks to store a prepared call for its own tab. */
export async function addPrepared(call: PreparedCall, sender: { tabId: number; origin: string }): Promise<Reply> {
  if (call.binding.tabId !== sender.tabId || call.binding.origin !== sender.origin) {
    return refused('BINDING_MISMATCH', 'A prepared call must be bound to the tab and console that prepared it.');
  }
  const grade = GRADES[call.tool];
  if (!grade || grade.sideEffect !== call.sideEffect || grade.risk !== call.risk || grade.requiredRole !== call.requiredRole) {
    return refused('GRADE_MISMATCH', `${call.tool} is not graded ${call.sideEffect}/${call.risk} in the catalog.`);
  }
  if (!needsConfirmation(call.sideEffect, call.risk)) return refused('NOT_CONFIRMABLE', `${call.tool} does not need a confirmation.`);
  // TTL is policy, computed here from the risk: never from the page or the model.
  const now = Date.now();
  const stored: PreparedCall = { ...call, createdAt: now, expiresAt: now + RISK_RULES[call.risk].ttlMs };
  try {
    await ledger.add(stored);
  } catch (e) {
    return refused('DUPLICATE_ACTION', e instanceof Error ? e.message : String(e));
  }
  return { ok: true };
}

export async function listForTab(tabId: number): Promise<{ pending: LedgerEntry[]; recent: LedgerEntry[] }> {
  const pending = await ledger.pending({ tabId });
  const all = await ledger.all();
  const recent = all
    .filter((e) => e.call.binding.tabId === tabId && e.state !== 'pending')
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, 10);
  return { pending, recent };
}

/** Hands an approved call to the bound tab and classifies what comes back. */
export async function dispatchToTab(call: PreparedCall, approvedBy: string): Promise<ExecOutcome> {
  const tabId = call.binding.tabId;
  const uncertain = (detail: string): ExecOutcome => ({
    status: 'uncertain',
    error: { code: 'NO_ANSWER', type: 'uncertain', detail, suggestion: 'Check on the console before doing anything again; it is not retried automatically.', retryable: false, traceId: call.traceId },
  });
  const failed = (code: string, detail: string): ExecOutcome => ({
    status: 'failed',
    error: { code, type: 'failed', detail, suggestion: 'Nothing was done. Open the console tab and start again.', retryable: false, traceId: call.traceId },
  });
  if (tabId === undefined) return failed('NO_TAB', 'The action is not bound to a tab.');
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!tab) return failed('TAB_CLOSED', 'The console tab was closed before the action was carried out.');
  if (tab.url && new URL(tab.url).origin !== call.binding.origin) return failed('TAB_NAVIGATED', 'The tab no longer shows the console the action was prepared on.');
  const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), DELIVERY_TIMEOUT_MS));
  const answer = await Promise.race([
    chrome.tabs.sendMessage(tabId, { type: 'confirm.execute', call, approvedBy }, { frameId: 0 }).catch((e: unknown) => ({ lost: String(e) })),
    timeout,
  ]);
  if (answer === 'timeout') return uncertain('The console tab did not report back in time; the action may or may not have happened.');
  if (answer && typeof answer === 'object' && 'lost' in answer) {
    // "Receiving end does not exist": the message never reached a content script.
    if (/receiving end does not exist/i.test(answer.lost)) return failed('NOT_DELIVERED', 'The console tab is not ready (reloading?); nothing was done.');
    return uncertain(`The console tab stopped answering (${answer.lost}); the action may or may not have happened.`);
  }
  const parsed = ExecReply.safeParse(answer);
  if (!parsed.success) return uncertain('The console tab did not answer clearly; the action may or may not have happened.');
  if (!parsed.data.ok) return failed(parsed.data.error.code, parsed.data.error.detail);
  return parsed.data.outcome as ExecOutcome;
}
