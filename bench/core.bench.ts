/**
 * Core benchmarks (issue 2): each number beside its floor measured in the same run.
 */
import { Bench } from 'tinybench';
import { z } from 'zod';
import { checkShape, clipResult, createToolCore, fingerprintOf, ok, type InvokeCtx } from '../src/tools/index.ts';
import { canonicalJson } from '../src/tools/canonical.ts';
import { median, type BenchRow } from './lib.ts';

const ctx: InvokeCtx = { caller: 'hotkey', facets: ['conversation'], features: {}, roles: [] };

const tenFields = z.strictObject({
  title: z.string().min(1).max(120),
  category: z.enum(['billing', 'shipping', 'account', 'other']),
  priority: z.enum(['low', 'normal', 'high', 'urgent']),
  description: z.string().max(4000),
  orderId: z.string().regex(/^ORD-\d+$/),
  amount: z.number().min(0).max(100000),
  currency: z.enum(['CNY', 'USD', 'EUR']),
  email: z.string().max(200),
  phone: z.string().max(40),
  tags: z.array(z.string().max(30)).max(10),
});
const tenInput = {
  title: '发票抬头错误',
  category: 'billing',
  priority: 'high',
  description: '客户反馈发票抬头与公司名称不一致，需要重新开具。'.repeat(4),
  orderId: 'ORD-20261130',
  amount: 199.5,
  currency: 'CNY',
  email: 'zhang@example.com',
  phone: '13812345678',
  tags: ['invoice', 'vip'],
};

const big = {
  total: 2_000,
  results: Array.from({ length: 2_000 }, (_, i) => ({
    id: `T-${i}`,
    title: `工单 ${i}: 发票抬头错误 invoice title wrong`,
    body: '客户反馈发票抬头与公司名称不一致，需要重新开具。'.repeat(8),
  })),
};

const twoKb = { ...tenInput, description: 'x'.repeat(1_600) };
/** The fingerprint's floor hashes these bytes: what fingerprintOf hashes, encoded once up front. */
const twoKbBytes = new TextEncoder().encode(canonicalJson(twoKb));

export async function benchCore(): Promise<BenchRow[]> {
  const { registry } = createToolCore();
  const run = async (input: { q: string }) => ok({ echo: input.q });
  registry.register({ name: 'bench.echo', title: 'Echo', description: 'Echo.', sideEffect: 'read', input: z.strictObject({ q: z.string() }), run });
  registry.register({ name: 'bench.ten', title: 'Ten', description: 'Ten fields.', sideEffect: 'read', input: tenFields, run: async () => ok(1) });
  const bigSize = JSON.stringify(big).length;

  const bench = new Bench({ time: 800, warmupTime: 200 });
  bench
    .add('direct run() of a trivial read', async () => {
      await run({ q: 'x' });
    })
    .add('registry.invoke() of the same read', async () => {
      await registry.invoke('bench.echo', { q: 'x' }, ctx);
    })
    .add('zod safeParse of 10 fields (floor)', () => {
      tenFields.safeParse(tenInput);
    })
    .add('gate validation of 10 fields (shape caps + zod)', () => {
      checkShape(tenInput);
      tenFields.safeParse(tenInput);
    })
    .add('registry.invoke() with a 10-field input', async () => {
      await registry.invoke('bench.ten', tenInput, ctx);
    })
    .add(`JSON.stringify of the ${Math.round(bigSize / 1024)} KB result (floor)`, () => {
      JSON.stringify(big);
    })
    .add(`clip the ${Math.round(bigSize / 1024)} KB result to 4,000 chars`, () => {
      clipResult(big, 4_000);
    })
    .add('raw SHA-256 digest of the same bytes (floor)', async () => {
      await crypto.subtle.digest('SHA-256', twoKbBytes);
    })
    .add('fingerprint a 2 KB input (canonical JSON + SHA-256)', async () => {
      await fingerprintOf(twoKb);
    });
  await bench.run();
  const m = (name: string) => median(bench, name);
  const direct = m('direct run() of a trivial read');
  const invoke = m('registry.invoke() of the same read');
  const zodFloor = m('zod safeParse of 10 fields (floor)');
  const stringify = m(`JSON.stringify of the ${Math.round(bigSize / 1024)} KB result (floor)`);
  const digest = m('raw SHA-256 digest of the same bytes (floor)');
  const fingerprint = m('fingerprint a 2 KB input (canonical JSON + SHA-256)');
  return [
    { name: 'direct run() of a trivial read', medianUs: direct, floor: 'itself', ratio: 1 },
    { name: 'registry.invoke() of the same read', medianUs: invoke, floor: 'direct run()', ratio: invoke / direct, addedUs: invoke - direct },
    { name: 'zod safeParse of 10 fields', medianUs: zodFloor, floor: 'itself', ratio: 1 },
    { name: 'gate validation of 10 fields', medianUs: m('gate validation of 10 fields (shape caps + zod)'), floor: 'zod safeParse', ratio: m('gate validation of 10 fields (shape caps + zod)') / zodFloor },
    { name: 'registry.invoke() with a 10-field input', medianUs: m('registry.invoke() with a 10-field input'), floor: 'direct run()', ratio: m('registry.invoke() with a 10-field input') / direct, addedUs: m('registry.invoke() with a 10-field input') - direct },
    { name: `JSON.stringify of ${bigSize} chars`, medianUs: stringify, floor: 'itself', ratio: 1 },
    { name: `clip ${bigSize} chars to 4,000`, medianUs: m(`clip the ${Math.round(bigSize / 1024)} KB result to 4,000 chars`), floor: 'JSON.stringify', ratio: m(`clip the ${Math.round(bigSize / 1024)} KB result to 4,000 chars`) / stringify },
    { name: `raw crypto.subtle.digest('SHA-256') of the same ${twoKbBytes.length} bytes`, medianUs: digest, floor: 'itself', ratio: 1 },
    { name: 'fingerprint a 2 KB input', medianUs: fingerprint, floor: 'raw SHA-256 digest', ratio: fingerprint / digest, addedUs: fingerprint - digest, note: 'added: canonical JSON (sorted keys, NFC), UTF-8 encoding and the hex string' },
  ];
}
