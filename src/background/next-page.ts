/**
 * The worker's half of "verify on the next page". A content script that pressed a console's
 * submit and is unloading (a full-page POST) hands over a check (`delivery.navigating`, from
 * its tab's top frame: tab and origin as the browser stamped them). The worker waits for the
 * tab's next page and asks that page's content script (`delivery.verify`, a message only the
 * worker sends) whether it shows the result. The page that pressed refuses to answer for
 * itself, so the answer always comes from the new page. No next page in time, a closed tab or
 * another site: uncertain, never executed and never retried.
 *
 * Callers get the result by check id: the confirmation path (dispatchToTab) and the side
 * panel (`delivery.await`) alike. Each check is verified once; its result is kept a while.
 */
import { askTab } from '../messages/client.ts';
import { z } from '../tools/zod.ts';
import { RunResultSchema, type NextPageCheck } from '../messages/index.ts';
import { auditRecord } from '../tools/audit.ts';
import { errorSpec, toolError } from '../tools/errors.ts';
import type { PreparedCall, ToolError } from '../tools/types.ts';
import { storageAuditSink } from './audit-store.ts';

/** How long the console may take to load its next page and show it to our content script. */
export const NEXT_PAGE_MS = 20_000;
/** How long a caller's question may come before the check itself (two processes race). */
const ANNOUNCE_MS = 3_000;
const RETRY_MS = 150;
/** Results are kept this long for late askers, then dropped. */
const KEEP_MS = 120_000;

/** A tool's result decided on the next page (errors keep the call's trace id). */
/** What a next page said of a submit: a tool result as the side panel reads it. */
/** The next page's answer: it looked (`result`, a run result); a refusal means "not this page yet". */
const VerifyReply = z.looseObject({ ok: z.literal(true), result: z.unknown(), nextPage: z.optional(z.uuid()) });

/**
 * A carried confirmed call (check.carry.actionId): the worker's own copy from its ledger and who
 * approved it, only while that action is dispatched to this tab (set by confirm.ts; next-page.ts
 * does not import the ledger, which imports it).
 */
type CarriedCall = (actionId: string, tabId: number) => Promise<{ call: PreparedCall; approvedBy: string } | null>;
let carriedCall: CarriedCall = async () => null;
export function setCarriedCalls(fn: CarriedCall): void {
  carriedCall = fn;
}

export type Verdict = { status: 'done'; data: unknown } | { status: 'failed' | 'uncertain'; error: ToolError };

interface Entry {
  checkId: string;
  tabId: number;
  origin: string;
  check: NextPageCheck;
  result: Promise<Verdict>;
  /** A carried confirmed call, looked up in the ledger once for all of the check's attempts. */
  carried?: Promise<{ call: PreparedCall; approvedBy: string } | null>;
}

const entries = new Map<string, Entry>();
/** Checks by the trace id of the call that handed them on, in order: a carried job's own submit hands on another. */
const byTrace = new Map<string, string[]>();
/** Askers that came before their check did. */
const waiting = new Map<string, ((e: Entry) => void)[]>();
/** Wakes a tab's loops when its new page's content script says hello (tab.whoami). */
const kicks = new Map<number, Set<() => void>>();

const uncertain = (check: NextPageCheck, code: string, detail: string): Verdict => ({
  status: 'uncertain',
  error: toolError(errorSpec('uncertain', code, detail, `${check.words.check} It is not retried automatically.`), check.traceId),
});

/** A content script's check: registered once, verified in the background. */
export function expectNextPage(checkId: string, check: NextPageCheck, sender: { tabId: number; origin: string }): void {
  if (entries.has(checkId)) return;
  const entry: Entry = { checkId, tabId: sender.tabId, origin: sender.origin, check, result: Promise.resolve(uncertain(check, 'NO_NEXT_PAGE', 'not started')) };
  entry.result = verify(entry).then((r) => {
    audit(entry, r);
    return r;
  });
  entries.set(checkId, entry);
  byTrace.set(check.traceId, [...(byTrace.get(check.traceId) ?? []), checkId]);
  setTimeout(() => {
    entries.delete(checkId);
    const rest = (byTrace.get(check.traceId) ?? []).filter((id) => id !== checkId);
    if (rest.length) byTrace.set(check.traceId, rest);
    else byTrace.delete(check.traceId);
  }, NEXT_PAGE_MS + KEEP_MS);
  for (const resolve of waiting.get(checkId) ?? []) resolve(entry);
  waiting.delete(checkId);
  for (const resolve of waiting.get(`trace:${check.traceId}`) ?? []) resolve(entry);
  waiting.delete(`trace:${check.traceId}`);
}

/** The check a call's page handed on after `after` (the first, without it), if there is one yet. */
function handedOn(traceId: string, after?: string): Entry | undefined {
  const ids = byTrace.get(traceId) ?? [];
  const from = after ? ids.indexOf(after) + 1 : 0;
  return after && from === 0 ? undefined : ids.slice(from).map((id) => entries.get(id)).find((e) => !!e);
}

/**
 * The result of the check a call handed on as its page went, when its answer could not leave
 * (the page unloaded first): the confirmation path asks by the call's trace id.
 */
export async function awaitHandedOn(traceId: string, tabId: number): Promise<Verdict | null> {
  const entry = handedOn(traceId) ?? (await announced(`trace:${traceId}`));
  if (!entry || entry.tabId !== tabId) return null;
  return entry.result;
}

