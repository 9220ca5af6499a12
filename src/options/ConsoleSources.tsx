/**
 * Options → knowledge sources → each console's own sources (data: src/kb/config.ts; which
 * apply: src/kb/resolve.ts). The consoles listed are the ones added in settings, those with
 * sources of their own, and demo consoles open in a tab now (their knowledge base works without
 * being added, so it is listed too). A console's sources are a list: each is added or edited
 * through the source form (KbSourceForm.tsx), started empty or from a known source (presets);
 * the local knowledge base is added as it is. An admin policy that sets `kb.providers` makes
 * the list read-only: sources can be looked at, not changed.
 */
import { useEffect, useState } from 'preact/hooks';
import { providerName, type KbProviderConfig } from '../kb/config.ts';
import { LOCAL, PRESETS } from '../kb/presets.ts';
import { providersFor } from '../kb/resolve.ts';
import { isDemoOrigin, Origin, type Settings } from '../settings/schema.ts';
import { t } from '../ui/i18n.ts';
import { Lock } from './fields.tsx';
import { KbSourceForm, type Draft } from './KbSourceForm.tsx';

interface Props {
  s: Settings;
  save: (next: Settings) => Promise<void>;
  isLocked: (path: string) => boolean;
}

/** The demo console's hosts (manifest host_permissions): a tab there is a console without being added. */
const DEMO_TABS = ['http://localhost/*', 'http://127.0.0.1/*'];

/** Origins of demo consoles open in a tab now (any port). */
function useDemoOrigins(): string[] {
  const [origins, setOrigins] = useState<string[]>([]);
  useEffect(() => {
    void chrome.tabs
      .query({ url: DEMO_TABS })
      .then((tabs) => setOrigins([...new Set(tabs.flatMap((tab) => (tab.url ? [new URL(tab.url).origin] : [])))]))
      .catch(() => undefined);
  }, []);
  return origins;
}

const PRESET_KEYS = Object.keys(PRESETS) as (keyof typeof PRESETS)[];

/** A source as the list says it: the local knowledge base in words ("local" is only its data name), else its kind and name. */
const labelOf = (p: KbProviderConfig) => (p.kind === 'local' && !p.name ? t('kbPreset_local') : `${t(`kbKind_${p.kind}`)}: ${providerName(p)}`);

/** Which source the form is open on: a new one (index null) or the list's `index`. */
type Editing = { index: number | null; start: Draft };

export function ConsoleSources({ s, save, isLocked }: Props) {
  const demo = useDemoOrigins();
  const [origin, setOrigin] = useState('');
  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [status, setStatus] = useState('');
  const locked = isLocked('kb.providers');
  const origins = [...new Set([...s.consoles, ...Object.keys(s.kb.providers), ...demo])];
  const sourcesOf = (o: string) => s.kb.providers[o] ?? providersFor(o, s.kb, { isDemo: isDemoOrigin(o) });
  const own = origin ? s.kb.providers[origin] : undefined;
  const list = origin ? sourcesOf(origin) : [];

  const choose = (raw: string) => {
    const o = Origin.safeParse(raw.trim().replace(/\/+$/, ''));
    if (!o.success) return setStatus(t('invalidOrigin'));
    setOrigin(new URL(o.data).origin);
    setTyped(new URL(o.data).origin);
    setEditing(null);
    setStatus('');
  };
  const saveList = async (next: KbProviderConfig[]) => {
    await save({ ...s, kb: { ...s.kb, providers: { ...s.kb.providers, [origin]: next } } });
    setStatus(t('saved'));
  };
  const reset = async () => {
    const rest = { ...s.kb.providers };
    delete rest[origin];
    await save({ ...s, kb: { ...s.kb, providers: rest } });
    setEditing(null);
    setStatus(t('saved'));
  };
  const onSave = async (cfg: KbProviderConfig) => {
    const at = editing?.index;
    await saveList(at === null || at === undefined ? [...list, cfg] : list.map((p, i) => (i === at ? cfg : p)));
    setEditing(null);
  };
  const open = (key: keyof typeof PRESETS) => {
    const preset = PRESETS[key];
    if (preset.kind === 'local') return void saveList([...list.filter((p) => p.kind !== 'local'), LOCAL]);
    setEditing({ index: null, start: { ...preset } });
    setStatus('');
  };

  return (
    <div class="kb-consoles">
      <h3>
        {t('kbConsoleSources')} <Lock on={locked} />
      </h3>
      <p class="hint">{t('kbConsoleHint')}</p>
      <ul class="kb-console-list">
        {origins.map((o) => (
          <li key={o}>
            <button class="link" name="kb-console" data-origin={o} aria-pressed={o === origin ? 'true' : 'false'} onClick={() => choose(o)}>
              <code>{o}</code>
            </button>{' '}
            {sourcesOf(o).map(labelOf).join(' · ') || t('kbKind_none')}
            {!s.kb.providers[o] && <span class="hint"> {t('kbProvidersDefault')}</span>}
          </li>
        ))}
      </ul>
      <div class="row">
        <label>
          {t('kbConsolePick')}{' '}
          <input name="kb-origin" placeholder="https://support.example.com" value={typed} onInput={(e) => setTyped(e.currentTarget.value)} onChange={(e) => choose(e.currentTarget.value)} />
        </label>
        <span role="status" class="kb-providers-status">
          {status}
        </span>
      </div>
      {origin && (
        <div class="kb-console" data-origin={origin}>
          <h4>{t('kbSourcesOf', origin)}</h4>
          {list.length ? (
            <ol class="kb-source-list">
              {list.map((p, i) => (
                <li key={`${i}:${providerName(p)}`} class="kb-source" data-kind={p.kind} data-name={providerName(p)}>
                  <strong>{labelOf(p)}</strong>{' '}
                  {p.kind !== 'local' && (
                    <button name="kb-source-edit" onClick={() => setEditing({ index: i, start: { ...p } as Draft })}>
                      {locked ? t('kbSourceView') : t('kbSourceEdit')}
                    </button>
                  )}{' '}
                  {!locked && (
                    <button name="kb-source-remove" onClick={() => void saveList(list.filter((_, j) => j !== i))}>
                      {t('remove')}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <p class="hint kb-no-sources">{t('kbNoSources')}</p>
          )}
          {!own && list.length > 0 && <p class="hint">{t('kbProvidersDefaultHint')}</p>}
          {!locked && !editing && (
            <div class="row kb-add">
              <button name="kb-source-add" onClick={() => setEditing({ index: null, start: { kind: 'json' } })}>
                {t('kbSourceAdd')}
              </button>
              <span class="hint">{t('kbPresetsLabel')}</span>
              {PRESET_KEYS.map((k) => (
                <button key={k} name={`kb-preset-${k}`} onClick={() => open(k)}>
                  + {t(`kbPreset_${k}`)}
                </button>
              ))}
              {own && (
                <button name="kb-providers-reset" onClick={() => void reset()}>
                  {t('kbProvidersReset')}
                </button>
              )}
            </div>
          )}
          {editing && <KbSourceForm key={`${origin}:${editing.index ?? 'new'}:${JSON.stringify(editing.start)}`} origin={origin} start={editing.start} locked={locked} onSave={onSave} onCancel={() => setEditing(null)} />}
        </div>
      )}
    </div>
  );
}
