/**
 * Errors as people read them. Errors cross contexts as data with an English `detail` for
 * developers and the model; what an agent sees is the message for its `code` (and, where
 * the meaning differs by type, `err_<CODE>_<type>`), with field names filled in. A code
 * with no message falls back to a localised sentence for its type that names the code —
 * never to the English detail. test/i18n/keys.test.ts lists the codes in src/ and fails when
 * a person-facing one has no message.
 */
import type { EndpointProblem } from '../llm/errors.ts';
import type { ToolError } from '../tools/types.ts';
import { joinList, t, tOr } from './i18n.ts';

export type ShownError = Pick<ToolError, 'code' | 'type' | 'detail'> & Partial<Pick<ToolError, 'fields' | 'params'>>;

/** A model endpoint's failure (src/llm/errors.ts) in the agent's language: its status and what it said, as data. */
export function endpointText(p: { code: EndpointProblem['code'] | string; status?: number | string | undefined; said?: string | undefined }): string {
  return tOr(`endpoint_${p.code}`, t('endpoint_unknown', '?', p.said ?? p.code), p.status === undefined ? '?' : String(p.status), p.said ?? '');
}

/** What the `$1` of a code's message is, when it has one: from the error's structured `params`, never its English `detail`. */
const PARAMS: Record<string, (e: ShownError) => string> = {
  GENERATE_FAILED: (e) => e.params?.reason ?? '',
  // The record the action was confirmed for (src/tools/executor.ts).
  RECORD_CHANGED: (e) => e.params?.record || t('theRecord'),
  STALE_RECORD: (e) => e.params?.record || t('theRecord'),
  // The record a flow started on (src/content/flows.ts).
  FLOW_RECORD_CHANGED: (e) => e.params?.record || t('theRecord'),
  // The job whose control is another's (src/page/owners.ts).
  FOREIGN_CONTROL: (e) => tOr(`job_${e.params?.job ?? ''}`, e.params?.job ?? ''),
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
  // The worker's generate step forwards endpoint failures as ENDPOINT_<CODE> with their status and words in params.
  if (e.code.startsWith('ENDPOINT_')) return endpointText({ code: e.code.slice('ENDPOINT_'.length).toLowerCase(), status: e.params?.status, said: e.params?.said });
  const p = errorParam(e);
  // A known cause (params.cause, e.g. storage_full) has its own message: what happened and what to do.
  const cause = e.params?.cause && /^[a-z_]+$/.test(e.params.cause) ? chrome.i18n.getMessage(`err_${e.code}_${e.params.cause}`, [p]) : '';
  const msg = cause || chrome.i18n.getMessage(`err_${e.code}_${e.type}`, [p]) || chrome.i18n.getMessage(`err_${e.code}`, [p]);
  return msg || t(`errType_${e.type}`, e.code);
}
