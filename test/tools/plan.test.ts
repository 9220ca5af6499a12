import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runPlan, type Plan } from '../../src/tools/index.ts';
import { errorSpec } from '../../src/tools/errors.ts';
import { ctx, makeCore } from './fixtures.ts';

const flow: Plan = {
  name: 'noteThenRefund',
  title: 'Note, then refund',
  description: 'test flow',
  input: z.strictObject({ orderId: z.string() }),
  steps: [
    { kind: 'tool', id: 'search', title: 'Search KB', tool: 'kb.search', input: () => ({ query: 'refund policy', limit: 2 }) },
    {
      kind: 'generate',
      id: 'draft',
      title: 'Write note',
      prompt: (env) => ({ system: 'json', user: JSON.stringify(env.outputs.search) }),
      schema: z.strictObject({ note: z.string().min(3) }),
    },
    { kind: 'tool', id: 'note', title: 'Add note', tool: 'note.add', input: (env) => ({ text: (env.outputs.draft as { note: string }).note }) },
    { kind: 'check', id: 'noted', title: 'Note added', check: (env) => (env.outputs.note ? { status: 'passed' } : { status: 'failed', detail: 'no note', suggestion: 'retry' }) },
    {
      kind: 'tool',
      id: 'refund',
      title: 'Refund',
      tool: 'refund.request',
      input: (env) => ({ orderId: env.input.orderId, amount: 5, currency: 'CNY', reason: 'goodwill' }),
    },
    { kind: 'tool', id: 'after', title: 'Never reached', tool: 'note.add', input: () => ({ text: 'after' }) },
  ],
};

