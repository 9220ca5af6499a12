/**
 * A console profile: data (zod-validated, JSON-serialisable) that says how to recognise one
 * console and where each thing is on it. Never code: selectors, words, same-origin paths and
 * small extraction patterns only. Any part a profile leaves out falls back to the generic
 * heuristics (the "generic profile"). A profile never changes a tool's grade, risk or role.
 *
 * Pure module (no DOM, no chrome.*): the service worker, the options page and tests import it.
 */
import { CUSTOMER_KEYS, THREAD_ORDERS, THREAD_ROLES, type CustomerKey, type ThreadRole } from '../dom/rules.ts';
import { z } from '../tools/zod.ts';
import { fromIssues, HINTS, type Problem } from '../tools/problems.ts';
import { slowPattern } from './pattern.ts';
import { Recipes } from './recipe.ts';

/** A CSS selector. Validity is checked where a DOM exists (`checkSelectors` in model.ts). */
export const Css = z.lazy(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(500)));
/** Words a console uses for a thing (labels, headings, button texts), zh and en. */
export const Words = z.lazy(() => z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))).check(z.maxLength(60)));
/**
 * A small extraction pattern (JavaScript regex source) with one capture group. Applied only to
 * short texts (≤ 500 chars); refused when it does not compile, and when its shape can make it
 * backtrack for seconds (pattern.ts: it runs on every page rebuild).
 */
export const Pattern = z.lazy(() => z.string().check(
  z.minLength(1),
  z.maxLength(200),
  z.refine((p) => {
    try {
      new RegExp(p, 'u');
      return true;
    } catch {
      return false;
    }
  }, HINTS.badRegex),
  z.refine((p) => slowPattern(p) === null, HINTS.slowRegex),
));
/**
 * A same-origin path (`/scp/kb.php?q={query}`): never a scheme, host or protocol-relative URL,
 * so no profile can point deskhand at another origin.
 */
export const SamePath = z.lazy(() => z.string().check(z.trim(), z.maxLength(300), z.regex(/^\/(?!\/)[^\s\\]*$/, HINTS.samePath)));
/** A path glob: `*` is any run of characters; everything else is literal. */
export const PathGlob = z.lazy(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(200), z.regex(/^[^\s]+$/)));

/** The vocabulary is the generic readers' (src/dom/rules.ts): a profile speaks their words. */
export const ROLES = THREAD_ROLES;
export type { ThreadRole };

/** The value of one element: its text, or an attribute, optionally through a pattern. */
export const Pick = z.lazy(() => z.strictObject({
  css: Css,
  attr: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  pattern: z.optional(Pattern),
}));
export type Pick = z.infer<typeof Pick>;

export const Identity = z.lazy(() => z.strictObject({
  /** Where the record id is in the URL (query parameter names, or a path pattern with one group). */
  url: z.optional(z.array(z.union([z.strictObject({ param: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) }), z.strictObject({ path: Pattern })])).check(z.maxLength(10))),
  /** Where it is in the page (an attribute, a heading), first match wins. */
  dom: z.optional(z.array(Pick).check(z.maxLength(10))),
  /** The number people see ("Ticket #452271"), when it differs from the record id. */
  display: z.optional(z.array(Pick).check(z.maxLength(10))),
  /** Values that must equal the record id (a hidden form field the console posts back). */
  crossCheck: z.optional(z.array(Pick).check(z.maxLength(10))),
  /** The record's subject line. */
  subject: z.optional(z.array(Pick).check(z.maxLength(10))),
}));

export const Thread = z.lazy(() => z.strictObject({
  container: z.optional(Css),
  /** One element per thread entry (messages, replies, notes, events). */
  entry: Css,
  /** An entry that matches `css` has this role; first rule wins. */
  roles: z.optional(z.array(z.strictObject({ role: z.enum(ROLES), css: Css })).check(z.maxLength(20))),
  author: z.optional(Css),
  time: z.optional(Css),
  body: z.optional(Css),
  /** Parts of an entry that are not the message (toolbars, quoted history, signatures). */
  exclude: z.optional(z.array(Css).check(z.maxLength(20))),
  /** How the console lists the entries (FreeScout: newest first); unset, the entries' times decide. */
  order: z.optional(z.enum(THREAD_ORDERS)),
  /**
   * `identity`: nothing in the markup tells the roles apart, only who wrote each entry — the
   * person the customer panel names is the customer, every other poster is staff.
   */
  customerBy: z.optional(z.literal('identity')),
}));

export { CUSTOMER_KEYS, type CustomerKey };

/**
 * A URL relative to the page (`ajax.php/tickets/{recordId}/user`) or a same-origin path;
 * `{recordId}` is the open record's id. Never a scheme or another host.
 */
export const RelativeUrl = z.lazy(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(300), z.regex(/^(?![a-z][a-z0-9+.-]*:)(?!\/\/)[^\s\\]+$/i, HINTS.relativeUrl)));

