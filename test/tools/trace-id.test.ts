import { describe, expect, it } from 'vitest';
import { traceIds } from '../../src/tools/trace-id.ts';

describe('trace ids', () => {
  it('are UUID-shaped, never repeat within a registry, and differ between registries', () => {
    const a = traceIds();
    const ids = Array.from({ length: 5_000 }, a);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const b = traceIds();
    expect(ids).not.toContain(b());
  });
});
