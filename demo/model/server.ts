/**
 * A local OpenAI-compatible chat-completions server for the demo and the tests. Behaviour is
 * scripted by the model name, deterministic, and strict like real gateways: 400 for an
 * invalid function name or a tool call left unanswered, 401 for a bad key, 404 for an
 * unknown model. Streaming (SSE) and non-streaming. Every request is recorded at
 * GET /_requests, and any other path hit is recorded too (tests prove nothing was fetched).
 *
 * `npm run demo:model` serves it on MODEL_PORT (default 5318).
 */
import { createServer, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { json, readJson } from '../http.ts';
import { CATEGORY_MODELS, categoryReply, isCategoryRequest } from './category.ts';

const NAME_RE = /^[a-zA-Z0-9_-]{1,64}$/;

export const MODELS = [
  'demo-assistant',
  'tries-write',
  'never-stops',
  'dotted-names',
  'markdown-links',
  'rate-limited',
  'quota',
  'html-error',
  'slow',
  'instant',
  'parallel-repeat',
  'ticket-json',
  'bad-json',
  'kb-cites',
  ...CATEGORY_MODELS,
  // Broken streams (issue 14 item 9): each ends a turn in a clear "incomplete answer" state.
  'empty-choices',
  'cut-tool-call',
  'content-filter',
  'no-finish',
  'huge-answer',
  'duplicate-calls',
  'console-tools',
] as const;

interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}
interface Msg {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
}
interface Body {
  model?: string;
  messages?: Msg[];
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  stream?: boolean;
}

export interface RecordedRequest {
  seq: number;
  path: string;
  model?: string;
  tools?: string[];
  messages?: number;
  toolCalls?: string[];
  /** What the tools answered, as the model was sent it (tests check what reached the model). */
  toolResults?: string[];
  status: number;
  /** The system prompt's opening and the user message (tests check what a generate step asked). */
  system?: string;
  user?: string;
  /** Time spent inside this server for the request (for overhead benchmarks). */
  serverMs?: number;
  /** The client closed the connection before the answer was complete (Stop, cancel). */
  aborted?: boolean;
}

export interface ModelServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  hits: string[];
  close(): Promise<void>;
}

type Reply = {
  text?: string;
  calls?: { name: string; args: unknown }[];
  delayMs?: number;
  /** Stream shape: the finish_reason sent (null: none, and no [DONE]), chunks with no choices, args cut short. */
  finish?: string | null;
  emptyChoices?: boolean;
  cutArgs?: boolean;
};

