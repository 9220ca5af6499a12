/**
 * Settings (one zod schema). Fields an enterprise policy sets are shown locked.
 * Console origins get their host permission requested here, from the user's click.
 */
import { useEffect, useState } from 'preact/hooks';
import { DEFAULT_SETTINGS, FEATURES, HOTKEY_ACTIONS, KeyCombo, Origin, type Settings } from '../settings/schema.ts';
import { loadSettings, saveSettings } from '../settings/store.ts';
import { t, uiLang } from '../ui/i18n.ts';
import { makeClient } from '../llm/client.ts';
import { describeEndpointError } from '../llm/errors.ts';
import { PRESETS } from '../llm/presets.ts';
import { KnowledgeSources } from './KnowledgeSources.tsx';

export function Options() {
  const [s, setS] = useState<Settings>(DEFAULT_SETTINGS);
  const [locked, setLocked] = useState<string[]>([]);
  const [status, setStatus] = useState('');
  const [newOrigin, setNewOrigin] = useState('');

  useEffect(() => {
    void loadSettings().then((r) => {
      setS(r.settings);
      setLocked(r.locked);
    });
  }, []);

  const isLocked = (path: string) => locked.includes(path) || locked.includes(path.split('.')[0]!);
  const save = async (next: Settings) => {
    setS(next);
    await saveSettings(next);
    setStatus(t('saved'));
  };
  const Lock = ({ path }: { path: string }) => (isLocked(path) ? <span class="locked" title={t('lockedByAdmin')}>🔒 {t('lockedByAdmin')}</span> : null);

  const addConsole = async () => {
    const parsed = Origin.safeParse(newOrigin.replace(/\/+$/, ''));
    if (!parsed.success) return setStatus(t('invalidOrigin'));
    const origin = new URL(parsed.data).origin;
    const granted = await chrome.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
    if (!granted) return setStatus(t('permissionDenied'));
    setNewOrigin('');
    await save({ ...s, consoles: [...new Set([...s.consoles, origin])] });
  };
  const removeConsole = async (origin: string) => {
    await chrome.permissions.remove({ origins: [`${origin}/*`] }).catch(() => false);
    await save({ ...s, consoles: s.consoles.filter((o) => o !== origin), bridge: { ...s.bridge, origins: s.bridge.origins.filter((o) => o !== origin) } });
  };

  return (
    <main class="options">
      <h1>{t('optionsTitle')}</h1>
      <p class="status" role="status">{status}</p>

      <LlmSection s={s} save={save} isLocked={isLocked} Lock={Lock} />

      <section>
        <h2>{t('consoles')} <Lock path="consoles" /></h2>
        <p class="hint">{t('consolesHint')}</p>
        <ul>
          {s.consoles.map((o) => (
            <li key={o}>
              <code>{o}</code> <button disabled={isLocked('consoles')} onClick={() => void removeConsole(o)}>{t('remove')}</button>
            </li>
          ))}
        </ul>
        <input name="new-console" placeholder="https://support.example.com" value={newOrigin} disabled={isLocked('consoles')} onInput={(e) => setNewOrigin(e.currentTarget.value)} />
        <button disabled={isLocked('consoles')} onClick={() => void addConsole()}>{t('add')}</button>
      </section>

      <section>
        <h2>{t('roles')} <Lock path="roles" /></h2>
        <input
          name="roles"
          value={s.roles.join(', ')}
          disabled={isLocked('roles')}
          onChange={(e) => void save({ ...s, roles: e.currentTarget.value.split(',').map((r) => r.trim()).filter(Boolean) })}
        />
        <p class="hint">{t('rolesHint')}</p>
        <label>
          {t('agentName')} <Lock path="agentName" />
          <input name="agentName" value={s.agentName} disabled={isLocked('agentName')} onChange={(e) => void save({ ...s, agentName: e.currentTarget.value.trim() })} />
        </label>
      </section>

      <section>
        <h2>{t('hotkeys')}</h2>
        {HOTKEY_ACTIONS.map((a) => (
          <label key={a} class="row">
            <span>{t(`hk_${a}`)}</span>
            <input
              name={`hotkey-${a}`}
              value={s.hotkeys[a]}
              disabled={isLocked(`hotkeys.${a}`)}
              onChange={(e) => {
                const v = e.currentTarget.value.trim();
                if (KeyCombo.safeParse(v).success) void save({ ...s, hotkeys: { ...s.hotkeys, [a]: v } });
                else setStatus(`${t(`hk_${a}`)}: Alt+Shift+F`);
              }}
            />
            <Lock path={`hotkeys.${a}`} />
          </label>
        ))}
      </section>

      <section>
        <h2>{t('features')}</h2>
        {FEATURES.map((f) => (
          <label key={f} class="row">
            <input type="checkbox" name={`feature-${f}`} checked={s.features[f]} disabled={isLocked(`features.${f}`)} onChange={(e) => void save({ ...s, features: { ...s.features, [f]: e.currentTarget.checked } })} />
            {t(`f_${f}`)} <Lock path={`features.${f}`} />
          </label>
        ))}
      </section>

      <section>
        <h2>{t('queues')} <Lock path="queues" /></h2>
        <input name="queues" value={s.queues.join(', ')} disabled={isLocked('queues')} onChange={(e) => void save({ ...s, queues: e.currentTarget.value.split(',').map((q) => q.trim()).filter(Boolean) })} />
        <label>
          {t('kbEndpoint')} <Lock path="kb.endpoint" />
          <input name="kb-endpoint" value={s.kb.endpoint} disabled={isLocked('kb.endpoint')} onChange={(e) => void save({ ...s, kb: { ...s.kb, endpoint: e.currentTarget.value.trim() || '/api/kb/search' } })} />
        </label>
      </section>

      <KnowledgeSources s={s} save={save} isLocked={isLocked} />

      <section>
        <h2>{t('bridge')} <Lock path="bridge" /></h2>
        <p class="warn">{t('bridgeWarn')}</p>
        <label class="row">
          <input type="checkbox" name="bridge-enabled" checked={s.bridge.enabled} disabled={isLocked('bridge.enabled')} onChange={(e) => void save({ ...s, bridge: { ...s.bridge, enabled: e.currentTarget.checked } })} />
          {t('bridgeEnabled')}
        </label>
        <label>
          {t('bridgeOrigins')}
          <input
            name="bridge-origins"
            value={s.bridge.origins.join(', ')}
            disabled={isLocked('bridge.origins')}
            onChange={(e) => {
              const list = e.currentTarget.value.split(',').map((o) => o.trim()).filter(Boolean);
              if (list.every((o) => Origin.safeParse(o).success)) void save({ ...s, bridge: { ...s.bridge, origins: list } });
              else setStatus(t('invalidOrigin'));
            }}
          />
        </label>
        <label class="row">
          <input type="checkbox" name="bridge-low-writes" checked={s.bridge.allowLowWrites} disabled={isLocked('bridge.allowLowWrites')} onChange={(e) => void save({ ...s, bridge: { ...s.bridge, allowLowWrites: e.currentTarget.checked } })} />
          {t('bridgeLowWrites')}
        </label>
      </section>
    </main>
  );
}

