/**
 * The audit log to the organisation's log pipeline: OTLP/HTTP logs, JSON encoding
 * (src/tools/otlp.ts), to the endpoint an admin's policy sets (`logExport`,
 * src/settings/log-export.ts) — never one a person or a page sets, and nothing at all without
 * that policy.
 *
 * Never in the agent's way: records are queued here after the audit stored them (appendAudit
 * hands them over without waiting) and sent from the worker. Batched: a batch goes when 50
 * are waiting, else a few seconds after the first; a timer dies with the worker, so an alarm
 * wakes it for what is left. A network error, a timeout, 408, 429 or a 5xx is tried again
 * with exponential backoff and jitter, or after the server's Retry-After; a refusal (another
 * 4xx) drops that batch and counts it. The queue is bounded in chrome.storage.local: when full
 * the oldest records go and are counted. The Activity view shows all of it (`exportStatus`).
 * Delivery is at least once: a worker stopped mid-request sends that batch again, with the same
 * `log.record.uid` on each record so the pipeline can drop the copy.
 *
 * Host access, least privilege as for the admin's KB URLs (kb.ts): the endpoint's origin is not
 * in the manifest's host permissions (no origin is known at build time, and a grant for every
 * site would let the worker send anywhere). The request goes as a CORS request, which a
 * collector that allows the extension's origin answers; otherwise the Activity view offers
 * the run-time grant the manifest's optional_host_permissions allow for that one origin
 * (chrome.permissions.request, a person's click), and a grant sends the queue at once.
 */
import { exportRequest, logsUrl, rejectedCount } from '../tools/otlp.ts';
import { retryableStatus } from '../tools/backoff.ts';
import type { AuditRecord } from '../tools/audit.ts';
import { delivered, emptyExportState, enqueue, EXPORT_BATCH, exportStateOf, nextBatch, refusedBatch, retryLater, type ExportState, type QueuedItem } from '../tools/export-queue.ts';
import { exportTarget, LOG_EXPORT_POLICY, type LogExportPolicy } from '../settings/log-export.ts';

const KEY = 'logExportQueue';
const ALARM = 'log-export';
/** A batch waits this long for more records before it goes. */
const GATHER_MS = 3_000;
const REQUEST_TIMEOUT_MS = 15_000;

type Target = LogExportPolicy & { origin: string };

/**
 * The admin's policy, read from managed storage only, every time (an in-process read): a
 * policy just removed stops the very next record, with no cache to outlive it.
 */
export function exportPolicy(): Promise<Target | null> {
  return chrome.storage.managed
    .get(LOG_EXPORT_POLICY)
    .then((m) => exportTarget(m[LOG_EXPORT_POLICY]))
    .catch(() => null);
}

/** State changes one after the other (enqueues from many tabs, a flush's result). */
let chain: Promise<unknown> = Promise.resolve();
function update(fn: (s: ExportState) => ExportState): Promise<ExportState> {
  const run = async () => {
    const next = fn(await readState());
    await chrome.storage.local.set({ [KEY]: next });
    return next;
  };
  const p = chain.then(run, run);
  chain = p.catch(() => {});
  return p;
}

async function readState(): Promise<ExportState> {
  return exportStateOf((await chrome.storage.local.get(KEY))[KEY]);
}

/** Records that could not even be queued (storage full), this worker's lifetime; added to `dropped` when shown. */
let lostInMemory = 0;

/** Records the audit just stored: queued for the pipeline when a policy names one (else nothing). */
export async function exportRecords(records: readonly AuditRecord[]): Promise<void> {
  if (!records.length || !(await exportPolicy())) return;
  let state: ExportState;
  try {
    state = await update((s) => enqueue(s, records, () => crypto.randomUUID()));
  } catch {
    // Storage refused the queue itself (full): these records are lost to the pipeline; say so.
    lostInMemory += records.length;
    return;
  }
  if (state.items.length >= EXPORT_BATCH && !waiting(state)) void flush();
  else schedule(state);
}

const waiting = (s: ExportState) => s.retryAt !== null && s.retryAt > Date.now();

