/**
 * The page model: what this console page is and holds — the matching profile, the open
 * record's identity, its facets (a page can be a conversation *and* hold a ticket form *and*
 * a customer panel), and lazily the thread, customer, history, composers and forms. Built
 * from the profile where it says where things are, else from the generic heuristics.
 *
 * Computed once per change, not per call: a snapshot is cached until a MutationObserver (on
 * the document and every open shadow root it has seen) or an in-place navigation (History
 * API / Navigation API, PJAX events named by the profile, hashchange) marks it stale; the
 * next question builds a new one. Nothing here throws.
 */
import { findComposer, findNoteBox } from '../dom/composer.ts';
import { customerOpener, labelKey, readCustomer, readCustomerFromPage, type CustomerFields, type CustomerRead } from '../dom/customer.ts';
import { openPopup } from '../dom/dialog.ts';
import { cardByMarkup } from '../dom/customer-card.ts';
import { signedIn, type SignedIn } from '../dom/self.ts';
import { findNamedTab, panelOf, reveal } from '../dom/tabs.ts';
import { press } from '../dom/controls/events.ts';
import { sleep } from '../dom/window.ts';
import { detectEditor } from '../dom/editors/index.ts';
import { controlIndex, findField, findSection, listControls, type Control, type FoundField } from '../dom/find.ts';
import { formNamedBy } from '../dom/sections.ts';
import { looksLikeKbAddress } from '../dom/page-kind.ts';
import { customerPageLink, customerTicketsLink, findHistoryList, historyBeside, readHistoryRows, ticketListOn, ticketsTabLink, type TicketRow } from '../dom/history.ts';
import { queryAll, queryOne } from '../dom/query.ts';
import { readSubject } from '../dom/subject.ts';
import { FIELD_SYNONYMS, NEW_RECORD_HEADING, SECTION_SYNONYMS, type FieldKey } from '../dom/synonyms.ts';
import { readThreadByRule, readThreadByShape, threadExpander, type ThreadRead } from '../dom/thread.ts';
import { isVisible, normLabel } from '../dom/text.ts';
import { visibleTextOf } from '../dom/visible.ts';
import type { Facet } from '../tools/types.ts';
import { readIdentity, pickValue, type RecordIdentity } from './identity.ts';
import { chooseProfile, onPath, type ProfileChoice } from './match.ts';
import type { CameFrom } from '../messages/came-from.ts';
import { globToRegExp, type ConsoleProfile, type HistoryList, type LoadedProfile } from '../profiles/schema.ts';
import type { RecipeJob } from '../profiles/recipe.ts';
import type { Flow } from '../dom/replay/steps.ts';
import { elementOf, openerOf, partsOf, type RecipeParts } from './recipes.ts';

export interface ModelEnv {
  profiles(): readonly LoadedProfile[];
  /** The per-origin profile choice in settings ('auto' | 'generic' | a profile id). */
  choice(origin: string): string | undefined;
  /** The agent's own name from settings (tells their messages apart). */
  agentName(): string;
  /** The record this tab showed before this page (kept by the worker; src/messages/came-from.ts). */
  cameFrom?(): Promise<CameFrom | null>;
}

/** "Settled": this long without a DOM change, or at most this long after the first one. */
const SETTLE_QUIET_MS = 500;
const SETTLE_MAX_MS = 3_000;

export type Via = 'profile' | 'heuristics';

export interface ComposerInfo {
  /** The editable (or, when `activate` is set and nothing is shown yet, the tab itself). */
  el: Element;
  via: Via;
  field?: FoundField;
  /** The region whose Send/Post button belongs to this composer. */
  container?: Element;
  sendButton?: HTMLElement;
  /** A tab that must be clicked to show the composer (osTicket's "Post Internal Note"). */
  activate?: HTMLElement;
  tried?: string[];
}

function once<T>(fn: () => T): () => T {
  let done = false;
  let value: T;
  return () => {
    if (!done) {
      value = fn();
      done = true;
    }
    return value;
  };
}

export class Snapshot {
  readonly url: string;
  readonly choice: ProfileChoice | null;
  readonly profile: ConsoleProfile | null;

  constructor(
    private readonly doc: Document,
    private readonly env: ModelEnv,
    readonly version: number,
    /** The controls and names kept across snapshots (dom/control-index.ts), when the page model keeps them. */
    private readonly index?: ReturnType<typeof controlIndex>,
    /** Customer cards read behind a disclosure, by page (PageModel.customerRevealed). */
    private readonly revealed?: ReadonlyMap<string, CustomerFields>,
  ) {
    this.url = doc.location.href;
    this.choice = safe(() => chooseProfile(env.profiles(), { origin: doc.location.origin, pathname: doc.location.pathname, has: (css) => !!queryOne(doc, css) }, env.choice(doc.location.origin)), null);
    this.profile = this.choice?.profile ?? null;
  }

  readonly identity = once((): RecordIdentity => {
    const id = safe(() => readIdentity(this.doc, this.profile), { recordId: null, display: null, sources: [], conflict: null });
    // The profile's new-ticket form with no thread beside it is a page of its own, about no
    // record yet, whatever its URL says (FreeScout moves a new conversation to its draft's
    // /conversation/<id> while the form is still open): the record is the one the agent came from.
    return id.recordId && this.formOfItsOwn() ? { ...id, recordId: null, display: null } : id;
  });

