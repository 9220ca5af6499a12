/**
 * The organisation's log pipeline (managed policy `logExport`): where the worker sends this
 * browser's audit records as OTLP/HTTP logs. Set by an admin's policy only — it is no setting
 * (`mergeManaged` ignores keys the settings schema does not have, so nothing an agent saves can
 * point the audit trail elsewhere), and the worker reads it from chrome.storage.managed itself.
 * `managed-schema.ts` adds it to the policy schema beside the settings.
 */
import { z } from '../tools/zod.ts';

export const LOG_EXPORT_POLICY = 'logExport';

/** An HTTP header name (RFC 9110 token). */
const HeaderName = z.string().check(z.regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/));

export const LogExportPolicy = z.lazy(() =>
  z.object({
    /** The collector's OTLP/HTTP base URL (`/v1/logs` is added), or its logs URL itself. */
    endpoint: z.url({ protocol: /^https?$/ }).check(z.maxLength(2_000)),
    /** Sent with every request, e.g. an API key the collector asks for. */
    headers: z._default(z.record(HeaderName, z.string().check(z.maxLength(4_000))).check(z.refine((h) => Object.keys(h).length <= 20, 'At most 20 headers')), {}),
  }),
);
export type LogExportPolicy = z.output<typeof LogExportPolicy>;

/**
 * The policy as the worker uses it, or null (none, or not usable). Plain http only to this
 * machine (a collector agent on localhost): headers often carry a key, and the records
 * carry who did what for which customer.
 */
export function exportTarget(raw: unknown): (LogExportPolicy & { origin: string }) | null {
  const parsed = LogExportPolicy.safeParse(raw);
  if (!parsed.success) return null;
  const u = new URL(parsed.data.endpoint);
  if (u.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(u.hostname)) return null;
  if (u.username || u.password) return null;
  return { ...parsed.data, origin: u.origin };
}
