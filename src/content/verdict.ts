/**
 * After a check from the previous page was answered here: an agent who pressed a hotkey (or
 * ran a flow) sees on this page what became of it. The side panel shows confirmed calls'
 * outcomes itself; this is the console-page word.
 */
import type { NextPageCheck } from '../messages/schemas.ts';
import { fail } from '../tools/errors.ts';
import type { RunResult } from '../tools/types.ts';
import { errorText } from '../ui/errors.ts';
import { t } from '../ui/i18n.ts';
import { toast } from './toast.ts';

/** Verdicts this page gave, by check id, for a flow that resumes here and waits for its submit's. */
const given = new Map<string, RunResult<unknown>>();
const waiters = new Map<string, (r: RunResult<unknown>) => void>();

export function verdictFor(checkId: string, timeoutMs: number): Promise<RunResult<unknown>> {
  const had = given.get(checkId);
  if (had) return Promise.resolve(had);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiters.delete(checkId);
      resolve(fail('uncertain', 'NO_VERDICT', 'This page never said whether the submit landed.', 'Check the console before trying again; it is not retried automatically.'));
    }, timeoutMs);
    waiters.set(checkId, (r) => {
      clearTimeout(timer);
      resolve(r);
    });
  });
}

export function announceVerdict(checkId: string, check: NextPageCheck, result: RunResult<unknown>): void {
  given.set(checkId, result);
  waiters.get(checkId)?.(result);
  waiters.delete(checkId);
  if (check.caller !== 'hotkey' && check.caller !== 'plan') return;
  // D carried to the record's reply page: the draft is in this page's box, which is what to say.
  if (result.status === 'done' && check.carry && check.tool === 'reply.draft') return toast(t('toastDrafted'), 'ok', 7_000);
  // A flow's step: the flow that goes on here (src/content/flows.ts) gives the final word.
  if (result.status === 'done') return toast(check.caller === 'plan' ? t('toastStepLandedNextPage') : t('toastLandedNextPage'), 'ok', 5_000);
  toast(errorText({ ...result.error }), result.error.type === 'uncertain' ? 'warn' : 'error', 7_000);
}
