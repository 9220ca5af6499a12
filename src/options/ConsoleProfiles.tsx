/**
 * Console profiles in the options page: which profiles deskhand knows (built in, pushed by an
 * admin, taught by the agent per console), the per-console choice (recognise automatically,
 * generic heuristics only, or one profile), and — for an admin's policy — every profile it
 * refused and why: an invalid one is never half-applied.
 */
import { useEffect, useState } from 'preact/hooks';
import { BUILTIN_PROFILES } from '../profiles/index.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import { managedProfiles, onProfilesChanged, taughtProfiles } from '../profiles/store.ts';
import { t } from '../ui/i18n.ts';
import { Problems } from '../ui/Problems.tsx';
import type { Problem } from '../tools/problems.ts';
import { profileName } from '../ui/profile-name.ts';
import { Field, Section } from './fields.tsx';
import type { SettingsView } from './use-settings.ts';

interface Known {
  managed: ConsoleProfile[];
  problems: Problem[];
  taught: Record<string, ConsoleProfile>;
}

export function ConsoleProfiles({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  const [known, setKnown] = useState<Known>({ managed: [], problems: [], taught: {} });
  useEffect(() => {
    const load = () =>
      void Promise.all([managedProfiles(), taughtProfiles()]).then(([m, taught]) => setKnown({ managed: m.profiles, problems: m.problems, taught }));
    load();
    return onProfilesChanged(load);
  }, []);
  const locked = isLocked('consoleProfiles');
  const origins = [...new Set([...s.consoles, ...Object.keys(known.taught), ...Object.keys(s.consoleProfiles)])].sort();
  const choices = (origin: string) => [
    ...BUILTIN_PROFILES.map((b) => b.profile),
    ...known.managed,
    ...(known.taught[origin] ? [known.taught[origin]] : []),
  ];
  const choose = (origin: string, value: string) => save({ consoleProfiles: { ...s.consoleProfiles, [origin]: value } }, t('consoleProfiles'));
  return (
    <Section name="console-profiles" title={t('consoleProfiles')} locked={locked}>
      <p class="hint">{t('consoleProfilesHint')}</p>
      <ul class="profile-list">
        {BUILTIN_PROFILES.map(({ profile }) => (
          <li data-profile={profile.id}>
            <strong>{profileName(profile)}</strong> <span class="badge">{t('source_builtin')}</span>
          </li>
        ))}
        {known.managed.map((profile) => (
          <li data-profile={profile.id}>
            <strong>{profile.name}</strong> <span class="badge locked">{t('source_managed')}</span>
          </li>
        ))}
        {Object.entries(known.taught).map(([origin, profile]) => (
          <li data-profile={profile.id}>
            <strong>{profile.name}</strong> <span class="badge">{t('source_taught')}</span> <code>{origin}</code>
          </li>
        ))}
      </ul>
      {known.problems.length > 0 && (
        <div class="error managed-profile-problems" role="alert">
          <p>{t('managedProfilesRefused')}</p>
          <Problems problems={known.problems} max={20} />
        </div>
      )}
      {origins.map((origin) => (
        <Field path={`consoleProfiles.${origin}`} label={origin} locked={locked} inline>
          <select name={`profile-choice-${origin}`} disabled={locked} value={s.consoleProfiles[origin] ?? 'auto'} onChange={(e) => void choose(origin, (e.currentTarget as HTMLSelectElement).value)}>
            <option value="auto">{t('profileChoiceAuto')}</option>
            <option value="generic">{t('profileChoiceGeneric')}</option>
            {choices(origin).map((p) => (
              <option value={p.id}>{profileName(p, BUILTIN_PROFILES.some((b) => b.profile === p) ? 'builtin' : 'other')}</option>
            ))}
          </select>
        </Field>
      ))}
    </Section>
  );
}
