/** The window a node lives in (an iframe editor's own), and an abortable wait. */
export type Win = Window & typeof globalThis;

/** The window of `n`'s document (an iframe's own for nodes inside it). */
export const win = (n: Node): Win => (n.ownerDocument ?? (n as Document)).defaultView as Win;

/** Waits `ms`; rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
