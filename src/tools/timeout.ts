/**
 * Runs tool code under a deadline and an outside cancel signal. The tool gets one
 * AbortSignal that fires on either, so content-side work stops instead of finishing late.
 *
 * The AbortController is created only when the tool reads `signal`: creating one costs
 * ~4 µs in Node 20 (about a fifth of a whole invoke), and most reads never look at it.
 */

export type Timed<T> =
  | { kind: 'done'; value: T }
  | { kind: 'threw'; error: unknown }
  | { kind: 'timeout' }
  | { kind: 'cancelled' };

/** An abort source whose AbortSignal exists only once somebody asks for it. */
export class LazyAbort {
  private controller: AbortController | undefined;
  private reason: unknown;
  private aborted = false;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.controller?.abort(reason);
  }
}

interface Deadline {
  at: number;
  fire: () => void;
}

/**
 * One timer for every pending deadline. A setTimeout + clearTimeout pair per call cost ~6 µs
 * in a content script (an isolated world), a large part of a read tool's whole invoke; here a
 * call adds to a Set and removes itself when done. The timer is armed for the earliest
 * deadline, fires every entry that is due and re-arms for the next. It may fire with nothing
 * due (the calls finished) and then stops. In Node it holds the process open only while a
 * call is pending (ref/unref; browsers' timer ids have neither).
 */
class Deadlines {
  private readonly pending = new Set<Deadline>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private armedAt = Infinity;

  add(ms: number, fire: () => void): Deadline {
    const d = { at: performance.now() + ms, fire };
    this.pending.add(d);
    if (d.at < this.armedAt) this.arm(d.at);
    else if (this.pending.size === 1) hold(this.timer, true);
    return d;
  }

  remove(d: Deadline): void {
    if (this.pending.delete(d) && this.pending.size === 0) hold(this.timer, false);
  }

  private arm(at: number): void {
    clearTimeout(this.timer);
    this.armedAt = at;
    this.timer = setTimeout(() => this.expire(), Math.max(0, at - performance.now()));
  }

  private expire(): void {
    this.timer = undefined;
    this.armedAt = Infinity;
    const now = performance.now();
    const due: Deadline[] = [];
    let next = Infinity;
    for (const d of this.pending) {
      if (d.at <= now) due.push(d);
      else next = Math.min(next, d.at);
    }
    for (const d of due) {
      this.pending.delete(d);
      d.fire();
    }
    if (next < Infinity && next < this.armedAt) this.arm(next);
  }
}

function hold(timer: ReturnType<typeof setTimeout> | undefined, on: boolean): void {
  const t = timer as { ref?: () => void; unref?: () => void } | undefined;
  if (on) t?.ref?.();
  else t?.unref?.();
}

const deadlines = new Deadlines();

export function runWithDeadline<T>(
  work: (abort: LazyAbort) => Promise<T>,
  timeoutMs: number,
  outer?: AbortSignal,
): Promise<Timed<T>> {
  if (outer?.aborted) return Promise.resolve({ kind: 'cancelled' });
  const abort = new LazyAbort();
  return new Promise<Timed<T>>((resolve) => {
    let settled = false;
    const finish = (r: Timed<T>) => {
      if (settled) return;
      settled = true;
      deadlines.remove(deadline);
      outer?.removeEventListener('abort', onOuter);
      resolve(r);
    };
    const onOuter = () => {
      abort.abort(new DOMException('cancelled', 'AbortError'));
      finish({ kind: 'cancelled' });
    };
    const deadline = deadlines.add(timeoutMs, () => {
      abort.abort(new DOMException('deadline passed', 'TimeoutError'));
      finish({ kind: 'timeout' });
    });
    outer?.addEventListener('abort', onOuter, { once: true });
    let running: Promise<T>;
    try {
      running = work(abort);
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => finish({ kind: 'done', value }),
      (error: unknown) => finish({ kind: 'threw', error }),
    );
  });
}
