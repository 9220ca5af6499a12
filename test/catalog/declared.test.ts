// @vitest-environment happy-dom
/**
 * A console's declared tools (WebMCP, issue 24) through THE registry: grades, what the model
 * sees, confirmation and the executor's re-check of the definition. The page's modelContext is
 * a stand-in here; e2e/webmcp.test.ts drives the real one in Chromium.
 */
import { describe, expect, it } from 'vitest';
import { declaredResult, declaredTools, gradeDeclared } from '../../src/catalog/declared.ts';
import { declaredToolName } from '../../src/tools/declared-name.ts';
import type { DeclaredOnPage, ModelContextLike, PageToolRef } from '../../src/dom/webmcp.ts';
import { Ledger, MemoryLedgerStore, RingAuditSink, type PreparedCall } from '../../src/tools/index.ts';
import { ctx, makeCore } from '../tools/fixtures.ts';

function fakePage() {
  const calls: { name: string; input: unknown }[] = [];
  const mc = {
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => true,
    getTools: async () => [],
    async executeTool(tool: PageToolRef, input: Record<string, unknown>) {
      calls.push({ name: tool.name, input });
      return tool.name === 'lookup_order' ? JSON.stringify({ content: [{ type: 'text', text: `Order ${String(input.id)}: shipped\u200b` }] }) : 'ok';
    },
  } as unknown as ModelContextLike;
  return { mc, calls };
}

const schema = (props: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties: props, required });
const tool = (name: string, over: Partial<DeclaredOnPage> = {}): DeclaredOnPage => ({
  name,
  description: `${name} tool`,
  inputSchema: schema({ text: { type: 'string' } }, ['text']),
  annotations: null,
  form: false,
  ref: { name, description: `${name} tool` },
  ...over,
});

const PAGE = [
  tool('lookup_order', { inputSchema: schema({ id: { type: 'string', description: 'Order id' } }, ['id']), annotations: { readOnlyHint: true } }),
  tool('reply', { annotations: { readOnlyHint: false, consequentialHint: true } }),
  tool('tag_ticket'),
  tool('draft_note'),
];

async function setup(epoch = 0, page = PAGE, grades: Record<string, { sideEffect: 'read' | 'write'; risk?: 'low' }> = { draft_note: { sideEffect: 'write', risk: 'low' } }) {
  const audit = new RingAuditSink();
  const ledger = new Ledger(new MemoryLedgerStore(), { audit });
  const core = makeCore({ onPrepared: (c) => ledger.add(c) });
  const fake = fakePage();
  const built = await declaredTools(page, { doc: document, mc: fake.mc, epoch, profileGrade: (n) => grades[n] });
  expect(core.registry.replaceDeclared(built.tools)).toEqual([]);
  return { ...core, ...fake, built, ledger };
}

