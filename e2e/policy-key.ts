import { createHash, generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST } from '../scripts/browser.ts';

/**
 * A second pinned identity for the managed-policy test only. The policy file it writes names
 * this id, not deskhand's own (manifest.config.ts), so Chromium runs of other tests on this
 * machine, which load dist/ as kfiogjmgcbkgglndggnglblfeoinfcki, never see the test policy.
 * Public half of a key pair made for this test; the private half was never kept.
 */
export const POLICY_TEST_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAukRJMWw9gwKD0oUaPqNFpCg8hKmC84YuvzEcTn0qylGLHYNJbrJjH4fwVteNJeebhq89JDWYoDGqy+VuBMoHP54+ZwSmZJ1bw0fLP6IPURMw8zwFuDcjyIQZxrojn9kM8G03lDWtAnC1UI8C2T6b75W7wNEpowRRS3dMsDWU52V/IjzTNuEC2rTcn1tLEt+yvwjTZ6lnjfQ5msBzx0AUtRwuV/VuhxVwjtxmckZKVCXY3ckC6NWQa1ZT6Rc4yLkD3esBCJVf7spy2Iebu8BU6DkVxd1vsQ9AHfjZ04mG66X2PMBGMfDOb9b/MP3Y7l7AIhrCLLKiJRLhyL25NzmbNwIDAQAB';
export const POLICY_TEST_ID = 'pifalkefagmoiapkcljaidllipldiocc';

/**
 * A manifest key made for one run and the extension id Chromium derives from it (the first
 * 128 bits of its SHA-256, as a–p); the private half is dropped. A policy file naming it can
 * meet no other policy — not policy.test.ts's, not a parallel run's in another checkout.
 */
export function runKey(): { key: string; id: string } {
  const der = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' });
  const hex = createHash('sha256').update(der).digest('hex').slice(0, 32);
  return { key: der.toString('base64'), id: [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('') };
}

/** dist/ copied to a temporary folder with another manifest key: the same build under that key's id. Remove it after. */
export function distWithKey(key: string, prefix: string): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  cpSync(DIST, copy, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(copy, 'manifest.json'), JSON.stringify({ ...manifest, key }));
  return copy;
}
