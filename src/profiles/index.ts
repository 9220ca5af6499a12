/**
 * Built-in console profiles, listed explicitly (Refined GitHub style); a meta-test checks
 * every file in builtin/ is listed and every profile passes the schema.
 */
import { demoProfile } from './builtin/demo.ts';
import { osticketProfile } from './builtin/osticket-1-18.ts';
import type { LoadedProfile } from './schema.ts';

export const BUILTIN_PROFILE_FILES = ['demo', 'osticket-1-18'] as const;

export const BUILTIN_PROFILES: readonly LoadedProfile[] = [demoProfile, osticketProfile].map((profile) => ({ profile, source: 'builtin' as const }));
