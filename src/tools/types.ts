/**
 * The graded-tool contract (DESIGN.md "Tool contract").
 * Pure types: no chrome.*, no DOM. Every caller of deskhand goes through these.
 */
import type { z } from './zod.ts';
import type { Conflict, Fact } from './card.ts';

/** Can it be undone? Does someone outside see it at once? (DESIGN.md "The one rule") */
export type SideEffect = 'read' | 'write' | 'send';
export const SIDE_EFFECTS = ['read', 'write', 'send'] as const satisfies readonly SideEffect[];

/** Risk of a write or send; decides TTL, role, card and failure handling. */
export type Risk = 'low' | 'medium' | 'high' | 'critical';
export const RISKS = ['low', 'medium', 'high', 'critical'] as const satisfies readonly Risk[];

/** Who is calling. Autonomy is derived from this, never passed in. */
export type Caller = 'hotkey' | 'ui' | 'plan' | 'llm' | 'bridge';
export const CALLERS = ['hotkey', 'ui', 'plan', 'llm', 'bridge'] as const satisfies readonly Caller[];

/**
 * Facets a page can have at once (a conversation page may also hold a ticket form and a
 * customer panel). The page model reports the set it found; `null` means "unknown page",
 * which never blocks a tool (seed 000: wrapping must not tighten what the function did).
 */
export const FACETS = ['conversation', 'composer', 'customer', 'history', 'ticketForm', 'refundForm', 'assign', 'kb'] as const;
export type Facet = (typeof FACETS)[number];

export type ErrorType =
  | 'validation'
  | 'not_found'
  | 'unavailable'
  | 'forbidden'
  | 'timeout'
  | 'internal'
  | 'rejected'
  | 'failed'
  | 'uncertain'
  | 'cancelled';

/** One field of a validation error: what is wrong and what would be accepted. */
export interface FieldIssue {
  path: string;
  message: string;
  allowed?: readonly (string | number | boolean | null)[];
  min?: number;
  max?: number;
}

/** Errors cross contexts as this plain object, never as thrown values. */
export interface ToolError {
  code: string;
  type: ErrorType;
  detail: string;
  suggestion: string;
  retryable: boolean;
  fields?: FieldIssue[];
  traceId: string;
  /** When a cool-down or rate limit ends (ms from now), if known. */
  retryAfterMs?: number;
  /** Values the person-facing message names (a record id, a reason), so the UI never parses `detail`. */
  params?: Record<string, string>;
}

/** What clipping dropped, and how to ask for the rest. */
export interface TruncationNote {
  originalChars: number;
  keptChars: number;
  droppedItems: number;
  shortenedStrings: number;
  droppedKeys: number;
  arrays: { path: string; kept: number; total: number }[];
  hint: string;
}

/** The binding of a prepared call to where it was prepared. */
export interface CallBinding {
  tabId?: number;
  origin?: string;
  /** Conversation / record the action is about, as read from the page. */
  recordId?: string;
}

/** A confirmable action, compiled from validated input (DESIGN.md "Confirmation"). */
export interface PreparedCall {
  actionId: string;
  idempotencyKey: string;
  tool: string;
  title: string;
  sideEffect: SideEffect;
  risk: Risk;
  requiredRole?: string;
  /** The validated input, exactly as it will be executed. */
  input: Record<string, unknown>;
  /** Canonical JSON of the fingerprinted part (see prepared.ts). */
  canonical: string;
  fingerprint: string;
  caller: Caller;
  binding: CallBinding;
  /** Masked in audit records (not part of the fingerprint). */
  sensitiveFields?: readonly string[];
  /** Values read from the page for the card, each with its source (fingerprinted). */
  provenance: Fact[];
  /** Fields whose sources disagree; any conflict blocks Confirm (fingerprinted). */
  conflicts: Conflict[];
  /** What the card shows: `displayOf(input, provenance)` exactly (fingerprinted, checked by the worker). */
  display: Record<string, unknown>;
  /** A tool the page declared: its definition when prepared (fingerprinted; the executor re-checks it). */
  definition?: string;
  createdAt: number;
  expiresAt: number;
  /** Set by the service worker: its lifetime and `performance.now()` when it stored the call. */
  mono?: { boot: string; at: number };
  traceId: string;
}

