/**
 * Which providers a console uses, in order:
 * 1. the providers settings name for this origin (`kb.providers[origin]`), exactly;
 * 2. else the console profile's providers, plus the local KB when `kb.local` is on;
 * 3. else the legacy endpoint (`kb.endpoint`: the demo console's JSON API by default, so only
 *    on the demo hosts unless someone changed it), plus the local KB.
 */
import type { KbProviderConfig, SynonymGroups } from './config.ts';
import { jsonEndpoint, LOCAL } from './presets.ts';

export const LEGACY_ENDPOINT = '/api/kb/search';

export interface KbSettings {
  endpoint: string;
  providers: Record<string, KbProviderConfig[]>;
  local: boolean;
  /** The team's own synonym groups, for every source. */
  synonyms?: SynonymGroups;
}

export function providersFor(origin: string, kb: KbSettings, opts: { isDemo: boolean; profile?: readonly KbProviderConfig[] | undefined }): KbProviderConfig[] {
  const own = kb.providers[origin];
  if (own) return own;
  const local = kb.local ? [LOCAL] : [];
  if (opts.profile?.length) return [...opts.profile.filter((p) => p.kind !== 'local'), ...local];
  const legacy = kb.endpoint && (kb.endpoint !== LEGACY_ENDPOINT || opts.isDemo) ? [jsonEndpoint(kb.endpoint)] : [];
  return [...legacy, ...local];
}

/** May this console's content script search the local KB? (The worker asks this.) */
export function localEnabledFor(origin: string, kb: KbSettings): boolean {
  const own = kb.providers[origin];
  return own ? own.some((p) => p.kind === 'local') : kb.local;
}

type Groups = readonly (readonly string[])[];

/** The admin's synonym groups for one source: the team's, then the source's own. */
export function sourceSynonyms(p: Pick<KbProviderConfig, 'synonyms'>, team: Groups = []): Groups {
  return p.synonyms?.length ? [...team, ...p.synonyms] : team;
}

/** The local KB's synonym groups on this console (the worker asks this; the message does not say). */
export function localSynonymsFor(origin: string, kb: KbSettings): Groups {
  return sourceSynonyms(kb.providers[origin]?.find((p) => p.kind === 'local') ?? {}, kb.synonyms);
}
