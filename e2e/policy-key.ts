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
 * A third identity, for the admin-pushed KB URL list suite (e2e/kb-policy.test.ts): its policy
 * names only this id, so it never meets the policy of e2e/policy.test.ts (or of a run of that
 * suite in another checkout on this machine). Public half only, as above.
 */
export const KB_POLICY_TEST_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAmAF53rtEZ8hYLodtFII/Zvb98Um7JS5Q10se7kKj6gng5XyzZ2KXM2Xi4R0iR+hy/yh6rd36sIkfXmMROVrdYntJfWIt5WFDG6kItuEwDoI4IXDf/HOSsuvGb6ovoEYSQZyxABEu1GCQ9f+yHM1CgsVK6VPc/HKDZCfuB8n/qJlUgpeTQb+1Y20ok7ItcynADJS2qrXt/GIrHiDrFzEEAtKfwlGFiXuaER6D7FG3lUT/TmYy4MOFhIIOaxNjLaDdJOhYEZWBp9qI0f9uVWJzDjxbb3veLZJBdnpUP6jVtHLQUd2MhRC8Swex7Q2SLkjYfbOEPMAn41W1NSPWqqFzSwIDAQAB';
export const KB_POLICY_TEST_ID = 'pldiiebjhkmjjdjgapbcdpckpkdhmefl';
