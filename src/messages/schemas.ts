/**
 * zod schemas of the data that crosses contexts. Every receiver parses with these:
 * a message is page-adjacent input until proven otherwise.
 */
import { z } from '../tools/zod.ts';
import { FACT_SOURCES } from '../tools/card.ts';
import { CALLERS, RISKS, SIDE_EFFECTS } from '../tools/types.ts';

const Json: z.ZodMiniType<unknown> = z.unknown();

export const ErrorTypeSchema = z.enum([
  'validation',
  'not_found',
  'unavailable',
  'forbidden',
  'timeout',
  'internal',
  'confirmation_required',
  'rejected',
  'failed',
  'uncertain',
  'cancelled',
]);

export const ToolErrorSchema = z.object({
  code: z.string().check(z.maxLength(100)),
  type: ErrorTypeSchema,
  detail: z.string().check(z.maxLength(2_000)),
  suggestion: z.string().check(z.maxLength(2_000)),
  retryable: z.boolean(),
  fields: z.optional(
    z.array(
      z.object({
        path: z.string(),
        message: z.string(),
        allowed: z.optional(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
        min: z.optional(z.number()),
        max: z.optional(z.number()),
      }),
    ),
  ),
  traceId: z.string().check(z.maxLength(100)),
  retryAfterMs: z.optional(z.number()),
});

export const CallBindingSchema = z.strictObject({
  tabId: z.optional(z.number().check(z.int())),
  origin: z.optional(z.string().check(z.maxLength(300))),
  recordId: z.optional(z.string().check(z.maxLength(200))),
});

export const FactSchema = z.strictObject({
  field: z.string().check(z.maxLength(60)),
  value: z.string().check(z.maxLength(500)),
  source: z.enum(FACT_SOURCES),
});

export const ConflictSchema = z.strictObject({
  field: z.string().check(z.maxLength(60)),
  values: z.array(z.strictObject({ source: z.enum(FACT_SOURCES), value: z.string().check(z.maxLength(500)) })).check(z.maxLength(10)),
});

export const PreparedCallSchema = z.strictObject({
  actionId: z.uuid(),
  idempotencyKey: z.string().check(z.maxLength(200)),
  tool: z.string().check(z.maxLength(100)),
  title: z.string().check(z.maxLength(200)),
  sideEffect: z.enum(SIDE_EFFECTS),
  risk: z.enum(RISKS),
  requiredRole: z.optional(z.string().check(z.maxLength(100))),
  sensitiveFields: z.optional(z.readonly(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50)))),
  input: z.record(z.string(), Json),
  canonical: z.string().check(z.maxLength(64_000)),
  fingerprint: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
  caller: z.enum(CALLERS),
  binding: CallBindingSchema,
  provenance: z.array(FactSchema).check(z.maxLength(30)),
  conflicts: z.array(ConflictSchema).check(z.maxLength(30)),
  display: z.record(z.string(), Json),
  createdAt: z.number(),
  expiresAt: z.number(),
  mono: z.optional(z.strictObject({ boot: z.string().check(z.maxLength(100)), at: z.number() })),
  traceId: z.string().check(z.maxLength(100)),
});

export const ExecOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('executed'), data: Json }),
  z.object({ status: z.literal('failed'), error: ToolErrorSchema }),
  z.object({ status: z.literal('uncertain'), error: ToolErrorSchema }),
]);

export const AuditRecordSchema = z.object({
  kind: z.enum(['invoke', 'confirmation']),
  traceId: z.string().check(z.maxLength(100)),
  toolCallId: z.string().check(z.maxLength(100)),
  tool: z.string().check(z.maxLength(100)),
  caller: z.enum(CALLERS),
  ctx: z.object({ sessionId: z.nullable(z.string()), model: z.nullable(z.string()) }),
  input: Json,
  sideEffect: z.nullable(z.enum(SIDE_EFFECTS)),
  risk: z.nullable(z.enum(RISKS)),
  status: z.enum(['success', 'error', 'cancelled', 'requires_confirmation', 'rejected', 'expired', 'failed', 'uncertain']),
  errorCode: z.nullable(z.string()),
  summary: z.string().check(z.maxLength(2_000)),
  durationMs: z.number(),
  timestamp: z.string().check(z.maxLength(40)),
  dryRun: z.boolean(),
  humanApproved: z.boolean(),
  approvedBy: z.nullable(z.string()),
  actionId: z.nullable(z.string()),
  timeToDecisionMs: z.nullable(z.number()),
  approverRoles: z.optional(z.object({ roles: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(50)), source: z.enum(['policy', 'self']) })),
});

/** A fixed flow's progress in a tab, as the panel shows it. */
export const PlanRunSchema = z.object({
  runId: z.string().check(z.maxLength(100)),
  plan: z.string().check(z.maxLength(60)),
  title: z.string().check(z.maxLength(200)),
  status: z.enum(['running', 'completed', 'failed', 'needs_confirmation', 'cancelled', 'dry_run']),
  steps: z
    .array(
      z.object({
        id: z.string().check(z.maxLength(60)),
        title: z.string().check(z.maxLength(200)),
        status: z.enum(['pending', 'running', 'ok', 'error', 'requires_confirmation', 'planned', 'cancelled']),
        summary: z.string().check(z.maxLength(1_000)),
        durationMs: z.number(),
      }),
    ).check(z.maxLength(30)),
  error: z.optional(z.string().check(z.maxLength(2_000))),
  startedAt: z.number(),
  updatedAt: z.number(),
});
export type PlanRun = z.infer<typeof PlanRunSchema>;
