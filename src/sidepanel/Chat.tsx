/**
 * The side-panel chat: the agent asks about the open console tab; the model may call read
 * tools only (src/llm/loop.ts). Streamed answer, a chip per tool call, a round counter,
 * Stop, and history that survives closing the panel.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { isConfigured, makeClient } from '../llm/client.ts';
import { askQuestion, MAX_ANSWER_CHARS, type ToolChip } from '../llm/loop.ts';
import type { Settings } from '../settings/schema.ts';
import type { FunctionSchema, ToolResult } from '../tools/types.ts';
import { invokeInTab, toTab } from '../messages/client.ts';
import { isKbOutage } from '../kb/types.ts';
import { inputWords } from '../ui/describe.ts';
import { endpointText, errorText } from '../ui/errors.ts';
import { t, toolTitle, uiLang } from '../ui/i18n.ts';
import { loadThread, saveThread, type StoredTurn, type Thread } from './chat-store.ts';
import { Citations } from './Citations.tsx';
import { Markdown, plainText, StreamingMarkdown } from './markdown.tsx';
import { AnswerAnnouncer } from './announce.tsx';

interface Running {
  /** The turn's key: the finished turn keeps it, so its streamed rendering is reused, not redone. */
  id: string;
  question: string;
  text: string;
  chips: ToolChip[];
  round: number;
}

