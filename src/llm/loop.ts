/**
 * The chat loop (DESIGN.md "The chat loop"): function calling over read tools only.
 *
 * - tools = the content script's `toFunctionSchemas({ caller: 'llm' })` (wire names);
 * - every returned call is checked against the list just sent (exact wire name) before it
 *   goes to the content script, where the registry checks again;
 * - at most 4 model rounds per question, at most 5 calls per round; then it stops and says so;
 * - a stream that is cut (finish_reason "length" / "content_filter", no choices at all, or
 *   closed without a finish_reason) ends the turn as "incomplete", and no tool call from a
 *   cut-off message is run; an answer is capped at 64 KB, with a notice;
 * - identical calls in one round are de-duplicated before they run (one runs, the rest wait);
 * - every tool call gets a tool message (results, refusals and errors alike), so strict
 *   gateways accept the next request; identical calls in one question come from a cache;
 * - page text is wrapped in per-call random delimiters (wrap.ts).
 * Wire <-> internal names are mapped here and nowhere else. The client's `runTools` helper
 * is not used: it runs calls concurrently outside our gates (TOOLCHAIN.md).
 */
import type OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionMessageToolCall, ChatCompletionTool } from 'openai/resources/chat/completions';
import { kbCitations } from '../kb/citations.ts';
import { canonicalJson } from '../tools/canonical.ts';
import { errorSpec, toolError } from '../tools/errors.ts';
import type { ErrorType, FunctionSchema, ToolResult } from '../tools/types.ts';
import { fromWire } from '../tools/wire.ts';
import { describeEndpointError, type EndpointProblem } from './errors.ts';
import { systemPrompt } from './prompt.ts';
import { toolMessageContent } from './wrap.ts';

export const MAX_ROUNDS = 4;
export const MAX_CALLS_PER_ROUND = 5;
/** Longest answer kept and shown; the rest of the stream is not read. */
export const MAX_ANSWER_CHARS = 64 * 1024;

/** Why an answer is incomplete. */
export type Incomplete = 'length' | 'content_filter' | 'no_finish' | 'empty';

export type ChipStatus = 'running' | 'ok' | 'error' | 'refused' | 'cached' | 'cancelled';

export interface ToolChip {
  id: string;
  round: number;
  wire: string;
  name: string;
  input: unknown;
  status: ChipStatus;
  durationMs: number;
  /** Short text of the result or error, for the chip. */
  summary: string;
  /** The trimmed result as the model saw it (without delimiters). */
  detail: string;
  /** The error's code when the call failed (KB_UNREACHABLE: the answer was built without the knowledge base). */
  code?: string;
}

export type LoopEvent =
  | { type: 'round'; round: number; max: number }
  | { type: 'text'; delta: string; round: number }
  | { type: 'tool'; chip: ToolChip };

export interface Turn {
  question: string;
  answer: string;
}

export interface LoopDeps {
  client: OpenAI;
  model: string;
  lang: 'zh' | 'en';
  tools: () => Promise<FunctionSchema[]>;
  call: (name: string, input: unknown, toolCallId: string) => Promise<ToolResult>;
  signal: AbortSignal;
  onEvent?: (e: LoopEvent) => void;
  maxRounds?: number;
}

export interface LoopResult {
  answer: string;
  rounds: number;
  stopped: 'answered' | 'round_cap' | 'aborted' | 'error' | 'incomplete';
  /** Set when stopped is "incomplete". */
  incomplete?: Incomplete;
  /** The answer was longer than MAX_ANSWER_CHARS and was cut there. */
  capped?: true;
  error?: EndpointProblem;
  chips: ToolChip[];
  messages: ChatCompletionMessageParam[];
}

/** The loop's own refusals (layer 2 of 3): the call never reached the tab. */
const refusal = (code: string, type: ErrorType, detail: string, suggestion: string): ToolResult => ({
  status: 'refused',
  error: toolError(errorSpec(type, code, detail, suggestion), ''),
});