describe('plan orchestrator', () => {
  it('runs steps in order under the plan caller and stops at a confirmation with the prepared call', async () => {
    const { registry, effects } = makeCore();
    const seen: string[] = [];
    const res = await runPlan(flow, { orderId: 'ORD-5' }, {
      registry,
      ctx: ctx({ caller: 'hotkey' }),
      generate: async () => '```json\n{"note":"policy checked"}\n```',
      onStep: (e) => seen.push(`${e.id}:${e.status}`),
    });
    expect(res.status).toBe('needs_confirmation');
    expect(seen).toEqual(['search:done', 'draft:done', 'note:done', 'noted:done', 'refund:needs_confirmation']);
    expect(res.prepared).toMatchObject({ tool: 'refund.request', caller: 'plan', input: { orderId: 'ORD-5' } });
    expect(effects.notes).toEqual(['policy checked']);
    expect(effects.refunds).toEqual([]);
    expect(res.steps.every((s) => typeof s.durationMs === 'number' && s.summary.length > 0)).toBe(true);
  });
  it('resumes a run a page reload interrupted at its step, with the outputs so far, never re-running earlier steps', async () => {
    const { registry, effects } = makeCore();
    let generated = 0;
    const first = await runPlan(flow, { orderId: 'ORD-5' }, { registry, ctx: ctx(), generate: async () => (generated++, '{"note":"policy checked"}') });
    const [search, draft] = first.steps;
    const seen: string[] = [];
    // As src/content/flows.ts does on the next page: steps 0-1 done, step 2 (note) runs again.
    const res = await runPlan(flow, { orderId: 'ORD-5' }, {
      registry,
      ctx: ctx(),
      generate: async () => (generated++, '{"note":"never asked"}'),
      onStep: (e, i) => seen.push(`${i}:${e.id}:${e.status}`),
      resume: { at: 2, steps: [search!, draft!], outputs: { search: first.outputs.search, draft: { note: 'from the page before' } }, traceId: first.traceId },
    });
    expect(seen).toEqual(['2:note:done', '3:noted:done', '4:refund:needs_confirmation']);
    expect(generated).toBe(1);
    expect(res.traceId).toBe(first.traceId);
    expect(res.steps.map((s) => s.id)).toEqual(['search', 'draft', 'note', 'noted', 'refund']);
    expect(effects.notes).toEqual(['policy checked', 'from the page before']);
    // The bridge is a dry run from the start, never a resumed one.
    const dry = await runPlan(flow, { orderId: 'ORD-5' }, { registry, ctx: ctx({ caller: 'bridge' }), resume: { at: 4, steps: [], outputs: {}, traceId: 'x' } });
    expect(dry.steps[0]!.id).toBe('search');
  });
  it('a resumed run whose guard says the page moved to another record stops before the step, refused with the guard\'s error; nothing after it runs', async () => {
    const { registry, effects } = makeCore();
    const first = await runPlan(flow, { orderId: 'ORD-5' }, { registry, ctx: ctx(), generate: async () => '{"note":"policy checked"}' });
    const [search, draft] = first.steps;
    let onRecord = 'C-2';
    const guard = async () => (onRecord === 'C-1' ? null : errorSpec('forbidden', 'FLOW_RECORD_CHANGED', `started on C-1; this page is about ${onRecord}`, 'go back'));
    const resume = { at: 2, steps: [search!, draft!], outputs: { search: first.outputs.search, draft: { note: 'carried over' } }, traceId: first.traceId };
    const res = await runPlan(flow, { orderId: 'ORD-5' }, { registry, ctx: ctx(), guard, resume });
    expect(res.status).toBe('failed');
    expect(res.steps.map((s) => `${s.id}:${s.status}`)).toEqual(['search:done', 'draft:done', 'note:refused']);
    expect(res.steps[2]!.error).toMatchObject({ code: 'FLOW_RECORD_CHANGED', traceId: first.traceId });
    expect(effects.notes).toEqual(['policy checked']);
    // Back on the record it started on, the same resume goes on.
    onRecord = 'C-1';
    const again = await runPlan(flow, { orderId: 'ORD-5' }, { registry, ctx: ctx(), guard, resume });
    expect(again.steps.map((s) => s.id)).toEqual(['search', 'draft', 'note', 'noted', 'refund']);
    expect(effects.notes).toEqual(['policy checked', 'carried over']);
  });
  it('stops at the first failure: invalid generated JSON leaves later steps unrun', async () => {
    const { registry, effects } = makeCore();
    const res = await runPlan(flow, { orderId: 'ORD-5' }, { registry, ctx: ctx(), generate: async () => '{"note": 1}' });
    expect(res.status).toBe('failed');
    expect(res.steps.map((s) => s.status)).toEqual(['done', 'failed']);
    expect(res.steps[1]!.error).toMatchObject({ code: 'GENERATED_INVALID' });
    expect(effects.notes).toEqual([]);
    const notJson = await runPlan(flow, { orderId: 'ORD-5' }, { registry, ctx: ctx(), generate: async () => 'Sure! Here is a note.' });
    expect(notJson.steps[1]!.error!.code).toBe('GENERATED_NOT_JSON');
  });
  it('stops at a failing tool step with its structured error', async () => {
    const { registry } = makeCore();
    const res = await runPlan(flow, { orderId: 'ORD-5' }, { registry, ctx: ctx({ features: {} }), generate: async () => '{}' });
    expect(res.status).toBe('failed');
    expect(res.steps).toHaveLength(1);
    expect(res.steps[0]!.error).toMatchObject({ code: 'FEATURE_OFF' });
  });
  it('refuses invalid plan input before any step', async () => {
    const { registry } = makeCore();
    const res = await runPlan(flow, { orderId: 5 }, { registry, ctx: ctx() });
    expect(res.status).toBe('failed');
    expect(res.steps[0]!.error!.fields![0]!.path).toBe('orderId');
  });
  it('is cancellable by a signal between steps', async () => {
    const { registry, effects } = makeCore();
    const ac = new AbortController();
    const res = await runPlan(flow, { orderId: 'ORD-5' }, {
      registry,
      ctx: ctx(),
      signal: ac.signal,
      generate: async () => {
        ac.abort();
        return '{"note":"abc"}';
      },
    });
    expect(res.status).toBe('cancelled');
    expect(res.steps.at(-1)!.status).toBe('cancelled');
    expect(effects.notes).toEqual([]);
  });
  it('from the bridge is a dry run: reads run, the rest is planned, no model is asked', async () => {
    const { registry, effects } = makeCore();
    let asked = 0;
    const res = await runPlan(flow, { orderId: 'ORD-5' }, {
      registry,
      ctx: ctx({ caller: 'bridge' }),
      generate: async () => {
        asked += 1;
        return '{}';
      },
    });
    expect(res.status).toBe('dry_run');
    expect(res.steps.map((s) => s.status)).toEqual(['done', 'planned', 'planned', 'planned', 'planned', 'planned']);
    expect(asked).toBe(0);
    expect(effects).toMatchObject({ notes: [], refunds: [], sent: [] });
  });
});
