/**
 * One settings schema (DESIGN.md "Contracts"): `chrome.storage.local` key `settings`,
 * overridden field by field by `chrome.storage.managed` for enterprise admins.
 * Every field has a default, so a fresh install and a partial managed policy both parse.
 */
import { z } from '../tools/zod.ts';
import { KbProviderList, SynonymGroups } from '../kb/config.ts';

export const HOTKEY_ACTIONS = ['fillCustomer', 'matchCategory', 'draftReply', 'prepareSend', 'quickTicket', 'requestRefund', 'openPanel'] as const;
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number];

/** "Alt+Shift+F": modifiers then one key. */
export const KeyCombo = z.lazy(() => z.string().check(z.regex(/^((Ctrl|Alt|Shift|Meta)\+){1,3}[A-Z0-9]$/, 'Use modifiers plus one letter or digit, e.g. Alt+Shift+F')));

export const FEATURES = ['kb', 'tickets', 'replies', 'notes', 'queues', 'refunds'] as const;

const featureDefaults = () =>
  Object.fromEntries(FEATURES.map((f) => [f, z._default(z.boolean(), true)])) as Record<
  (typeof FEATURES)[number],
  z.ZodMiniDefault<z.ZodMiniBoolean>
>;

/** Origins are stored as `scheme://host[:port]`, the form match patterns are built from. */
export const Origin = z.lazy(() => z.string().check(z.trim(), z.regex(/^https?:\/\/[^/\s*]+$/, 'An origin like https://support.example.com')));

/*
 * The fields a content script's view shares with the settings (messages/index.ts
 * ContentSettingsSchema), on their own so that view builds only these.
 */
export const FeaturesField = z.lazy(() => z.prefault(z.object(featureDefaults()), {}));
export const HotkeysField = z.lazy(() =>
  z.prefault(
    z.object({
      fillCustomer: z._default(KeyCombo, 'Alt+Shift+F'),
      matchCategory: z._default(KeyCombo, 'Alt+Shift+C'),
      draftReply: z._default(KeyCombo, 'Alt+Shift+D'),
      prepareSend: z._default(KeyCombo, 'Alt+Shift+S'),
      quickTicket: z._default(KeyCombo, 'Alt+Shift+T'),
      requestRefund: z._default(KeyCombo, 'Alt+Shift+R'),
      openPanel: z._default(KeyCombo, 'Alt+Shift+K'),
    }),
    {},
  ),
);
export const QueuesField = z.lazy(() => z._default(z.array(z.string().check(z.trim(), z.minLength(1))), ['billing', 'logistics', 'tech', 'vip']));
export const AgentNameField = z.lazy(() => z._default(z.string().check(z.trim()), ''));
/**
 * Fixed flows. `submitCountdownS`: quick ticket shows what it will submit and counts down this
 * many seconds (Esc or Stop ends it) before its submit. At least 2: a person needs a moment to
 * read the toast and reach Esc, and 0 would be the old submit nobody could stop; a console
 * that needs a decision instead says so in its profile (`quickTicket.confirm`: a card).
 */
export const SUBMIT_COUNTDOWN = { min: 2, max: 30, default: 4 } as const;
export const FlowsField = z.lazy(() =>
  z.prefault(z.object({ submitCountdownS: z._default(z.number().check(z.int(), z.gte(SUBMIT_COUNTDOWN.min), z.lte(SUBMIT_COUNTDOWN.max)), SUBMIT_COUNTDOWN.default) }), {}),
);