/** What a tool would touch; used by dry runs and confirmation cards. */
export interface ToolPreview {
  recordId?: string;
  /** Structured action as a person should read it (target, fields, amounts…). */
  display?: Record<string, unknown>;
  /** Fields or controls the tool would change, and fields it could not find. */
  touches?: string[];
  missing?: string[];
  /** Page values a confirmation card shows, each with where it was read (see card.ts). */
  provenance?: Fact[];
  /**
   * The input completed from the page (S sends the draft the agent typed: `reply.send {}`
   * prepares `{ text: <the draft> }`). Validated again by the registry, then prepared,
   * fingerprinted and shown exactly as given; delivery uses it, never the page of later.
   */
  input?: Record<string, unknown>;
}

export interface DryRunReport {
  dryRun: true;
  tool: string;
  wouldRun: 'run' | 'confirm';
  input: Record<string, unknown>;
  preview: ToolPreview;
  /** The prepared call it would create (never stored). */
  prepared?: PreparedCall;
}

/**
 * What every call ends as: one status per state, the same word in every context (registry,
 * executor, ledger, messages, panel, bridge). Modelled on MCP's tool results (`isError` is a
 * result, not an exception) and the Vercel AI SDK's tool parts (a state per part):
 * - `done`: the tool ran; `data` is its (projected, clipped) output;
 * - `dry_run`: nothing changed; `data` says what the tool would have done;
 * - `needs_confirmation`: prepared, waiting for a person in the side panel (`call`);
 * - `refused`: a gate or the tool itself would not act (unknown tool, page, caller, input…);
 * - `failed`: it tried and clearly did not take effect;
 * - `uncertain`: it may or may not have taken effect: never retried blindly.
 */
export type ToolStatus = 'done' | 'dry_run' | 'needs_confirmation' | 'refused' | 'failed' | 'uncertain';
export const TOOL_STATUSES = ['done', 'dry_run', 'needs_confirmation', 'refused', 'failed', 'uncertain'] as const satisfies readonly ToolStatus[];

/** The statuses that carry an error. */
export type ErrorStatus = 'refused' | 'failed' | 'uncertain';

export type ToolResult<O = unknown> =
  | { status: 'done'; data: O; truncated?: TruncationNote }
  | { status: 'dry_run'; data: DryRunReport }
  | { status: 'needs_confirmation'; call: PreparedCall }
  | { status: ErrorStatus; error: ToolError };

/** What a tool's own code returns; the registry adds traceId and policy. */
export type RunResult<O> = { status: 'done'; data: O } | { status: ErrorStatus; error: Omit<ToolError, 'traceId'> };

export interface InvokeCtx {
  caller: Caller;
  /** Facets the page model found in the tab; `null` = unknown page, which never blocks a tool. */
  facets: readonly Facet[] | null;
  /** Enabled feature flags. A tool whose flag is absent or false is off. */
  features: Readonly<Record<string, boolean>>;
  roles: readonly string[];
  traceId?: string;
  toolCallId?: string;
  sessionId?: string;
  model?: string;
  /** Where a prepared call is bound (tab, console origin). */
  binding?: CallBinding;
  /** Cancels the call from outside (Stop button, plan cancel). */
  signal?: AbortSignal;
  /**
   * A person confirms this call in the side panel even where policy would run it (a console
   * profile asks it of quick ticket's submit). Only ever adds a confirmation (policy.ts).
   */
  confirm?: boolean;
}

/** What a tool's `run` receives besides its input. */
export interface RunCtx {
  caller: Caller;
  facets: readonly Facet[] | null;
  traceId: string;
  /** Aborted on timeout or cancel: content-side work must stop. */
  signal: AbortSignal;
}

/** A strict zod object (mini or classic: both are zod core objects). */
export type ToolInput = z.core.$ZodObject;

