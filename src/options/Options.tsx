/**
 * Settings (one zod schema). Fields an enterprise policy sets are shown locked.
 * Console origins get their host permission requested here, from the user's click.
 */
import { useEffect, useState } from 'preact/hooks';
import { DEFAULT_SETTINGS, FEATURES, HOTKEY_ACTIONS, KeyCombo, Origin, type Settings } from '../settings/schema.ts';
import { loadSettings, saveSettings } from '../settings/store.ts';
import { t } from '../ui/i18n.ts';

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
          <input name="kb-endpoint" value={s.kb.endpoint} disabled={isLocked('kb.endpoint')} onChange={(e) => void save({ ...s, kb: { endpoint: e.currentTarget.value.trim() || '/api/kb/search' } })} />
        </label>
      </section>

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
