/**
 * Confirmations in the service worker: prepared calls from content scripts are checked
 * against the catalog grades, bound to the sender's tab, and checked for integrity (the card
 * must follow from the fingerprinted input and page facts; a fact said to come from the URL
 * must be in the URL the browser reports). Approvals come only from the side panel; before
 * delivery the tab must still show the call's record (else the card is stale and the call
 * stays pending); delivery is asked of the bound tab's content script, whose answer is
 * validated. No answer means "uncertain", never "executed".
 */
import { askTab } from '../messages/client.ts';
import { z } from '../tools/zod.ts';
import { GRADES } from '../catalog/grades.ts';
import { DECLARED_DOMAIN } from '../tools/declared-name.ts';
import { ExecReply, refusal, type Reply } from '../messages/index.ts';
import { auditRecord, subjectOfCall, type AuditRecord } from '../tools/audit.ts';
import { conflictsOf, displayOf, FACT_SOURCES, recordDrift, urlCarries, type Fact } from '../tools/card.ts';
import { canonicalJson, sha256Hex } from '../tools/canonical.ts';
import type { ExecOutcome } from '../tools/executor.ts';
import { Ledger, type LedgerEntry } from '../tools/ledger.ts';
import { mayConfirm, RISK_RULES } from '../tools/policy.ts';
import { canonicalOf } from '../tools/prepared.ts';
import type { PreparedCall, ToolError } from '../tools/types.ts';
import { forbiddenControls } from '../tools/unicode.ts';
import { storageAuditSink } from './audit-store.ts';
import { highWaterMark, mono, persist } from './clock.ts';
import { JournaledStore } from './journal.ts';
import { SessionLedgerStore } from './ledger-store.ts';
import { STORAGE_FULL, StorageFull } from './room.ts';
import { awaitCheck, awaitHandedOn, setCarriedCalls, type Verdict } from './next-page.ts';

export const sessionStore = new SessionLedgerStore();
export const ledgerStore = new JournaledStore(sessionStore);
export const ledger = new Ledger(ledgerStore, { audit: storageAuditSink, mono, highWater: highWaterMark });

// A confirmed send carried to the record's reply page is handed to that page from here, and only
// while this tab is carrying it out (src/catalog/carry.ts): never a call a page names.
setCarriedCalls(async (actionId, tabId) => {
  const e = await ledger.get(actionId);
  return e && e.state === 'dispatched' && e.call.binding.tabId === tabId ? { call: e.call, approvedBy: e.decidedBy ?? '' } : null;
});

const DELIVERY_TIMEOUT_MS = 30_000;

/** What a tab's page.info answer must hold for the stale check (the rest is the panel's). */
const PageInfoReply = z.looseObject({
  ok: z.literal(true),
  conversationId: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  /** The record id as each of the page's sources reads it now (src/page/facts.ts). */
  // Every fact the page reads of its record (the number on screen too): recordDrift weighs the ids.
  ids: z.optional(z.array(z.strictObject({ field: z.string().check(z.maxLength(60)), value: z.string().check(z.maxLength(200)), source: z.enum(FACT_SOURCES) })).check(z.maxLength(20))),
  /** The page's declared tools (WebMCP) as registered now: name → definition hash. */
  declared: z.optional(z.record(z.string().check(z.maxLength(100)), z.string().check(z.maxLength(64)))),
});

const refused = (code: string, detail: string) => refusal(code, detail, 'forbidden', 'Nothing was stored.');

export interface ContentSender {
  tabId: number;
  origin: string;
  /** The frame's URL as the browser reports it (MessageSender.url), not as the page says. */
  url: string;
}

