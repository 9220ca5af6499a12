/**
 * A step that announces itself (quick ticket's submit, issue 23): the runner is told what it is
 * about to do and decides — go on, stopped by the agent (nothing of it runs, the audit says
 * who stopped it), or a card (the write becomes a prepared call a person confirms).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RingAuditSink, runPlan, type Announced, type Plan } from '../../src/tools/index.ts';
import { confirmedIfAsked } from '../../src/tools/policy.ts';
import { ctx, makeCore } from './fixtures.ts';

const flow: Plan = {
  name: 'noteFlow',
  title: 'Note flow',
  description: 'test flow',
  input: z.strictObject({}),
  steps: [
    { kind: 'tool', id: 'read', title: 'Read', tool: 'conversation.read', input: () => ({}) },
    { kind: 'tool', id: 'note', title: 'Add note', tool: 'note.add', input: () => ({ text: 'call back' }), announce: () => ({ title: 'call back' }) },
  ],
};

function run(answer: Announced, caller: 'hotkey' | 'bridge' = 'hotkey') {
  const audit = new RingAuditSink();
  const prepared: unknown[] = [];
  const core = makeCore({ audit, onPrepared: async (c) => void prepared.push(c) });
  const asked: { step: string; said: Record<string, string> }[] = [];
  const result = runPlan(flow, {}, {
    registry: core.registry,
    ctx: ctx({ caller }),
    audit,
    announce: async (step, said) => {
      asked.push({ step: step.id, said });
      return answer;
    },
  });
  return { result, asked, effects: core.effects, audit, prepared };
}

describe('an announced step', () => {
  it('is announced with what it is about to do, and runs when the runner says go', async () => {
    const r = run('go');
    const res = await r.result;
    expect(r.asked).toEqual([{ step: 'note', said: { title: 'call back' } }]);
    expect(res.status).toBe('completed');
    expect(r.effects.notes).toEqual(['call back']);
  });

  it('stopped by the agent: the flow ends cancelled by the agent, the step never reaches the tool, and the audit says so', async () => {
    const r = run('stopped');
    const res = await r.result;
    expect(res).toMatchObject({ status: 'cancelled', stoppedBy: 'agent' });
    expect(res.steps.at(-1)).toMatchObject({ id: 'note', status: 'cancelled', error: { code: 'STOPPED_BY_AGENT' } });
    expect(r.effects.notes).toEqual([]);
    const rec = r.audit.list().find((x) => x.tool === 'note.add');
    expect(rec).toMatchObject({ status: 'cancelled', errorCode: 'STOPPED_BY_AGENT', caller: 'plan', sideEffect: 'write', risk: 'low', input: { title: 'call back' } });
  });

  it('put on a card: a write the plan may run becomes a prepared call a person confirms; nothing is written', async () => {
    const r = run('confirm');
    const res = await r.result;
    expect(res.status).toBe('needs_confirmation');
    expect(res.prepared).toMatchObject({ tool: 'note.add', risk: 'low', caller: 'plan', input: { text: 'call back' } });
    expect(r.prepared).toHaveLength(1);
    expect(r.effects.notes).toEqual([]);
  });

  it('from the bridge (a dry run) is never announced', async () => {
    const r = run('stopped', 'bridge');
    const res = await r.result;
    expect(r.asked).toEqual([]);
    expect(res.status).toBe('dry_run');
  });
});

describe('a caller that asks for a confirmation', () => {
  it('only ever adds one: a write it would run is confirmed; reads, refusals and dry runs stay as they are', () => {
    expect(confirmedIfAsked('run', 'write', true)).toBe('confirm');
    expect(confirmedIfAsked('run', 'write', false)).toBe('run');
    expect(confirmedIfAsked('run', 'read', true)).toBe('run');
    expect(confirmedIfAsked('forbidden', 'write', true)).toBe('forbidden');
    expect(confirmedIfAsked('dry_run', 'write', true)).toBe('dry_run');
    expect(confirmedIfAsked('confirm', 'send', true)).toBe('confirm');
  });
});