  private formOfItsOwn(): boolean {
    const form = this.ticketForm();
    if (!form || this.thread()?.entries.length) return false;
    // The generic form counts only where the page says it is for a new one: its heading
    // ("New Conversation", "新建工单 #1043（草稿）") or its address (`/tickets/new`, `new-ticket`).
    return form.via === 'profile' || (isVisible(form.el) && safe(() => newRecordPage(this.doc), false));
  }

  /** Who the page says is signed in (its account menu): never the customer, and the author of the agent's entries. */
  readonly signedIn = once((): SignedIn => safe(() => signedIn(this.doc), { names: [], emails: [] }));

  readonly agentNames = once((): string[] => {
    const names = [this.env.agentName(), ...this.signedIn().names];
    const pick = this.profile?.agentName;
    const el = pick ? queryOne(this.doc, pick.css) : null;
    if (el && pick) names.push(pickValue(el, pick) ?? '');
    return names.map((n) => n.trim()).filter(Boolean);
  });

  readonly customerPanel = once((): Element | null => {
    const rule = this.profile?.customer;
    const fromRule = rule?.container ? queryOne(this.doc, rule.container) : null;
    const named = fromRule ?? safe(() => findSection('customer', { within: this.doc, extra: this.profile?.synonyms?.sections?.customer }), null);
    // No heading names it: the card its markup names (`.customer-card`, FreeScout's `.customer-data`).
    return named ?? safe(() => cardByMarkup(this.doc, (l) => labelKey(l, this.profile?.customer?.fields)), null);
  });

  readonly customer = once((): CustomerRead => {
    const read = safe(() => readCustomer(this.profile?.customer, this.customerPanel(), this.doc, this.signedIn()), { fields: {}, via: {}, panel: null });
    // A card the page shows only while it is opened (a closed accordion's content is not in the
    // DOM) is still this page's customer once it was read: roles by identity need it too.
    const more = this.revealed?.get(pageKey(this.url));
    if (!more || hasPerson(read.fields)) return read;
    const via = { ...read.via };
    for (const k of Object.keys(more) as (keyof CustomerFields)[]) via[k] ??= 'card';
    return { fields: { ...more, ...read.fields }, via, panel: read.panel };
  });

  /** The profile's thread rule when it matches anything, else the thread found by its shape. */
  readonly thread = once((): ThreadRead | null =>
    safe(() => {
      const rule = this.profile?.thread;
      const ctx = {
        agentNames: this.agentNames(),
        customerName: this.customer().fields.name ?? '',
        customerEmail: this.customer().fields.email ?? '',
        ...(rule?.customerBy ? { customerBy: rule.customerBy } : {}),
        ...(this.profile?.synonyms?.roles ? { extra: this.profile.synonyms.roles } : {}),
      };
      // The console's order and how it tells roles apart hold where its entry rule finds nothing too.
      return (rule ? readThreadByRule(rule, ctx, this.doc) : null) ?? readThreadByShape(ctx, this.doc, rule?.order ? { order: rule.order } : {});
    }, null),
  );

  /**
   * The history rule for this kind of page: the profile's rule for the first page glob that
   * matches this path and finds its list here, else its rule for every other page.
   */
  readonly historyRule = once((): HistoryList | undefined => historyRuleOn(this.profile?.history, this.doc));

  readonly historyList = once((): Element | null => {
    const rule = this.historyRule();
    if (rule?.container) return queryOne(this.doc, rule.container);
    const words = [...SECTION_SYNONYMS.history, ...(this.profile?.synonyms?.sections?.history ?? [])];
    const thread = this.thread()?.container ?? null;
    return safe(
      () => findHistoryList(findSection('history', { within: this.doc, extra: this.profile?.synonyms?.sections?.history }), words, this.doc, thread) ?? historyBeside(this.customer().panel, thread),
      null,
    );
  });

  readonly history = once((): TicketRow[] | null => {
    const list = this.historyList();
    return list ? safe(() => readHistoryRows(list, this.historyRule()), []) : null;
  });

  private readonly composers = new Map<string, ComposerInfo | null>();

  /**
   * The reply composer or the note box: the profile's rule, else the editor that is one by
   * what it is (size, words, a Send button; composer.ts), else a field labelled like one.
   * A note box behind a tab comes back with `activate` (the tab that shows it).
   */
  composer(kind: 'reply' | 'note', includeHidden = false): ComposerInfo | null {
    const key = `${kind}:${includeHidden}`;
    if (!this.composers.has(key)) this.composers.set(key, safe(() => this.ownComposer(this.findComposerOf(kind, includeHidden)), null));
    return this.composers.get(key) ?? null;
  }

  /**
   * An editor inside the form the profile names as the new-ticket form is that form's message
   * box, not a reply box (FreeScout's new conversation uses the reply editor and its Send): a
   * reply or a note never writes into it, and never presses its submit.
   */
  private ownComposer(c: ComposerInfo | null): ComposerInfo | null {
    const form = c ? this.ticketForm() : null;
    return form?.via === 'profile' && form.el.contains(c!.el) ? null : c;
  }

  /** The profile's recipe for a job (how the agent does it here), split into its parts. */
  recipe(job: RecipeJob): RecipeParts | null {
    const flow = this.profile?.recipes?.[job];
    return flow ? partsOf(flow as Flow) : null;
  }