/** A content script asks to store a prepared call for its own tab. */
export async function addPrepared(call: PreparedCall, sender: ContentSender): Promise<Reply> {
  if (call.binding.tabId !== sender.tabId || call.binding.origin !== sender.origin) {
    return refused('BINDING_MISMATCH', 'A prepared call must be bound to the tab and console that prepared it.');
  }
  const grade = GRADES[call.tool];
  if (call.definition !== undefined || call.tool.startsWith(`${DECLARED_DOMAIN}.`)) {
    // A tool the console declared (WebMCP) is in no catalog: graded by the kit (annotation,
    // profile, default high). What holds here: it is a write (never a send), bound to its definition.
    if (!call.tool.startsWith(`${DECLARED_DOMAIN}.`) || call.definition === undefined || call.sideEffect !== 'write' || call.requiredRole !== undefined) {
      return refused('GRADE_MISMATCH', `${call.tool} is not graded as a console's declared write.`);
    }
  } else if (!grade || grade.sideEffect !== call.sideEffect || grade.risk !== call.risk || grade.requiredRole !== call.requiredRole) {
    return refused('GRADE_MISMATCH', `${call.tool} is not graded ${call.sideEffect}/${call.risk} in the catalog.`);
  }
  // A read is never confirmed; a write its caller may run anyway may still be put to a person (policy.ts mayConfirm).
  if (!mayConfirm(call.sideEffect)) return refused('NOT_CONFIRMABLE', `${call.tool} reads only; there is nothing to confirm.`);
  const forged = await integrityProblem(call, sender);
  if (forged) {
    void storageAuditSink.write(refusedRecord(call, forged.code, forged.detail, sender.tabId));
    return refused(forged.code, forged.detail);
  }
  // TTL is policy, computed here from the risk: never from the page or the model.
  const now = Date.now();
  const stored: PreparedCall = { ...call, createdAt: now, expiresAt: now + RISK_RULES[call.risk].ttlMs };
  persist();
  try {
    await ledger.add(stored);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    const code = /already exists/.test(msg) ? 'DUPLICATE_ACTION' : e instanceof StorageFull ? STORAGE_FULL : 'NOT_STORED';
    return refusal(code, `The confirmation could not be stored: ${msg}`, code === 'DUPLICATE_ACTION' ? 'forbidden' : 'unavailable', 'Nothing was stored and nothing will be done.');
  }
  return { ok: true };
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

/**
 * Why a prepared call cannot be what a person is shown, or null. The card is rendered from
 * input + provenance; `display` and `conflicts` must follow from them, the fingerprint must
 * cover them, and a value said to come from the URL must be in the URL the browser reports.
 */
async function integrityProblem(call: PreparedCall, sender: ContentSender): Promise<{ code: string; detail: string } | null> {
  try {
    if (!same(call.display, displayOf(call.input, call.provenance))) {
      return { code: 'DISPLAY_MISMATCH', detail: 'The card text of this call does not follow from its input; it was refused.' };
    }
    if (!same(call.conflicts, conflictsOf(call.provenance))) {
      return { code: 'CONFLICTS_MISMATCH', detail: 'The conflicts reported for this call do not follow from its sources; it was refused.' };
    }
    const canonical = canonicalOf(call);
    if (call.canonical !== canonical || call.fingerprint !== (await sha256Hex(canonical))) {
      return { code: 'FINGERPRINT_MISMATCH', detail: 'The fingerprint does not cover what the card would show; it was refused.' };
    }
  } catch {
    return { code: 'NOT_CANONICAL', detail: 'The call has no canonical JSON form; it was refused.' };
  }
  for (const f of call.provenance) {
    if (f.source === 'url' && !urlCarries(sender.url, f.value)) {
      return { code: 'PROVENANCE_MISMATCH', detail: `The tab's URL (as the browser reports it) does not contain "${f.value}" for ${f.field}; it was refused.` };
    }
  }
  const ids = call.provenance.filter((f) => f.field === 'conversation').map((f) => f.value);
  if (call.binding.recordId && ids.length && !ids.includes(call.binding.recordId)) {
    return { code: 'RECORD_MISMATCH', detail: 'The record the call is bound to is not one its sources name; it was refused.' };
  }
  if (call.sideEffect === 'send') {
    const { bidi, tag } = forbiddenControls(JSON.stringify(call.input));
    if (bidi + tag > 0) return { code: 'HIDDEN_CONTROLS', detail: 'A send may not contain bidi overrides or tag characters; it was refused.' };
  }
  return null;
}

/** A refused ledger.add is a security event: it is kept like an outcome (never dropped). */
function refusedRecord(call: PreparedCall, code: string, detail: string, tabId: number): AuditRecord {
  return auditRecord({
    kind: 'confirmation',
    traceId: call.traceId,
    toolCallId: call.actionId,
    tool: call.tool,
    caller: call.caller,
    input: call.input,
    sideEffect: call.sideEffect,
    risk: call.risk,
    status: 'rejected',
    errorCode: code,
    summary: `${detail} (tab ${tabId})`,
    subject: subjectOfCall(call),
    actionId: call.actionId,
  });
}

const notNow = (code: string, detail: string, suggestion: string, params?: Record<string, string>): ToolError => ({ code, type: 'rejected', detail, suggestion, retryable: false, traceId: '', ...(params ? { params } : {}) });

/**
 * Is the bound tab still on the call's console and record? Checked before a confirmation is
 * accepted (a refusal leaves the call pending) and to mark cards stale. The tab URL the
 * browser reports is the strongest source; without a URL fact the content script's reading
 * of the record is asked.
 */
export async function stillBound(call: PreparedCall): Promise<ToolError | null> {
  const tabId = call.binding.tabId;
  if (tabId === undefined) return notNow('NO_TAB', 'The action is not bound to a tab.', 'Reject it and start again from the console.');
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!tab) return notNow('TAB_CLOSED', 'The console tab of this action was closed.', 'Reject it, or reopen the console and start again.');
  if (tab.url && new URL(tab.url).origin !== call.binding.origin) {
    return notNow('TAB_NAVIGATED', 'The tab no longer shows the console the action was prepared on.', 'Go back to the console, or reject it.');
  }
  if (call.definition !== undefined) {
    // A console's declared tool: the page must still declare it exactly as when it was prepared.
    const asked = await askTab(tabId, { type: 'page.info' });
    const info = 'reply' in asked ? PageInfoReply.safeParse(asked.reply).data : undefined;
    if (info?.declared?.[call.tool] !== call.definition) {
      return notNow('TOOL_CHANGED', `The console changed or removed its tool ${call.tool} after this action was prepared.`, 'Reject it and start the action again.');
    }
  }
  const urlFacts = call.provenance.filter((f) => f.source === 'url' && f.field === 'conversation');
  if (urlFacts.length && tab.url && !urlFacts.every((f) => urlCarries(tab.url!, f.value))) return stale(call);
  if (!call.binding.recordId) return null;
  // The URL can stay while the page shows another record in place (its heading, its data
  // attributes): every other source the card was prepared from must still say the same.
  const asked = await askTab(tabId, { type: 'page.info' });
  const info = 'reply' in asked ? PageInfoReply.safeParse(asked.reply).data : undefined;
  if (!info) return null;
  if (!urlFacts.length && info.conversationId && info.conversationId !== call.binding.recordId) return stale(call);
  const notUrl = (fs: readonly Fact[]) => fs.filter((f) => f.source !== 'url');
  if (info.ids && recordDrift(notUrl(call.provenance), notUrl(info.ids))) return stale(call);
  return null;
}