export async function askQuestion(history: readonly Turn[], question: string, deps: LoopDeps): Promise<LoopResult> {
  const max = deps.maxRounds ?? MAX_ROUNDS;
  const messages: ChatCompletionMessageParam[] = [
    { role: 'system', content: systemPrompt(deps.lang) },
    ...history.flatMap((t): ChatCompletionMessageParam[] => [
      { role: 'user', content: t.question },
      { role: 'assistant', content: t.answer },
    ]),
    { role: 'user', content: question },
  ];
  const chips: ToolChip[] = [];
  const cache = new Map<string, Promise<ToolResult>>();
  const result = (stopped: LoopResult['stopped'], answer: string, rounds: number, error?: EndpointProblem, extra: Partial<LoopResult> = {}): LoopResult => ({
    answer,
    rounds,
    stopped,
    chips,
    messages,
    ...(error ? { error } : {}),
    ...extra,
  });

  let schemas: FunctionSchema[];
  try {
    schemas = await deps.tools();
  } catch (e) {
    const said = e instanceof Error ? e.message : String(e);
    return result('error', '', 0, { code: 'no_tools', said, message: `The page's tools could not be listed: ${said}` });
  }
  const offered = new Set(schemas.map((s) => s.function.name));
  const tools: ChatCompletionTool[] = schemas.map((s) => ({ type: 'function', function: s.function }));

  for (let round = 1; round <= max; round++) {
    deps.onEvent?.({ type: 'round', round, max });
    let reply: RoundReply;
    try {
      reply = await streamRound(deps, messages, tools, round);
    } catch (e) {
      const problem = describeEndpointError(e);
      return result(problem.code === 'aborted' ? 'aborted' : 'error', '', round, problem);
    }
    // A cut-off message is never acted on: its tool calls may be half-written.
    if (reply.incomplete) return result('incomplete', reply.text, round, undefined, { incomplete: reply.incomplete });
    if (reply.capped) return result('answered', reply.text, round, undefined, { capped: true });
    messages.push({ role: 'assistant', content: reply.text || null, ...(reply.calls.length ? { tool_calls: reply.calls } : {}) });
    if (reply.calls.length === 0) return result('answered', reply.text, round);

    const toolMessages = await runCalls(reply.calls, round, offered, cache, chips, deps);
    messages.push(...toolMessages);
    if (deps.signal.aborted) return result('aborted', reply.text, round, describeEndpointError(new DOMException('', 'AbortError')));
  }
  // No answer text: the panel says in the agent's language that the round cap stopped it.
  return result('round_cap', '', max);
}

interface RoundReply {
  text: string;
  calls: ChatCompletionMessageToolCall[];
  incomplete?: Incomplete;
  capped?: true;
}

/**
 * One model request, streamed: text deltas go out as events; tool calls are assembled by
 * index. How the stream ended decides whether the message is complete.
 */
async function streamRound(deps: LoopDeps, messages: ChatCompletionMessageParam[], tools: ChatCompletionTool[], round: number): Promise<RoundReply> {
  const stream = await deps.client.chat.completions.create(
    { model: deps.model, messages, ...(tools.length ? { tools } : {}), stream: true },
    { signal: deps.signal },
  );
  let text = '';
  let finish: string | null = null;
  let sawChoice = false;
  const parts = new Map<number, { id: string; name: string; args: string }>();
  for await (const chunk of stream) {
    const choice = chunk.choices?.[0];
    if (!choice) continue;
    sawChoice = true;
    if (choice.finish_reason) finish = choice.finish_reason;
    const delta = choice.delta;
    if (!delta) continue;
    if (delta.content) {
      const room = MAX_ANSWER_CHARS - text.length;
      const piece = delta.content.length > room ? delta.content.slice(0, room) : delta.content;
      text += piece;
      if (piece) deps.onEvent?.({ type: 'text', delta: piece, round });
      if (delta.content.length >= room) {
        // Leaving the loop closes the stream: the rest is never read or rendered.
        return { text, calls: [], capped: true };
      }
    }
    for (const tc of delta.tool_calls ?? []) {
      const p = parts.get(tc.index) ?? { id: '', name: '', args: '' };
      if (tc.id) p.id = tc.id;
      if (tc.function?.name) p.name += tc.function.name;
      if (tc.function?.arguments) p.args += tc.function.arguments;
      parts.set(tc.index, p);
    }
  }
  // An aborted stream may simply end; a cut-off answer must not pass as complete.
  if (deps.signal.aborted) throw new DOMException('stopped', 'AbortError');
  const calls = [...parts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([i, p]) => ({ id: p.id || `call_${round}_${i}`, type: 'function' as const, function: { name: p.name, arguments: p.args } }));
  const incomplete: Incomplete | undefined = !sawChoice
    ? 'empty'
    : finish === 'length'
      ? 'length'
      : finish === 'content_filter'
        ? 'content_filter'
        : finish === null
          ? 'no_finish'
          : undefined;
  return incomplete ? { text, calls, incomplete } : { text, calls };
}

