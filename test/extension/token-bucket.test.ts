import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../src/content/bridge-host.ts';

describe('the bridge rate limit', () => {
  it('allows a burst, refuses the rest, and refills over time', () => {
    let t = 0;
    const bucket = new TokenBucket(50, 100, () => t);
    const burst = Array.from({ length: 200 }, () => bucket.take());
    expect(burst.filter(Boolean)).toHaveLength(50);
    t += 100; // 100 ms at 100/s = 10 more
    expect(Array.from({ length: 20 }, () => bucket.take()).filter(Boolean)).toHaveLength(10);
    t += 10_000;
    expect(Array.from({ length: 60 }, () => bucket.take()).filter(Boolean)).toHaveLength(50);
  });
});