describe('declared tools: names and grades', () => {
  it('names them console.<camelCase>', () => {
    expect(declaredToolName('lookup_order')).toBe('console.lookupOrder');
    expect(declaredToolName('reply-to-customer')).toBe('console.replyToCustomer');
    expect(declaredToolName('__')).toBeNull();
    expect(declaredToolName('9lives')).toBeNull();
  });
  it('grades from annotations, then the profile, else high-risk write', () => {
    expect(gradeDeclared({ readOnlyHint: true }, false)).toEqual({ sideEffect: 'read', source: 'annotation' });
    expect(gradeDeclared({ readOnlyHint: false }, false)).toEqual({ sideEffect: 'write', risk: 'high', source: 'annotation' });
    expect(gradeDeclared(null, false)).toEqual({ sideEffect: 'write', risk: 'high', source: 'default' });
    expect(gradeDeclared(null, false, { sideEffect: 'write', risk: 'low' })).toEqual({ sideEffect: 'write', risk: 'low', source: 'profile' });
    // A form only ever fills: a profile cannot make it a read the model may call.
    expect(gradeDeclared({ readOnlyHint: true }, true, { sideEffect: 'read' })).toEqual({ sideEffect: 'write', risk: 'high', source: 'annotation' });
  });
  it('reports each with its grade and source', async () => {
    const { built } = await setup();
    expect(built.report).toEqual([
      { pageName: 'lookup_order', tool: 'console.lookupOrder', sideEffect: 'read', risk: null, gradeSource: 'annotation', form: false, problem: null },
      { pageName: 'reply', tool: 'console.reply', sideEffect: 'write', risk: 'high', gradeSource: 'annotation', form: false, problem: null },
      { pageName: 'tag_ticket', tool: 'console.tagTicket', sideEffect: 'write', risk: 'high', gradeSource: 'default', form: false, problem: null },
      { pageName: 'draft_note', tool: 'console.draftNote', sideEffect: 'write', risk: 'low', gradeSource: 'profile', form: false, problem: null },
    ]);
  });
  it('does not register a tool whose schema it cannot check, and says why', async () => {
    const { built, registry } = await setup(0, [tool('odd', { inputSchema: schema({ q: { type: 'string', pattern: '(a+)+$' } }) })]);
    expect(built.report[0]).toMatchObject({ tool: null, problem: expect.stringContaining('pattern') });
    expect(registry.names().some((n) => n.startsWith('console.'))).toBe(false);
  });
});

describe('declared tools through the registry', () => {
  it('the model sees only the read ones, under wire names', async () => {
    const { registry } = await setup();
    const wire = registry.toFunctionSchemas(ctx({ caller: 'llm' })).map((f) => f.function.name);
    expect(wire).toContain('console__lookupOrder');
    expect(wire.filter((n) => n.startsWith('console__'))).toEqual(['console__lookupOrder']);
    const fn = registry.toFunctionSchemas(ctx({ caller: 'llm' })).find((f) => f.function.name === 'console__lookupOrder')!;
    expect(fn.function.parameters).toEqual({ type: 'object', properties: { id: { type: 'string', maxLength: 8000, description: 'Order id' } }, required: ['id'], additionalProperties: false });
  });
  it('a read runs and returns page text cleaned and marked as data; a write from the model is refused', async () => {
    const { registry, calls } = await setup();
    const r = await registry.invoke('console.lookupOrder', { id: 'A-7' }, ctx({ caller: 'llm' }));
    expect(r).toMatchObject({ status: 'done', data: { text: 'Order A-7: shipped', removed: { invisibleChars: 1 } } });
    expect((await registry.invoke('console.reply', { text: 'hi' }, ctx({ caller: 'llm' }))).status).toBe('refused');
    expect(calls).toEqual([{ name: 'lookup_order', input: { id: 'A-7' } }]);
  });
  it('validates input against the page schema (strict)', async () => {
    const { registry, calls } = await setup();
    expect((await registry.invoke('console.lookupOrder', { id: 7 }, ctx())).status).toBe('refused');
    expect((await registry.invoke('console.lookupOrder', { id: 'x', risk: 'low' }, ctx())).status).toBe('refused');
    expect(calls).toEqual([]);
  });
  it('a high-risk write waits for a confirmation and runs once after it; the bridge gets a dry run', async () => {
    const { registry, executor, calls } = await setup();
    const dry = await registry.invoke('console.reply', { text: 'hi' }, ctx({ caller: 'bridge' }));
    expect(dry.status).toBe('dry_run');
    const r = await registry.invoke('console.reply', { text: 'hi' }, ctx({ caller: 'hotkey' }));
    expect(r.status).toBe('needs_confirmation');
    expect(calls).toEqual([]);
    const call = (r as { call: PreparedCall }).call;
    expect(call.display).toEqual({ text: 'hi' });
    expect(call.definition).toMatch(/^[0-9a-f]{64}$/);
    expect(await executor.execute(call, { approvedBy: 'agent' })).toMatchObject({ status: 'executed' });
    expect(calls).toEqual([{ name: 'reply', input: { text: 'hi' } }]);
  });
  it('a low-risk write graded by the profile runs for a person at once', async () => {
    const { registry, calls } = await setup();
    expect((await registry.invoke('console.draftNote', { text: 'n' }, ctx({ caller: 'hotkey' }))).status).toBe('done');
    expect(calls).toEqual([{ name: 'draft_note', input: { text: 'n' } }]);
  });
  it('refuses a confirmed call when the page changed or dropped its tools since it was prepared', async () => {
    const { registry, executor, calls, mc } = await setup();
    const call = ((await registry.invoke('console.reply', { text: 'hi' }, ctx())) as { call: PreparedCall }).call;
    // A toolchange (the page re-registered: its code may differ) gives every declared tool a new definition.
    const again = await declaredTools(PAGE, { doc: document, mc, epoch: 1, profileGrade: () => undefined });
    registry.replaceDeclared(again.tools);
    expect(await executor.execute(call, { approvedBy: 'agent' })).toMatchObject({ status: 'failed', error: { code: 'TOOL_CHANGED' } });
    registry.replaceDeclared([]);
    expect(await executor.execute(call, { approvedBy: 'agent' })).toMatchObject({ status: 'failed', error: { code: 'TOOL_CHANGED' } });
    expect(calls).toEqual([]);
  });
  it('never removes or shadows deskhand own tools', async () => {
    const { registry } = await setup();
    const before = registry.names().filter((n) => !n.startsWith('console.'));
    registry.replaceDeclared([]);
    expect(registry.names()).toEqual(before);
  });
});