interface ToolBase<S extends ToolInput, O> {
  /** `<domain>.<capability>`, e.g. `customer.fill`. */
  name: string;
  title: string;
  /** For the model: when to use it, when to use a neighbour instead, what it returns, limits. */
  description: string;
  input: S;
  /**
   * What a prepared call's input must hold, when the caller may leave parts out for the tool
   * to complete from the page (R: the refund the agent typed into the console's form). The
   * completed input is checked against it before anything is prepared, and again by the
   * executor. Default: `input`.
   */
  prepared?: ToolInput;
  /** The tool works where the page has any of these facets (unknown pages never block). */
  facets?: readonly Facet[];
  featureFlag?: string;
  requiredRole?: string;
  /** Input/output keys masked in audit records (and for the model where the tool says so). */
  sensitiveFields?: readonly string[];
  timeoutMs?: number;
  /** Per-tool projection before the global clip: keep only what callers need. */
  project?(data: O, input: z.output<S>): unknown;
  /** What the tool would touch, without touching it (dry runs, confirmation cards). */
  preview?(input: z.output<S>, ctx: RunCtx): Promise<ToolPreview>;
  /**
   * A tool the console page declared (WebMCP), not one of deskhand's own: its definition came
   * from the page, so a prepared call binds to it and the executor refuses when it changed.
   */
  declared?: DeclaredMark;
  /** The input's JSON Schema as callers are given it, when `input` was built from one (a declared tool). */
  jsonSchema?: Record<string, unknown>;
}

/** Where a declared tool's grade came from. */
export type GradeSource = 'annotation' | 'profile' | 'default';
export const GRADE_SOURCES = ['annotation', 'profile', 'default'] as const satisfies readonly GradeSource[];

export interface DeclaredMark {
  /** The page's own name for it (what `executeTool` is asked to run). */
  pageName: string;
  /** SHA-256 of what the page declared (description, schema, annotations) and when it last changed its tools. */
  definition: string;
  gradeSource: GradeSource;
  /** A `<form toolname>`: filled for the agent to review, never submitted. */
  form: boolean;
}

export interface ReadTool<S extends ToolInput = ToolInput, O = unknown> extends ToolBase<S, O> {
  sideEffect: 'read';
  risk?: undefined;
  run(input: z.output<S>, ctx: RunCtx): Promise<RunResult<O>>;
}

export interface WriteTool<S extends ToolInput = ToolInput, O = unknown> extends ToolBase<S, O> {
  sideEffect: 'write';
  risk: Risk;
  run(input: z.output<S>, ctx: RunCtx): Promise<RunResult<O>>;
}

/**
 * Tool functions use method syntax on purpose: method parameters are bivariant, so a
 * `Tool<ZodObject<{ q: ZodString }>, Hits>` is still a `Tool` the registry can hold.
 *
 * A send tool's `run` never sends: it prepares the payload (what would be sent, to whom)
 * and the registry turns that into a prepared call. `deliver` is the only sending code;
 * the registry hands it to the executor at registration and never calls it.
 */
export interface SendTool<S extends ToolInput = ToolInput, O = unknown> extends ToolBase<S, O> {
  sideEffect: 'send';
  risk: Risk;
  run(input: z.output<S>, ctx: RunCtx): Promise<RunResult<ToolPreview>>;
  deliver(input: z.output<S>, call: PreparedCall, ctx: RunCtx): Promise<RunResult<O>>;
}

export type Tool<S extends ToolInput = ToolInput, O = unknown> =
  | ReadTool<S, O>
  | WriteTool<S, O>
  | SendTool<S, O>;

/** What `list()` returns: plain, printable with console.table. */
export interface ToolInfo {
  name: string;
  title: string;
  description: string;
  domain: string;
  sideEffect: SideEffect;
  risk: Risk | null;
  requiredRole: string | null;
  available: boolean;
  /** Why not available, or what the caller would get (dry run / confirmation). */
  reason: string | null;
  policy: PolicyDecision;
}

export type PolicyDecision = 'run' | 'confirm' | 'dry_run' | 'forbidden';

/** OpenAI `tools` entry. */
export interface FunctionSchema {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}