  /**
   * A recipe's composer: the editor its text step types into, with its commit; before the
   * editor is open, the step that opens it (the console's Reply / Note button) stands in.
   */
  private composerByRecipe(p: RecipeParts, includeHidden: boolean): ComposerInfo | null {
    const el = elementOf(this.doc, p, p.text) ?? (includeHidden ? elementOf(this.doc, p, p.text, {}, true) : null);
    const commit = elementOf(this.doc, p, p.commit);
    const button = commit && typeof (commit as HTMLElement).click === 'function' ? { sendButton: commit as HTMLElement } : {};
    if (el) return { el: detectEditor(el)?.editable ?? el, via: 'profile', ...button };
    const opener = openerOf(this.doc, p) as HTMLElement | null;
    return opener ? { el: opener, via: 'profile', activate: opener } : null;
  }

  private findComposerOf(kind: 'reply' | 'note', includeHidden: boolean): ComposerInfo | null {
    const recipe = this.recipe(kind);
    if (recipe && recipe.text >= 0) return this.composerByRecipe(recipe, includeHidden);
    const rule = this.profile?.composers?.[kind];
    const byRule = rule?.editor ? queryOne(this.doc, rule.editor) : null;
    if (byRule && (includeHidden || isVisible(byRule) || detectEditor(byRule, rule?.kind)?.frame)) {
      const target = detectEditor(byRule, rule?.kind);
      const activate = rule?.activate && !isVisible(byRule) ? queryOne(this.doc, rule.activate) : null;
      const container = rule?.form ? queryOne(this.doc, rule.form) : null;
      return { el: target?.editable ?? byRule, via: 'profile', ...(container ? { container } : {}), ...(activate ? { activate: activate as HTMLElement } : {}) };
    }
    if (byRule && rule?.activate) {
      const activate = queryOne(this.doc, rule.activate);
      if (activate) return { el: byRule, via: 'profile', activate: activate as HTMLElement };
    }
    const found = kind === 'reply' ? findComposer({ scope: this.doc }) : findNoteBox({ scope: this.doc });
    if (found.ok) return { el: found.target.editable, via: 'heuristics', container: found.container, ...(found.sendButton ? { sendButton: found.sendButton } : {}), ...(found.activate ? { activate: found.activate } : {}) };
    const scope = findSection('conversation', { includeHidden, within: this.doc }) ?? this.doc;
    const f = findField(kind === 'reply' ? 'reply' : 'note', { scope, includeHidden });
    // A field named by the word "Note" nearby that is the reply composer itself (a Note tab
    // beside a shared editor) is not the note box: its tab, when there is one, comes next.
    const isReply = (el: Element) => kind === 'note' && safe(() => { const r = findComposer({ scope: this.doc }); return r.ok && r.target.editable === el; }, false);
    if (f && (f.kind === 'editable' || f.kind === 'textarea') && !isReply(f.el)) return { el: f.el, via: 'heuristics', field: f };
    if (!found.ok && found.activate) return { el: found.activate, via: 'heuristics', activate: found.activate, tried: found.tried };
    return null;
  }

  readonly ticketForm = once((): { el: Element; via: Via } | null => this.form('ticketForm'));
  readonly refundForm = once((): { el: Element; via: Via } | null => this.form('refundForm'));

  /**
   * The form's fields the profile names by example (`ticketForm.fields.title.css`), as found
   * inside the form now: the fill, its dry run and the submit check take these before any label.
   */
  formPins(key: 'ticketForm' | 'refundForm'): Partial<Record<FieldKey, Element>> {
    const form = this[key]()?.el;
    const rules = this.profile?.[key]?.fields;
    if (!form || !rules) return {};
    const out: Partial<Record<FieldKey, Element>> = {};
    for (const [name, rule] of Object.entries(rules)) {
      if (!(name in FIELD_SYNONYMS) || !rule.css) continue;
      // Inside the form only: a selector that now matches elsewhere on the page names no field of it.
      const el = queryOne(form, rule.css);
      if (el) out[name as FieldKey] = el;
    }
    return out;
  }

  private form(key: 'ticketForm' | 'refundForm'): { el: Element; via: Via } | null {
    const rule = this.profile?.[key];
    // The profile's form wherever it shows (a new conversation FreeScout saves as a draft moves
    // to the draft's URL, the form still on the page).
    const byRule = rule?.container ? queryOne(this.doc, rule.container) : null;
    if (byRule) return { el: byRule, via: 'profile' };
    // The profile knows the page the form lives on: on any other page another form (a reply
    // box, a dialog) is not taken for it, and the agent is told where it is.
    const home = key === 'ticketForm' ? this.profile?.ticketForm?.path : undefined;
    if (home && !onPath(this.doc.location, home)) return null;
    const el = safe(() => findSection(key, { includeHidden: true, within: this.doc, extra: this.profile?.synonyms?.sections?.[key] }), null);
    return el ? { el: formNamedBy(el), via: 'heuristics' } : null;
  }

  readonly assign = once((): { via: Via } | null => {
    // A recipe's way in (the Assignee dropdown, the "…" menu) is on this page.
    for (const job of ['assign', 'transfer'] as const) {
      const r = this.recipe(job);
      if (r && (openerOf(this.doc, r) ?? elementOf(this.doc, r, 0))) return { via: 'profile' };
    }
    const a = this.profile?.assign;
    if ((a?.transfer && queryOne(this.doc, a.transfer.open)) || (a?.assign && queryOne(this.doc, a.assign.open))) return { via: 'profile' };
    if (a?.queue?.css && queryOne(this.doc, a.queue.css)) return { via: 'profile' };
    return safe(() => findField('queue', { includeHidden: true }), null) ? { via: 'heuristics' } : null;
  });