/** Built on first parse, not at module load: the content kit evaluates no schema before it needs one (issue 22). */
export const SettingsSchema = z.lazy(() => z.object({
  llm: z.prefault(
    z.object({
      baseURL: z._default(z.string().check(z.trim()), ''),
      apiKey: z._default(z.string(), ''),
      model: z._default(z.string().check(z.trim()), ''),
    }),
    {},
  ),
  bridge: z.prefault(
    z.object({
      /** Master switch; the bridge exists only on the origins listed too. */
      enabled: z._default(z.boolean(), false),
      origins: z._default(z.array(Origin), []),
      /** Low-risk writes run for real from the bridge (test consoles only). */
      allowLowWrites: z._default(z.boolean(), false),
    }),
    {},
  ),
  /**
   * WebMCP (issue 24): console origins where deskhand offers its own tools to the browser's
   * agent through `document.modelContext`. Off everywhere by default; an admin may set it.
   * Callers through WebMCP are treated like the bridge: reads run, everything else is a dry run.
   */
  webmcp: z.prefault(z.object({ offerOrigins: z._default(z.array(Origin), []) }), {}),
  features: FeaturesField,
  roles: z._default(z.array(z.string().check(z.trim(), z.minLength(1))), ['AGENT']),
  hotkeys: HotkeysField,
  /** Console origins added by the user (the demo origins are built in). */
  consoles: z._default(z.array(Origin), []),
  /** Knowledge sources (src/kb/resolve.ts says which apply to a console). */
  kb: z.prefault(
    z.object({
      /** Legacy: one JSON endpoint of the demo shape; the demo console's API by default. */
      endpoint: z._default(z.string().check(z.trim()), '/api/kb/search'),
      /** Providers per console origin; an origin listed here uses exactly these. */
      providers: z._default(z.record(Origin, KbProviderList), {}),
      /** Search the local knowledge base (imported articles) on consoles not listed above. */
      local: z._default(z.boolean(), true),
      /** Admin-pushed article URLs (managed policy), fetched into the local KB by the worker. */
      urls: z._default(z.array(z.url({ protocol: /^https?$/ }).check(z.maxLength(2_000))).check(z.maxLength(500)), []),
      /** The team's own synonym groups, for every source (a source's config may add its own). */
      synonyms: z._default(SynonymGroups, []),
    }),
    {},
  ),
  queues: QueuesField,
  agentName: AgentNameField,
  flows: FlowsField,
  /** Per console origin: which console profile to use ('auto' = recognise, 'generic' = none, or a profile id). */
  consoleProfiles: z._default(z.record(z.string(), z.string().check(z.trim(), z.minLength(1), z.maxLength(64))), {}),
}));

export type Settings = z.output<typeof SettingsSchema>;
export type SettingsInput = z.input<typeof SettingsSchema>;

/** The settings' fields, each its own schema (parsed one by one where a whole parse fails). */
export const settingsFields = () => SettingsSchema._zod.innerType.shape;

let defaults: Settings | undefined;
/** A fresh install's settings, parsed once on first use. */
export const defaultSettings = (): Settings => (defaults ??= SettingsSchema.parse({}));

/**
 * Parses stored settings; anything invalid falls back to defaults field by field, and inside a
 * group (kb, bridge, hotkeys …) subfield by subfield: one bad synonym group in a policy must
 * not take the same policy's article URLs with it.
 */
export function parseSettings(raw: unknown): Settings {
  const full = SettingsSchema.safeParse(raw ?? {});
  if (full.success) return full.data;
  const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(settingsFields())) {
    const value = obj[key];
    const one = field.safeParse(value);
    if (one.success) out[key] = one.data;
    else if (isGroup(value)) {
      // Each subfield kept when it parses on its own (the others at their defaults).
      const kept = Object.fromEntries(Object.entries(value).filter(([k, v]) => field.safeParse({ [k]: v }).success));
      const again = field.safeParse(kept);
      if (again.success) out[key] = again.data;
    }
  }
  return SettingsSchema.parse(out);
}

/**
 * Managed policy wins field by field (top-level keys and one level below), and the
 * fields it sets are reported as locked so the options page can show them read-only.
 */