const stale = (call: PreparedCall) =>
  notNow('STALE_RECORD', `The console tab now shows another record, not "${call.binding.recordId}" this action is for.`, `Go back to ${call.binding.recordId} to confirm it, or reject it.`, { record: call.binding.recordId ?? '' });

export async function listForTab(tabId: number): Promise<{ pending: LedgerEntry[]; recent: LedgerEntry[]; stale: Record<string, ToolError> }> {
  // One read of the ledger after expiry, and every card's tab check at once: the side panel's
  // first cards wait on this answer (issue 22 item 4).
  await ledger.expireStale();
  const mine = (await ledger.all()).filter((e) => e.call.binding.tabId === tabId);
  const pending = mine.filter((e) => e.state === 'pending');
  const recent = mine
    .filter((e) => e.state !== 'pending')
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, 10);
  const why = await Promise.all(pending.map((e) => stillBound(e.call)));
  const stale: Record<string, ToolError> = {};
  pending.forEach((e, i) => {
    if (why[i]) stale[e.call.actionId] = why[i]!;
  });
  return { pending, recent, stale };
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
    askTab(tabId, { type: 'confirm.execute', call, approvedBy }),
    timeout,
  ]);
  if (answer === 'timeout') return uncertain('The console tab did not report back in time; the action may or may not have happened.');
  if (answer && typeof answer === 'object' && 'lost' in answer) {
    // "Receiving end does not exist": the message never reached a content script.
    if (/receiving end does not exist/i.test(answer.lost)) return failed('NOT_DELIVERED', 'The console tab is not ready (reloading?); nothing was done.');
    // The page went before its answer could leave (a link to the reply page, a fast redirect): the check it handed on decides.
    const handed = await awaitHandedOn(call.traceId, tabId);
    if (handed) return fromVerdict(handed, call);
    return uncertain(`The console tab stopped answering (${answer.lost}); the action may or may not have happened.`);
  }
  const parsed = ExecReply.safeParse(answer.reply);
  if (!parsed.success) return uncertain('The console tab did not answer clearly; the action may or may not have happened.');
  if (!parsed.data.ok) return failed(parsed.data.error.code, parsed.data.error.detail);
  // The console loaded another page after the submit: what that page shows decides.
  if (parsed.data.nextPage) return fromVerdict(await awaitCheck(parsed.data.nextPage, tabId), call);
  return parsed.data.outcome as ExecOutcome;
}

/** A next page's answer as an outcome: executed only when it showed the result; never retried. */
function fromVerdict(v: Verdict, call: PreparedCall): ExecOutcome {
  if (v.status === 'done') return { status: 'executed', data: v.data };
  const error = { ...v.error, retryable: false, traceId: call.traceId };
  return error.type === 'failed' ? { status: 'failed', error } : { status: 'uncertain', error: { ...error, type: 'uncertain' } };
}