  /** Facets found; null when none is (an unknown page never blocks a tool). */
  readonly facets = once((): Facet[] | null => {
    const f: Facet[] = [];
    const thread = this.thread();
    const composer = this.composer('reply', true);
    if ((thread && thread.entries.length > 0) || (this.identity().recordId && composer)) f.push('conversation');
    if (composer) f.push('composer');
    const c = this.customer().fields;
    if (c.name || c.email || c.phone) f.push('customer');
    if (this.historyList() || this.profile?.history?.follow) f.push('history');
    if (this.ticketForm()) f.push('ticketForm');
    if (this.refundForm()) f.push('refundForm');
    if (this.assign()) f.push('assign');
    // A KB article page often has no section named "knowledge base"; its address says what it is.
    if (this.profile?.kb?.length || safe(() => findSection('kb', { within: this.doc }), null) || looksLikeKbAddress(this.doc.location)) f.push('kb');
    return f.length ? f : null;
  });

  // ---- what the profile says, for the tools (nothing outside src/page reads the profile)

  /** The console's own success / error notices, if the profile names them. */
  signals(): ConsoleProfile['signals'] {
    return this.profile?.signals;
  }

  /** The profile's grade for a tool this console declares (WebMCP), by the page's name for it. */
  declaredGrade(pageName: string): NonNullable<ConsoleProfile['declaredTools']>[string] | undefined {
    const grades = this.profile?.declaredTools;
    return grades && Object.hasOwn(grades, pageName) ? grades[pageName] : undefined;
  }

  /** Extra label words for a field on this console. */
  fieldWords(key: string): readonly string[] {
    return (this.profile?.synonyms?.fields as Record<string, readonly string[] | undefined> | undefined)?.[key] ?? [];
  }

  /** The profile's transfer or assign dialog, or its queue field. */
  assignRule<K extends 'transfer' | 'assign' | 'queue'>(kind: K): NonNullable<ConsoleProfile['assign']>[K] | undefined {
    return this.profile?.assign?.[kind];
  }

  /** Selectors that must show before a composer or the ticket form takes input. */
  ready(kind: 'reply' | 'note' | 'ticketForm'): readonly string[] {
    return (kind === 'ticketForm' ? this.profile?.ticketForm?.ready : this.profile?.composers?.[kind]?.ready) ?? [];
  }

  /** The profile's own submit button for a composer or the ticket form (icon-only buttons have no words). */
  submit(kind: 'reply' | 'note' | 'ticketForm'): HTMLElement | null {
    const recipe = kind === 'ticketForm' ? null : this.recipe(kind);
    if (recipe) {
      const commit = elementOf(this.doc, recipe, recipe.commit);
      return commit && typeof (commit as HTMLElement).click === 'function' ? (commit as HTMLElement) : null;
    }
    const css = kind === 'ticketForm' ? this.profile?.ticketForm?.submit : this.profile?.composers?.[kind]?.submit;
    const el = css ? queryOne(this.doc, css) : null;
    // Not `instanceof HTMLElement`: a button in a same-origin frame is an HTMLElement of that frame's realm.
    return el && typeof (el as HTMLElement).click === 'function' ? (el as HTMLElement) : null;
  }

  /** Where the ticket form's customer is chosen by a search (osTicket's user lookup). */
  customerLookup(): NonNullable<ConsoleProfile['ticketForm']>['customerLookup'] {
    return this.profile?.ticketForm?.customerLookup;
  }

  /** The page of its own the new-ticket form lives on, if the profile says. */
  ticketFormPath(): string | undefined {
    return this.profile?.ticketForm?.path;
  }

  /** The console's knowledge-base providers the profile names. */
  kbProviders(): ConsoleProfile['kb'] {
    return this.profile?.kb;
  }

  /** Whether the customer or the history is read from another page (the profile's `follow`). */
  follows(part: 'customer' | 'history'): boolean {
    return !!this.profile?.[part]?.follow;
  }

  /** Which parts of this page the profile itself names (teach mode's "where it comes from"). */
  profileNames(part: 'identity' | 'customerFields' | 'historyList' | 'kb'): boolean {
    const p = this.profile;
    if (part === 'identity') return !!p?.identity;
    if (part === 'customerFields') return !!p?.customer?.fields && Object.keys(p.customer.fields).length > 0;
    if (part === 'historyList') return !!this.historyRule()?.container;
    return !!p?.kb?.length;
  }

  /** The record's subject: the profile's rule, else what the page shows as it (dom/subject.ts). */
  readonly subject = once((): string =>
    safe(() => {
      for (const pick of this.profile?.identity?.subject ?? []) {
        for (const el of queryAll(this.doc, pick.css).slice(0, 3)) {
          const v = pickValue(el, pick);
          if (v) return v.trim();
        }
      }
      const id = this.identity();
      return readSubject(this.doc, this.customer().fields.name ?? '', [id.recordId ?? '', id.display ?? '']);
    }, ''),
  );

  private readonly controlCache = new Map<Document | Element, Control[]>();

  /**
   * Fillable controls in `scope` with their names, listed once per DOM change; the names of
   * controls the change did not touch come from the page model's index.
   */
  controls(scope: Document | Element, includeHidden = false): Control[] {
    const cache = includeHidden ? this.hiddenControlCache : this.controlCache;
    let list = cache.get(scope);
    if (!list) {
      const index = this.index && (scope === this.doc || scope.ownerDocument === this.doc) ? this.index : undefined;
      list = safe(() => listControls({ scope, includeHidden, ...(index ? { index } : {}) }), []);
      cache.set(scope, list);
    }
    return list;
  }
  private readonly hiddenControlCache = new Map<Document | Element, Control[]>();

