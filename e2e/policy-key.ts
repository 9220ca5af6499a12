/**
 * A second pinned identity for the managed-policy test only. The policy file it writes names
 * this id, not deskhand's own (manifest.config.ts), so Chromium runs of other tests on this
 * machine, which load dist/ as kfiogjmgcbkgglndggnglblfeoinfcki, never see the test policy.
 * Public half of a key pair made for this test; the private half was never kept.
 */
export const POLICY_TEST_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAukRJMWw9gwKD0oUaPqNFpCg8hKmC84YuvzEcTn0qylGLHYNJbrJjH4fwVteNJeebhq89JDWYoDGqy+VuBMoHP54+ZwSmZJ1bw0fLP6IPURMw8zwFuDcjyIQZxrojn9kM8G03lDWtAnC1UI8C2T6b75W7wNEpowRRS3dMsDWU52V/IjzTNuEC2rTcn1tLEt+yvwjTZ6lnjfQ5msBzx0AUtRwuV/VuhxVwjtxmckZKVCXY3ckC6NWQa1ZT6Rc4yLkD3esBCJVf7spy2Iebu8BU6DkVxd1vsQ9AHfjZ04mG66X2PMBGMfDOb9b/MP3Y7l7AIhrCLLKiJRLhyL25NzmbNwIDAQAB';
export const POLICY_TEST_ID = 'pifalkefagmoiapkcljaidllipldiocc';