describe('a declarative form tool', () => {
  it('fills the form and never submits it', async () => {
    document.body.innerHTML = '<form toolname="new_ticket" tooldescription="Open a ticket"><input name="subject"><textarea name="body"></textarea><button>Create</button></form>';
    let submitted = 0;
    document.querySelector('form')!.addEventListener('submit', (e) => {
      submitted += 1;
      e.preventDefault();
    });
    const form = tool('new_ticket', { form: true, annotations: null, inputSchema: schema({ subject: { type: 'string' }, body: { type: 'string' } }) });
    const { registry, executor, calls } = await setup(0, [form]);
    const r = await registry.invoke('console.newTicket', { subject: 'Broken', body: 'It broke' }, ctx());
    expect(r.status).toBe('needs_confirmation');
    const out = await executor.execute((r as { call: PreparedCall }).call, { approvedBy: 'agent' });
    expect(out).toMatchObject({ status: 'executed', data: { filled: ['subject', 'body'], submitted: false } });
    expect((document.querySelector('input') as HTMLInputElement).value).toBe('Broken');
    expect(submitted).toBe(0);
    expect(calls).toEqual([]);
  });
});

describe('page words the model reads', () => {
  it('a declared description loses invisible characters and is cut', async () => {
    const { registry } = await setup(0, [tool('lookup', { annotations: { readOnlyHint: true }, description: `Find\u200b orders.\u202e ${'x'.repeat(900)}` })]);
    const fn = registry.toFunctionSchemas(ctx({ caller: 'llm' })).find((f) => f.function.name === 'console__lookup')!;
    expect(fn.function.description).toContain('The console describes it as: Find orders. xxx');
    expect(fn.function.description).not.toMatch(/[\u200b\u202e]/);
    expect(fn.function.description.length).toBeLessThan(800);
  });
});

describe('declared results', () => {
  it('joins MCP text content, strips invisible characters and cuts long text', () => {
    const long = 'x'.repeat(5000);
    const r = declaredResult('t', JSON.stringify({ content: [{ type: 'text', text: long }] }), false);
    expect(r.text).toMatch(/…\[cut 2000\]$/);
    expect(declaredResult('t', 'plain\u202e', false)).toMatchObject({ text: 'plain', removed: { invisibleChars: 1 } });
  });
});
