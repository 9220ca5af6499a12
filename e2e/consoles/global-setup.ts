/**
 * The real-console suite: a fresh extension build (as the e2e project) and the private
 * helpdesks — osTicket and FreeScout, each from its setup.sh — installed or started as needed
 * and reset to their seed. Fails, never skips, when one cannot be had: run `sudo bash
 * e2e/consoles/<console>/setup.sh` first. A run filtered to one console's files (a path
 * naming osticket or freescout on the command line) starts only that one.
 */
import buildExtension from '../global-setup.ts';
import { startFreescout } from './freescout/freescout.ts';
import { startOsticket } from './osticket/osticket.ts';

const CONSOLES = ['osticket', 'freescout'] as const;

function wanted(): Set<string> {
  const named = CONSOLES.filter((c) => process.argv.slice(2).some((a) => !a.startsWith('-') && a.includes(c)));
  return new Set(named.length ? named : CONSOLES);
}

export default async function setup(): Promise<() => Promise<void>> {
  buildExtension();
  const want = wanted();
  const started: { close(): Promise<void> }[] = [];
  if (want.has('osticket')) started.push(await startOsticket());
  if (want.has('freescout')) started.push(await startFreescout());
  return async () => {
    for (const s of started) await s.close();
  };
}
