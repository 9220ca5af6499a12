/**
 * A console profile: data (zod-validated, JSON-serialisable) that says how to recognise one
 * console and where each thing is on it. Never code: selectors, words, same-origin paths and
 * small extraction patterns only. Any part a profile leaves out falls back to the generic
 * heuristics (the "generic profile"). A profile never changes a tool's grade, risk or role.
 *
 * Pure module (no DOM, no chrome.*): the service worker, the options page and tests import it.
 */
import { z } from 'zod';

/** A CSS selector. Validity is checked where a DOM exists (`checkSelectors` in model.ts). */
export const Css = z.string().trim().min(1).max(500);
/** Words a console uses for a thing (labels, headings, button texts), zh and en. */
export const Words = z.array(z.string().trim().min(1).max(80)).max(60);
/**
 * A small extraction pattern (JavaScript regex source) with one capture group. Applied only to
 * short texts (≤ 500 chars), so a bad pattern costs little; refused when it does not compile.
 */
export const Pattern = z
  .string()
  .min(1)
  .max(200)
  .refine((p) => {
    try {
      new RegExp(p, 'u');
      return true;
    } catch {
      return false;
    }
  }, 'not a valid regular expression');
/**
 * A same-origin path (`/scp/kb.php?q={query}`): never a scheme, host or protocol-relative URL,
 * so no profile can point deskhand at another origin.
 */
export const SamePath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'a path on the console itself, starting with one "/"');
/** A path glob: `*` is any run of characters; everything else is literal. */
export const PathGlob = z.string().trim().min(1).max(200).regex(/^[^\s]+$/);

export const ROLES = ['customer', 'agent', 'note', 'system'] as const;
export type ThreadRole = (typeof ROLES)[number];

/** The value of one element: its text, or an attribute, optionally through a pattern. */
export const Pick = z.strictObject({
  css: Css,
  attr: z.string().trim().min(1).max(60).optional(),
  pattern: Pattern.optional(),
});
export type Pick = z.infer<typeof Pick>;

export const Identity = z.strictObject({
  /** Where the record id is in the URL (query parameter names, or a path pattern with one group). */
  url: z.array(z.union([z.strictObject({ param: z.string().trim().min(1).max(40) }), z.strictObject({ path: Pattern })])).max(10).optional(),
  /** Where it is in the page (an attribute, a heading), first match wins. */
  dom: z.array(Pick).max(10).optional(),
  /** The number people see ("Ticket #452271"), when it differs from the record id. */
  display: z.array(Pick).max(10).optional(),
  /** Values that must equal the record id (a hidden form field the console posts back). */
  crossCheck: z.array(Pick).max(10).optional(),
  /** The record's subject line. */
  subject: z.array(Pick).max(10).optional(),
});

export const Thread = z.strictObject({
  container: Css.optional(),
  /** One element per thread entry (messages, replies, notes, events). */
  entry: Css,
  /** An entry that matches `css` has this role; first rule wins. */
  roles: z.array(z.strictObject({ role: z.enum(ROLES), css: Css })).max(20).optional(),
  author: Css.optional(),
  time: Css.optional(),
  body: Css.optional(),
  /** Parts of an entry that are not the message (toolbars, quoted history, signatures). */
  exclude: z.array(Css).max(20).optional(),
});

export const CUSTOMER_KEYS = ['name', 'email', 'phone', 'orderId', 'membership'] as const;
export type CustomerKey = (typeof CUSTOMER_KEYS)[number];

/**
 * A URL relative to the page (`ajax.php/tickets/{recordId}/user`) or a same-origin path;
 * `{recordId}` is the open record's id. Never a scheme or another host.
 */
export const RelativeUrl = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .regex(/^(?![a-z][a-z0-9+.-]*:)(?!\/\/)[^\s\\]+$/i, 'a path on the console itself (no scheme, no host)');

/** Another same-origin page that holds more of a facet (the user page behind a name link). */
export const Follow = z
  .strictObject({
    /** A link on this page whose href (same origin) is fetched with the agent's session. */
    link: Css.optional(),
    /** Or a URL the console serves that part at (a user popup's ajax URL). */
    path: RelativeUrl.optional(),
    /** Where to read in the fetched page (default: the whole page). */
    within: Css.optional(),
  })
  .refine((f) => !!f.link !== !!f.path, 'give either `link` or `path`');

export const FieldRule = z.strictObject({
  css: Css.optional(),
  attr: z.string().trim().min(1).max(60).optional(),
  /** Extra label words for this field on this console. */
  label: Words.optional(),
});

export const Customer = z.strictObject({
  container: Css.optional(),
  fields: z.partialRecord(z.enum(CUSTOMER_KEYS), FieldRule).optional(),
  /** Fields not on this page are read from the page behind this link (read only, GET). */
  follow: Follow.optional(),
});

export const History = z.strictObject({
  container: Css.optional(),
  item: Css.optional(),
  id: Pick.optional(),
  title: Css.optional(),
  status: Css.optional(),
  date: Css.optional(),
  follow: Follow.optional(),
});

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
export const Ready = z.array(Css).max(5);

