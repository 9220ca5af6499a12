/**
 * zod schemas of the data that crosses contexts. Every receiver parses with these:
 * a message is page-adjacent input until proven otherwise.
 */
import { z } from 'zod';
import { FACT_SOURCES } from '../tools/card.ts';
import { CALLERS, RISKS, SIDE_EFFECTS } from '../tools/types.ts';

const Json: z.ZodType<unknown> = z.unknown();

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
  code: z.string().max(100),
  type: ErrorTypeSchema,
  detail: z.string().max(2_000),
  suggestion: z.string().max(2_000),
  retryable: z.boolean(),
  fields: z
    .array(
      z.object({
        path: z.string(),
        message: z.string(),
        allowed: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
        min: z.number().optional(),
        max: z.number().optional(),
      }),
    )
    .optional(),
  traceId: z.string().max(100),
  retryAfterMs: z.number().optional(),
});

export const CallBindingSchema = z.strictObject({
  tabId: z.number().int().optional(),
  origin: z.string().max(300).optional(),
  recordId: z.string().max(200).optional(),
});

export const FactSchema = z.strictObject({
  field: z.string().max(60),
  value: z.string().max(500),
  source: z.enum(FACT_SOURCES),
});

export const ConflictSchema = z.strictObject({
  field: z.string().max(60),
  values: z.array(z.strictObject({ source: z.enum(FACT_SOURCES), value: z.string().max(500) })).max(10),
});

export const PreparedCallSchema = z.strictObject({
  actionId: z.uuid(),
  idempotencyKey: z.string().max(200),
  tool: z.string().max(100),
  title: z.string().max(200),
  sideEffect: z.enum(SIDE_EFFECTS),
  risk: z.enum(RISKS),
  requiredRole: z.string().max(100).optional(),
  sensitiveFields: z.array(z.string().max(100)).max(50).readonly().optional(),
  input: z.record(z.string(), Json),
  canonical: z.string().max(64_000),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  caller: z.enum(CALLERS),
  binding: CallBindingSchema,
  provenance: z.array(FactSchema).max(30),
  conflicts: z.array(ConflictSchema).max(30),
  display: z.record(z.string(), Json),
  createdAt: z.number(),
  expiresAt: z.number(),
  mono: z.strictObject({ boot: z.string().max(100), at: z.number() }).optional(),
  traceId: z.string().max(100),
});

/**
 * What a content script that pressed a console's submit hands on when the console loads a new
 * page (a full-page POST): what the next page must show for the action to count as done, and
 * how the tool words each outcome. The worker asks the next page's content script to look.
 */
export const NextPageCheckSchema = z.strictObject({
  tool: z.string().max(100),
  caller: z.enum(CALLERS),
  traceId: z.string().max(100),
  /** Text that must show up on the next page as a new entry (a reply, a note, a ticket's title). */
  text: z.string().max(4_000).optional(),
  /** How many entries showed that text before the press. */
  before: z.number().int().min(0).max(10_000).optional(),
  /** Where the text must show (a profile selector, e.g. the form's chosen customer), else anywhere. */
  within: z.string().max(500).optional(),
  /** The record the page showed when the submit was pressed. */
  recordId: z.string().max(200).nullable(),
  /** Notices already shown before the press ("Ticket is assigned to Li Na"): not the console's answer. */
  ambient: z.array(z.string().max(400)).max(20).optional(),
  /** `same`: the action belongs to that record (reply, note, assign); `new`: it creates one (a ticket). */
  record: z.enum(['same', 'new']),
  /** The tool's codes and hints for a refusal, an unclear answer and silence (catalog OutcomeWords). */
  words: z.strictObject({
    refused: z.string().max(100),
    unclear: z.string().max(100),
    silent: z.string().max(100),
    fix: z.string().max(500),
    check: z.string().max(500),
  }),
  /** The tool's data on success (the notice and what was seen are added to it). */
  data: z.record(z.string(), Json),
});
export type NextPageCheck = z.infer<typeof NextPageCheckSchema>;

/** A tool's own result as it crosses contexts (RunResult; the error keeps its traceId). */
export const RunResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: Json }),
  z.object({ ok: z.literal(false), error: ToolErrorSchema }),
]);

export const ExecOutcomeSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('executed'), data: Json }),
  z.object({ status: z.literal('failed'), error: ToolErrorSchema }),
  z.object({ status: z.literal('uncertain'), error: ToolErrorSchema }),
]);

export const AuditRecordSchema = z.object({
  kind: z.enum(['invoke', 'confirmation']),
  traceId: z.string().max(100),
  toolCallId: z.string().max(100),
  tool: z.string().max(100),
  caller: z.enum(CALLERS),
  ctx: z.object({ sessionId: z.string().nullable(), model: z.string().nullable() }),
  input: Json,
  sideEffect: z.enum(SIDE_EFFECTS).nullable(),
  risk: z.enum(RISKS).nullable(),
  status: z.enum(['success', 'error', 'cancelled', 'requires_confirmation', 'rejected', 'expired', 'failed', 'uncertain']),
  errorCode: z.string().nullable(),
  summary: z.string().max(2_000),
  durationMs: z.number(),
  timestamp: z.string().max(40),
  dryRun: z.boolean(),
  humanApproved: z.boolean(),
  approvedBy: z.string().nullable(),
  actionId: z.string().nullable(),
  timeToDecisionMs: z.number().nullable(),
  approverRoles: z.object({ roles: z.array(z.string().max(100)).max(50), source: z.enum(['policy', 'self']) }).optional(),
});

/** A fixed flow's progress in a tab, as the panel shows it. */
export const PlanRunSchema = z.object({
  runId: z.string().max(100),
  plan: z.string().max(60),
  title: z.string().max(200),
  status: z.enum(['running', 'completed', 'failed', 'needs_confirmation', 'cancelled', 'dry_run']),
  steps: z
    .array(
      z.object({
        id: z.string().max(60),
        title: z.string().max(200),
        status: z.enum(['pending', 'running', 'ok', 'error', 'requires_confirmation', 'planned', 'cancelled']),
        summary: z.string().max(1_000),
        durationMs: z.number(),
      }),
    )
    .max(30),
  error: z.string().max(2_000).optional(),
  startedAt: z.number(),
  updatedAt: z.number(),
});
export type PlanRun = z.infer<typeof PlanRunSchema>;