export function Chat({ tabId, settings, conversationId }: { tabId: number; settings: Settings; conversationId: string | null }) {
  const [thread, setThread] = useState<Thread>({ conversationId, turns: [] });
  const [running, setRunning] = useState<Running | null>(null);
  const [draft, setDraft] = useState('');
  const abort = useRef<AbortController | null>(null);
  const sessionId = useRef(crypto.randomUUID());
  // A question just asked: its turn comes into view at the top, so the answer streams into
  // sight rather than below the fold (the ask box stays pinned below it, panel.css).
  const turns = useRef<HTMLOListElement>(null);
  const runningId = running?.id;
  useEffect(() => {
    // At once, not smoothly: the first streamed words must land where the agent is looking.
    if (runningId) turns.current?.lastElementChild?.scrollIntoView({ block: 'start' });
  }, [runningId]);

  useEffect(() => {
    void loadThread(tabId, conversationId).then(setThread);
  }, [tabId, conversationId]);

  if (!isConfigured(settings.llm)) {
    return (
      <section class="chat empty-state">
        <p>{t('noEndpoint')}</p>
        <button onClick={() => void chrome.runtime.openOptionsPage()}>{t('openSettings')}</button>
      </section>
    );
  }

  /** `again`: the question of a turn that failed, asked again as it was (Retry), the ask box left as it is. */
  const ask = async (again?: string) => {
    const question = (again ?? draft).trim();
    if (!question || running) return;
    // First thing in the click: the endpoint's host permission (a no-op once granted).
    const pattern = originPattern(settings.llm.baseURL);
    const granted = pattern ? await hostAccess(pattern) : false;
    if (!granted) {
      await finishTurn({ question, answer: '', chips: [], rounds: 0, stopped: 'error', error: t('endpointNoPermission'), at: Date.now() });
      return;
    }
    if (again === undefined) setDraft('');
    const ac = new AbortController();
    abort.current = ac;
    const live: Running = { id: crypto.randomUUID(), question, text: '', chips: [], round: 0 };
    const started = performance.now();
    setRunning({ ...live });
    // One render per animation frame however fast the stream is: the panel stays responsive.
    let frame: number | null = null;
    const paint = () => {
      frame = null;
      setRunning({ ...live, chips: [...live.chips] });
    };
    const res = await askQuestion(
      thread.turns.filter((x) => x.stopped === 'answered').map((x) => ({ question: x.question, answer: x.answer })),
      question,
      {
        client: makeClient(settings.llm),
        model: settings.llm.model,
        lang: uiLang(),
        signal: ac.signal,
        tools: async () => {
          const r = await toTab<{ tools: FunctionSchema[] }>(tabId, { type: 'tools.schemas' });
          // The loop shows this message to the agent as the turn's error: in the agent's language.
          if (!r.ok) throw new Error(errorText(r.error));
          return r.tools;
        },
        call: async (name, input, toolCallId) => {
          const r = await toTab<{ result: ToolResult }>(tabId, { type: 'tools.invoke', caller: 'llm', name, input, toolCallId, sessionId: sessionId.current, model: settings.llm.model });
          if (!r.ok) return { status: 'failed', error: r.error };
          return r.result;
        },
        onEvent: (e) => {
          if (e.type === 'round') live.round = e.round;
          if (e.type === 'text') live.text += e.delta;
          if (e.type === 'tool') {
            const i = live.chips.findIndex((c) => c.id === e.chip.id);
            if (i === -1) live.chips.push(e.chip);
            else live.chips[i] = e.chip;
          }
          frame ??= requestAnimationFrame(paint);
        },
      },
    );
    if (frame !== null) cancelAnimationFrame(frame);
    abort.current = null;
    setRunning(null);
    await finishTurn({
      id: live.id,
      question,
      answer: res.stopped === 'aborted' ? live.text : res.answer,
      chips: res.chips,
      rounds: res.rounds,
      stopped: res.stopped,
      ...(res.incomplete ? { incomplete: res.incomplete } : {}),
      ...(res.capped ? { capped: true as const } : {}),
      ...(res.error ? { error: endpointText(res.error) } : {}),
      at: Date.now(),
      ms: Math.round(performance.now() - started),
    });
  };

  async function finishTurn(turn: StoredTurn) {
    const next = { conversationId, turns: [...thread.turns, turn] };
    setThread(next);
    await saveThread(tabId, next);
  }

  const open = openUrl;
  return (
    <section class="chat" aria-label={t('tabChat')}>
      <ol class="turns" ref={turns}>
        {[
          ...thread.turns.map((turn, i) => (
            <TurnView key={turn.id ?? `at-${turn.at}`} turn={turn} onOpen={open} tabId={tabId} onRetry={i === thread.turns.length - 1 && !running ? (q) => void ask(q) : undefined} />
          )),
          ...(running ? [<TurnView key={running.id} running={running} onOpen={open} tabId={tabId} />] : []),
        ]}
      </ol>
      <AnswerAnnouncer turns={thread.turns} running={running?.id ?? null} />
      <form
        class="ask"
        onSubmit={(e) => {
          e.preventDefault();
          void ask();
        }}
      >
        <textarea
          name="question"
          rows={2}
          placeholder={t('askPlaceholder')}
          value={draft}
          disabled={!!running}
          onInput={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              void ask();
            }
          }}
        />
        {running ? (
          <button type="button" class="stop" onClick={() => abort.current?.abort()}>
            {t('stop')}
          </button>
        ) : (
          <button type="submit" class="send" disabled={!draft.trim()}>
            {t('ask')}
          </button>
        )}
      </form>
    </section>
  );
}

/**
 * One question and its answer, running or finished. A turn that streamed in this panel keeps
 * its StreamingMarkdown when it finishes (same key, same component), so the finished answer
 * is not rendered again from scratch; earlier turns are parsed once (memoised).
 */
