/**
 * After a check from the previous page was answered here: an agent who pressed a hotkey (or
 * ran a flow) sees on this page what became of it. The side panel shows confirmed calls'
 * outcomes itself; this is the console-page word.
 */
import type { NextPageCheck } from '../messages/schemas.ts';
import type { RunResult } from '../tools/types.ts';
import { errorText } from '../ui/errors.ts';
import { t } from '../ui/i18n.ts';
import { toast } from './toast.ts';

export function announceVerdict(check: NextPageCheck, result: RunResult<unknown>): void {
  if (check.caller !== 'hotkey' && check.caller !== 'plan') return;
  if (result.ok) return toast(t('toastLandedNextPage'), 'ok', 5_000);
  toast(errorText({ ...result.error }), result.error.type === 'uncertain' ? 'warn' : 'error', 7_000);
}
