import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLERS, createToolCore, decide, isAutonomous, ok } from '../../src/tools/index.ts';
import { ctx, makeCore } from './fixtures.ts';

describe('execution policy (DESIGN.md table)', () => {
  it('matches the caller x effect x risk table exactly', () => {
    const table = CALLERS.map((c) => [
      c,
      decide(c, 'read', undefined),
      decide(c, 'write', 'low'),
      decide(c, 'write', 'medium'),
      decide(c, 'write', 'high'),
      decide(c, 'write', 'critical'),
      decide(c, 'send', 'high'),
    ]);
    expect(table).toEqual([
      ['hotkey', 'run', 'run', 'run', 'confirm', 'confirm', 'confirm'],
      ['ui', 'run', 'run', 'run', 'confirm', 'confirm', 'confirm'],
      ['plan', 'run', 'run', 'run', 'confirm', 'confirm', 'confirm'],
      ['llm', 'run', 'forbidden', 'forbidden', 'forbidden', 'forbidden', 'forbidden'],
      ['bridge', 'run', 'dry_run', 'dry_run', 'dry_run', 'dry_run', 'dry_run'],
    ]);
  });
  it('the bridge option lets only low-risk writes run for real', () => {
    const o = { bridgeRunsLowWrites: true };
    expect(decide('bridge', 'write', 'low', o)).toBe('run');
    expect(decide('bridge', 'write', 'medium', o)).toBe('dry_run');
    expect(decide('bridge', 'send', 'low', o)).toBe('dry_run');
  });
  it('autonomy is derived from the caller', () => {
    expect(CALLERS.filter(isAutonomous)).toEqual(['llm']);
  });
});

describe('the llm caller', () => {
  it('never sees a write or send in toFunctionSchemas', () => {
    const { registry } = makeCore();
    const names = registry.toFunctionSchemas(ctx({ caller: 'llm' })).map((s) => s.function.name);
    expect(names.sort()).toEqual(['conversation__read', 'kb__search']);
    expect(registry.list(ctx({ caller: 'llm' })).every((t) => t.sideEffect === 'read')).toBe(true);
  });
  it('is refused with type forbidden, listing its read tools, when it names a write or send anyway', async () => {
    const { registry, effects } = makeCore();
    for (const [name, input] of [
      ['note.add', { text: 'hi' }],
      ['refund.request', { orderId: 'ORD-1', amount: 1, currency: 'CNY', reason: 'broken' }],
      ['reply.send', { text: 'hi' }],
    ] as const) {
      const res = await registry.invoke(name, input, ctx({ caller: 'llm' }));
      expect(res.status).toBe('refused');
      if (!('error' in res)) throw new Error('expected an error');
      expect(res.error.type).toBe('forbidden');
      expect(res.error.suggestion).toContain('kb.search');
      expect(res.error.suggestion).toContain('conversation.read');
      expect(res.error.retryable).toBe(false);
    }
    expect(effects).toMatchObject({ notes: [], refunds: [], sent: [] });
  });
  it('cannot pass risk or sideEffect to change the grade: unknown keys are refused', async () => {
    const { registry, effects } = makeCore();
    const res = await registry.invoke('note.add', { text: 'x', risk: 'low', sideEffect: 'read' }, ctx());
    if (res.status !== 'refused') throw new Error('expected a refusal');
    expect(res.error.type).toBe('validation');
    expect(res.error.fields!.map((f) => f.path).sort()).toEqual(['risk', 'sideEffect']);
    expect(res.error.fields![0]!.allowed).toEqual(['text']);
    expect(effects.notes).toEqual([]);
  });
});