/** The next page's content script is up (it asked who it is): try at once instead of at the next tick. */
export function pageArrived(tabId: number): void {
  for (const kick of kicks.get(tabId) ?? []) kick();
}

/** The result of a check, for the worker's own confirmation path or the side panel. */
export async function awaitCheck(checkId: string, tabId?: number): Promise<Verdict> {
  const entry = entries.get(checkId) ?? (await announced(checkId));
  if (!entry) {
    return { status: 'uncertain', error: toolError(errorSpec('uncertain', 'NO_NEXT_PAGE', 'The console page said it was loading another page, but its check never arrived.', 'Check on the console before doing anything again; it is not retried automatically.'), '') };
  }
  if (tabId !== undefined && entry.tabId !== tabId) return uncertain(entry.check, 'NO_NEXT_PAGE', 'The check belongs to another tab.');
  return entry.result;
}

function announced(checkId: string): Promise<Entry | null> {
  return new Promise((resolve) => {
    const list = waiting.get(checkId) ?? [];
    const done = (e: Entry | null) => {
      clearTimeout(timer);
      resolve(e);
    };
    list.push(done);
    waiting.set(checkId, list);
    const timer = setTimeout(() => {
      waiting.set(checkId, (waiting.get(checkId) ?? []).filter((f) => f !== done));
      resolve(null);
    }, ANNOUNCE_MS);
  });
}

type Attempt = { kind: 'answer'; verdict: Verdict } | { kind: 'again' } | { kind: 'stop'; verdict: Verdict };

/** Asks the tab's top frame until a page other than the one that pressed answers, or the time is up. */
async function verify(e: Entry): Promise<Verdict> {
  const deadline = Date.now() + NEXT_PAGE_MS;
  while (Date.now() < deadline) {
    const a = await attempt(e);
    if (a.kind !== 'again') return a.verdict;
    await pause(e.tabId, Math.min(RETRY_MS, Math.max(0, deadline - Date.now())));
  }
  return uncertain(e.check, 'NO_NEXT_PAGE', `The console did not show a next page deskhand could read within ${NEXT_PAGE_MS / 1000} s after the submit; it may or may not have taken it.`);
}

async function attempt(e: Entry): Promise<Attempt> {
  // A carried job whose page unloaded before it could answer (its own submit): that page's check decides.
  const later = e.check.carry ? handedOn(e.check.traceId, e.checkId) : undefined;
  if (later) return { kind: 'answer', verdict: await later.result };
  const tab = await chrome.tabs.get(e.tabId).catch(() => undefined);
  if (!tab) return { kind: 'stop', verdict: uncertain(e.check, 'TAB_CLOSED', 'The console tab was closed before its next page showed the result.') };
  if (tab.url && tab.status === 'complete' && new URL(tab.url).origin !== e.origin) {
    return { kind: 'stop', verdict: uncertain(e.check, 'TAB_NAVIGATED', 'After the submit the tab went to another site, so the result could not be read.') };
  }
  const actionId = e.check.carry?.actionId;
  const carried = actionId ? await (e.carried ??= carriedCall(actionId, e.tabId)) : null;
  if (actionId && !carried) {
    return { kind: 'stop', verdict: { status: 'failed', error: toolError(errorSpec('failed', 'CARRY_REFUSED', 'The page asked to carry an action that is not being carried out in this tab; nothing was sent.', e.check.words.fix), e.check.traceId) } };
  }
  const asked = await askTab(e.tabId, { type: 'delivery.verify', checkId: e.checkId, check: e.check, ...(carried ? { carried } : {}) });
  const reply = 'reply' in asked ? VerifyReply.safeParse(asked.reply).data : undefined;
  // No content script yet (still loading), or the old page (still waiting for the server).
  if (!reply) return { kind: 'again' };
  // The carried job's own submit loaded yet another page: that page's check decides.
  if (reply.nextPage && e.check.carry) return { kind: 'answer', verdict: await awaitCheck(reply.nextPage, e.tabId) };
  const parsed = RunResultSchema.safeParse(reply.result);
  if (!parsed.success) return { kind: 'stop', verdict: uncertain(e.check, 'NO_NEXT_PAGE', 'The next page did not answer clearly.') };
  const r = parsed.data;
  if (r.status === 'done') return { kind: 'answer', verdict: { status: 'done', data: r.data } };
  // A next page either shows the result or says it was refused; anything else is not known.
  return { kind: 'answer', verdict: { status: r.status === 'uncertain' ? 'uncertain' : 'failed', error: { ...r.error, traceId: e.check.traceId } } };
}

/** Waits `ms`, or less when the tab's new page says hello. */
function pause(tabId: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const set = kicks.get(tabId) ?? new Set<() => void>();
    const done = () => {
      clearTimeout(timer);
      set.delete(done);
      if (!set.size) kicks.delete(tabId);
      resolve();
    };
    const timer = setTimeout(done, ms);
    set.add(done);
    kicks.set(tabId, set);
  });
}

/** The decision is kept with the call's other records (the content script that started it is gone). */
function audit(e: Entry, r: Verdict): void {
  const record = auditRecord({
    kind: 'invoke',
    traceId: e.check.traceId,
    toolCallId: e.checkId,
    tool: e.check.tool,
    caller: e.check.caller,
    input: { nextPage: true },
    status: r.status,
    errorCode: r.status === 'done' ? null : r.error.code,
    summary: r.status === 'done' ? `verified on the console's next page: ${String((r.data as { seen?: unknown }).seen ?? '')}` : r.error.detail,
  });
  void storageAuditSink.write(record);
}
