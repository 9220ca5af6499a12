/**
 * Typed commands between contexts (Bitwarden-style): each is a discriminated union,
 * validated with zod on receipt; replies carry errors as data, never thrown objects.
 * The receiver decides who may send what from `chrome.runtime.MessageSender`
 * (what the browser stamps), never from fields inside the message.
 */
import { z } from '../tools/zod.ts';
import { KbRequest } from '../kb/messages.ts';
import { RecordSeenSchema } from './came-from.ts';
import { ConsoleProfile } from '../profiles/schema.ts';
import { CAPABILITIES, SLOTS } from '../teach/capabilities.ts';
import { JOB_NAMES, StepSchema } from '../profiles/recipe.ts';
import { AgentNameField, FeaturesField, FlowsField, HotkeysField, isConsoleOrigin, QueuesField, type Settings } from '../settings/schema.ts';
import { KbProviderList, SynonymGroups } from '../kb/config.ts';
import { sealProvider } from './sealed.ts';
import type { ToolError } from '../tools/types.ts';
import { AuditRecordSchema, ExecOutcomeSchema, FlowHandoverSchema, NextPageCheckSchema, PlanRunSchema, PreparedCallSchema, ToolErrorSchema } from './schemas.ts';

export * from './schemas.ts';

const ActionId = z.uuid();

/**
 * What a content script may know of the settings, for its own origin only: an allow-list of
 * the fields the content side reads (src/content, src/catalog, src/page, src/kb), nothing
 * else. No model endpoint or key, no roles (the worker checks roles at approve time), no
 * admin KB URL list (the worker fetches it: background/kb.ts), no other console's providers,
 * origins or profile choice. Content scripts cannot read chrome.storage at all (the worker
 * sets TRUSTED_CONTEXTS); they get this view by message. Built from a new object, field by
 * field, so a field added to the settings later stays with the worker until listed here.
 */
export const ContentSettingsSchema = z.lazy(() => z.strictObject({
  /** Is this origin a console deskhand works on (`isConsoleOrigin`)? */
  console: z.boolean(),
  /** The developer bridge on this origin only. */
  bridge: z.strictObject({ on: z.boolean(), allowLowWrites: z.boolean() }),
  /** deskhand's tools offered to the browser's agent (WebMCP) on this origin. */
  webmcpOffer: z.boolean(),
  features: FeaturesField,
  hotkeys: HotkeysField,
  queues: QueuesField,
  agentName: AgentNameField,
  flows: FlowsField,
  /** This origin's profile choice, if one is set. */
  consoleProfile: z.optional(z.string().check(z.maxLength(64))),
  kb: z.strictObject({
    endpoint: z.string().check(z.maxLength(2_000)),
    local: z.boolean(),
    /** This origin's own providers, if settings name them. */
    providers: z.optional(KbProviderList),
    /** The team's synonyms: a console's own search that finds nothing tries them (kb/search.ts). */
    synonyms: SynonymGroups,
  }),
}));
export type ContentSettings = z.output<typeof ContentSettingsSchema>;

export function contentView(settings: Settings, origin: string): ContentSettings {
  const { bridge, kb } = settings;
  const providers = kb.providers[origin];
  const choice = settings.consoleProfiles[origin];
  return {
    console: isConsoleOrigin(origin, settings),
    bridge: { on: bridge.enabled && bridge.origins.includes(origin), allowLowWrites: bridge.allowLowWrites },
    webmcpOffer: settings.webmcp.offerOrigins.includes(origin),
    features: { ...settings.features },
    hotkeys: { ...settings.hotkeys },
    queues: [...settings.queues],
    agentName: settings.agentName,
    flows: { ...settings.flows },
    ...(choice !== undefined ? { consoleProfile: choice } : {}),
    kb: { endpoint: kb.endpoint, local: kb.local, synonyms: kb.synonyms, ...(providers ? { providers: providers.map(sealProvider) } : {}) },
  };
}

/**
 * The content script's Settings, rebuilt from the view for its own origin: what the view does
 * not carry is empty (no endpoint, key, roles, URL list or other consoles).
 */
export function settingsFromView(view: ContentSettings, origin: string): Settings {
  return {
    llm: { baseURL: '', apiKey: '', model: '' },
    roles: [],
    bridge: { enabled: view.bridge.on, origins: view.bridge.on ? [origin] : [], allowLowWrites: view.bridge.allowLowWrites },
    webmcp: { offerOrigins: view.webmcpOffer ? [origin] : [] },
    features: view.features,
    hotkeys: view.hotkeys,
    consoles: view.console ? [origin] : [],
    kb: { endpoint: view.kb.endpoint, local: view.kb.local, providers: view.kb.providers ? { [origin]: view.kb.providers } : {}, urls: [], synonyms: view.kb.synonyms },
    queues: view.queues,
    agentName: view.agentName,
    flows: view.flows,
    consoleProfiles: view.consoleProfile !== undefined ? { [origin]: view.consoleProfile } : {},
  };
}