export function mergeManaged(local: unknown, managed: unknown): { settings: Settings; locked: string[] } {
  const base: Record<string, unknown> = { ...(isGroup(local) ? local : {}) };
  for (const [key, value] of Object.entries(isGroup(managed) ? managed : {})) {
    if (!(key in settingsFields())) continue;
    base[key] = isGroup(value) ? { ...(isGroup(base[key]) ? base[key] : {}), ...value } : value;
  }
  return { settings: parseSettings(base), locked: [...managedPaths(managed)] };
}

/** The demo console's hosts (any port): the manifest's own content-script matches. */
export function isDemoOrigin(origin: string): boolean {
  const u = safeUrl(origin);
  return !!u && u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1');
}

/**
 * The id of the content-script registration that covers the consoles a user added (the worker
 * registers it, background/consoles.ts; the side panel waits for it before reloading a tab).
 */
export const USER_CONSOLES_SCRIPT_ID = 'deskhand-user-consoles';

/** Is this page origin a console deskhand works on? Ports of the demo hosts all count. */
export function isConsoleOrigin(origin: string, settings: Settings): boolean {
  const u = safeUrl(origin);
  if (!u) return false;
  return isDemoOrigin(origin) || settings.consoles.includes(u.origin);
}

/** The URL, or null for a string that is not one. */
export function safeUrl(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

/** Groups (objects) merge field by field; everything else (strings, lists) is replaced whole. */
type Group<T> = T extends readonly unknown[] ? never : T extends object ? T : never;
export type SettingsPatch = { [K in keyof Settings]?: Settings[K] extends Group<Settings[K]> ? Partial<Settings[K]> : Settings[K] };

const isGroup = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The dotted paths a managed policy sets ("llm.model", "roles"), as `mergeManaged` locks them. */
export function managedPaths(managed: unknown): Set<string> {
  const out = new Set<string>();
  if (!isGroup(managed)) return out;
  for (const [key, value] of Object.entries(managed)) {
    if (!(key in settingsFields())) continue;
    if (isGroup(value)) for (const sub of Object.keys(value)) out.add(`${key}.${sub}`);
    else out.add(key);
  }
  return out;
}

/**
 * The person's own settings with `patch` applied: only the fields in the patch change, and
 * a field the admin's policy sets is never written (it would outlive the policy). Throws on
 * a value the schema refuses — the options page checks fields before it saves.
 */
export function applyPatch(local: unknown, patch: SettingsPatch, managed: unknown = {}): Record<string, unknown> {
  const locked = managedPaths(managed);
  const next: Record<string, unknown> = { ...(isGroup(local) ? local : {}) };
  for (const [key, value] of Object.entries(patch) as [keyof Settings, unknown][]) {
    if (value === undefined || locked.has(key)) continue;
    if (isGroup(value)) {
      const group: Record<string, unknown> = { ...(isGroup(next[key]) ? next[key] : {}) };
      for (const [sub, v] of Object.entries(value)) {
        if (locked.has(`${key}.${sub}`)) continue;
        // A member set to undefined is removed (a record entry the person deleted).
        if (v === undefined) delete group[sub];
        else group[sub] = v;
      }
      next[key] = group;
    } else {
      next[key] = value;
    }
    const checked = settingsFields()[key].safeParse(next[key]);
    if (!checked.success) throw new Error(`settings.${key}: ${checked.error.issues.map((i) => i.message).join('; ')}`);
  }
  return next;
}

/**
 * The patch that turns `prev` into `next`: the top-level fields that changed, and of a group
 * only the members that changed (a removed member as undefined). For editors that hand back
 * whole settings.
 */
export function diffPatch(prev: Settings, next: Settings): SettingsPatch {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(settingsFields()) as (keyof Settings)[]) {
    const [a, b]: unknown[] = [prev[key], next[key]];
    if (same(a, b)) continue;
    if (isGroup(a) && isGroup(b)) {
      const members = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !same(a[k], b[k]));
      patch[key] = Object.fromEntries(members.map((k) => [k, b[k]]));
    } else {
      patch[key] = b;
    }
  }
  return patch as SettingsPatch;
}
