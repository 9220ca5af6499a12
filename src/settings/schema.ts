/**
 * One settings schema (DESIGN.md "Contracts"): `chrome.storage.local` key `settings`,
 * overridden field by field by `chrome.storage.managed` for enterprise admins.
 * Every field has a default, so a fresh install and a partial managed policy both parse.
 */
import { z } from 'zod';
import { KbProviderList } from '../kb/config.ts';

export const HOTKEY_ACTIONS = ['fillCustomer', 'matchCategory', 'draftReply', 'prepareSend', 'quickTicket', 'requestRefund', 'openPanel'] as const;
export type HotkeyAction = (typeof HOTKEY_ACTIONS)[number];

/** "Alt+Shift+F": modifiers then one key. */
export const KeyCombo = z
  .string()
  .regex(/^((Ctrl|Alt|Shift|Meta)\+){1,3}[A-Z0-9]$/, 'Use modifiers plus one letter or digit, e.g. Alt+Shift+F');

export const FEATURES = ['kb', 'tickets', 'replies', 'notes', 'queues', 'refunds'] as const;

const featureDefaults = Object.fromEntries(FEATURES.map((f) => [f, z.boolean().default(true)])) as Record<
  (typeof FEATURES)[number],
  z.ZodDefault<z.ZodBoolean>
>;

/** Origins are stored as `scheme://host[:port]`, the form match patterns are built from. */
export const Origin = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^/\s*]+$/, 'An origin like https://support.example.com');

export const SettingsSchema = z.object({
  llm: z
    .object({
      baseURL: z.string().trim().default(''),
      apiKey: z.string().default(''),
      model: z.string().trim().default(''),
    })
    .prefault({}),
  bridge: z
    .object({
      /** Master switch; the bridge exists only on the origins listed too. */
      enabled: z.boolean().default(false),
      origins: z.array(Origin).default([]),
      /** Low-risk writes run for real from the bridge (test consoles only). */
      allowLowWrites: z.boolean().default(false),
    })
    .prefault({}),
  features: z.object(featureDefaults).prefault({}),
  roles: z.array(z.string().trim().min(1)).default(['AGENT']),
  hotkeys: z
    .object({
      fillCustomer: KeyCombo.default('Alt+Shift+F'),
      matchCategory: KeyCombo.default('Alt+Shift+C'),
      draftReply: KeyCombo.default('Alt+Shift+D'),
      prepareSend: KeyCombo.default('Alt+Shift+S'),
      quickTicket: KeyCombo.default('Alt+Shift+T'),
      requestRefund: KeyCombo.default('Alt+Shift+R'),
      openPanel: KeyCombo.default('Alt+Shift+K'),
    })
    .prefault({}),
  /** Console origins added by the user (the demo origins are built in). */
  consoles: z.array(Origin).default([]),
  /** Knowledge sources (src/kb/resolve.ts says which apply to a console). */
  kb: z
    .object({
      /** Legacy: one JSON endpoint of the demo shape; the demo console's API by default. */
      endpoint: z.string().trim().default('/api/kb/search'),
      /** Providers per console origin; an origin listed here uses exactly these. */
      providers: z.record(Origin, KbProviderList).default({}),
      /** Search the local knowledge base (imported articles) on consoles not listed above. */
      local: z.boolean().default(true),
      /** Admin-pushed article URLs (managed policy), fetched into the local KB by the worker. */
      urls: z.array(z.url({ protocol: /^https?$/ }).max(2_000)).max(500).default([]),
    })
    .prefault({}),
  queues: z.array(z.string().trim().min(1)).default(['billing', 'logistics', 'tech', 'vip']),
  agentName: z.string().trim().default(''),
  /** Per console origin: which console profile to use ('auto' = recognise, 'generic' = none, or a profile id). */
  consoleProfiles: z.record(z.string(), z.string().trim().min(1).max(64)).default({}),
});

export type Settings = z.output<typeof SettingsSchema>;
export type SettingsInput = z.input<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = SettingsSchema.parse({});

/** Parses stored settings; anything invalid falls back to defaults field by field. */
export function parseSettings(raw: unknown): Settings {
  const full = SettingsSchema.safeParse(raw ?? {});
  if (full.success) return full.data;
  const obj = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(SettingsSchema.shape)) {
    const one = SettingsSchema.shape[key as keyof typeof SettingsSchema.shape].safeParse(obj[key]);
    if (one.success) out[key] = one.data;
  }
  return SettingsSchema.parse(out);
}

/**
 * Managed policy wins field by field (top-level keys and one level below), and the
 * fields it sets are reported as locked so the options page can show them read-only.
 */
export function mergeManaged(local: unknown, managed: unknown): { settings: Settings; locked: string[] } {
  const base = { ...((local as Record<string, unknown>) ?? {}) };
  const locked: string[] = [];
  const m = managed && typeof managed === 'object' ? (managed as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(m)) {
    if (!(key in SettingsSchema.shape)) continue;
    const isGroup = value && typeof value === 'object' && !Array.isArray(value);
    if (isGroup) {
      base[key] = { ...((base[key] as object) ?? {}), ...(value as object) };
      for (const sub of Object.keys(value as object)) locked.push(`${key}.${sub}`);
    } else {
      base[key] = value;
      locked.push(key);
    }
  }
  return { settings: parseSettings(base), locked };
}

/** The demo console's hosts (any port): the manifest's own content-script matches. */
export function isDemoOrigin(origin: string): boolean {
  const u = safeUrl(origin);
  return !!u && u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1');
}

/** Is this page origin a console deskhand works on? Ports of the demo hosts all count. */
export function isConsoleOrigin(origin: string, settings: Settings): boolean {
  const u = safeUrl(origin);
  if (!u) return false;
  return isDemoOrigin(origin) || settings.consoles.includes(u.origin);
}

function safeUrl(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    return null;
  }
}