let timer: ReturnType<typeof setTimeout> | null = null;
/** A flush after the gathering pause or the backoff; an alarm too, for a worker stopped meanwhile. */
function schedule(s: ExportState): void {
  if (!s.items.length) return;
  const at = s.retryAt && s.retryAt > Date.now() ? s.retryAt : Date.now() + GATHER_MS;
  if (timer === null || waiting(s)) {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, Math.max(0, at - Date.now()));
  }
  void chrome.alarms.create(ALARM, { when: at }).catch(() => {});
}

let flushing: Promise<void> | null = null;
/** Sends batches until the queue is empty or a try fails; one flush at a time. */
export function flush(): Promise<void> {
  flushing ??= sendAll().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendAll(): Promise<void> {
  for (;;) {
    const target = await exportPolicy();
    const state = await readState();
    if (!target) {
      // The policy is gone: nothing more is sent, and nothing stays queued for nobody.
      if (state.items.length) await update(() => emptyExportState());
      return void chrome.alarms.clear(ALARM).catch(() => {});
    }
    const batch = nextBatch(state);
    if (!batch.length) return void chrome.alarms.clear(ALARM).catch(() => {});
    if (waiting(state)) return schedule(state);
    const apply = await post(target, batch);
    const next = await update((s) => apply(s, Date.now()));
    // Delivered or refused: the next batch goes at once; a try to repeat waits its turn.
    if (waiting(next)) return schedule(next);
  }
}

type Apply = (s: ExportState, now: number) => ExportState;

/** One request; what it did, as a change of the queue's state. */
async function post(target: Target, batch: QueuedItem[]): Promise<Apply> {
  const version = chrome.runtime.getManifest().version;
  let res: Response;
  try {
    res = await fetch(logsUrl(target.endpoint), {
      method: 'POST',
      // The policy's headers first: the content type is the encoding's, whatever they say.
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify(exportRequest(batch, version)),
      credentials: 'omit',
      // The key in the headers goes to the endpoint the admin named, not where it points on.
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'TimeoutError') return (s, now) => retryLater(s, { kind: 'timeout' }, now);
    // A CORS refusal looks like any network error: without a grant for the origin, say that.
    const granted = await chrome.permissions.contains({ origins: [`${target.origin}/*`] }).catch(() => false);
    return (s, now) => retryLater(s, granted ? { kind: 'network' } : { kind: 'access', origin: target.origin }, now);
  }
  const body = await res.text().catch(() => '');
  if (res.ok) return (s, now) => delivered(s, batch, rejectedCount(body), now);
  if (retryableStatus(res.status)) {
    const after = res.headers.get('retry-after');
    return (s, now) => retryLater(s, { kind: 'http', status: res.status }, now, after);
  }
  return (s, now) => refusedBatch(s, batch, res.status, now);
}

/** What the Activity view shows: the endpoint's host and the queue's numbers (never the headers). */
export async function exportStatus(): Promise<Record<string, unknown>> {
  const target = await exportPolicy();
  if (!target) return { configured: false };
  const s = await readState();
  return {
    configured: true,
    host: new URL(target.endpoint).host,
    origin: target.origin,
    queued: s.items.length,
    sent: s.sent,
    dropped: s.dropped + lostInMemory,
    refused: s.refused,
    lastSentAt: s.lastSentAt,
    failingSince: s.failingSince,
    lastProblem: s.lastProblem,
    retryAt: s.retryAt,
  };
}

/** At worker start, on the alarm, when the policy changes and when a host grant arrives. */
export function installLogExport(): void {
  chrome.alarms.onAlarm.addListener((a) => {
    if (a.name === ALARM) void flush();
  });
  chrome.storage.onChanged.addListener((_changes, area) => {
    if (area === 'managed') void flush();
  });
  chrome.permissions.onAdded.addListener(() => {
    // A grant for the endpoint: try now, not after the backoff.
    void update((s) => ({ ...s, retryAt: null })).then(() => flush());
  });
  void flush();
}
