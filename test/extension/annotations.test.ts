import { describe, expect, it } from 'vitest';
import { GRADES } from '../../src/catalog/grades.ts';
import { annotationsOf, TOOL_FACTS } from '../../src/ui/annotations.ts';
import { firstSentence } from '../../src/ui/tool-rows.ts';

describe('MCP / WebMCP annotations from the grade', () => {
  it('every catalog tool has its facts', () => {
    expect(Object.keys(TOOL_FACTS).sort()).toEqual(Object.keys(GRADES).sort());
  });
  it('reads are read-only and idempotent; sends and high writes destructive; page text untrusted', () => {
    const a = (n: string) => annotationsOf(n, { sideEffect: GRADES[n]!.sideEffect, risk: GRADES[n]!.risk });
    expect(a('conversation.read')).toEqual({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false, untrustedContentHint: true });
    expect(a('reply.send')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    expect(a('refund.request')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(a('customer.fill')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(a('note.add')).toMatchObject({ destructiveHint: false, idempotentHint: false, untrustedContentHint: false });
    for (const n of Object.keys(GRADES)) {
      const g = GRADES[n]!;
      expect(a(n).readOnlyHint, n).toBe(g.sideEffect === 'read');
      expect(a(n).destructiveHint, n).toBe(g.sideEffect === 'send' || g.risk === 'high' || g.risk === 'critical');
    }
  });
  it('a short description is one sentence of at most 80 characters', () => {
    expect(firstSentence('Search the knowledge base. Use it when…')).toBe('Search the knowledge base.');
    expect(firstSentence('x'.repeat(200))).toHaveLength(80);
  });
});