/** Another same-origin page that holds more of a facet (the user page behind a name link). */
export const Follow = z.lazy(() => z
  .strictObject({
    /** A link on this page whose href (same origin) is fetched with the agent's session. */
    link: z.optional(Css),
    /** Or a URL the console serves that part at (a user popup's ajax URL). */
    path: z.optional(RelativeUrl),
    /** Where to read in the fetched page (default: the whole page). */
    within: z.optional(Css),
  })
  .check(z.refine((f) => !!f.link !== !!f.path, HINTS.linkOrPath)));

export const FieldRule = z.lazy(() => z.strictObject({
  css: z.optional(Css),
  attr: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
  /** Extra label words for this field on this console. */
  label: z.optional(Words),
}));

export const Customer = z.lazy(() => z.strictObject({
  container: z.optional(Css),
  fields: z.optional(z.partialRecord(z.enum(CUSTOMER_KEYS), FieldRule)),
  /** Fields not on this page are read from the page behind this link (read only, GET). */
  follow: z.optional(Follow),
}));

/** Where a list of the customer's tickets is on one kind of page, and which part of a row is what. */
const historyList = {
  container: z.optional(Css),
  item: z.optional(Css),
  /** The row's ticket id (the "Number" column). */
  id: z.optional(Pick),
  /** The row's subject (the "Conversation" column). */
  title: z.optional(Css),
  status: z.optional(Css),
  date: z.optional(Css),
  /** The row's category (Help Topic, Type…): earlier tickets teach category.match the console's words. */
  category: z.optional(Css),
};
export const HistoryList = z.lazy(() => z.strictObject(historyList));
export type HistoryList = z.infer<typeof HistoryList>;

export const History = z.lazy(() => z.strictObject({
  ...historyList,
  follow: z.optional(Follow),
  /**
   * The list on other kinds of page, by path glob (`/customers/*`: the customer's own page lists
   * their tickets in a table, the ticket page in a side block): the first glob that matches the
   * page's path is used there, the rule above everywhere else.
   */
  pages: z.optional(z.record(PathGlob, HistoryList).check(z.refine((r) => Object.keys(r).length <= 10, 'at most 10 kinds of page'))),
}));

export const EDITOR_KINDS = [
  'textarea',
  'contenteditable',
  'prosemirror',
  'quill',
  'ckeditor5',
  'ckeditor4',
  'tinymce',
  'redactor',
  'summernote',
  'lexical',
  'slate',
  'draftjs',
] as const;

/**
 * Fields the console fills by itself before it accepts a submit (osTicket's lock code, which
 * its autolock fetches once the agent types): the submit is pressed only once every selector
 * matches a field that holds a value.
 */
export const Ready = z.lazy(() => z.array(Css).check(z.maxLength(5)));

export const Composer = z.lazy(() => z.strictObject({
  /** The visible editable (or the textarea when that is all there is). */
  editor: z.optional(Css),
  /** The form field the console posts (a hidden textarea an editor keeps in sync). */
  source: z.optional(Css),
  kind: z.optional(z.enum(EDITOR_KINDS)),
  /** A tab or button that shows this composer when it is not the active one. */
  activate: z.optional(Css),
  /** The container whose Send/Post button belongs to this composer. */
  form: z.optional(Css),
  submit: z.optional(Css),
  ready: z.optional(Ready),
}));

/**
 * A search that chooses an existing record (a customer) for a form: type into `search`, choose
 * one of the `option`s it suggests, press `submit` (the page may load again with the choice);
 * `chosen` is where the form then shows what was chosen.
 */
export const Lookup = z.lazy(() => z.strictObject({
  search: Css,
  option: Css,
  submit: z.optional(Css),
  chosen: Css,
}));

export const FormRule = z.lazy(() => z.strictObject({
  container: z.optional(Css),
  /** Where the form lives when it is not on the current page (e.g. `/scp/tickets.php?a=open`). */
  path: z.optional(SamePath),
  fields: z.optional(z.record(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), FieldRule)),
  submit: z.optional(Css),
  ready: z.optional(Ready),
  /** Where the form's customer is chosen by a search instead of typed in (osTicket's user lookup). */
  customerLookup: z.optional(Lookup),
}));

export const Dialog = z.lazy(() => z.strictObject({
  /** The console's own control that opens the dialog. */
  open: Css,
  /** The dialog's form, once open. */
  form: Css,
  field: FieldRule,
  submit: z.optional(Css),
}));

export const Signals = z.lazy(() => z.strictObject({
  /** Elements that appear when the console accepted an action (notices, toasts). */
  success: z.optional(z.array(Css).check(z.maxLength(20))),
  error: z.optional(z.array(Css).check(z.maxLength(20))),
}));

