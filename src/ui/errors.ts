/**
 * Errors as people read them. Errors cross contexts as data with an English `detail` for
 * developers and the model; what an agent sees is the message for its `code` (and, where
 * the meaning differs by type, `err_<CODE>_<type>`), with field names filled in. A code
 * with no message falls back to a localised sentence for its type that names the code —
 * never to the English detail. test/extension/i18n.test.ts lists the codes in src/ and
 * fails when a person-facing one has no message.
 */
import type { ToolError } from '../tools/types.ts';
import { joinList, t, tOr } from './i18n.ts';

export type ShownError = Pick<ToolError, 'code' | 'type' | 'detail'> & Partial<Pick<ToolError, 'fields' | 'params'>>;

/** Codes whose `detail` is already in the agent's language (the endpoint errors, src/llm/errors.ts). */
const LOCALISED_DETAIL = /^ENDPOINT_/;

/** What the `$1` of a code's message is, when it has one: from the error's structured `params`, never its English `detail`. */
const PARAMS: Record<string, (e: ShownError) => string> = {
  GENERATE_FAILED: (e) => e.params?.reason ?? '',
  // The record the action was confirmed for (src/tools/executor.ts).
  RECORD_CHANGED: (e) => e.params?.record || t('theRecord'),
  STALE_RECORD: (e) => e.params?.record || t('theRecord'),
};

/** A person-facing name of a field key ("email" -> 邮箱), else the key itself. */
export const fieldName = (key: string): string => tOr(`fieldName_${key.replace(/[^A-Za-z0-9]/g, '_')}`, key);

/** The `$1` of an error's message: its own parameter, or the names of the fields it is about. */
export function errorParam(e: ShownError): string {
  const own = PARAMS[e.code];
  if (own) return own(e);
  return e.fields?.length ? joinList(e.fields.map((f) => fieldName(f.path.split('.')[0] || f.path))) : '';
}

export function errorText(e: ShownError): string {
  if (LOCALISED_DETAIL.test(e.code)) return e.detail;
  const p = errorParam(e);
  const msg = chrome.i18n.getMessage(`err_${e.code}_${e.type}`, [p]) || chrome.i18n.getMessage(`err_${e.code}`, [p]);
  return msg || t(`errType_${e.type}`, e.code);
}
