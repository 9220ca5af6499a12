/**
 * When to try a delivery again (the log export, src/background/log-export.ts): exponential
 * backoff with jitter, and the server's own Retry-After when it gives one. Pure: the worker
 * stores the moment and wakes for it with chrome.alarms, since a timer dies with the worker.
 *
 * Why hand-written: npm's retry libraries (p-retry, exponential-backoff) run the retry loop
 * in-process with timers; here every wait must survive the service worker being stopped, so
 * only the delay arithmetic is needed.
 */

export interface Backoff {
  /** The first wait. */
  baseMs: number;
  /** No wait is longer than this (a Retry-After too). */
  capMs: number;
}

export const EXPORT_BACKOFF: Backoff = { baseMs: 2_000, capMs: 5 * 60_000 };

/**
 * The wait before try number `attempt + 1` (attempt 1 is the first retry): base·2^(attempt−1),
 * capped, with "equal jitter" — half fixed, half random — so many browsers that failed
 * together do not retry together, and no wait collapses to nothing.
 */
export function backoffMs(attempt: number, random: () => number = Math.random, b: Backoff = EXPORT_BACKOFF): number {
  const exp = Math.min(b.capMs, b.baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30)));
  return Math.round(exp / 2 + random() * (exp / 2));
}

/**
 * A Retry-After header as a wait in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3),
 * capped; null when absent or unreadable (the caller's backoff applies).
 */
export function retryAfterMs(header: string | null, now: number, capMs = EXPORT_BACKOFF.capMs): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(capMs, Number(text) * 1000);
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.min(capMs, Math.max(0, at - now));
}

/**
 * Whether an HTTP answer means "try again later": 408, 429 and every 5xx. OTLP names 429, 502,
 * 503 and 504 as retryable; other 5xx are tried again too, because a server error says nothing
 * about the records and dropping an audit trail on a passing fault loses it for good. Other
 * 4xx are the endpoint refusing the request: sending it again cannot help.
 */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}