  /** Text of an element as a person sees it (for reports). */
  text(el: Element): string {
    return visibleTextOf(el).text;
  }
}

/** A page for a new record: its address says new/create, or a heading at the top says so. */
function newRecordPage(doc: Document): boolean {
  if (/(^|[/_-])(new|create|compose)([/_-]|$)/i.test(doc.location.pathname)) return true;
  return Array.from(doc.querySelectorAll('h1, h2, h3, [role=heading]')).some((h) => isVisible(h) && NEW_RECORD_HEADING.test(normLabel(h.textContent ?? '')));
}

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

const WATCHED_ATTRS = ['class', 'style', 'hidden', 'aria-hidden', 'aria-expanded', 'aria-selected', 'open', 'data-state', 'contenteditable'];
/**
 * Attributes that name a control or make an element one: the control index must see them to
 * name again what they touch (and a control renamed makes the snapshot stale like any change).
 */
const NAMING_ATTRS = ['id', 'for', 'name', 'type', 'role', 'aria-label', 'aria-labelledby', 'aria-owns', 'aria-haspopup', 'aria-pressed', 'placeholder', 'data-placeholder', 'data-label', 'title', 'autocomplete'];

/** Don't look for shadow roots attached without a record more often than this (a full walk). */
const ROOTS_CHECK_MS = 2_000;

export class PageModel {
  private snap: Snapshot | null = null;
  private version = 0;
  private readonly observer: MutationObserver;
  private readonly observed = new WeakSet<Node>();
  private readonly pages = new Map<string, Promise<Document | null>>();
  private lastRecord: string | null = null;
  private readonly navEvents = new Set<string>();
  private frames = '';
  private readonly listeners = new Set<(s: Snapshot) => void>();
  private readonly settled = new Set<() => void>();
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private settleFirst = 0;
  private cameFromAsked: { url: string; record: Promise<CameFrom | null> } | null = null;
  /** The document's controls and their names, kept across snapshots (dom/control-index.ts). */
  private readonly index: ReturnType<typeof controlIndex>;
  private rootsCheck: { at: number; pending: boolean } = { at: 0, pending: false };

  constructor(
    private readonly doc: Document,
    private readonly env: ModelEnv,
  ) {
    const view = doc.defaultView ?? window;
    this.index = controlIndex(doc);
    this.observer = new view.MutationObserver((records) => {
      const page = records.filter((r) => !isOwn(r.target));
      if (!page.length) return;
      this.index.note(page);
      this.stale();
    });
    this.watch(doc);
    const nav = () => this.invalidate(true);
    view.addEventListener('popstate', nav);
    view.addEventListener('hashchange', nav);
    // Same-document navigations incl. pushState from page scripts (Navigation API, Chrome 102+):
    // https://developer.mozilla.org/docs/Web/API/Navigation/currententrychange_event
    const navigation = (view as Window & { navigation?: EventTarget }).navigation;
    navigation?.addEventListener('currententrychange', nav);
    for (const type of ['pjax:end', 'pjax:complete', 'turbo:load', 'turbolinks:load']) doc.addEventListener(type, nav);
  }

