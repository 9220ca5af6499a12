import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCore, maskSensitive, ok, RingAuditSink, toJsonl, type AuditRecord } from '../../src/tools/index.ts';
import { ctx, makeCore } from './fixtures.ts';

describe('audit', () => {
  it('writes one record per invoke with caller, ctx, status and duration', async () => {
    const audit = new RingAuditSink();
    const { registry } = makeCore({ audit });
    await registry.invoke('kb.search', { query: 'invoice' }, ctx({ caller: 'llm', sessionId: 's1', model: 'm1', toolCallId: 'call_1' }));
    await registry.invoke('nope.nothing', {}, ctx());
    await registry.invoke('note.add', { text: 'x' }, ctx({ caller: 'bridge' }));
    const recs = audit.list();
    expect(recs).toHaveLength(3);
    expect(recs[0]).toMatchObject({
      kind: 'invoke',
      tool: 'kb.search',
      caller: 'llm',
      ctx: { sessionId: 's1', model: 'm1' },
      toolCallId: 'call_1',
      sideEffect: 'read',
      status: 'done',
      input: { query: 'invoice', limit: 5 },
      humanApproved: false,
    });
    expect(recs[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(recs[1]).toMatchObject({ status: 'refused', errorCode: 'UNKNOWN_TOOL' });
    expect(recs[2]).toMatchObject({ caller: 'bridge', dryRun: true, status: 'dry_run' });
  });
  it('masks sensitive fields and scrubs phones and e-mails from free text', async () => {
    const audit = new RingAuditSink();
    const { registry } = createToolCore({ audit });
    registry.register({
      name: 'customer.fill',
      title: 'Fill',
      description: 'Fill customer.',
      sideEffect: 'write',
      risk: 'low',
      sensitiveFields: ['phone', 'email'],
      input: z.strictObject({ name: z.string(), phone: z.string(), email: z.string(), note: z.string() }),
      run: async () => ok({ filled: 3 }),
    });
    await registry.invoke(
      'customer.fill',
      { name: '张三', phone: '13812345678', email: 'zhang.san@example.com', note: '回电 13912345678 或 li@corp.cn' },
      ctx(),
    );
    const line = toJsonl(audit.list());
    expect(line).not.toContain('13812345678');
    expect(line).not.toContain('zhang.san@');
    expect(line).not.toContain('13912345678');
    expect(line).not.toContain('li@corp.cn');
    expect(audit.list()[0]!.input).toEqual({
      name: '张三',
      phone: '138****5678',
      email: 'z***@example.com',
      note: '回电 139****5678 或 l***@corp.cn',
    });
  });
  it('masks nested sensitive paths', () => {
    expect(maskSensitive({ customer: { phone: '+86 138 1234 5678', id: 'U1' } }, ['customer.phone'])).toEqual({
      customer: { phone: '861****5678', id: 'U1' },
    });
  });
  it('the ring is bounded and drops routine invoke records before confirmation outcomes', () => {
    const ring = new RingAuditSink(3);
    const rec = (kind: AuditRecord['kind'], tool: string) => ({ kind, tool }) as AuditRecord;
    ring.write(rec('confirmation', 'reply.send'));
    ring.write(rec('invoke', 'kb.search'));
    ring.write(rec('invoke', 'kb.search2'));
    ring.write(rec('invoke', 'kb.search3'));
    expect(ring.list().map((r) => r.tool)).toEqual(['reply.send', 'kb.search2', 'kb.search3']);
    expect(ring.dropped).toBe(1);
  });
  it('never drops a confirmation outcome to make room, even when only outcomes are left', () => {
    const ring = new RingAuditSink(2);
    const rec = (kind: AuditRecord['kind'], tool: string) => ({ kind, tool }) as AuditRecord;
    ring.write(rec('confirmation', 'a'));
    ring.write(rec('confirmation', 'b'));
    ring.write(rec('invoke', 'read'));
    ring.write(rec('confirmation', 'c'));
    expect(ring.list().map((r) => r.tool)).toEqual(['a', 'b', 'c']);
  });
  it('exports JSONL: one JSON object per line', async () => {
    const audit = new RingAuditSink();
    const { registry } = makeCore({ audit });
    await registry.invoke('kb.search', { query: 'ab' }, ctx());
    await registry.invoke('kb.search', { query: 'cd' }, ctx());
    const lines = toJsonl(audit.list()).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).input.query)).toEqual(['ab', 'cd']);
  });
});

describe('audit timestamps', () => {
  it('isoNow matches Date#toISOString at any millisecond', async () => {
    const { isoNow } = await import('../../src/tools/audit.ts');
    for (const ms of [0, 999, 1_000, 1_764_500_000_123, 1_764_500_000_999, 1_764_500_001_000]) {
      expect(isoNow(ms)).toBe(new Date(ms).toISOString());
    }
  });
});

describe('secrets and phone numbers in what deskhand keeps', () => {
  it('attack: Luhn-valid card numbers, IBANs, API tokens and bearer strings are masked; other digit runs are not', async () => {
    const { scrubText } = await import('../../src/tools/mask.ts');
    const out = scrubText('card 4111 1111 1111 1111, not a card 4111 1111 1111 1112, IBAN DE89 3704 0044 0532 0130 00, key sk-abcdefghijklmnopqrstuvwx, Authorization: Bearer abc.def.ghijklmnopqrstu, order ORD-20261101');
    expect(out).not.toMatch(/4111 1111 1111 1111|DE89 3704|sk-abcdefghij|abc\.def\.ghij/);
    expect(out).toContain('****1111');
    expect(out).toContain('4111 1111 1111 1112');
    expect(out).toContain('ORD-20261101');
  });
  it('attack: phone numbers in every common form are found by libphonenumber (CN and US), order ids are not', async () => {
    const { scrubPii } = await import('../../src/tools/pii.ts');
    for (const phone of ['010-6552-1234', '(555) 123-4567', '021 5555 6666', '+1 415 555 2671', '13812345678']) {
      expect(scrubPii(`call ${phone} now`), phone).not.toContain(phone);
    }
    expect(scrubPii('order ORD-20261101, ticket T-10001, 2026-11-30 13:42, CNY 199.00')).toBe('order ORD-20261101, ticket T-10001, 2026-11-30 13:42, CNY 199.00');
  });
});

