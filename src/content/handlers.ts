/**
 * Messages the content script accepts, each checked against who the browser says sent it:
 * only the service worker may ask for an approved call to be carried out;
 * only the side panel may run tools for the model, and always under the `llm` caller.
 */
import { recordFacts } from '../page/facts.ts';
import { ToContent, classifySender, refusal, type Reply } from '../messages/index.ts';
import type { Host } from './host.ts';
import { pageLang } from './actions.ts';
import { runFlow, stopFlow } from './flows.ts';
import { emitContentSettings } from './settings-view.ts';
import { teachModule } from './teach-loader.ts';
import { chooseCheckId, isOwnCheck, takeAnnounced } from './next-page.ts';
import { verifyHere } from '../catalog/landed.ts';
import { announceVerdict } from './verdict.ts';
import { carryHere } from './carry.ts';
import type { RunResult } from '../tools/types.ts';

/** A result as it crosses to the worker: an error keeps the call's trace id. */
const withTrace = (r: RunResult<unknown>, traceId: string) => ('error' in r ? { ...r, error: { ...r.error, traceId } } : r);

export interface ContentState {
  host: Host;
  ready: Promise<void>;
  /** Loader start to kit ready (the kit loaded, its settings and profiles read), and the registry build alone. */
  readyMs: () => number | null;
  registryMs: number;
  /** Loading the kit: its parts' top-level code (each part a task) and the registry build (issue 22). */
  kitMs: number;
}

/** One runtime message (the eager loader's listener hands every one here once the kit is loaded); a throw is a refusal. */
export function handleMessage(state: ContentState, raw: unknown, sender: chrome.runtime.MessageSender): Promise<Reply<Record<string, unknown>>> {
  return handle(state, raw, sender).catch((e: unknown) => refusal('HANDLER_FAILED', e instanceof Error ? e.message : String(e), 'internal'));
}

async function handle(state: ContentState, raw: unknown, sender: chrome.runtime.MessageSender): Promise<Reply<Record<string, unknown>>> {
  const parsed = ToContent.safeParse(raw);
  if (!parsed.success) return refusal('BAD_MESSAGE', 'The message is not one deskhand understands.', 'validation');
  const msg = parsed.data;
  const from = classifySender(sender, chrome.runtime.id, chrome.runtime.getURL(''));
  await state.ready;
  const { host } = state;
  switch (msg.type) {
    case 'confirm.execute': {
      if (from.kind !== 'background') return refusal('NOT_FROM_BACKGROUND', 'Only the service worker carries out approved actions.');
      if (msg.call.binding.origin !== location.origin) return refusal('WRONG_ORIGIN', 'This action belongs to another console.');
      const outcome = await host.core.executor.execute(msg.call, { approvedBy: msg.approvedBy });
      // The console loaded another page after the submit: the worker decides there.
      const nextPage = takeAnnounced(msg.call.traceId);
      return { ok: true, outcome, ...(nextPage ? { nextPage } : {}) };
    }
    case 'delivery.verify': {
      if (from.kind !== 'background') return refusal('NOT_FROM_BACKGROUND', 'Only the service worker asks a page to verify a delivery.');
      // The page that pressed the submit is still here (the console did not load another yet).
      if (isOwnCheck(msg.checkId)) return refusal('SAME_PAGE', 'This is the page that pressed the submit.', 'unavailable');
      // A job carried here from the page before: done here, and its result is the answer.
      if (msg.check.carry) {
        const a = await carryHere(host, msg.checkId, msg.check, msg.carried);
        return { ok: true, result: withTrace(a.result, msg.check.traceId), ...(a.nextPage ? { nextPage: a.nextPage } : {}) };
      }
      const result = await verifyHere(host.deps, msg.check, AbortSignal.timeout(10_000));
      announceVerdict(msg.checkId, msg.check, result);
      return { ok: true, result: withTrace(result, msg.check.traceId) };
    }
    case 'settings.changed': {
      if (from.kind !== 'background') return refusal('NOT_FROM_BACKGROUND', 'Only the service worker changes settings here.');
      emitContentSettings(msg.view);
      return { ok: true };
    }
    case 'plan.run': {
      if (from.kind !== 'sidepanel') return refusal('NOT_FROM_PANEL', 'Only a person in the side panel starts a flow from outside the page.');
      // Runs in the background; the panel follows progress through session storage.
      void runFlow(host, msg.name, pageLang);
      return { ok: true };
    }
    case 'plan.stop': {
      if (from.kind !== 'sidepanel') return refusal('NOT_FROM_PANEL', 'Only the side panel stops a flow.');
      return { ok: true, stopped: stopFlow(msg.runId) };
    }
    case 'page.info': {
      if (from.kind !== 'sidepanel' && from.kind !== 'background') return refusal('NOT_ALLOWED', 'Not for this sender.');
      const s = host.model.current();
      const identity = s.identity();
      return {
        ok: true,
        origin: location.origin,
        facets: s.facets(),
        profile: s.choice ? { id: s.choice.profile.id, source: s.choice.source } : null,
        conversationId: identity.recordId,
        displayId: identity.display,
        // Each source's reading of the record, for the worker's stale check (a card prepared on one record is stale when any source moved).
        ids: recordFacts(s).provenance,
        // The console's declared tools as registered now, for the worker's stale check of their cards.
        declared: host.core.registry.declaredDefinitions(),
        // …and each with its grade and where that came from, for the panel's "This console".
        declaredTools: host.deps.declared?.() ?? null,
        readyMs: state.readyMs(),
        registryMs: state.registryMs,
        kitMs: state.kitMs,
      };
    }
    case 'tools.schemas': {
      if (from.kind !== 'sidepanel') return refusal('NOT_FROM_PANEL', 'Only the side panel asks for model tools.');
      return { ok: true, tools: host.core.registry.toFunctionSchemas(host.ctx('llm')) };
    }
    case 'profiles.changed':
      if (from.kind !== 'background') return refusal('NOT_FROM_BACKGROUND', 'Only the service worker says profiles changed.');
      await host.refreshProfiles();
      return { ok: true };
    case 'teach.pick':
    case 'teach.watch':
    case 'teach.cancel':
    case 'console.report':
      if (from.kind !== 'sidepanel') return refusal('NOT_FROM_PANEL', 'Only the side panel teaches deskhand or asks for a console report.');
      return (await teachModule()).handleTeach(host, msg, sender);
    case 'teach.record':
      if (from.kind !== 'sidepanel') return refusal('NOT_FROM_PANEL', 'Only the side panel records how a job is done.');
      return (await teachModule()).handleRecord(msg, sender);
    case 'tools.invoke': {
      if (from.kind !== 'sidepanel') return refusal('NOT_FROM_PANEL', 'Only the side panel runs tools from outside the page.');
      const traceId = crypto.randomUUID();
      const ctx = host.ctx(msg.caller, { toolCallId: msg.toolCallId, sessionId: msg.sessionId, model: msg.model, traceId });
      const forget = msg.checkId ? chooseCheckId(traceId, msg.checkId) : () => {};
      const result = await host.core.registry.invoke(msg.name, msg.input, ctx).finally(forget);
      const nextPage = takeAnnounced(traceId);
      return { ok: true, result, ...(nextPage ? { nextPage } : {}) };
    }
  }
}
