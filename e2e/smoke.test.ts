import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ roles: ['AGENT', 'REFUND_APPROVER'] });
});
afterAll(async () => h?.close());

it('smoke', async () => {
  const page = await h.openConsole('/');
  const tabId = await h.tabIdOf(page);
  const panel = await h.panel(tabId);
  const r = await h.invoke(panel, tabId, 'page.inspect', {});
  console.log(JSON.stringify(r, null, 1));
  const c = await h.invoke(panel, tabId, 'conversation.read', {});
  console.log(JSON.stringify(c, null, 1));
  expect(r.ok).toBe(true);
});
