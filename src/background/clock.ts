/**
 * The worker's clocks for confirmation expiry (issue 14 item 3):
 * - a monotonic stamp (`performance.now()` of this worker lifetime, with a random boot id):
 *   ages within one lifetime cannot be shortened by moving the wall clock;
 * - a high-water mark of the wall clock, kept in storage.session: across worker restarts
 *   (performance.now() starts again at 0) a clock moved back cannot make a call younger
 *   than the latest time this browser session has already seen.
 * Time that passes while no worker runs is counted only by the wall clock.
 * The same session record is the boot marker: when it is missing, storage.session was
 * cleared (extension reload or update, browser restart), which is when the journal is replayed.
 */
import type { MonoStamp } from '../tools/ledger.ts';

const KEY = 'clock';
const BOOT = crypto.randomUUID();
let highWater = 0;
let persisted = 0;

export function mono(): MonoStamp {
  return { boot: BOOT, at: performance.now() };
}

/** The latest wall-clock time seen; persisted at most every 5 s (and on every call that is stored). */
export function highWaterMark(): number {
  const now = Date.now();
  if (now > highWater) highWater = now;
  if (highWater - persisted > 5_000) persist();
  return highWater;
}

export function persist(): void {
  persisted = highWater;
  void chrome.storage.session.set({ [KEY]: { highWater } }).catch(() => {});
}

/**
 * Loads the high-water mark. `sessionFresh` is true when storage.session had no clock
 * record: the session was cleared, so this is the first worker after a reload or restart.
 */
export async function loadClock(): Promise<{ sessionFresh: boolean }> {
  const got = (await chrome.storage.session.get(KEY).catch(() => ({}))) as Record<string, { highWater?: number } | undefined>;
  const stored = got[KEY];
  highWater = Math.max(highWater, stored?.highWater ?? 0, Date.now());
  persist();
  return { sessionFresh: !stored };
}
