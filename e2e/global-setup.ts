/** Real-browser tests run against a fresh build of the extension. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROME } from '../scripts/browser.ts';

export default function setup(): void {
  if (!existsSync(CHROME)) {
    throw new Error(`Chromium not found at ${CHROME}. Install Debian's chromium (apt-get install chromium) or set CHROME_PATH.`);
  }
  if (process.env.DESKHAND_SKIP_BUILD !== '1') {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    // Both browser projects (e2e, e2e-alone) use this setup in one run: build once.
    process.env.DESKHAND_SKIP_BUILD = '1';
  }
}