function LlmSection({ s, save, isLocked, Lock }: { s: Settings; save: (n: Settings) => Promise<void>; isLocked: (p: string) => boolean; Lock: (p: { path: string }) => preact.JSX.Element | null }) {
  const [preset, setPreset] = useState('');
  const [result, setResult] = useState('');
  const quirks = PRESETS.find((p) => p.id === preset)?.quirks[uiLang()];
  const set = (patch: Partial<Settings['llm']>) => void save({ ...s, llm: { ...s.llm, ...patch } });
  const test = async () => {
    setResult('…');
    let origin: string;
    try {
      origin = new URL(s.llm.baseURL).origin;
    } catch {
      return setResult(t('invalidOrigin'));
    }
    // Asked inside the click: the endpoint needs a host permission (no CORS preflight then).
    const granted = await chrome.permissions.request({ origins: [`${origin}/*`] }).catch(() => false);
    if (!granted) return setResult(t('permissionDenied'));
    try {
      const r = await makeClient(s.llm, { timeoutMs: 20_000 }).chat.completions.create({ model: s.llm.model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 5 });
      setResult(`${t('connectionOk')} (${r.model})`);
    } catch (e) {
      setResult(describeEndpointError(e, uiLang()).message);
    }
  };
  return (
    <section>
      <h2>{t('llm')} <Lock path="llm" /></h2>
      <label>
        {t('preset')}
        <select
          name="llm-preset"
          value={preset}
          disabled={isLocked('llm.baseURL')}
          onChange={(e) => {
            const p = PRESETS.find((x) => x.id === e.currentTarget.value);
            setPreset(e.currentTarget.value);
            if (p) set({ baseURL: p.baseURL, model: p.model });
          }}
        >
          <option value="">—</option>
          {PRESETS.map((p) => (
            <option value={p.id}>{p.label}</option>
          ))}
        </select>
      </label>
      {quirks && <p class="hint quirks">{quirks}</p>}
      <label>
        {t('baseURL')} <Lock path="llm.baseURL" />
        <input name="llm-baseURL" value={s.llm.baseURL} disabled={isLocked('llm.baseURL')} onChange={(e) => set({ baseURL: e.currentTarget.value.trim() })} />
      </label>
      <label>
        {t('apiKey')} <Lock path="llm.apiKey" />
        <input name="llm-apiKey" type="password" autocomplete="off" value={s.llm.apiKey} disabled={isLocked('llm.apiKey')} onChange={(e) => set({ apiKey: e.currentTarget.value })} />
      </label>
      <label>
        {t('model')} <Lock path="llm.model" />
        <input name="llm-model" value={s.llm.model} disabled={isLocked('llm.model')} onChange={(e) => set({ model: e.currentTarget.value.trim() })} />
      </label>
      <button name="llm-test" onClick={() => void test()}>{t('testConnection')}</button> <span class="test-result" role="status">{result}</span>
    </section>
  );
}