describe('sends and high-risk writes', () => {
  it("a send tool's run() delivers nothing through any caller", async () => {
    const { registry, effects } = makeCore();
    for (const caller of CALLERS) {
      await registry.invoke('reply.send', { text: 'Hello' }, ctx({ caller }));
    }
    expect(effects.sent).toEqual([]);
  });
  it('a person-initiated send ends in needs_confirmation with a prepared call', async () => {
    const { registry } = makeCore();
    const res = await registry.invoke('reply.send', { text: 'Hello' }, ctx({ caller: 'hotkey', binding: { tabId: 7, origin: 'http://localhost:1' } }));
    if (res.status !== 'needs_confirmation') throw new Error('expected a confirmation');
    const call = res.call;
    expect(call).toMatchObject({ tool: 'reply.send', sideEffect: 'send', risk: 'high', caller: 'hotkey' });
    expect(call.binding).toEqual({ tabId: 7, origin: 'http://localhost:1', recordId: 'C-1' });
    expect(call.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(call.expiresAt - call.createdAt).toBe(3 * 60_000);
  });
  it('a high-risk write from a hotkey or plan waits for confirmation and runs nothing', async () => {
    const { registry, effects } = makeCore();
    const input = { orderId: 'ORD-9', amount: 20, currency: 'CNY', reason: 'damaged' };
    for (const caller of ['hotkey', 'ui', 'plan'] as const) {
      const res = await registry.invoke('refund.request', input, ctx({ caller }));
      expect(res.status).toBe('needs_confirmation');
    }
    expect(effects.refunds).toEqual([]);
  });
  it('a low-risk write from a hotkey runs at once', async () => {
    const { registry, effects } = makeCore();
    const res = await registry.invoke('note.add', { text: 'called back' }, ctx());
    expect(res).toEqual({ status: 'done', data: { added: true } });
    expect(effects.notes).toEqual(['called back']);
  });
  it('the bridge gets a dry run that reports what would happen and changes nothing', async () => {
    const stored: unknown[] = [];
    const { registry, effects } = makeCore({ onPrepared: async (c) => void stored.push(c) });
    const note = await registry.invoke('note.add', { text: 'x' }, ctx({ caller: 'bridge' }));
    expect(note).toMatchObject({ status: 'dry_run', data: { wouldRun: 'run', preview: { touches: ['note'] } } });
    const send = await registry.invoke('reply.send', { text: 'hi' }, ctx({ caller: 'bridge' }));
    expect(send).toMatchObject({ status: 'dry_run', data: { wouldRun: 'confirm', prepared: { tool: 'reply.send' } } });
    const read = await registry.invoke('kb.search', { query: 'refund' }, ctx({ caller: 'bridge' }));
    expect(read.status).toBe('done');
    expect(effects).toMatchObject({ notes: [], refunds: [], sent: [] });
    expect(stored).toEqual([]);
  });
});

describe('an input the tool completes from the page (S sends the typed draft)', () => {
  /** A send tool that, without text, prepares what `draft()` says the reply box holds. */
  const draftCore = (draft: () => string, max = 100) => {
    const core = createToolCore();
    const sent: string[] = [];
    core.registry.register({
      name: 'reply.send',
      title: 'Send reply',
      description: 'Send the given text, or the draft typed in the reply box.',
      sideEffect: 'send',
      risk: 'high',
      input: z.strictObject({ text: z.string().min(1).max(max).optional() }),
      run: async ({ text }) => ok({ recordId: 'C-1', display: { text: text ?? draft() }, input: { text: text ?? draft() } }),
      deliver: async ({ text }) => (sent.push(text ?? ''), ok({ sent: true })),
    });
    return { ...core, sent };
  };

  it('prepares exactly the text read from the page, fingerprinted and shown as such', async () => {
    const { registry } = draftCore(() => 'typed by the agent');
    const r = await registry.invoke('reply.send', {}, ctx());
    if (r.status !== 'needs_confirmation') throw new Error(JSON.stringify(r));
    expect(r.call.input).toEqual({ text: 'typed by the agent' });
    expect(r.call.canonical).toContain('typed by the agent');
    expect(r.call.display).toEqual({ text: 'typed by the agent' });
  });

  it('validates what the page gave like a caller\'s input: too long is refused, nothing is prepared', async () => {
    const { registry } = draftCore(() => 'a draft far longer than twenty characters', 20);
    const r = await registry.invoke('reply.send', {}, ctx());
    expect(r.status).toBe('refused');
    if (!('error' in r)) throw new Error('expected a refusal');
    expect(r.error.code).toBe('INVALID_INPUT');
  });

  it('the executor delivers the prepared text, whatever the page holds later', async () => {
    let draft = 'first';
    const core = draftCore(() => draft);
    const r = await core.registry.invoke('reply.send', {}, ctx());
    if (r.status !== 'needs_confirmation') throw new Error(JSON.stringify(r));
    draft = 'changed on the page afterwards';
    expect(await core.executor.execute(r.call, { approvedBy: 'a' })).toMatchObject({ status: 'executed' });
    expect(core.sent).toEqual(['first']);
  });
});