/** Messages the service worker accepts. Comments name the only allowed sender. */
export const ToBackground = z.lazy(() => z.discriminatedUnion('type', [
  /** content script: store a prepared call for its own tab */
  z.strictObject({ type: z.literal('ledger.add'), call: PreparedCallSchema }),
  /** content script: audit records of its registry */
  z.strictObject({ type: z.literal('audit.append'), records: z.array(AuditRecordSchema).check(z.maxLength(500)) }),
  /** content script: which tab am I? (binds prepared calls to the tab the browser says) */
  z.strictObject({ type: z.literal('tab.whoami') }),
  /** side panel: pending and recent confirmations of a tab */
  z.strictObject({ type: z.literal('confirm.list'), tabId: z.number().check(z.int()) }),
  /** side panel: a person confirmed exactly this action */
  z.strictObject({ type: z.literal('confirm.approve'), actionId: ActionId, fingerprint: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }),
  /** side panel: a person declined */
  z.strictObject({ type: z.literal('confirm.reject'), actionId: ActionId }),
  /** side panel / options: the audit log */
  z.strictObject({ type: z.literal('audit.list') }),
  /** side panel: clear the audit log (after export) */
  z.strictObject({ type: z.literal('audit.clear') }),
  /** side panel / options: how the export to the organisation's log pipeline is doing (admin policy) */
  z.strictObject({ type: z.literal('logExport.status') }),
  /** content script: a fixed flow's generate step (no tools are offered to the model) */
  z.strictObject({ type: z.literal('llm.generate'), requestId: z.uuid(), system: z.string().check(z.maxLength(8_000)), user: z.string().check(z.maxLength(40_000)) }),
  /** content script: Stop during a generate step aborts the model request */
  z.strictObject({ type: z.literal('llm.cancel'), requestId: z.uuid() }),
  /** content script: the settings view for its own origin (an allow-list, no credentials) */
  z.strictObject({ type: z.literal('settings.view') }),
  /** content script: progress of a fixed flow in its tab */
  z.strictObject({ type: z.literal('plan.progress'), run: PlanRunSchema }),
  /** content script: a trusted key press asks for the side panel (the gesture travels with it) */
  z.strictObject({ type: z.literal('panel.open') }),
  /** content script (search) or options page (syncUrls): the local knowledge base (src/background/kb.ts) */
  z.strictObject({ type: z.literal('kb'), request: KbRequest }),
  /**
   * content script (top frame): fetch a KB provider URL of its own origin whose credentials the
   * view sealed (src/messages/sealed.ts); the worker puts them back and answers with the body only
   */
  z.strictObject({ type: z.literal('kb.fetch'), url: z.string().check(z.maxLength(2_000)), accept: z.enum(['application/json', 'text/html']) }),
  /** content script: the taught and admin profiles for its own origin (the sender's, as stamped) */
  z.strictObject({ type: z.literal('profiles.get') }),
  /** content script (top frame): it pressed a submit and its page is unloading; check the next page of its tab */
  z.strictObject({ type: z.literal('delivery.navigating'), checkId: z.uuid(), check: NextPageCheckSchema }),
  /** side panel: the result of a tool call that continued on the console's next page */
  z.strictObject({ type: z.literal('delivery.await'), checkId: z.uuid() }),
  /** content script: load teach mode (dist/teach.js) into the sender's own frame, on first use */
  z.strictObject({ type: z.literal('teach.load') }),
  /** content script (the eager loader): load its kit (the parts of src/content/kit-files.ts) into the sender's own frame, on first use or when idle */
  z.strictObject({ type: z.literal('kit.load') }),
  /** content script (teach mode, recording): one trusted step the agent took; for the side panel that records, the worker only acknowledges it */
  z.strictObject({ type: z.literal('teach.recorded'), job: z.enum(JOB_NAMES), step: StepSchema }),
  /** content script (teach mode, recording): the agent Alt+clicked the final control (recorded, not pressed); the recording panel finishes */
  z.strictObject({ type: z.literal('teach.committed'), job: z.enum(JOB_NAMES) }),
  /** content script (top frame): its page shows this record (kept for a form page opened next; src/messages/came-from.ts) */
  z.strictObject({ type: z.literal('record.seen'), record: RecordSeenSchema }),
  /** content script (top frame): its page shows neither a record nor a ticket form: the agent moved on, forget the record */
  z.strictObject({ type: z.literal('record.left') }),
  /** content script (top frame): the record its tab showed last, on the same origin */
  z.strictObject({ type: z.literal('record.cameFrom') }),
  /** content script (top frame): its page is unloading in the middle of a flow; the tab's next page goes on with it */
  z.strictObject({ type: z.literal('flow.handover'), handover: FlowHandoverSchema }),
  /** content script (top frame): a flow the page before handed over, taken once */
  z.strictObject({ type: z.literal('flow.resume') }),
]));
export type ToBackground = z.infer<typeof ToBackground>;

/**
 * A link a person followed while teaching, from a page that showed a record: a selector that
 * finds it on every such record, and where it led (the panel hands it to the next page's picks).
 */
