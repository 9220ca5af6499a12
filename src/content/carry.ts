/**
 * The receiving half of a carried job (src/catalog/carry.ts): the page before pressed the link
 * to this record's page for the job (its update page) and handed the job to the worker, which
 * asks here with `delivery.verify` and a check that has `carry`. This page does the job and
 * answers with its result, as a next page answers for a submit:
 *
 * - only on the page the link pointed to, and only for the record the job was for;
 * - a confirmed call runs through the executor again (fingerprint, grade, the record re-read),
 *   with the call the worker took from its ledger, never one a page handed over;
 * - a job that stops here with nothing done goes back to the page it came from (open-on-demand
 *   leaves the page as it was); a submit that loads yet another page hands its check on.
 */
import type { PreparedCall } from '../tools/types.ts';
import type { NextPageCheck } from '../messages/schemas.ts';
import { fail } from '../tools/errors.ts';
import type { RunResult, ToolResult } from '../tools/types.ts';
import type { Host } from './host.ts';
import { takeAnnounced } from './next-page.ts';
import { announceVerdict } from './verdict.ts';
import { observe, quiet } from '../dom/observe.ts';

let carrying = 0;

/** Whether a carried job is running on this page (it is not carried on again: one hop). */
export const isCarrying = (): boolean => carrying > 0;

export interface CarriedAnswer {
  result: RunResult<unknown>;
  /** The job's own submit loaded another page: its check, for the worker to follow. */
  nextPage?: string;
}

export async function carryHere(host: Host, checkId: string, check: NextPageCheck, carried?: { call: PreparedCall; approvedBy: string }): Promise<CarriedAnswer> {
  const carry = check.carry!;
  const here = `${location.pathname}${location.search}`;
  if (here !== carry.path) {
    return { result: fail('failed', 'CARRY_LOST', `The console showed ${location.pathname} instead of the page its link pointed to (${carry.path}); nothing was done there.`, check.words.fix) };
  }
  const record = host.model.current().identity().recordId;
  if (check.recordId && record !== check.recordId) {
    const params = { record: check.recordId, ...(record ? { now: record } : {}) };
    return { result: fail('failed', 'RECORD_CHANGED', `The page the link opened is about "${record ?? 'no record'}", not "${check.recordId}"; nothing was done there.`, check.words.fix, { params }) };
  }
  if (carry.actionId && (!carried || carried.call.actionId !== carry.actionId)) {
    return { result: fail('failed', 'CARRY_REFUSED', 'The confirmed action did not come with this page’s request; nothing was sent.', check.words.fix) };
  }
  await settled(host, check.tool);
  carrying += 1;
  let result: RunResult<unknown>;
  try {
    result = carried ? await executed(host, carried) : asRun(await host.core.registry.invoke(check.tool, carry.input, host.ctx(check.caller, { traceId: check.traceId })));
  } finally {
    carrying -= 1;
  }
  const nextPage = takeAnnounced(check.traceId);
  if (nextPage) return { result, nextPage };
  announceVerdict(checkId, check, result);
  // Nothing was done here: back to the record's page, as it was before the job.
  if (result.status !== 'done' && result.error.type !== 'uncertain' && result.error.type !== 'failed') history.back();
  return { result };
}

/** How long the carried page may take to show what the job needs (an editor that loads in its iframe). */
const SETTLE_MS = 8_000;

/**
 * The page was just loaded: its editor may come up after the content script (CKEditor builds its
 * iframe on load). The job waits for the page's load, until the page shows one of the facets the
 * tool needs, and for a quiet moment, as a person waits for the page before typing; the tool's
 * own gate decides after that. At most SETTLE_MS in all.
 */
async function settled(host: Host, tool: string): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  // The page's own load first: an editor built in an iframe after the content script started
  // (CKEditor 4) holds the load event until its frame is up, and is editable only after it.
  if (document.readyState !== 'complete') {
    await new Promise<void>((resolve) => {
      window.addEventListener('load', () => resolve(), { once: true });
      setTimeout(resolve, SETTLE_MS);
    });
  }
  const needs = host.core.registry.definition(tool)?.facets ?? [];
  if (needs.length) await observe(document.documentElement, () => (host.model.current().facets()?.some((f) => needs.includes(f)) ? { kind: 'done', value: true } : null), Math.max(0, deadline - Date.now()));
  // Then a moment without changes, as a person waits for the page to stop moving before typing.
  await quiet(document.documentElement, 150, Math.max(0, deadline - Date.now()));
}

async function executed(host: Host, carried: { call: PreparedCall; approvedBy: string }): Promise<RunResult<unknown>> {
  const o = await host.core.executor.execute(carried.call, { approvedBy: carried.approvedBy });
  return o.status === 'executed' ? { status: 'done', data: o.data } : { status: o.status, error: o.error };
}

/** A carried write's result as a run result: anything but done or an error (a new card, a dry run) is not this job's answer. */
function asRun(r: ToolResult): RunResult<unknown> {
  if (r.status === 'done') return { status: 'done', data: r.data };
  if ('error' in r) return { status: r.status, error: r.error };
  return fail('failed', 'CARRY_NOT_DONE', `On the page it was carried to, ${r.status === 'needs_confirmation' ? 'the call now needs a confirmation' : 'the call was only a dry run'}; nothing was done.`, 'Do it again from that page.');
}