export async function startModelServer(opts: { port?: number } = {}): Promise<ModelServer> {
  const requests: RecordedRequest[] = [];
  const hits: string[] = [];
  let seq = 0;
  let rateLimitedOnce = new Set<string>();

  const server = createServer(async (req, res) => {
    cors(res);
    if (req.method === 'OPTIONS') return end(res, 204, '');
    const url = new URL(req.url ?? '/', 'http://model.local');
    if (url.pathname === '/_requests') return json(res, 200, requests);
    if (url.pathname === '/_hits') return json(res, 200, hits);
    if (url.pathname === '/_reset') {
      requests.length = 0;
      hits.length = 0;
      rateLimitedOnce = new Set();
      return json(res, 200, { ok: true });
    }
    if (url.pathname === '/v1/models') return json(res, 200, { object: 'list', data: MODELS.map((id) => ({ id, object: 'model', owned_by: 'deskhand-demo' })) });
    if (url.pathname !== '/v1/chat/completions' || req.method !== 'POST') {
      hits.push(url.pathname + url.search);
      return json(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
    }
    const started = performance.now();
    res.on('finish', () => (rec.serverMs = performance.now() - started));
    res.on('close', () => {
      if (!res.writableFinished) rec.aborted = true;
    });
    const body = ((await readJson(req).catch(() => ({}))) ?? {}) as Body;
    const rec: RecordedRequest = {
      seq: ++seq,
      path: url.pathname,
      model: body.model,
      tools: body.tools?.map((t) => t.function?.name),
      messages: body.messages?.length,
      toolResults: body.messages?.filter((m) => m.role === 'tool').map((m) => String(m.content ?? '')),
      ...(body.tools?.length ? {} : { system: String(body.messages?.[0]?.content ?? '').slice(0, 120), user: String(body.messages?.find((m) => m.role === 'user')?.content ?? '').slice(0, 4_000) }),
      status: 0,
    };
    requests.push(rec);
    const fail = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) => {
      rec.status = status;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify({ error }));
    };
    if ((req.headers.authorization ?? '') === 'Bearer bad-key') return fail(401, { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' });
    if (!MODELS.includes(body.model as never)) return fail(404, { message: `The model \`${body.model}\` does not exist.`, type: 'invalid_request_error', code: 'model_not_found' });
    const strict = strictness(body);
    if (strict) return fail(400, { message: strict, type: 'invalid_request_error', param: 'messages' });
    if (body.model === 'rate-limited') {
      const key = JSON.stringify(body.messages?.[body.messages.length - 1] ?? '');
      if (!rateLimitedOnce.has(key)) {
        rateLimitedOnce.add(key);
        return fail(429, { message: 'Rate limit reached. Please retry after 1s.', type: 'requests', code: 'rate_limit_exceeded' }, { 'retry-after': '1' });
      }
    }
    if (body.model === 'quota') {
      return fail(429, { message: 'You exceeded your current quota.', type: 'insufficient_quota', code: 'insufficient_quota' }, { 'x-should-retry': 'false' });
    }
    if (body.model === 'html-error') {
      rec.status = 502;
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>');
    }
    const reply = script(body, `http://${req.headers.host ?? '127.0.0.1'}`);
    rec.toolCalls = reply.calls?.map((c) => c.name);
    rec.status = 200;
    const calls: ToolCall[] = (reply.calls ?? []).map((c, i) => ({
      id: `call_${seq}_${i}`,
      type: 'function',
      function: { name: c.name, arguments: JSON.stringify(c.args) },
    }));
    if (body.stream) return stream(res, body.model!, reply, calls);
    // Non-streaming answers of the slow model take a few seconds (for Stop tests).
    if (reply.delayMs) await sleep(reply.delayMs * 20);
    return json(res, 200, {
      id: `chatcmpl-${seq}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: reply.text ?? null, ...(calls.length ? { tool_calls: calls } : {}) },
          finish_reason: calls.length ? 'tool_calls' : 'stop',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  });

  await new Promise<void>((resolve, reject) => {
    // A port in use rejects (EADDRINUSE) instead of an unhandled 'error' event.
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Like real gateways: invalid function names and unanswered tool calls are 400s. */
function strictness(body: Body): string | null {
  for (const [i, t] of (body.tools ?? []).entries()) {
    if (!NAME_RE.test(t.function?.name ?? '')) return `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`;
  }
  const msgs = body.messages ?? [];
  if (msgs.length === 0) return "'messages' must contain at least one message.";
  for (let i = 0; i < msgs.length; i++) {
    const m = msgs[i]!;
    if (m.role !== 'assistant' || !m.tool_calls?.length) continue;
    const answered = new Set<string>();
    for (let j = i + 1; j < msgs.length && msgs[j]!.role === 'tool'; j++) answered.add(msgs[j]!.tool_call_id ?? '');
    for (const c of m.tool_calls) {
      if (!answered.has(c.id)) {
        return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${c.id}`;
      }
    }
  }
  return null;
}

/** Tool results since the last user message, parsed back from the tool messages. */
function toolResults(msgs: Msg[]): { name: string; content: string }[] {
  const lastUser = msgs.map((m) => m.role).lastIndexOf('user');
  const calls = new Map<string, string>();
  const out: { name: string; content: string }[] = [];
  for (const m of msgs.slice(lastUser + 1)) {
    for (const c of m.tool_calls ?? []) calls.set(c.id, c.function.name);
    if (m.role === 'tool') out.push({ name: calls.get(m.tool_call_id ?? '') ?? '?', content: m.content ?? '' });
  }
  return out;
}

const wire = (body: Body, suffix: string) => body.tools?.find((t) => t.function.name.endsWith(suffix))?.function.name ?? suffix;
const isZh = (body: Body) => /中文|Chinese/.test(body.messages?.[0]?.content ?? '');

function script(body: Body, host: string): Reply {
  const msgs = body.messages ?? [];
  if (isCategoryRequest(body)) return categoryReply(body);
  // A fixed flow's generate step (quickTicket): the chatty models write the ticket, as a real one would.
  if (isTicketRequest(body) && WRITES_TICKETS.includes(body.model ?? '')) return { text: JSON.stringify(ticketFrom(body)) };
  const results = toolResults(msgs);
  const rounds = msgs.slice(msgs.map((m) => m.role).lastIndexOf('user') + 1).filter((m) => m.role === 'assistant').length;
  const zh = isZh(body);
  switch (body.model) {
    case 'instant':
      return rounds === 0 ? { calls: [{ name: wire(body, 'conversation__read'), args: { limit: 5 } }] } : { text: 'ok' };
    case 'tries-write':
      if (rounds === 0) {
        return {
          calls: [
            { name: 'ticket__submit', args: {} },
            { name: 'reply__send', args: { text: '已为您退款' } },
            { name: 'refund__request', args: { orderId: 'ORD-20261101', amount: 399, currency: 'CNY', reason: 'model decided' } },
          ],
        };
      }
      return { text: zh ? `我不能提交或发送任何内容。工具返回：${results.map((r) => (/forbidden|not_found|UNKNOWN|not offered/i.test(r.content) ? '已拒绝' : '?')).join('、')}` : 'I cannot submit or send anything.' };
    case 'never-stops':
      return { calls: [{ name: wire(body, 'kb__search'), args: { query: `round ${rounds + 1} 发票`, limit: 1 } }] };
    case 'dotted-names':
      if (rounds === 0) return { calls: [{ name: 'kb.search', args: { query: '发票' } }, { name: 'crm__lookup', args: { id: 1 } }] };
      return { text: results.map((r) => `${r.name}: ${/error/.test(r.content) ? 'error' : 'ok'}`).join('\n') };
    case 'markdown-links': {
      return {
        text: [
          '**参考资料**',
          '',
          `![客户头像](${host}/exfil.png?phone=13812345678)`,
          '',
          `- 退款政策：[点这里](${host}/leak?c=C-1001)`,
          '- 代码：`refund.request`',
          '',
          '<img src="' + host + '/raw-html.png"> <script>alert(1)</script>',
        ].join('\n'),
      };
    }
    case 'slow':
      return { text: (zh ? '正在慢慢思考这个问题……' : 'Thinking slowly about this... ').repeat(40), delayMs: 150 };
    case 'parallel-repeat':
      if (rounds === 0) {
        return { calls: [{ name: wire(body, 'customer__read'), args: {} }, { name: wire(body, 'ticket__history'), args: { limit: 5 } }, { name: wire(body, 'customer__read'), args: {} }] };
      }
      if (rounds === 1) return { calls: [{ name: wire(body, 'customer__read'), args: {} }] };
      return { text: 'done' };
    case 'ticket-json':
      return {
        text: JSON.stringify({
          title: '蓝牙耳机左耳无声，申请退款',
          description: '客户张伟反馈上周购买的蓝牙耳机左耳无声（订单 ORD-20261101），外观无损坏，此前报过同类问题（T-9001）。申请退款，另需重开发票。',
          categoryHint: '产品质量',
          priority: 'high',
        }),
      };
    case 'bad-json':
      return { text: '好的，这是工单：标题是耳机问题，优先级高。' };
    case 'kb-cites':
      return kbCites(msgs, results, zh, wire(body, 'kb__search'));
    case 'empty-choices':
      return { emptyChoices: true };
    case 'cut-tool-call':
      return { text: zh ? '我先查一下' : 'Let me look', calls: [{ name: wire(body, 'kb__search'), args: { query: '发票抬头', limit: 3 } }], cutArgs: true, finish: 'length' };
    case 'content-filter':
      return { text: zh ? '这个问题我' : 'About this I', finish: 'content_filter' };
    case 'no-finish':
      return { text: zh ? '这位客户之前报过' : 'The customer reported', finish: null };
    case 'huge-answer':
      return { text: `# ${zh ? '很长的回答' : 'A long answer'}\n\n${'- **T-9001** 耳机左耳无声，`code` 与 [链接](http://127.0.0.1/x)\n'.repeat(30_000)}` };
    case 'duplicate-calls':
      if (rounds === 0) return { calls: [{ name: wire(body, 'ticket__history'), args: { limit: 5 } }, { name: wire(body, 'ticket__history'), args: { limit: 5 } }, { name: wire(body, 'customer__read'), args: {} }] };
      return { text: 'done' };
    case 'console-tools':
      // A console's own declared tools (WebMCP, issue 24): the read it is offered, and the write it is not.
      if (rounds === 0) return { calls: [{ name: 'console__lookupOrder', args: { order_id: 'A-1001' } }, { name: 'console__reply', args: { text: 'The model wrote this' } }] };
      return { text: results.map((r) => `${r.name}: ${/shipped 2026-11-28/.test(r.content) ? 'shipped 2026-11-28' : 'refused'}`).join('\n') };
    case 'rate-limited':
    case 'demo-assistant':
    default:
      // A how-to or policy question is the knowledge base's; anything else is about this customer.
      if (asksHowTo(msgs)) return kbCites(msgs, results, zh, wire(body, 'kb__search'));
      if (rounds === 0) return { calls: [{ name: wire(body, 'conversation__read'), args: { limit: 10 } }, { name: wire(body, 'ticket__history'), args: { limit: 5 } }] };
      return { text: grounded(results, zh) };
  }
}

/** quickTicket's generate step: a system prompt asking for one JSON ticket, no tools offered. */
const WRITES_TICKETS = ['demo-assistant', 'rate-limited'];
const isTicketRequest = (body: Body) => !body.tools?.length && /You write support tickets/.test(body.messages?.[0]?.content ?? '');

interface ConvData {
  subject?: string;
  messages?: { role: string; author?: string; text: string }[];
}

/** A ticket written from the conversation between the data markers: its subject, the customer's words, a listed category. */
function ticketFrom(body: Body): { title: string; description: string; categoryHint?: string; priority: 'normal' | 'high' } {
  const system = body.messages?.[0]?.content ?? '';
  const user = body.messages?.[1]?.content ?? '';
  const inner = /<<data:[^>]+>>\n([\s\S]*)\n<<\/data:[^>]+>>/.exec(user)?.[1] ?? '{}';
  const conv = ((JSON.parse(inner) as { data?: ConvData }).data ?? {}) as ConvData;
  const zh = /in Chinese/.test(system);
  const subject = (conv.subject ?? '').replace(/\s*#\S+$/, '').trim() || (zh ? '客户咨询' : 'Customer request');
  const said = (conv.messages ?? []).filter((m) => m.role === 'customer').map((m) => m.text.trim());
  const customer = conv.messages?.find((m) => m.role === 'customer')?.author ?? '';
  const labels = /Category labels on this form: (.*)\./.exec(system)?.[1]?.split(' / ').map((l) => l.trim()) ?? [];
  const text = `${subject} ${said.join(' ')}`;
  const categoryHint = labels.find((l) => /质量|quality/i.test(l) && /耳机|无声|silent|earbud|broken|坏/i.test(text)) ?? labels.find((l) => text.includes(l));
  const lead = zh ? `客户${customer ? ` ${customer} ` : ''}反馈：` : `${customer || 'The customer'} reports: `;
  const description = `${lead}${said.join(zh ? ' ' : ' ')}`.slice(0, 1_900);
  return {
    title: subject.slice(0, 120).padEnd(4, '.'),
    description: description.length >= 10 ? description : `${description} ${subject}`.padEnd(10, '.'),
    ...(categoryHint ? { categoryHint } : {}),
    priority: /退款|refund|urgent|紧急/i.test(text) ? 'high' : 'normal',
  };
}

/** Searches the KB for the question, then answers citing the best article by its title. */
function kbCites(msgs: Msg[], results: { name: string; content: string }[], zh: boolean, tool: string): Reply {
  const question = [...msgs].reverse().find((m) => m.role === 'user')?.content ?? '';
  if (!results.length) return { calls: [{ name: tool, args: { query: question.replace(/[？?。.!！]/g, '').slice(0, 100) || 'help', limit: 3 } }] };
  const titles = [...results.map((r) => r.content).join('\n').matchAll(/"title":"([^"]+)"/g)].map((m) => m[1]!);
  if (!titles.length) return { text: zh ? '知识库里没有找到相关文章。' : 'The knowledge base has no article about this.' };
  return { text: zh ? `根据知识库文章「${titles[0]}」，请按文章中的步骤处理。` : `According to the article "${titles[0]}", follow the steps it gives.` };
}

/** "怎么…", "如何…", "how do I…", "what is the policy…": a question for the knowledge base. */
function asksHowTo(msgs: Msg[]): boolean {
  const q = [...msgs].reverse().find((m) => m.role === 'user')?.content ?? '';
  return /怎么|如何|怎样|能否|可以.*吗|政策|规定|流程|\bhow\b|\bwhat is\b|\bpolicy\b|\bcan (i|we|a customer)\b/i.test(q);
}

/** Words of a text that say what it is about: Han bigrams and Latin words of 4+ letters. */
function topicWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const run of text.match(/\p{Script=Han}+/gu) ?? []) for (let i = 0; i + 2 <= run.length; i++) out.add(run.slice(i, i + 2));
  for (const w of text.toLowerCase().match(/[a-z]{4,}/g) ?? []) out.add(w);
  return out;
}

/** An answer built only from what the tools returned (ticket ids and titles; similar = shares a topic word with the conversation). */
function grounded(results: { name: string; content: string }[], zh: boolean): string {
  const all = results.map((r) => r.content).join('\n');
  const tickets = [...all.matchAll(/"id":"([^"]+)","title":"([^"]+)","status":"([^"]*)"/g)].map((m) => ({ id: m[1], title: m[2], status: m[3] }));
  const conversation = results.filter((r) => /conversation/.test(r.name)).map((r) => r.content).join('\n');
  const about = topicWords(conversation.replace(/"id":"[^"]+","title":"[^"]+"/g, ''));
  const similar = tickets.filter((t) => [...topicWords(t.title ?? '')].some((w) => about.has(w)));
  if (zh) {
    if (!tickets.length) return '没有找到该客户的历史工单。';
    const lines = tickets.map((t) => `- **${t.id}** ${t.title}（${t.status}）`);
    return similar.length
      ? [`是的，这位客户之前报过类似问题：**${similar[0]!.id}**「${similar[0]!.title}」。`, '', '历史工单：', ...lines].join('\n')
      : ['这位客户之前没有报过类似问题。', '', '历史工单：', ...lines].join('\n');
  }
  if (!tickets.length) return 'I found no earlier tickets for this customer.';
  const lines = tickets.map((t) => `- **${t.id}** ${t.title} (${t.status})`);
  return similar.length
    ? [`Yes — the customer reported a similar problem before: **${similar[0]!.id}** "${similar[0]!.title}".`, '', 'Earlier tickets:', ...lines].join('\n')
    : ['No similar problem was reported before.', '', 'Earlier tickets:', ...lines].join('\n');
}

async function stream(res: ServerResponse, model: string, reply: Reply, calls: ToolCall[]) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const id = `chatcmpl-s${Date.now()}`;
  const send = (delta: Record<string, unknown>, finish: string | null = null) =>
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
  if (reply.emptyChoices) {
    // Some gateways send keep-alive or usage chunks with no choices at all, then stop.
    for (let i = 0; i < 3; i++) res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [] })}\n\n`);
    res.write('data: [DONE]\n\n');
    return res.end();
  }
  send({ role: 'assistant', content: '' });
  const text = reply.text ?? '';
  // Large answers go in larger pieces (a real gateway sends a few tokens each).
  const size = text.length > 100_000 ? 2_000 : 12;
  for (let i = 0; i < text.length; i += size) {
    if (res.destroyed) return;
    send({ content: text.slice(i, i + size) });
    if (reply.delayMs) await sleep(reply.delayMs);
  }
  calls.forEach((c, index) => {
    send({ tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }] });
    const args = reply.cutArgs ? c.function.arguments.slice(0, Math.floor(c.function.arguments.length / 2)) : c.function.arguments;
    send({ tool_calls: [{ index, function: { arguments: args } }] });
  });
  if (reply.finish === null) return res.end(); // closed without finish_reason or [DONE]
  send({}, reply.finish ?? (calls.length ? 'tool_calls' : 'stop'));
  res.write('data: [DONE]\n\n');
  res.end();
}

function cors(res: ServerResponse) {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-headers', '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
}

function end(res: ServerResponse, status: number, text: string) {
  res.writeHead(status);
  res.end(text);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startModelServer({ port: Number(process.env.MODEL_PORT ?? 5318) });
  console.log(`demo model (OpenAI-compatible): ${server.url}/v1  models: ${MODELS.join(', ')}`);
}
