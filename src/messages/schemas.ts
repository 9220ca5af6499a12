/**
 * zod schemas of the data that crosses contexts. Every receiver parses with these:
 * a message is page-adjacent input until proven otherwise.
 */
import { z } from '../tools/zod.ts';
import { FACT_SOURCES } from '../tools/card.ts';
import { AUDIT_STATUSES } from '../tools/audit.ts';
import { STEP_STATUSES } from '../tools/plan.ts';
import { CALLERS, RISKS, SIDE_EFFECTS } from '../tools/types.ts';

const Json: z.ZodMiniType<unknown> = z.unknown();

export const ErrorTypeSchema = z.enum([
  'validation',
  'not_found',
  'unavailable',
  'forbidden',
  'timeout',
  'internal',
  'rejected',
  'failed',
  'uncertain',
  'cancelled',
]);

export const ToolErrorSchema = z.lazy(() => z.object({
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
  params: z.optional(z.record(z.string().check(z.maxLength(40)), z.string().check(z.maxLength(500)))),
}));

export const CallBindingSchema = z.lazy(() => z.strictObject({
  tabId: z.optional(z.number().check(z.int())),
  origin: z.optional(z.string().check(z.maxLength(300))),
  recordId: z.optional(z.string().check(z.maxLength(200))),
}));

export const FactSchema = z.lazy(() => z.strictObject({
  field: z.string().check(z.maxLength(60)),
  value: z.string().check(z.maxLength(500)),
  source: z.enum(FACT_SOURCES),
}));

export const ConflictSchema = z.lazy(() => z.strictObject({
  field: z.string().check(z.maxLength(60)),
  values: z.array(z.strictObject({ source: z.enum(FACT_SOURCES), value: z.string().check(z.maxLength(500)) })).check(z.maxLength(10)),
}));

export const PreparedCallSchema = z.lazy(() => z.strictObject({
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
  /** A page-declared tool's definition hash (WebMCP; src/catalog/declared.ts). */
  definition: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  createdAt: z.number(),
  expiresAt: z.number(),
  mono: z.optional(z.strictObject({ boot: z.string().check(z.maxLength(100)), at: z.number() })),
  traceId: z.string().check(z.maxLength(100)),
}));

/**
 * What a content script that pressed a console's submit hands on when the console loads a new
 * page (a full-page POST): what the next page must show for the action to count as done, and
 * how the tool words each outcome. The worker asks the next page's content script to look.
 */
export const NextPageCheckSchema = z.lazy(() => z.strictObject({
  tool: z.string().check(z.maxLength(100)),
  caller: z.enum(CALLERS),
  traceId: z.string().check(z.maxLength(100)),
  /** Text that must show up on the next page as a new entry (a reply, a note, a ticket's title). */
  text: z.optional(z.string().check(z.maxLength(4_000))),
  /** How many entries showed that text before the press. */
  before: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10_000))),
  /** Where the text must show (a profile selector, e.g. the form's chosen customer), else anywhere. */
  within: z.optional(z.string().check(z.maxLength(500))),
  /** The record the page showed when the submit was pressed. */
  recordId: z.nullable(z.string().check(z.maxLength(200))),
  /** Notices already shown before the press ("Ticket is assigned to Li Na"): not the console's answer. */
  ambient: z.optional(z.array(z.string().check(z.maxLength(400))).check(z.maxLength(20))),
  /** `same`: the action belongs to that record (reply, note, assign); `new`: it creates one (a ticket). */
  record: z.enum(['same', 'new']),
  /** The tool's codes and hints for a refusal, an unclear answer and silence (catalog OutcomeWords). */
  words: z.strictObject({
    refused: z.string().check(z.maxLength(100)),
    unclear: z.string().check(z.maxLength(100)),
    silent: z.string().check(z.maxLength(100)),
    fix: z.string().check(z.maxLength(500)),
    check: z.string().check(z.maxLength(500)),
    /** Words a notice uses for this act: a warning-styled "Note added" is success (dom/outcome.ts). */
    acts: z.optional(z.array(z.string().check(z.maxLength(40))).check(z.maxLength(20))),
  }),
  /** The tool's data on success (the notice and what was seen are added to it). */
  data: z.record(z.string(), Json),
  /**
   * The job itself goes to the next page (the record's own page for it, opened by its link):
   * that page does it and answers with its result, rather than looking for one. `path` is where
   * the link pointed; a confirmed call names its ledger action (the worker hands the call over).
   */
  carry: z.optional(z.strictObject({
    path: z.string().check(z.maxLength(2_000)),
    input: Json,
    actionId: z.optional(z.string().check(z.maxLength(100))),
  })),
}));
export type NextPageCheck = z.infer<typeof NextPageCheckSchema>;