  private watch(root: Node): void {
    if (this.observed.has(root)) return;
    this.observed.add(root);
    this.observer.observe(root, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: [...WATCHED_ATTRS, ...NAMING_ATTRS], attributeOldValue: true });
  }

  /**
   * Mark the snapshot stale from outside (a navigation, a tool that changed the page): no
   * records say what changed, so the control index starts over too.
   */
  invalidate(navigated = false): void {
    this.index.reset();
    this.stale(navigated);
  }

  /** The snapshot is stale; the records handed to the index say what changed. */
  private stale(navigated = false): void {
    this.snap = null;
    this.version += 1;
    if (navigated) this.pages.clear();
    this.scheduleSettled();
  }

  /** Called once the page stopped changing for a moment (at most every few seconds while it keeps changing). */
  onSettled(fn: () => void): () => void {
    this.settled.add(fn);
    return () => this.settled.delete(fn);
  }

  private scheduleSettled(): void {
    if (!this.settled.size) return;
    const now = Date.now();
    if (this.settleTimer === null) this.settleFirst = now;
    else clearTimeout(this.settleTimer);
    const wait = Math.max(0, Math.min(SETTLE_QUIET_MS, this.settleFirst + SETTLE_MAX_MS - now));
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      for (const fn of this.settled) fn();
    }, wait);
  }

  /** The record this tab showed before this page, once per page (null on a record page itself). */
  cameFromRecord(): Promise<CameFrom | null> {
    if (this.current().identity().recordId || !this.env.cameFrom) return Promise.resolve(null);
    const url = this.doc.location.href;
    if (this.cameFromAsked?.url !== url) this.cameFromAsked = { url, record: this.env.cameFrom().catch(() => null) };
    return this.cameFromAsked.record;
  }

  /** The current snapshot (rebuilt after any change; also when the URL changed unseen). */
  current(): Snapshot {
    // A same-origin frame that loaded its page since (no mutation here says so) also makes it stale.
    const frames = frameSignature(this.doc);
    if (frames !== this.frames) {
      this.snap = null;
      this.index.reset();
    }
    this.frames = frames;
    // And a frame whose page renders after it loaded (a React micro-frontend fills its #root
    // later): its document is observed like ours, so that render marks the snapshot stale.
    if (frames) for (const d of frameDocuments(this.doc)) this.watch(d);
    if (!this.snap || this.snap.url !== this.doc.location.href) {
      if (this.snap && this.snap.url !== this.doc.location.href) this.pages.clear();
      if (this.snap && this.snap.url !== this.doc.location.href) this.index.reset();
      this.snap = new Snapshot(this.doc, this.env, this.version, this.index, this.revealed);
      // The roots the index knows (a full walk only when it starts over; added subtrees are
      // searched for new ones as they come). A shadow root attached without a record is
      // looked for when the page is idle.
      for (const root of safe(() => this.index.roots(), [])) if (root !== this.doc && (root.nodeType === Node.DOCUMENT_NODE || (root as ShadowRoot).host)) this.watch(root);
      this.checkRootsWhenIdle();
      for (const type of this.snap.profile?.navigation?.events ?? []) {
        if (this.navEvents.has(type)) continue;
        this.navEvents.add(type);
        this.doc.addEventListener(type, () => this.invalidate(true));
      }
      this.announce(this.snap);
    }
    return this.snap;
  }

  /** A full walk for shadow roots no record announced, off the critical path and at most every ROOTS_CHECK_MS. */
  private checkRootsWhenIdle(): void {
    if (this.rootsCheck.pending) return;
    this.rootsCheck.pending = true;
    const view = (this.doc.defaultView ?? window) as Window & { requestIdleCallback?: (fn: () => void, opts?: { timeout: number }) => number };
    const wait = Math.max(0, this.rootsCheck.at + ROOTS_CHECK_MS - Date.now());
    setTimeout(() => {
      const run = () => {
        this.rootsCheck = { at: Date.now(), pending: false };
        if (!safe(() => this.index.rootsCurrent(), true)) this.invalidate();
      };
      if (view.requestIdleCallback) view.requestIdleCallback(run, { timeout: 1_000 });
      else run();
    }, wait);
  }

  /** Record changes (another conversation shown in place), for the panel and stale cards. */
  onRecordChange(fn: (s: Snapshot) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private announce(s: Snapshot): void {
    if (!this.listeners.size) return;
    const id = s.identity().recordId;
    if (id === this.lastRecord) return;
    this.lastRecord = id;
    for (const fn of this.listeners) fn(s);
  }

  /** A same-origin page (a user page behind a link), fetched read-only with the agent's session, parsed unrendered. */
  fetchPage(href: string, signal?: AbortSignal): Promise<Document | null> {
    const url = new URL(href, this.doc.baseURI);
    if (url.origin !== this.doc.location.origin) return Promise.resolve(null);
    const key = url.href;
    const hit = this.pages.get(key);
    if (hit) return hit;
    const p = fetch(key, { credentials: 'same-origin', ...(signal ? { signal } : {}) })
      .then(async (r) => (r.ok ? new DOMParser().parseFromString(await r.text(), 'text/html') : null))
      .catch(() => null);
    this.pages.set(key, p);
    if (this.pages.size > 8) this.pages.delete(this.pages.keys().next().value!);
    return p;
  }

  /** Where a follow rule points: the link's href, or its path with the record id filled in. */
  private followHref(follow: { link?: string | undefined; path?: string | undefined }, s: Snapshot): string | null {
    if (follow.link) return queryOne(this.doc, follow.link)?.getAttribute('href') ?? null;
    const id = s.identity().recordId;
    if (!follow.path || (follow.path.includes('{recordId}') && !id)) return null;
    return follow.path.replaceAll('{recordId}', encodeURIComponent(id ?? ''));
  }

  /**
   * Customer fields, with missing ones from the profile's follow link. `cameFrom`: on a page
   * that shows no record (a new-ticket form on its own page, reached from a ticket's "New
   * Ticket" link), the customer of the record the agent came from: as that record's page
   * read it (src/messages/came-from.ts).
   */
  async customerWithFollow(signal?: AbortSignal, opts: { cameFrom?: boolean } = {}): Promise<CustomerRead> {
    const s = this.current();
    const base = s.customer();
    // On a page without a record (a ticket form of its own) what it shows of a customer is the
    // form's current choice, not who the ticket is for: the record the agent came from is.
    if (opts.cameFrom && !s.identity().recordId) {
      const from = await this.customerCameFrom();
      if (from) return from;
    }
    const follow = s.profile?.customer?.follow;
    if (base.fields.name && base.fields.email && base.fields.phone) return base;
    if (!hasPerson(base.fields) && !s.profile?.customer && (await this.customerRevealed(signal))) return this.current().customer();
    if (!follow) return this.customerInCard(base, signal);
    const href = this.followHref(follow, s);
    if (!href) return base;
    const page = await this.fetchPage(href, signal);
    if (!page) return base;
    const more = readCustomerFromPage(page, s.profile?.customer, follow.within);
    const fields = { ...more, ...base.fields };
    const via = { ...base.via };
    for (const k of Object.keys(more) as (keyof typeof more)[]) if (!base.fields[k]) via[k] = 'follow';
    return { fields, via, panel: base.panel };
  }

  /** Customer cards read behind a closed disclosure or tab, by page URL (Snapshot.customer merges them). */
  private readonly revealed = new Map<string, CustomerFields>();

  /**
   * The customer's card where the page keeps it closed: a disclosure or tab named for the
   * customer ("Customer" in a Radix accordion, whose content exists only while open; zh 客户),
   * opened as a person does, read once its fields are there, and closed again. Only where
   * the page shows no customer otherwise; what it showed is kept for this page.
   */
  async customerRevealed(signal?: AbortSignal): Promise<CustomerFields | null> {
    const url = pageKey(this.doc.location.href);
    const hit = this.revealed.get(url);
    if (hit) return hit;
    const s = this.current();
    const t = safe(() => findNamedTab(this.doc, [...SECTION_SYNONYMS.customer, ...(s.profile?.synonyms?.sections?.customer ?? [])]), null);
    if (!t || t.open) return null;
    let fields: CustomerFields | null = null;
    const putBack = reveal(t);
    try {
      for (let waited = 0; waited < TAB_LOAD_MS && !fields; waited += TAB_POLL_MS) {
        await sleep(TAB_POLL_MS, signal);
        const pane = panelOf(t.tab);
        const read = pane ? safe(() => readCustomer(s.profile?.customer, pane, this.doc, s.signedIn()).fields, {}) : {};
        if (hasPerson(read)) fields = read;
      }
    } finally {
      putBack();
    }
    if (fields) this.revealed.set(url, fields);
    return fields;
  }

  /** What the customer's card showed, by record: it is opened once per record, not on every read. */
  private readonly cards = new Map<string, CustomerFields>();

  /**
   * What a person does when the page shows a customer's name but not their phone (osTicket's
   * ticket header): clicks the name, reads the card that opens over the page (label/value
   * rows), and closes it again. Only a control that acts in place is pressed (dom/customer.ts
   * customerOpener), only where the profile says nothing, and fields the page shows win.
   */
  private async customerInCard(base: CustomerRead, signal?: AbortSignal): Promise<CustomerRead> {
    const s = this.current();
    const name = base.fields.name;
    const record = s.identity().recordId;
    if (!name || !record || s.profile?.customer) return base;
    let more = this.cards.get(record);
    if (!more) {
      const opener = safe(() => customerOpener(base.panel ?? this.doc, name) ?? customerOpener(this.doc, name), null);
      const card = opener ? await openPopup(opener, signal).catch(() => null) : null;
      if (!card) return base;
      try {
        more = safe(() => readCustomerFromPage(card.box, undefined), {});
      } finally {
        await card.close().catch(() => false);
      }
      this.cards.set(record, more);
    }
    const fields = { ...more, ...base.fields };
    const via = { ...base.via };
    for (const k of Object.keys(more) as (keyof typeof more)[]) if (!base.fields[k]) via[k] = 'follow';
    return { fields, via, panel: base.panel };
  }

  /**
   * The record the agent had open in this tab, as its page read it (also across an in-place
   * navigation and a reload of this form). Only what deskhand itself saw in this tab counts:
   * never `document.referrer`, which the page sets (a script that `replaceState`s to another
   * record and opens the form in a new tab would choose whose customer is filled; issue 19).
   */
  private async customerCameFrom(): Promise<CustomerRead | null> {
    const record = await this.cameFromRecord();
    // What that record showed of its customer, even if only a phone: the form page's own card is
    // not who this ticket is for (a mailbox's own address, the form's last choice).
    return record && Object.values(record.customer).some(Boolean) ? followed({ ...record.customer }) : null;
  }

  /**
   * The whole thread: when a long thread folds entries away behind "Show 3 earlier messages"
   * (or "Expand all"), that control is pressed and the thread read once it has grown.
   */
  async threadUnfolded(signal?: AbortSignal): Promise<ThreadRead | null> {
    let first = this.current().thread();
    // Roles told by who wrote each entry need the customer (a class word shared by customer and
    // staff mails says nothing): where the page keeps their card closed, it is opened (and closed
    // again) first, as a person glances at it.
    if (first?.entries.some((e) => e.author) && !hasPerson(this.current().customer().fields) && (await this.customerRevealed(signal))) first = this.current().thread();
    const more = first ? threadExpander(first.container) : null;
    if (!first || !more) return first;
    press(more);
    let now: ThreadRead | null = first;
    for (let waited = 0; waited < TAB_LOAD_MS; waited += TAB_POLL_MS) {
      await sleep(TAB_POLL_MS, signal);
      now = this.current().thread();
      if (now && now.entries.length > first.entries.length) break;
    }
    return now;
  }

  /** History rows on the customer's own ticket list behind an "All tickets" link (fetched read-only, never rendered). */
  async historyByLink(signal?: AbortSignal): Promise<{ rows: TicketRow[]; via: 'follow' } | null> {
    const href = safe(() => customerTicketsLink(this.doc), null);
    const page = href ? await this.fetchPage(href, signal) : null;
    const rows = page ? safe(() => ticketListOn(page), null) : null;
    return rows ? { rows, via: 'follow' } : this.historyOnCustomerPage(signal);
  }

  /**
   * The customer's own page, as a person goes there: the customer's name in the panel links it;
   * its ticket list, or the list behind its "Conversations" / "Tickets" link (FreeScout's
   * customer profile → Conversations). Fetched read-only, never rendered.
   */
  private async historyOnCustomerPage(signal?: AbortSignal): Promise<{ rows: TicketRow[]; via: 'follow' } | null> {
    const s = this.current();
    const own = safe(() => customerPageLink(s.customerPanel(), s.customer().fields.name ?? '', this.doc), null);
    const page = own ? await this.fetchPage(own, signal) : null;
    if (!own || !page) return null;
    const here = safe(() => ticketListOn(page), null);
    if (here) return { rows: here, via: 'follow' };
    const next = safe(() => ticketsTabLink(page, own), null);
    const list = next ? await this.fetchPage(next, signal) : null;
    const rows = list ? safe(() => ticketListOn(list), null) : null;
    return rows ? { rows, via: 'follow' } : null;
  }

  /** History rows behind a tab that is not open (rowsBehindTab). */
  historyBehindTab(signal?: AbortSignal): Promise<{ rows: TicketRow[]; via: Via } | null> {
    return rowsBehindTab(this, this.doc, this.current().profile?.synonyms?.sections?.history ?? [], signal);
  }

  /** History rows, from this page, the profile's follow link, or behind a tab. */
  async historyWithFollow(signal?: AbortSignal): Promise<{ rows: TicketRow[]; via: Via | 'follow' } | null> {
    const s = this.current();
    const here = s.history();
    if (here) return { rows: here, via: s.historyRule()?.container ? 'profile' : 'heuristics' };
    const follow = s.profile?.history?.follow;
    const href = follow ? this.followHref(follow, s) : null;
    if (!follow || !href) return (await this.historyBehindTab(signal)) ?? this.historyByLink(signal);
    const page = await this.fetchPage(href, signal);
    if (!page) return null;
    // The page behind the link is read as that kind of page: its own rule (a customer page
    // taught by its table), else the rule for every page.
    const rule = historyRuleOn(s.profile?.history, page, new URL(href, this.doc.baseURI).pathname);
    const list = (follow.within && queryOne(page, follow.within)) || (rule?.container && queryOne(page, rule.container)) || null;
    if (!list) return null;
    return { rows: readHistoryRows(list, rule, false), via: 'follow' };
  }
}