export const TeachLink = z.lazy(() => z.strictObject({ css: z.string().check(z.minLength(1), z.maxLength(300)), href: z.url().check(z.maxLength(2_000)) }));
export type TeachLink = z.infer<typeof TeachLink>;

/** Messages a content script accepts. */
export const ToContent = z.lazy(() => z.discriminatedUnion('type', [
  /** service worker only: carry out an approved call */
  z.strictObject({ type: z.literal('confirm.execute'), call: PreparedCallSchema, approvedBy: z.string().check(z.maxLength(100)) }),
  /** service worker only: settings changed; here is the new view for this tab's origin */
  z.strictObject({ type: z.literal('settings.changed'), view: ContentSettingsSchema }),
  /** side panel: page type and conversation of this tab */
  z.strictObject({ type: z.literal('page.info') }),
  /** side panel: a person started a fixed flow from the panel */
  z.strictObject({ type: z.literal('plan.run'), name: z.enum(['quickTicket']) }),
  /** side panel: Stop a running flow (between steps) */
  z.strictObject({ type: z.literal('plan.stop'), runId: z.string().check(z.maxLength(100)) }),
  /** side panel: tools for the model (read only) */
  z.strictObject({ type: z.literal('tools.schemas') }),
  /** service worker only: is what this check expects on this (new) page? */
  z.strictObject({
    type: z.literal('delivery.verify'),
    checkId: z.uuid(),
    check: NextPageCheckSchema,
    /** A carried confirmed call (check.carry.actionId), from the worker's ledger, and who approved it. */
    carried: z.optional(z.strictObject({ call: PreparedCallSchema, approvedBy: z.string().check(z.maxLength(100)) })),
  }),
  /** service worker only: taught or admin profiles changed; ask again with profiles.get */
  z.strictObject({ type: z.literal('profiles.changed') }),
  /** side panel: teach mode, point at one example of a capability (the picker runs until a trusted pick or Esc) */
  z.strictObject({
    type: z.literal('teach.pick'),
    capability: z.enum(CAPABILITIES),
    slot: z.enum(SLOTS),
    /**
     * The examples of this capability the panel holds (slot and where it was on the page): the
     * content script keeps exactly these, found again after a reload; none after an undo.
     */
    earlier: z.optional(z.array(z.strictObject({ slot: z.enum(SLOTS), at: z.string().check(z.maxLength(2_000)) })).check(z.maxLength(SLOTS.length))),
    /** The link the person followed from a record's page to this one while teaching (what teach.watch reported). */
    cameBy: z.optional(TeachLink),
  }),
  /** side panel, while teaching: answers once the page has changed and settled (or `changed: false` after a while) */
  z.strictObject({ type: z.literal('teach.watch') }),
  /** side panel: leave teach mode (ends a running picker, forgets the examples) */
  z.strictObject({ type: z.literal('teach.cancel') }),
  /** side panel: record how a job is done (start), point at its final button (commit: recorded, never pressed), or stop */
  z.strictObject({ type: z.literal('teach.record'), op: z.enum(['start', 'commit', 'stop']), job: z.optional(z.enum(JOB_NAMES)) }),
  /** side panel: what works on this page, per capability; with `draft`, as that profile would read it */
  z.strictObject({ type: z.literal('console.report'), draft: z.optional(ConsoleProfile) }),
  /**
   * side panel: one tool call. `llm` for the chat loop (read tools only), `ui` when a person
   * pressed a button in the panel. Sends and high-risk writes still end in a confirmation.
   */
  z.strictObject({
    type: z.literal('tools.invoke'),
    caller: z.enum(['llm', 'ui']),
    name: z.string().check(z.maxLength(100)),
    input: z.unknown(),
    toolCallId: z.string().check(z.maxLength(100)),
    sessionId: z.string().check(z.maxLength(100)),
    model: z.string().check(z.maxLength(200)),
    /**
     * The id the call's next-page check takes if its submit loads another page: the caller can
     * ask the worker for it (`delivery.await`) even when the unloading page's answer is lost.
     */
    checkId: z.optional(z.uuid()),
  }),
]));
export type ToContent = z.infer<typeof ToContent>;

export const ExecReply = z.lazy(() => z.discriminatedUnion('ok', [
  /** `nextPage`: the console loaded another page after the submit; the outcome is decided there. */
  z.object({ ok: z.literal(true), outcome: ExecOutcomeSchema, nextPage: z.optional(z.uuid()) }),
  z.object({ ok: z.literal(false), error: ToolErrorSchema }),
]));

export type Reply<T extends object = object> = ({ ok: true } & T) | { ok: false; error: ToolError };

/** A refusal as data, for replies. */
export function refusal(
  code: string,
  detail: string,
  type: ToolError['type'] = 'forbidden',
  suggestion = 'Nothing was done.',
): { ok: false; error: ToolError } {
  return { ok: false, error: { code, type, detail, suggestion, retryable: false, traceId: '' } };
}

export { classifySender, OPTIONS_PATH, SIDE_PANEL_PATH, type SenderKind } from './sender.ts';