/** A tool's own result as it crosses contexts (RunResult; the error keeps its traceId). */
export const RunResultSchema = z.lazy(() => z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), data: Json }),
  z.object({ status: z.enum(['refused', 'failed', 'uncertain']), error: ToolErrorSchema }),
]));

export const ExecOutcomeSchema = z.lazy(() => z.discriminatedUnion('status', [
  z.object({ status: z.literal('executed'), data: Json }),
  z.object({ status: z.literal('failed'), error: ToolErrorSchema }),
  z.object({ status: z.literal('uncertain'), error: ToolErrorSchema }),
]));

export const AuditRecordSchema = z.lazy(() => z.object({
  kind: z.enum(['invoke', 'confirmation']),
  traceId: z.string().check(z.maxLength(100)),
  toolCallId: z.string().check(z.maxLength(100)),
  tool: z.string().check(z.maxLength(100)),
  caller: z.enum(CALLERS),
  ctx: z.object({ sessionId: z.nullable(z.string()), model: z.nullable(z.string()) }),
  input: Json,
  sideEffect: z.nullable(z.enum(SIDE_EFFECTS)),
  risk: z.nullable(z.enum(RISKS)),
  status: z.enum(AUDIT_STATUSES),
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
  decidedBy: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  subject: z.optional(z.nullable(z.object({ record: z.nullable(z.string().check(z.maxLength(200))), customer: z.nullable(z.string().check(z.maxLength(200))) }))),
  agent: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
}));

/** A fixed flow's progress in a tab, as the panel shows it. */
export const PlanRunSchema = z.lazy(() => z.object({
  runId: z.string().check(z.maxLength(100)),
  plan: z.string().check(z.maxLength(60)),
  title: z.string().check(z.maxLength(200)),
  status: z.enum(['running', 'completed', 'failed', 'needs_confirmation', 'cancelled', 'dry_run']),
  steps: z
    .array(
      z.object({
        id: z.string().check(z.maxLength(60)),
        title: z.string().check(z.maxLength(200)),
        status: z.enum(['pending', 'running', ...STEP_STATUSES]),
        summary: z.string().check(z.maxLength(1_000)),
        durationMs: z.number(),
      }),
    ).check(z.maxLength(30)),
  error: z.optional(z.string().check(z.maxLength(2_000))),
  /** A cancelled run the agent stopped (the panel's Stop, the countdown's Esc or Stop). */
  stoppedBy: z.optional(z.literal('agent')),
  /** A run whose submit waits on a card (its action id): the worker settles the run when the card is decided. */
  waitingFor: z.optional(z.string().check(z.maxLength(100))),
  startedAt: z.number(),
  updatedAt: z.number(),
}));
export type PlanRun = z.infer<typeof PlanRunSchema>;

/**
 * A flow the console's page reload interrupted, handed to the worker as the page goes and
 * taken back once by the tab's next page on the same origin (src/content/flows.ts): where it
 * was, what its steps produced (the read conversation, the generated ticket), and the check
 * a submit handed on, if the reload came from one.
 */
export const FlowHandoverSchema = z.lazy(() => z.strictObject({
  name: z.enum(['quickTicket']),
  run: PlanRunSchema,
  at: z.number().check(z.int(), z.gte(0), z.lte(30)),
  steps: z.array(z.record(z.string(), Json)).check(z.maxLength(30)),
  outputs: z.record(z.string(), Json),
  traceId: z.string().check(z.maxLength(100)),
  checkId: z.optional(z.uuid()),
  /** The record the flow is about (where it started, or the record its form page came from): the next page must be that record or a form reached from it. */
  about: z.strictObject({ recordId: z.nullable(z.string().check(z.maxLength(200))) }),
}));
export type FlowHandover = z.infer<typeof FlowHandoverSchema>;
