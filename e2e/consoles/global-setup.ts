/**
 * The real-console suite: a fresh extension build (as the e2e project) and the private
 * osTicket of setup.sh, installed or started as needed and reset to its seed. Fails, never
 * skips, when osTicket cannot be had: run `sudo bash e2e/consoles/osticket/setup.sh` first.
 */
import buildExtension from '../global-setup.ts';
import { startOsticket } from './osticket/osticket.ts';

export default async function setup(): Promise<() => Promise<void>> {
  buildExtension();
  const os = await startOsticket();
  return () => os.close();
}
