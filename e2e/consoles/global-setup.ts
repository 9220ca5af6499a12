/**
 * The real-console suite: a fresh extension build (as the e2e project) and the private
 * helpdesks — osTicket and FreeScout, each from its setup.sh — installed or started as needed
 * and reset to their seed. Fails, never skips, when one cannot be had: run `sudo bash
 * e2e/consoles/<console>/setup.sh` first. Each console is its own vitest project
 * (`consoles-osticket`, `consoles-freescout`), run side by side; `npm run test:consoles` builds
 * the extension once before both (two projects building dist/ at once would race).
 */
import buildExtension from '../global-setup.ts';
import { startFreescout } from './freescout/freescout.ts';
import { startOsticket } from './osticket/osticket.ts';

const CONSOLES = ['osticket', 'freescout'] as const;

/** One console's suite (vitest.config.ts: the consoles run side by side, each its own project). */
export async function setupConsoles(only: readonly (typeof CONSOLES)[number][]): Promise<() => Promise<void>> {
  buildExtension();
  const want = new Set<string>(only);
  const started: { close(): Promise<void> }[] = [];
  if (want.has('osticket')) started.push(await startOsticket());
  if (want.has('freescout')) started.push(await startFreescout());
  return async () => {
    for (const s of started) await s.close();
  };
}
