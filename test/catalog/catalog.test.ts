import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GRADES } from '../../src/catalog/grades.ts';
import { CATALOG_FILES, registerCatalog } from '../../src/catalog/index.ts';
import { scoreOptions } from '../../src/catalog/category-score.ts';
import { defaultSettings } from '../../src/settings/schema.ts';
import { Registry } from '../../src/tools/registry.ts';

const NOT_TOOLS = ['assign-recipe.ts', 'declared.ts', 'carry.ts', 'recipe.ts', 'index.ts', 'deps.ts', 'fill.ts', 'press.ts', 'composer.ts', 'grades.ts', 'assign.ts', 'landed.ts', 'customer-lookup.ts', 'category-score.ts', 'category-model.ts'];

function catalog() {
  const registry = new Registry();
  registerCatalog(registry, { settings: () => defaultSettings(), model: () => { throw new Error('no page in unit tests'); }, fetch, origin: () => 'http://127.0.0.1' });
  return registry;
}

describe('the catalog list', () => {
  it('lists every tool file in src/catalog explicitly', () => {
    const files = readdirSync(join(import.meta.dirname, '../../src/catalog'))
      .filter((f) => f.endsWith('.ts') && !NOT_TOOLS.includes(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect([...CATALOG_FILES].sort()).toEqual(files);
  });

  /** DESIGN.md's catalog table, written out by hand: the expectation, not a copy of the code. */
  const DESIGN: Record<string, { sideEffect: string; risk?: string; requiredRole?: string }> = {
    'kb.search': { sideEffect: 'read' },
    'conversation.read': { sideEffect: 'read' },
    'customer.read': { sideEffect: 'read' },
    'ticket.history': { sideEffect: 'read' },
    'page.inspect': { sideEffect: 'read' },
    'customer.fill': { sideEffect: 'write', risk: 'low' },
    'category.match': { sideEffect: 'write', risk: 'low' },
    'ticket.fill': { sideEffect: 'write', risk: 'low' },
    'reply.draft': { sideEffect: 'write', risk: 'low' },
    'note.add': { sideEffect: 'write', risk: 'low' },
    'ticket.submit': { sideEffect: 'write', risk: 'medium' },
    'queue.assign': { sideEffect: 'write', risk: 'medium' },
    'ticket.assign': { sideEffect: 'write', risk: 'medium' },
    'refund.request': { sideEffect: 'write', risk: 'high', requiredRole: 'REFUND_APPROVER' },
    'reply.send': { sideEffect: 'send', risk: 'high' },
  };

  it('registers exactly the DESIGN.md catalog with its grades, and GRADES reads them off the definitions', () => {
    const registry = catalog();
    expect(registry.names().sort()).toEqual(Object.keys(DESIGN).sort());
    for (const name of registry.names()) {
      const t = registry.definition(name)!;
      expect({ sideEffect: t.sideEffect, risk: t.risk, requiredRole: t.requiredRole }, name).toEqual({ risk: undefined, requiredRole: undefined, ...DESIGN[name] });
    }
    expect(GRADES).toEqual(DESIGN);
  });

  it('describes each tool for the model: what it does, its neighbour, what it returns', () => {
    const registry = catalog();
    for (const name of registry.names()) {
      const d = registry.definition(name)!.description;
      expect(d.length, name).toBeGreaterThan(120);
      expect(d, name).toMatch(/\b(use|Use|For|for|To)\b/);
      expect(d, name).toMatch(/[a-z]+\.[a-z]+[A-Za-z]*|Returns|returns/);
    }
  });

  it('exports a JSON Schema for every tool input (what a person-side caller is shown)', () => {
    const schemas = catalog().toFunctionSchemas({ caller: 'ui', facets: null, features: defaultSettings().features, roles: [] });
    expect(schemas).toHaveLength(Object.keys(GRADES).length);
    for (const s of schemas) expect(s.function.parameters, s.function.name).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('offers the model only the five read tools', () => {
    const names = catalog()
      .toFunctionSchemas({ caller: 'llm', facets: ['conversation', 'composer', 'customer', 'history'], features: defaultSettings().features, roles: [] })
      .map((s) => s.function.name)
      .sort();
    expect(names).toEqual(['conversation__read', 'customer__read', 'kb__search', 'page__inspect', 'ticket__history']);
  });
});

describe('category scoring', () => {
  const options = [
    { text: '物流配送', value: 'shipping' },
    { text: '退款退货', value: 'refund' },
    { text: '发票问题', value: 'invoice' },
    { text: '账户登录', value: 'account' },
    { text: '其他', value: 'other' },
  ];
  it('scores Chinese conversations', () => {
    const [top, second] = scoreOptions(options, [{ text: '我的包裹十天了还没收到，物流一直不更新', weight: 1 }]);
    expect(top).toMatchObject({ value: 'shipping' });
    expect(top!.score).toBeGreaterThan(second!.score);
  });
  it('scores English conversations and weighs the hint', () => {
    const said = [{ text: 'I cannot log in, the verification SMS never arrives', weight: 1 }];
    expect(scoreOptions(options, said)[0]!.value).toBe('account');
    // "invoice" is the invoice option's own word and no other option's: the hint's weight, 2.
    const scores = scoreOptions(options, [...said, { text: 'invoice', weight: 2 }]);
    expect(scores.find((s) => s.value === 'invoice')!.score).toBe(2);
  });
  it('gives zero to every option when nothing matches', () => {
    expect(scoreOptions(options, [{ text: '你好', weight: 1 }]).every((s) => s.score === 0)).toBe(true);
  });
});