export const SynonymSets = z.lazy(() => z.strictObject({
  fields: z.optional(z.record(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), Words)),
  sections: z.optional(z.record(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), Words)),
  buttons: z.optional(z.record(z.string().check(z.trim(), z.minLength(1), z.maxLength(40)), Words)),
  roles: z.optional(z.partialRecord(z.enum(ROLES), Words)),
}));

export const Navigation = z.lazy(() => z.strictObject({
  /** The element a PJAX/SPA console swaps in place when it shows another record. */
  container: z.optional(Css),
  /** Events the console fires on document after such a swap (`pjax:end`). */
  events: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.regex(/^[\w:.-]+$/))).check(z.maxLength(10))),
}));

/**
 * Grades for the tools this console declares to browser agents (WebMCP), by the page's tool
 * name. Without one, a tool the page marks read-only is a read and any other is a high-risk
 * write (src/catalog/declared.ts); this is how an admin or a taught profile says that the
 * console's `draft_note` is a low-risk write. A grade, not code: the tool still passes every gate.
 */
export const DeclaredGrades = z.lazy(() => z.record(
  z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  z.strictObject({ sideEffect: z.enum(['read', 'write']), risk: z.optional(z.enum(['low', 'medium', 'high', 'critical'])) }),
).check(z.refine((r) => Object.keys(r).length <= 50, 'at most 50 declared tools')));
export type DeclaredGrades = z.infer<typeof DeclaredGrades>;

export const PROFILE_SOURCES = ['builtin', 'taught', 'managed'] as const;

export const ConsoleProfile = z.lazy(() => z.strictObject({
  id: z.string().check(z.trim(), z.regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, HINTS.profileId)),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  version: z.literal(1),
  /** How to recognise the console: path globs (any origin) and/or DOM markers, all of which must hold. */
  match: z
    .strictObject({
      origins: z.optional(z.array(z.string().check(z.trim(), z.regex(/^https?:\/\/[^/\s*]+$/))).check(z.maxLength(50))),
      paths: z.optional(z.array(PathGlob).check(z.maxLength(20))),
      markers: z.optional(z.array(Css).check(z.maxLength(10))),
    })
    .check(z.refine((m) => (m.origins?.length ?? 0) + (m.paths?.length ?? 0) + (m.markers?.length ?? 0) > 0, HINTS.recognise)),
  identity: z.optional(Identity),
  thread: z.optional(Thread),
  customer: z.optional(Customer),
  history: z.optional(History),
  composers: z.optional(z.strictObject({ reply: z.optional(Composer), note: z.optional(Composer) })),
  ticketForm: z.optional(FormRule),
  refundForm: z.optional(FormRule),
  assign: z.optional(z.strictObject({ transfer: z.optional(Dialog), assign: z.optional(Dialog), queue: z.optional(FieldRule) })),
  /** Knowledge-base providers this console offers (their shape is owned by src/kb). */
  kb: z.optional(z.array(z.record(z.string(), z.unknown())).check(z.maxLength(10))),
  signals: z.optional(Signals),
  synonyms: z.optional(SynonymSets),
  /** Where the logged-in agent's name is shown (it tells their own messages apart). */
  agentName: z.optional(Pick),
  navigation: z.optional(Navigation),
  /** How the agent does each job here (recipe.ts): Recorder flows whose last step is the commit. */
  recipes: z.optional(Recipes),
  /**
   * How quick ticket's submit is decided on this console. `confirm: true`: a person confirms it
   * on a card in the side panel (a console where a new ticket notifies the customer or a
   * team, say) instead of the countdown toast. It can only ask for more care: it never lets
   * the flow, or any tool, do more than its grade allows.
   */
  quickTicket: z.optional(z.strictObject({ confirm: z.optional(z.boolean()) })),
  /** Grades for the console's own declared tools (WebMCP), by the page's tool name. */
  declaredTools: z.optional(DeclaredGrades),
}));
export type ConsoleProfile = z.infer<typeof ConsoleProfile>;
export type ProfileSource = (typeof PROFILE_SOURCES)[number];

/** A profile as loaded: where it came from, and whether a person may edit it. */
export interface LoadedProfile {
  profile: ConsoleProfile;
  source: ProfileSource;
}

/** Parses one profile; the error names every wrong field (for the options page). */
export function parseProfile(raw: unknown): { ok: true; profile: ConsoleProfile } | { ok: false; problems: Problem[] } {
  const r = ConsoleProfile.safeParse(raw);
  if (r.success) return { ok: true, profile: r.data };
  return { ok: false, problems: fromIssues(r.error.issues) };
}

/** Compiles a path glob to an anchored regex: only `*` is special. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

/**
 * A stored profile that is not used, and why (issue 19 item 8: one with a pattern that can
 * freeze the page is refused on load too, however it got into storage): the page facts say so.
 */
export interface SetAsideProfile {
  source: ProfileSource;
  id: string | null;
  problems: Problem[];
}