function TurnView({ turn: stored, running, onOpen, tabId, onRetry }: { turn?: StoredTurn; running?: Running; onOpen: (url: string) => void; tabId: number; onRetry?: ((question: string) => void) | undefined }) {
  const streamed = useRef(!!running).current;
  const text = running ? running.text : (stored?.answer ?? '');
  const once = useMemo(() => (!streamed && text ? <Markdown text={text} onOpen={onOpen} /> : null), [streamed, text, onOpen]);
  const chipList = running ? running.chips : (stored?.chips ?? []);
  const chips = useMemo(() => <Chips chips={chipList} />, [chipList]);
  const answer = streamed ? text && <StreamingMarkdown text={text} onOpen={onOpen} /> : once;
  if (running || !stored) {
    return (
      <li class="turn running">
        <p class="question">{running?.question}</p>
        {/* Agents see what is being done (the chips), not the model's rounds: those stay in data-round. */}
        <p class="rounds" data-round={running?.round ?? 0}>
          {t('chatWorking')}
        </p>
        {chips}
        {answer}
      </li>
    );
  }
  const turn = stored;
  return (
    <li class={`turn stopped-${turn.stopped}`} data-stopped={turn.stopped} data-incomplete={turn.incomplete} data-ms={turn.ms}>
      <p class="question">{turn.question}</p>
      {turn.stopped === 'answered' && (
        <p class="finished" data-rounds={turn.rounds}>
          {t('chatFinished')}
        </p>
      )}
      {chips}
      {answer}
      <Citations chips={turn.chips} answer={turn.answer} onOpen={onOpen} />
      {turn.incomplete && (
        <p class="incomplete" role="alert">
          {t(`chatIncomplete_${turn.incomplete}`)}
        </p>
      )}
      {turn.stopped === 'round_cap' && <p class="notice round-cap">{t('chatRoundCap')}</p>}
      {turn.capped && <p class="notice capped">{t('chatCapped', Math.round(MAX_ANSWER_CHARS / 1024))}</p>}
      {kbDown(turn.chips) && (
        <p class="notice kb-down" role="alert">
          {t('chatKbDown')}
        </p>
      )}
      {/* An answer built on a knowledge search that failed is not offered as a reply draft. */}
      {turn.stopped === 'answered' && turn.answer && !kbDown(turn.chips) && <InsertIntoReply tabId={tabId} text={plainText(turn.answer)} />}
      {turn.stopped === 'aborted' && <p class="notice">{t('stopped')}</p>}
      {turn.error && turn.stopped === 'error' && (
        <p class="error" role="alert">
          {turn.error}
        </p>
      )}
      {/* The question is kept: after a model error (a key fixed, the service back) it is asked again as it was. */}
      {turn.stopped === 'error' && onRetry && (
        <button type="button" class="retry" onClick={() => onRetry(turn.question)}>
          {t('chatRetry')}
        </button>
      )}
    </li>
  );
}

/** A knowledge search of this turn failed as an outage (unreachable, timed out), as D's toast says it: the answer lacks it. */
const kbDown = (chips: readonly ToolChip[]) => chips.some((c) => c.name === 'kb.search' && c.status === 'error' && isKbOutage(c.code));

/**
 * "Insert into reply": the answer goes into the console's composer as a draft through
 * `reply.draft` under the `ui` caller (a person clicked). It is never sent from here. A box
 * that already holds text is never overwritten silently: the agent chooses replace or append
 * (issue 23 item 4); then Undo puts back what was there, unless the box was edited since.
 */
type Inserting = { step: 'idle' } | { step: 'ask' } | { step: 'done'; previous: string; now: string } | { step: 'undone' } | { step: 'error'; text: string };
type DraftMode = 'ifEmpty' | 'replace' | 'append';

