import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCore, fail, ok, type ToolResult } from '../../src/tools/index.ts';
import { ctx, makeCore } from './fixtures.ts';

const errorOf = (r: ToolResult) => {
  if (!('error' in r)) throw new Error(`expected an error, got ${JSON.stringify(r)}`);
  return r.error;
};

describe('gates', () => {
  it('an unknown name is refused with the names this caller may use', async () => {
    const { registry } = makeCore();
    const e = errorOf(await registry.invoke('ticket.submitt', {}, ctx({ caller: 'llm' })));
    expect(e).toMatchObject({ type: 'not_found', code: 'UNKNOWN_TOOL', retryable: false });
    expect(e.suggestion).toBe('Use one of: kb.search, conversation.read.');
  });
  it('a wire name passed as a tool name gets a did-you-mean', async () => {
    const { registry } = makeCore();
    const e = errorOf(await registry.invoke('kb__search', { query: 'ab' }, ctx()));
    expect(e.detail).toContain('Did you mean "kb.search"?');
  });
  it('feature flag off hides the tool and refuses it', async () => {
    const { registry, effects } = makeCore();
    const off = ctx({ features: { kb: false } });
    expect(registry.list(off).map((t) => t.name)).not.toContain('kb.search');
    expect(registry.toFunctionSchemas({ ...off, caller: 'llm' }).map((s) => s.function.name)).not.toContain('kb__search');
    const e = errorOf(await registry.invoke('kb.search', { query: 'refund' }, off));
    expect(e).toMatchObject({ type: 'unavailable', code: 'FEATURE_OFF' });
    expect(effects.reads).toBe(0);
  });
  it('a known page without the facet a tool needs makes it unavailable, with a reason', async () => {
    const { registry } = makeCore();
    const kbPage = ctx({ facets: ['kb', 'ticketForm'] });
    const info = registry.list(kbPage).find((t) => t.name === 'conversation.read')!;
    expect(info.available).toBe(false);
    expect(info.reason).toContain('conversation');
    expect(registry.isAvailable('conversation.read', kbPage)).toMatchObject({ status: 'unavailable', code: 'WRONG_PAGE' });
    expect(errorOf(await registry.invoke('conversation.read', {}, kbPage)).code).toBe('WRONG_PAGE');
  });
  it('a page with several facets runs a tool that needs any one of them', async () => {
    const { registry } = makeCore();
    const res = await registry.invoke('conversation.read', {}, ctx({ facets: ['ticketForm', 'conversation', 'customer'] }));
    expect(res).toEqual({ status: 'done', data: { id: 'C-1', messages: [] } });
  });
  it('facets of an unknown page (null) never block: wrapping never tightens', async () => {
    const { registry } = makeCore();
    const res = await registry.invoke('conversation.read', {}, ctx({ facets: null }));
    expect(res).toEqual({ status: 'done', data: { id: 'C-1', messages: [] } });
  });
  it('validation errors carry fields with allowed values and bounds', async () => {
    const { registry } = makeCore();
    const e = errorOf(
      await registry.invoke('refund.request', { orderId: 'X', amount: 20_000, currency: 'JPY', reason: 'x' }, ctx()),
    );
    expect(e.type).toBe('validation');
    const byPath = Object.fromEntries(e.fields!.map((f) => [f.path, f]));
    expect(byPath.currency!.allowed).toEqual(['CNY', 'USD', 'EUR']);
    expect(byPath.amount!.max).toBe(10_000);
    expect(byPath.reason!.min).toBe(4);
    expect(byPath.orderId!.message).toBeTruthy();
    expect(e.suggestion).toMatch(/fields/);
  });
  it('refuses oversized, too deep, cyclic and non-JSON input before validation', async () => {
    const { registry } = makeCore();
    let deep: unknown = { text: 'x' };
    for (let i = 0; i < 50_000; i++) deep = { a: deep };
    const cyclic: Record<string, unknown> = { text: 'x' };
    cyclic.self = cyclic;
    const cases: [unknown, string][] = [
      [{ text: 'x'.repeat(40_000) }, 'INPUT_TOO_LARGE'],
      [deep, 'INPUT_TOO_DEEP'],
      [cyclic, 'INPUT_CYCLE'],
      [{ text: () => 1 }, 'INPUT_NOT_JSON'],
      [{ text: new Date() }, 'INPUT_NOT_JSON'],
      ['text', 'INPUT_NOT_OBJECT'],
      [[1, 2], 'INPUT_NOT_OBJECT'],
    ];
    for (const [input, code] of cases) {
      const e = errorOf(await registry.invoke('note.add', input, ctx()));
      expect(e.type, code).toBe('validation');
      expect(e.code).toBe(code);
    }
  });
  it('a timeout aborts the signal given to run and is retryable', async () => {
    const { registry } = createToolCore({ defaultTimeoutMs: 30 });
    let seen: AbortSignal | undefined;
    registry.register({
      name: 'slow.read',
      title: 'Slow',
      description: 'Never finishes.',
      sideEffect: 'read',
      input: z.strictObject({}),
      run: (_i, c) => {
        seen = c.signal;
        return new Promise(() => {});
      },
    });
    const e = errorOf(await registry.invoke('slow.read', {}, ctx()));
    expect(e).toMatchObject({ type: 'timeout', code: 'TIMEOUT', retryable: true });
    expect(seen!.aborted).toBe(true);
  });
  it('a cancel from outside aborts the run and reports cancelled', async () => {
    const { registry } = createToolCore();
    registry.register({
      name: 'slow.read',
      title: 'Slow',
      description: 'Waits for abort.',
      sideEffect: 'read',
      input: z.strictObject({}),
      run: () => new Promise(() => {}),
    });
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 10);
    expect(errorOf(await registry.invoke('slow.read', {}, ctx({ signal: ac.signal }))).type).toBe('cancelled');
  });
  it('a tool that throws becomes an internal error; invoke never throws', async () => {
    const { registry } = createToolCore();
    registry.register({
      name: 'bad.read',
      title: 'Bad',
      description: 'Throws.',
      sideEffect: 'read',
      input: z.strictObject({}),
      run: async () => {
        throw new TypeError('boom');
      },
    });
    const e = errorOf(await registry.invoke('bad.read', {}, ctx()));
    expect(e).toMatchObject({ type: 'internal', code: 'TOOL_THREW' });
    expect(e.traceId).toBeTruthy();
  });
  it('the breaker opens after 3 consecutive retryable failures and closes after the cool-down', async () => {
    let t = 1_000;
    let calls = 0;
    let healthy = false;
    const { registry } = createToolCore({ now: () => t });
    registry.register({
      name: 'flaky.read',
      title: 'Flaky',
      description: 'Fails while the console is down.',
      sideEffect: 'read',
      input: z.strictObject({}),
      run: async () => {
        calls += 1;
        return healthy ? ok('fine') : fail('unavailable', 'CONSOLE_DOWN', 'down', 'wait', { retryable: true });
      },
    });
    for (let i = 0; i < 3; i++) expect(errorOf(await registry.invoke('flaky.read', {}, ctx())).code).toBe('CONSOLE_DOWN');
    const open = errorOf(await registry.invoke('flaky.read', {}, ctx()));
    expect(open).toMatchObject({ code: 'CIRCUIT_OPEN', retryable: true, retryAfterMs: 30_000 });
    expect(open.detail).toContain('paused for 30 s');
    expect(calls).toBe(3);
    t += 30_001;
    healthy = true;
    expect(await registry.invoke('flaky.read', {}, ctx())).toEqual({ status: 'done', data: 'fine' });
    expect(calls).toBe(4);
  });
  it('non-retryable failures do not open the breaker', async () => {
    const { registry } = createToolCore();
    registry.register({
      name: 'strict.read',
      title: 'Strict',
      description: 'Always not found.',
      sideEffect: 'read',
      input: z.strictObject({}),
      run: async () => fail('not_found', 'NOPE', 'no', 'other'),
    });
    for (let i = 0; i < 5; i++) expect(errorOf(await registry.invoke('strict.read', {}, ctx())).code).toBe('NOPE');
  });
  it('a projection hook trims the result before the global clip', async () => {
    const { registry } = createToolCore();
    registry.register({
      name: 'big.read',
      title: 'Big',
      description: 'Large rows.',
      sideEffect: 'read',
      input: z.strictObject({}),
      run: async () => ok({ rows: [{ id: 1, secret: 's', blob: 'x'.repeat(10) }] }),
      project: (d: { rows: { id: number }[] }) => d.rows.map((r) => r.id),
    });
    expect(await registry.invoke('big.read', {}, ctx())).toEqual({ status: 'done', data: [1] });
  });
});

describe('risk decides how an unclear failure is classified', () => {
  const slowWrite = (risk: 'low' | 'medium') => ({
    name: `slow.${risk}`,
    title: 'Slow write',
    description: 'Never answers.',
    sideEffect: 'write' as const,
    risk,
    input: z.strictObject({}),
    run: () => new Promise<never>(() => {}),
  });
  it('a LOW write that times out is a retryable timeout; a MEDIUM one is uncertain and not retryable', async () => {
    const { registry } = createToolCore({ defaultTimeoutMs: 20 });
    registry.register(slowWrite('low'));
    registry.register(slowWrite('medium'));
    expect(errorOf(await registry.invoke('slow.low', {}, ctx()))).toMatchObject({ type: 'timeout', retryable: true });
    expect(errorOf(await registry.invoke('slow.medium', {}, ctx()))).toMatchObject({ type: 'uncertain', code: 'TIMEOUT_UNCERTAIN', retryable: false });
  });
});