export const Composer = z.strictObject({
  /** The visible editable (or the textarea when that is all there is). */
  editor: Css.optional(),
  /** The form field the console posts (a hidden textarea an editor keeps in sync). */
  source: Css.optional(),
  kind: z.enum(EDITOR_KINDS).optional(),
  /** A tab or button that shows this composer when it is not the active one. */
  activate: Css.optional(),
  /** The container whose Send/Post button belongs to this composer. */
  form: Css.optional(),
  submit: Css.optional(),
  ready: Ready.optional(),
});

/**
 * A search that chooses an existing record (a customer) for a form: type into `search`, choose
 * one of the `option`s it suggests, press `submit` (the page may load again with the choice);
 * `chosen` is where the form then shows what was chosen.
 */
export const Lookup = z.strictObject({
  search: Css,
  option: Css,
  submit: Css.optional(),
  chosen: Css,
});

export const FormRule = z.strictObject({
  container: Css.optional(),
  /** Where the form lives when it is not on the current page (e.g. `/scp/tickets.php?a=open`). */
  path: SamePath.optional(),
  fields: z.record(z.string().trim().min(1).max(40), FieldRule).optional(),
  submit: Css.optional(),
  ready: Ready.optional(),
  /** Where the form's customer is chosen by a search instead of typed in (osTicket's user lookup). */
  customerLookup: Lookup.optional(),
});

export const Dialog = z.strictObject({
  /** The console's own control that opens the dialog. */
  open: Css,
  /** The dialog's form, once open. */
  form: Css,
  field: FieldRule,
  submit: Css.optional(),
});

export const Signals = z.strictObject({
  /** Elements that appear when the console accepted an action (notices, toasts). */
  success: z.array(Css).max(20).optional(),
  error: z.array(Css).max(20).optional(),
});

export const SynonymSets = z.strictObject({
  fields: z.record(z.string().trim().min(1).max(40), Words).optional(),
  sections: z.record(z.string().trim().min(1).max(40), Words).optional(),
  buttons: z.record(z.string().trim().min(1).max(40), Words).optional(),
  roles: z.partialRecord(z.enum(ROLES), Words).optional(),
});

export const Navigation = z.strictObject({
  /** The element a PJAX/SPA console swaps in place when it shows another record. */
  container: Css.optional(),
  /** Events the console fires on document after such a swap (`pjax:end`). */
  events: z.array(z.string().trim().min(1).max(40).regex(/^[\w:.-]+$/)).max(10).optional(),
});

export const PROFILE_SOURCES = ['builtin', 'taught', 'managed'] as const;

export const ConsoleProfile = z.strictObject({
  id: z.string().trim().regex(/^[a-z0-9][a-z0-9._-]{1,62}$/, 'lowercase letters, digits, . _ -'),
  name: z.string().trim().min(1).max(100),
  version: z.literal(1),
  /** How to recognise the console: path globs (any origin) and/or DOM markers, all of which must hold. */
  match: z
    .strictObject({
      origins: z.array(z.string().trim().regex(/^https?:\/\/[^/\s*]+$/)).max(50).optional(),
      paths: z.array(PathGlob).max(20).optional(),
      markers: z.array(Css).max(10).optional(),
    })
    .refine((m) => (m.origins?.length ?? 0) + (m.paths?.length ?? 0) + (m.markers?.length ?? 0) > 0, 'a profile must say how to recognise its console'),
  identity: Identity.optional(),
  thread: Thread.optional(),
  customer: Customer.optional(),
  history: History.optional(),
  composers: z.strictObject({ reply: Composer.optional(), note: Composer.optional() }).optional(),
  ticketForm: FormRule.optional(),
  refundForm: FormRule.optional(),
  assign: z.strictObject({ transfer: Dialog.optional(), assign: Dialog.optional(), queue: FieldRule.optional() }).optional(),
  /** Knowledge-base providers this console offers (their shape is owned by src/kb). */
  kb: z.array(z.record(z.string(), z.unknown())).max(10).optional(),
  signals: Signals.optional(),
  synonyms: SynonymSets.optional(),
  /** Where the logged-in agent's name is shown (it tells their own messages apart). */
  agentName: Pick.optional(),
  navigation: Navigation.optional(),
});
export type ConsoleProfile = z.infer<typeof ConsoleProfile>;
export type ProfileSource = (typeof PROFILE_SOURCES)[number];

/** A profile as loaded: where it came from, and whether a person may edit it. */
export interface LoadedProfile {
  profile: ConsoleProfile;
  source: ProfileSource;
}

/** Parses one profile; the error names every wrong field (for the options page). */
export function parseProfile(raw: unknown): { ok: true; profile: ConsoleProfile } | { ok: false; problems: string[] } {
  const r = ConsoleProfile.safeParse(raw);
  if (r.success) return { ok: true, profile: r.data };
  return { ok: false, problems: r.error.issues.map((i) => `${i.path.join('.') || '(profile)'}: ${i.message}`) };
}

/** Compiles a path glob to an anchored regex: only `*` is special. */
export function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}$`);
}
