/**
 * Bridge benchmark (issue 4): median round trip of `__extTools.invoke` on a trivial read tool
 * from the page, against a bare postMessage echo in the same page (the floor), over 1,000
 * calls. Calls are paced in bursts of 40 so the bridge's rate limit (50, then 100/s) never
 * refuses one: every measured call did the full round trip.
 */
import { startConsole } from '../demo/console/server.ts';
import { launchWithExtension } from '../scripts/browser.ts';
import type { BenchRow } from './lib.ts';

/**
 * performance.now() is coarsened to 100 µs in a page that is not cross-origin isolated, so
 * each figure is the mean of a burst of 40 sequential calls, and the median is over bursts.
 */
const IN_PAGE = `(async () => {
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const pause = () => new Promise((r) => setTimeout(r, 450));
  const echoOnce = () => new Promise((done) => {
    const onMsg = (e) => { if (e.data && e.data.echo === 'pong') { removeEventListener('message', onMsg); done(); } };
    addEventListener('message', onMsg);
    postMessage({ echo: 'ping' }, location.origin);
  });
  addEventListener('message', (e) => { if (e.data && e.data.echo === 'ping') postMessage({ echo: 'pong' }, location.origin); });
  const bursts = async (fn, n) => {
    const out = [];
    for (let b = 0; b < n; b++) {
      const t = performance.now();
      for (let i = 0; i < 40; i++) await fn();
      out.push((performance.now() - t) / 40);
      await pause();
    }
    return median(out);
  };
  const echo = await bursts(echoOnce, 25);
  const invoke = await bursts(async () => { const r = await __extTools.invoke('ticket.history', { limit: 1 }); if (!r.ok) throw new Error(JSON.stringify(r)); }, 25);
  const unknown = await bursts(() => __extTools.invoke('bench.none', {}), 10);
  const list = await bursts(() => __extTools.list(), 10);
  return { echo, invoke, unknown, list, n: 1000 };
})()`;

export async function benchBridge(): Promise<BenchRow[]> {
  const server = await startConsole();
  const { browser, worker } = await launchWithExtension();
  try {
    await worker.evaluate(async (origin: string) => {
      await chrome.storage.local.set({ settings: { bridge: { enabled: true, origins: [origin], allowLowWrites: false } } });
    }, server.url);
    for (let i = 0; i < 100; i++) {
      const n = await worker.evaluate(async () => (await chrome.scripting.getRegisteredContentScripts({ ids: ['deskhand-bridge'] })).length);
      if (n) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const page = await browser.newPage();
    await page.goto(`${server.url}/`, { waitUntil: 'load' });
    await page.waitForFunction('typeof window.__extTools === "object"');
    await new Promise((r) => setTimeout(r, 300));
    const m = (await page.evaluate(IN_PAGE)) as { echo: number; invoke: number; unknown: number; list: number; n: number };
    return [
      { name: 'bare postMessage echo in the page', medianUs: m.echo * 1000, floor: 'itself', ratio: 1 },
      { name: `__extTools.invoke('ticket.history') round trip (${m.n} calls)`, medianUs: m.invoke * 1000, floor: 'postMessage echo', ratio: m.invoke / m.echo },
      { name: '__extTools.invoke(unknown name) round trip (transport + gates)', medianUs: m.unknown * 1000, floor: 'postMessage echo', ratio: m.unknown / m.echo },
      { name: '__extTools.list() round trip', medianUs: m.list * 1000, floor: 'postMessage echo', ratio: m.list / m.echo },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
