/**
 * Waiting for the console to answer after we pressed one of its buttons. A mutation
 * observer plus a deadline: the result is "saw it", "saw an error" or "saw nothing"
 * (which the caller reports as uncertain, never as done).
 */

export type Observed<T> = { kind: 'done'; value: T } | { kind: 'error'; detail: string } | { kind: 'silent' };

export function observe<T>(
  root: Node,
  check: () => Observed<T> | null,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Observed<T>> {
  return new Promise((resolve) => {
    const first = check();
    if (first) return resolve(first);
    const view = (root.ownerDocument ?? (root as Document)).defaultView ?? window;
    const finish = (r: Observed<T>) => {
      observer.disconnect();
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(r);
    };
    const onAbort = () => finish({ kind: 'silent' });
    const observer = new view.MutationObserver(() => {
      const r = check();
      if (r) finish(r);
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setTimeout(() => finish(check() ?? { kind: 'silent' }), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Resolves once `root` has had no DOM change for `quietMs` (or after `maxMs`): a form that
 * loads the fields belonging to a choice (osTicket's Help Topic loads its subject and
 * message fields by ajax) is complete then.
 */
export function quiet(root: Node, quietMs: number, maxMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const view = (root.ownerDocument ?? (root as Document)).defaultView ?? window;
    let still: ReturnType<typeof setTimeout>;
    const finish = () => {
      observer.disconnect();
      clearTimeout(still);
      clearTimeout(cap);
      signal?.removeEventListener('abort', finish);
      resolve();
    };
    const observer = new view.MutationObserver(() => {
      clearTimeout(still);
      still = setTimeout(finish, quietMs);
    });
    observer.observe(root, { subtree: true, childList: true });
    still = setTimeout(finish, quietMs);
    const cap = setTimeout(finish, maxMs);
    signal?.addEventListener('abort', finish, { once: true });
  });
}

/**
 * Waits until `check` returns something, re-checking on DOM changes and every `everyMs` (what a
 * MutationObserver on this document cannot see: a same-origin iframe's page loading). Null
 * when the time is up or the signal aborts.
 */
export function waitFor<T>(check: () => T | null, timeoutMs: number, signal?: AbortSignal, everyMs = 100): Promise<T | null> {
  return new Promise((resolve) => {
    const first = check();
    if (first !== null) return resolve(first);
    let done = false;
    const finish = (v: T | null) => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearInterval(tick);
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve(v);
    };
    const poll = () => {
      const v = check();
      if (v !== null) finish(v);
    };
    const onAbort = () => finish(null);
    const observer = new MutationObserver(poll);
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
    const tick = setInterval(poll, everyMs);
    const timer = setTimeout(() => finish(check()), timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