/** Answers every call of a round, in order; accepted ones run in parallel. */
async function runCalls(
  calls: ChatCompletionMessageToolCall[],
  round: number,
  offered: ReadonlySet<string>,
  cache: Map<string, Promise<ToolResult>>,
  chips: ToolChip[],
  deps: LoopDeps,
): Promise<ChatCompletionMessageParam[]> {
  const outcomes = await Promise.all(
    calls.map(async (call, index): Promise<ChatCompletionMessageParam> => {
      const fn = 'function' in call ? call.function : { name: '', arguments: '' };
      const chip: ToolChip = { id: call.id, round, wire: fn.name, name: fromWire(fn.name), input: null, status: 'running', durationMs: 0, summary: '', detail: '' };
      chips.push(chip);
      deps.onEvent?.({ type: 'tool', chip: { ...chip } });
      const started = Date.now();
      const finish = (status: ChipStatus, res: ToolResult): ChatCompletionMessageParam => {
        Object.assign(chip, { status, durationMs: Date.now() - started, ...describe(res), ...kbCitations(chip.name, res) });
        deps.onEvent?.({ type: 'tool', chip: { ...chip } });
        return { role: 'tool', tool_call_id: call.id, content: toolMessageContent(res) };
      };
      if (index >= MAX_CALLS_PER_ROUND) {
        return finish('refused', refusal('TOO_MANY_CALLS', 'forbidden', `At most ${MAX_CALLS_PER_ROUND} tool calls per round; this one was not run.`, 'Ask for fewer things at once.'));
      }
      // Layer 2 of 3: exact wire name from the list just sent (the registry checks again).
      if (!offered.has(fn.name)) {
        return finish(
          'refused',
          refusal('TOOL_NOT_OFFERED', 'not_found', `"${fn.name.slice(0, 80)}" is not one of the tools you were given.`, `Use exactly one of: ${[...offered].join(', ')}. You can only read.`),
        );
      }
      let input: unknown;
      try {
        input = fn.arguments.trim() ? JSON.parse(fn.arguments) : {};
      } catch {
        return finish('error', refusal('ARGUMENTS_NOT_JSON', 'validation', 'The arguments are not valid JSON.', 'Send the arguments as a JSON object matching the tool schema.'));
      }
      chip.input = input;
      if (deps.signal.aborted) return finish('cancelled', refusal('CANCELLED', 'cancelled', 'The agent stopped the question.', 'Nothing more will run.'));
      // De-duplicated before it runs: an identical call (this round or earlier) shares the
      // first one's result instead of running again.
      const key = `${fn.name} ${safeCanonical(input)}`;
      const first = cache.get(key);
      if (first) {
        const res = await first;
        return finish(res.status === 'done' ? 'cached' : 'error', res);
      }
      const running = callOnce(deps, chip.name, input, call.id);
      cache.set(key, running);
      const res = await running;
      // Only successes are reused by later rounds; a failed call may be tried again.
      if (res.status !== 'done') cache.delete(key);
      if (deps.signal.aborted) return finish('cancelled', refusal('CANCELLED', 'cancelled', 'The agent stopped the question.', 'Nothing more will run.'));
      return finish(res.status === 'done' ? 'ok' : 'error', res);
    }),
  );
  return outcomes;
}

async function callOnce(deps: LoopDeps, name: string, input: unknown, id: string): Promise<ToolResult> {
  try {
    return await deps.call(name, input, id);
  } catch (e) {
    return { status: 'failed', error: toolError(errorSpec('unavailable', 'TAB_UNREACHABLE', `The console tab did not answer: ${e instanceof Error ? e.message : String(e)}`, 'Tell the agent to reload the console tab.', { retryable: true }), '') };
  }
}

function safeCanonical(v: unknown): string {
  try {
    return canonicalJson(v);
  } catch {
    return JSON.stringify(v) ?? '';
  }
}

function describe(res: ToolResult): { summary: string; detail: string; code?: string } {
  const detail = JSON.stringify('data' in res ? res.data : 'error' in res ? res.error : res, null, 1) ?? '';
  const summary = 'data' in res ? `${detail.length} chars` : 'error' in res ? res.error.detail : '';
  return { summary: summary.slice(0, 160), detail: detail.length > 2_000 ? `${detail.slice(0, 2_000)}…` : detail, ...('error' in res ? { code: res.error.code.slice(0, 60) } : {}) };
}
