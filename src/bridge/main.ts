/**
 * Main-world bridge: `window.__extTools` for developers in DevTools. A forwarding proxy only:
 * no tool logic, no gates, no zod — every check stays in the isolated world, which treats
 * each request as page input (DESIGN.md "Execution policy": reads run, the rest is a dry run).
 *
 * uBlock-style: self-contained, and it captures the natives it uses before page scripts can
 * patch them, so a page that later replaces postMessage, addEventListener, Promise or
 * crypto cannot redirect or break it. Injected only where the bridge is turned on.
 */
(() => {
  const w = window;
  if (Object.prototype.hasOwnProperty.call(w, '__extTools')) return;

  // ---- natives, captured at start ----
  const post = w.postMessage.bind(w);
  const listen = w.addEventListener.bind(w);
  const P = Promise;
  const MapC = Map;
  const setT = setTimeout.bind(w);
  const now = performance.now.bind(performance);
  const random = crypto.getRandomValues.bind(crypto);
  const freeze = Object.freeze;
  const define = Object.defineProperty;
  const log = console.log.bind(console);
  const then = P.prototype.then;
  // Read events through the original getters: a page may redefine MessageEvent.prototype.data.
  const dataOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!.get!;
  const sourceOf = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'source')!.get!;
  const origin = w.location.origin;
  const mapGet = MapC.prototype.get;
  const mapSet = MapC.prototype.set;
  const mapDelete = MapC.prototype.delete;
  const mapValues = MapC.prototype.values;
  const iterNext = (Object.getPrototypeOf(new MapC().values()) as Iterator<unknown>).next;
  const toHex = (n: number) => (n < 16 ? '0' : '') + n.toString(16);

  const TAG = 'deskhand/bridge/v1';
  const TIMEOUT_MS = 15_000;

  /** A ToolResult (`status`: done / dry_run / needs_confirmation / refused / failed / uncertain), or a plan's result. */
  type Result = { status: string; [k: string]: unknown };
  type Pending = { id: string; resolve: (r: Result) => void; deadline: number };
  /** In call order, so the first entry always has the earliest deadline (they all wait TIMEOUT_MS). */
  const pending = new MapC<string, Pending>();

  // Request ids only pair replies with calls (the page sees every request anyway), so they need
  // not be secret: a random prefix per page and a counter, instead of random bytes per call.
  const prefix = (() => {
    const bytes = new Uint8Array(8);
    random(bytes);
    let s = '';
    for (let i = 0; i < bytes.length; i++) s += toHex(bytes[i]!);
    return s;
  })();
  let counter = 0;
  const newId = () => prefix + (++counter).toString(16);

  /**
   * One timer for all pending calls, not one per call (two timer calls per invoke were a
   * measurable part of a round trip, and a flood of calls made thousands): it is armed for the
   * oldest pending call's deadline, answers every call past its deadline, and re-arms.
   */
  let armed = false;
  function arm(deadline: number): void {
    armed = true;
    setT(expire, Math.max(0, deadline - now()));
  }
  function expire(): void {
    armed = false;
    const t = now();
    const it = mapValues.call(pending);
    for (let next = iterNext.call(it) as IteratorResult<Pending>; !next.done; next = iterNext.call(it) as IteratorResult<Pending>) {
      const p = next.value;
      if (p.deadline > t) return arm(p.deadline);
      mapDelete.call(pending, p.id);
      p.resolve(error('failed', 'TIMEOUT', 'timeout', `No answer from deskhand within ${TIMEOUT_MS / 1000} s.`, 'Check that the extension is on for this console and reload the page.', true));
    }
  }

  function error(status: 'refused' | 'failed', code: string, type: string, detail: string, suggestion: string, retryable = false): Result {
    return freeze({ status, error: freeze({ code, type, detail, suggestion, retryable, traceId: '' }) });
  }

  listen('message', (e: MessageEvent) => {
    if (sourceOf.call(e) !== w) return;
    const d = dataOf.call(e) as { tag?: unknown; kind?: unknown; id?: unknown; result?: unknown } | null;
    if (!d || typeof d !== 'object' || d.tag !== TAG || d.kind !== 'reply' || typeof d.id !== 'string') return;
    const entry = mapGet.call(pending, d.id) as Pending | undefined;
    if (!entry) return;
    mapDelete.call(pending, d.id);
    entry.resolve(d.result && typeof d.result === 'object' ? (d.result as Result) : error('failed', 'BAD_REPLY', 'internal', 'The extension answered with no result.', 'Try again.'));
  });

  function call(op: 'list' | 'invoke' | 'runPlan', name?: unknown, input?: unknown): Promise<Result> {
    return new P<Result>((resolve) => {
      const id = newId();
      const deadline = now() + TIMEOUT_MS;
      mapSet.call(pending, id, { id, resolve, deadline });
      if (!armed) arm(deadline);
      try {
        post({ tag: TAG, kind: 'request', id, op, name, input }, origin);
      } catch (e) {
        // Input that cannot be cloned (functions, DOM nodes) never leaves the page.
        mapDelete.call(pending, id);
        resolve(error('refused', 'INPUT_NOT_CLONEABLE', 'validation', `The input cannot be sent: ${e instanceof Error ? e.message : String(e)}`, 'Pass plain JSON data.'));
      }
    });
  }

  const HELP = [
    'deskhand developer bridge — every call returns a promise and never throws.',
    '',
    '  await __extTools.list()                                   // tools here: console.table(await __extTools.list())',
    "  await __extTools.invoke('kb.search', { query: '发票' })    // reads run",
    "  await __extTools.invoke('customer.fill', {})               // writes and sends: dry run, nothing changes",
    "  await __extTools.runPlan('inspect', {})                    // one entry per step",
    '  __extTools.help()',
    '',
    'Every result has a `status`: done (data), dry_run (data: what it would do), refused / failed / uncertain (error).',
    'Writes and sends are reported as dry runs (fields found, values, the confirmation they would create).',
    'Nothing here can confirm, send or submit: a person does that in the deskhand side panel.',
  ].join('\n');

  const api = freeze({
    list: () => then.call(call('list'), (r: Result) => (r.status === 'done' ? r.tools : r)) as Promise<unknown>,
    invoke: (name: unknown, input?: unknown) => call('invoke', name, input ?? {}),
    runPlan: (name: unknown, input?: unknown) => call('runPlan', name, input ?? {}),
    help: () => {
      log(HELP);
      return HELP;
    },
  });
  define(w, '__extTools', { value: api, writable: false, configurable: false, enumerable: false });
})();
