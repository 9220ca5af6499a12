/**
 * The eager end of the developer bridge's isolated-world host: the window listener, with the
 * checks that cost nothing (this window, this origin, the bridge on here, a request's tag).
 * What passes goes to the kit's bridge handler (bridge-host.ts), which parses it with zod and
 * rate-limits it. Kept apart so the eager loader carries no schema (issue 22).
 */

export const BRIDGE_TAG = 'deskhand/bridge/v1';

export function isRequestLike(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { tag?: unknown }).tag === BRIDGE_TAG && (data as { kind?: unknown }).kind === 'request';
}

export function listenBridge(enabledHere: () => boolean, deliver: (data: unknown) => void): () => void {
  // A document's origin never changes; reading location from the isolated world costs per read.
  const origin = location.origin;
  const onMessage = (e: MessageEvent) => {
    // Off: behave as if nothing listens, before touching e.data (reading it deserialises the
    // message in this world, a cost every message of the page would pay).
    if (e.source !== window || e.origin !== origin || !enabledHere()) return;
    const data: unknown = e.data;
    // Every message in the window comes here, our own replies too: what cannot be a request
    // is dropped before it reaches zod (a failing parse builds an error with its messages).
    if (isRequestLike(data)) deliver(data);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}