/** How long a tab that fetches its rows on opening may take to show them. */
const TAB_LOAD_MS = 4_000;
const TAB_POLL_MS = 100;

/**
 * History rows behind a tab or accordion that is not open ("Previous conversations (3)"; many
 * consoles fetch them only then): a label that counts none is an empty history, else the tab
 * is opened, its rows read once they are there, and what was selected before is selected again.
 */
async function rowsBehindTab(model: PageModel, doc: Document, extra: readonly string[], signal?: AbortSignal): Promise<{ rows: TicketRow[]; via: Via } | null> {
  const words = [...SECTION_SYNONYMS.history, ...extra];
  const t = findNamedTab(doc, words);
  if (!t) return null;
  if (t.count === 0) return { rows: [], via: 'heuristics' };
  if (t.open) return null;
  const putBack = reveal(t);
  try {
    let rows: TicketRow[] | null = null;
    for (let waited = 0; waited < TAB_LOAD_MS; waited += TAB_POLL_MS) {
      await sleep(TAB_POLL_MS, signal);
      // The tab's own pane, else whatever the page model now finds.
      const pane = panelOf(t.tab);
      const list = pane ? (findHistoryList(pane, words, doc) ?? pane) : null;
      rows = list ? readHistoryRows(list, undefined) : model.current().history();
      // A count on the label says how many rows to wait for (the list may show a spinner row first).
      if (rows && rows.length > 0 && (t.count === null || rows.length >= Math.min(t.count, 10))) break;
    }
    // Nothing there once opened: not the list this was about (its page decides no more than that).
    return rows?.length ? { rows, via: 'heuristics' } : null;
  } finally {
    putBack();
  }
}

