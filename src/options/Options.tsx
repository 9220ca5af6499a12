/**
 * Settings (one zod schema). Every field an admin policy sets is shown locked, and follows
 * the policy as it arrives or goes. Each field saves on its own (only that field is written)
 * and shows its own error next to it. Console origins get their host permission requested
 * here, from the person's click.
 */
import { useState } from 'preact/hooks';
import { GRADES } from '../catalog/grades.ts';
import { diffPatch, FEATURES, Origin, SUBMIT_COUNTDOWN } from '../settings/schema.ts';
import { t, tOr } from '../ui/i18n.ts';
import { Field, Lock, OriginsField, Section, splitList, TextInput, useFieldErrors } from './fields.tsx';
import { WebmcpSection } from './WebmcpSection.tsx';
import { HotkeysSection } from './HotkeysSection.tsx';
import { LlmSection } from './LlmSection.tsx';
import { ConsoleProfiles } from './ConsoleProfiles.tsx';
import { KnowledgeSources } from './KnowledgeSources.tsx';
import { useSettings, type SettingsView } from './use-settings.ts';
import { when } from '../ui/time.ts';

export function Options() {
  const view = useSettings();
  const policy = ['llm', 'consoles', 'consoleProfiles', 'roles', 'agentName', 'hotkeys', 'features', 'flows', 'queues', 'kb', 'bridge'].some(view.anyLocked);
  return (
    <main class="options" data-loaded={view.loaded ? '1' : '0'}>
      <h1>{t('optionsTitle')}</h1>
      {policy && (
        <p class="policy-banner">
          <Lock on compact /> {t('policyBanner')}
        </p>
      )}
      <LlmSection view={view} />
      <ConsolesSection view={view} />
      <RolesSection view={view} />
      <HotkeysSection view={view} />
      <FeaturesSection view={view} />
      <FlowsSection view={view} />
      <QueuesSection view={view} />
      <ConsoleProfiles view={view} />
      <KnowledgeSources s={view.s} save={(next) => view.save(diffPatch(view.s, next), t('kbSources'))} isLocked={view.isLocked} />
      <BridgeSection view={view} />
      <WebmcpSection view={view} />
      <p class="savebar" role="status">
        {view.saved ? t('savedWhat', view.saved.what, when(view.saved.at).text) : ''}
      </p>
    </main>
  );
}

function ConsolesSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const locked = isLocked('consoles');
  const add = async () => {
    const parsed = Origin.safeParse(draft.replace(/\/+$/, ''));
    if (!parsed.success) return setError(t('invalidOrigin'));
    const origin = new URL(parsed.data).origin;
    const granted = await chrome.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
    if (!granted) return setError(t('permissionDenied'));
    setError(null);
    setDraft('');
    await save({ consoles: [...new Set([...s.consoles, origin])] }, t('consoles'));
  };
  const remove = async (origin: string) => {
    await chrome.permissions.remove({ origins: [`${origin}/*`] }).catch(() => false);
    // The bridge cannot stay on for a console deskhand no longer works on.
    await save({ consoles: s.consoles.filter((o) => o !== origin), bridge: { origins: s.bridge.origins.filter((o) => o !== origin) } }, t('consoles'));
  };
  return (
    <Section name="consoles" title={t('consoles')} locked={locked}>
      <p class="hint">{t('consolesHint')}</p>
      <ul class="console-list">
        {s.consoles.map((o) => (
          <li key={o}>
            <code>{o}</code>{' '}
            <button disabled={locked} onClick={() => void remove(o)}>
              {t('remove')}
            </button>
          </li>
        ))}
      </ul>
      <Field path="consoles" label={t('addConsole')} locked={locked} error={error} inline>
        <input name="new-console" placeholder="https://support.example.com" value={draft} disabled={locked} onInput={(e) => setDraft(e.currentTarget.value)} />
        <button name="add-console" disabled={locked} onClick={() => void add()}>
          {t('add')}
        </button>
      </Field>
    </Section>
  );
}

/** Roles a tool may require, plus the everyday one and any an admin policy names. */
const knownRoles = (own: readonly string[]) => [...new Set(['AGENT', ...Object.values(GRADES).flatMap((g) => (g.requiredRole ? [g.requiredRole] : [])), ...own])];

function RolesSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  const locked = isLocked('roles');
  const toggle = (role: string, on: boolean) => void save({ roles: on ? [...s.roles, role] : s.roles.filter((r) => r !== role) }, t('roles'));
  return (
    <Section name="roles" title={t('roles')} locked={locked}>
      <div class="field" data-path="roles">
        <span class="field-label">
          {t('rolesPick')} <Lock on={locked} compact />
        </span>
        {knownRoles(s.roles).map((role) => (
          <label key={role} class="check">
            <input type="checkbox" name={`role-${role}`} checked={s.roles.includes(role)} disabled={locked} onChange={(e) => toggle(role, e.currentTarget.checked)} />
            {/* The role as people name it; its code (what a policy writes) as a quieter aside. */}
            {tOr(`role_${role}`, role)} {tOr(`role_${role}`, '') && <span class="role-code">{role}</span>}
          </label>
        ))}
        <p class={locked ? 'hint' : 'hint self-declared'}>{locked ? t('rolesManaged') : t('rolesSelfDeclared')}</p>
      </div>
      <Field path="agentName" label={t('agentName')} locked={isLocked('agentName')} hint={t('agentNameHint')}>
        <TextInput name="agentName" value={s.agentName} disabled={isLocked('agentName')} onCommit={(v) => void save({ agentName: v.trim() }, t('agentName'))} />
      </Field>
    </Section>
  );
}

function FeaturesSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  return (
    <Section name="features" title={t('features')} locked={view.anyLocked('features')}>
      {FEATURES.map((f) => (
        <div key={f} class="field inline" data-path={`features.${f}`}>
          <label class="check">
            <input type="checkbox" name={`feature-${f}`} checked={s.features[f]} disabled={isLocked(`features.${f}`)} onChange={(e) => void save({ features: { [f]: e.currentTarget.checked } }, t(`f_${f}`))} />
            {t(`f_${f}`)} <Lock on={isLocked(`features.${f}`)} compact />
          </label>
        </div>
      ))}
    </Section>
  );
}

/** Quick ticket's countdown before it submits (at least SUBMIT_COUNTDOWN.min: settings/schema.ts says why). */
function FlowsSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  const [errors, setError] = useFieldErrors();
  const locked = isLocked('flows.submitCountdownS');
  const { min, max } = SUBMIT_COUNTDOWN;
  return (
    <Section name="flows" title={t('flowsSection')} locked={view.anyLocked('flows')}>
      <Field path="flows.submitCountdownS" label={t('flowsCountdown')} locked={locked} error={errors.countdown} hint={t('flowsCountdownHint', min)} inline>
        <TextInput
          name="flows-countdown"
          value={String(s.flows.submitCountdownS)}
          disabled={locked}
          onCommit={(raw) => {
            const n = Number(raw.trim());
            if (!Number.isInteger(n) || n < min || n > max) return setError('countdown', t('errFlowsCountdown', min, max));
            setError('countdown', null);
            void save({ flows: { submitCountdownS: n } }, t('flowsCountdown'));
          }}
        />
      </Field>
    </Section>
  );
}

const isEndpoint = (v: string) => v.startsWith('/') || /^https?:\/\/[^/\s]+/.test(v);

function QueuesSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  const [errors, setError] = useFieldErrors();
  return (
    <Section name="queues" title={t('queuesAndKb')} locked={view.anyLocked('queues') || view.anyLocked('kb')}>
      <Field path="queues" label={t('queues')} locked={isLocked('queues')} hint={t('listHint')}>
        <TextInput name="queues" value={s.queues.join(', ')} disabled={isLocked('queues')} onCommit={(v) => void save({ queues: splitList(v) }, t('queues'))} />
      </Field>
      <Field path="kb.endpoint" label={t('kbEndpoint')} locked={isLocked('kb.endpoint')} error={errors.kb}>
        <TextInput
          name="kb-endpoint"
          value={s.kb.endpoint}
          disabled={isLocked('kb.endpoint')}
          onCommit={(raw) => {
            const v = raw.trim() || '/api/kb/search';
            if (!isEndpoint(v)) return setError('kb', t('errKbEndpoint'));
            setError('kb', null);
            void save({ kb: { endpoint: v } }, t('kbEndpoint'));
          }}
        />
      </Field>
    </Section>
  );
}

function BridgeSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  return (
    <Section name="bridge" title={t('bridge')} locked={view.anyLocked('bridge')}>
      <p class="warn">{t('bridgeWarn')}</p>
      <Field path="bridge.enabled" label={t('bridgeEnabled')} locked={isLocked('bridge.enabled')} inline>
        <input type="checkbox" name="bridge-enabled" checked={s.bridge.enabled} disabled={isLocked('bridge.enabled')} onChange={(e) => void save({ bridge: { enabled: e.currentTarget.checked } }, t('bridgeEnabled'))} />
      </Field>
      <OriginsField
        path="bridge.origins"
        name="bridge-origins"
        label={t('bridgeOrigins')}
        locked={isLocked('bridge.origins')}
        value={s.bridge.origins}
        onSave={(list) => void save({ bridge: { origins: list } }, t('bridgeOrigins'))}
      />
      <Field path="bridge.allowLowWrites" label={t('bridgeLowWrites')} locked={isLocked('bridge.allowLowWrites')} inline>
        <input type="checkbox" name="bridge-low-writes" checked={s.bridge.allowLowWrites} disabled={isLocked('bridge.allowLowWrites')} onChange={(e) => void save({ bridge: { allowLowWrites: e.currentTarget.checked } }, t('bridgeLowWrites'))} />
      </Field>
    </Section>
  );
}