function InsertIntoReply({ tabId, text }: { tabId: number; text: string }) {
  const [state, setState] = useState<Inserting>({ step: 'idle' });
  const draft = async (input: { text: string; mode: DraftMode; expected?: string }): Promise<ToolResult> => {
    // invokeInTab: a reply box on the record's own reply page is reached there (catalog/carry.ts), and its answer followed.
    const r = await invokeInTab(tabId, { type: 'tools.invoke', caller: 'ui', name: 'reply.draft', input, toolCallId: crypto.randomUUID(), sessionId: 'panel', model: '' });
    return (r.ok ? r.result : { status: 'failed', error: r.error }) as ToolResult;
  };
  const insert = async (mode: DraftMode) => {
    const result = await draft({ text, mode });
    if (result.status === 'done') {
      const d = result.data as { previous?: string; now?: string };
      return setState({ step: 'done', previous: d.previous ?? '', now: d.now ?? text });
    }
    if ('error' in result && result.error.code === 'DRAFT_HAS_TEXT') return setState({ step: 'ask' });
    setState({ step: 'error', text: t('chatInsertFailed', 'error' in result ? errorText(result.error) : '') });
  };
  const undo = async (was: { previous: string; now: string }) => {
    const result = await draft({ text: was.previous, mode: 'replace', expected: was.now });
    setState(result.status === 'done' ? { step: 'undone' } : { step: 'error', text: 'error' in result ? errorText(result.error) : t('toastFailed') });
  };
  return (
    <div class="turn-actions" data-insert={state.step}>
      {state.step === 'ask' ? (
        <div class="insert-choice" role="group" aria-label={t('chatBoxHasText')}>
          <span class="note">{t('chatBoxHasText')}</span>
          <button type="button" class="insert-replace" onClick={() => void insert('replace')}>
            {t('chatInsertReplace')}
          </button>
          <button type="button" class="insert-append" onClick={() => void insert('append')}>
            {t('chatInsertAppend')}
          </button>
          <button type="button" class="insert-cancel" onClick={() => setState({ step: 'idle' })}>
            {t('cancel')}
          </button>
        </div>
      ) : (
        <button type="button" class="insert-reply" onClick={() => void insert('ifEmpty')}>
          {t('chatInsert')}
        </button>
      )}
      {state.step === 'done' && (
        <>
          <span class="note inserted" role="status">
            {t('chatInserted')}
          </span>
          <button type="button" class="insert-undo" onClick={() => void undo(state)}>
            {t('undo')}
          </button>
        </>
      )}
      {state.step === 'undone' && (
        <span class="note undone" role="status">
          {t('chatInsertUndone')}
        </span>
      )}
      {state.step === 'error' && (
        <span class="note error" role="alert">
          {state.text}
        </span>
      )}
    </div>
  );
}

function Chips({ chips }: { chips: ToolChip[] }) {
  if (!chips.length) return null;
  return (
    <ul class="chips">
      {chips.map((c) => (
        <li class={`chip ${c.status}`} data-tool={c.name} data-status={c.status}>
          <details>
            <summary>
              <span class="chip-title">{toolTitle(c.name, c.name)}</span> <span class="chip-input">{inputWords(wordsOf(c.input))}</span>{' '}
              <span class="chip-status">{t(`chip_${c.status}`)}</span>
            </summary>
            {/* On demand: what the model sent and what it got back, as data. */}
            <p class="chip-label">{t('chipRawInput')}</p>
            <pre class="chip-raw">{JSON.stringify(c.input, null, 1) ?? ''}</pre>
            <p class="chip-label">{t('chipResult')}</p>
            <pre class="chip-detail">{c.detail}</pre>
            <p class="chip-ms">{t('chipDuration', c.durationMs)}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the agent asked about, in the chip's line: the words (a query, an id), not the
 * model's knobs (a result limit reads as "条数：10"). All of it is under the chip's details.
 */
function wordsOf(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  return Object.fromEntries(Object.entries(input).filter(([, v]) => typeof v === 'string'));
}

/** Stable (module-level), so memoised answers are not re-rendered for a new callback. */
const openUrl = (url: string) => void chrome.tabs.create({ url });

function originPattern(baseURL: string): string | null {
  try {
    return `${new URL(baseURL).origin}/*`;
  } catch {
    return null;
  }
}

/** Already granted (e.g. the demo model on 127.0.0.1), or asked for now, inside the click. */
async function hostAccess(pattern: string): Promise<boolean> {
  if (await chrome.permissions.contains({ origins: [pattern] }).catch(() => false)) return true;
  return chrome.permissions.request({ origins: [pattern] }).catch(() => false);
}