/**
 * The history rule for a kind of page: the profile's rule for the first page glob that matches
 * `path` and finds its list in `doc`, else its rule for every other page.
 */
function historyRuleOn(h: ConsoleProfile['history'], doc: Document, path = doc.location.pathname): HistoryList | undefined {
  for (const [glob, rule] of Object.entries(h?.pages ?? {})) {
    if (safe(() => globToRegExp(glob).test(path), false) && (!rule.container || queryOne(doc, rule.container))) return rule;
  }
  if (!h) return undefined;
  const { follow: _f, pages: _p, ...base } = h;
  return base;
}

/** A page by its address without the fragment (a tab link may set `#previous` and the restore `#conversation`). */
const pageKey = (href: string) => href.split('#')[0]!;

/** The fields name a person (a name, an e-mail or a phone), not only an order or a plan. */
function hasPerson(f: CustomerFields): boolean {
  return !!(f.name || f.email || f.phone);
}

/** Customer fields that all came from another page (the record before, a referrer). */
function followed(fields: CustomerRead['fields']): CustomerRead {
  const via: CustomerRead['via'] = {};
  for (const k of Object.keys(fields) as (keyof typeof fields)[]) via[k] = 'follow';
  return { fields, via, panel: null };
}

/** The same-origin frames' documents (cross-origin ones throw or give null: skipped). */
function frameDocuments(doc: Document): Document[] {
  const out: Document[] = [];
  for (const f of Array.from(doc.getElementsByTagName('iframe'))) {
    try {
      if (f.contentDocument) out.push(f.contentDocument);
    } catch {
      // cross-origin: nothing deskhand may read
    }
  }
  return out;
}

/** Which page each same-origin iframe shows, and whether it has finished loading. */
function frameSignature(doc: Document): string {
  const frames = doc.getElementsByTagName('iframe');
  if (frames.length === 0) return '';
  let sig = '';
  for (const f of Array.from(frames)) {
    try {
      const d = f.contentDocument;
      sig += `${d?.URL ?? '-'}:${d?.readyState ?? '-'}:${d?.body?.childElementCount ?? 0};`;
    } catch {
      sig += 'x;';
    }
  }
  return sig;
}

/** deskhand's own in-page UI (toast, notice, picker) never invalidates the model. */
function isOwn(node: Node): boolean {
  const el = node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
  return !!el && el.localName.startsWith('deskhand-');
}
