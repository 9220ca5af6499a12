/**
 * The model endpoint. A preset never overwrites silently: when it would replace a base URL or
 * model the person set, the page asks first. A "Test connection" result belongs to the
 * settings it was made with and disappears as soon as they change.
 */
import { useState } from 'preact/hooks';
import { describeEndpointError } from '../llm/errors.ts';
import { endpointText } from '../ui/errors.ts';
import { makeClient } from '../llm/client.ts';
import { PRESETS, type Preset } from '../llm/presets.ts';
import { t, tOr, uiLang } from '../ui/i18n.ts';
import { Field, Section, TextInput, useFieldErrors } from './fields.tsx';
import type { SettingsView } from './use-settings.ts';

const isHttpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

export function LlmSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  const [presetId, setPresetId] = useState('');
  const [asking, setAsking] = useState<Preset | null>(null);
  const [test, setTest] = useState<{ for: string; text: string; ok: boolean | null } | null>(null);
  const [errors, setError] = useFieldErrors();
  const config = JSON.stringify(s.llm);
  const shownTest = test && test.for === config ? test : null;
  const preset = PRESETS.find((p) => p.id === presetId);
  const presetLocked = isLocked('llm.baseURL') || isLocked('llm.model');

  const apply = async (p: Preset) => {
    setAsking(null);
    setTest(null);
    await save({ llm: { baseURL: p.baseURL, model: p.model } }, t('llm'));
  };
  const pick = (id: string) => {
    setPresetId(id);
    const p = PRESETS.find((x) => x.id === id);
    if (!p) return setAsking(null);
    const untouched = (!s.llm.baseURL && !s.llm.model) || (s.llm.baseURL === p.baseURL && s.llm.model === p.model);
    if (untouched) void apply(p);
    else setAsking(p);
  };
  const commit = (field: 'baseURL' | 'apiKey' | 'model', raw: string) => {
    const v = field === 'apiKey' ? raw : raw.trim();
    if (field === 'baseURL' && v && !isHttpUrl(v)) return setError(field, t('errBaseURL'));
    setError(field, null);
    void save({ llm: { [field]: v } }, t(field));
  };
  const runTest = async () => {
    const forConfig = config;
    const done = (text: string, ok: boolean) => setTest({ for: forConfig, text, ok });
    if (!isHttpUrl(s.llm.baseURL)) return done(t('errBaseURL'), false);
    setTest({ for: forConfig, text: t('testing'), ok: null });
    // Asked inside the click: the endpoint needs a host permission (no CORS preflight then).
    const granted = await chrome.permissions.request({ origins: [`${new URL(s.llm.baseURL).origin}/*`] }).catch(() => false);
    if (!granted) return done(t('permissionDenied'), false);
    try {
      const r = await makeClient(s.llm, { timeoutMs: 20_000 }).chat.completions.create({ model: s.llm.model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 5 });
      done(t('connectionOk', r.model), true);
    } catch (e) {
      done(endpointText(describeEndpointError(e)), false);
    }
  };

  return (
    <Section name="llm" title={t('llm')} locked={view.anyLocked('llm')}>
      <Field path="llm.preset" label={t('preset')} locked={presetLocked} hint={preset ? tOr(`preset_${preset.id}_quirks`, preset.quirks[uiLang()]) : undefined}>
        <select name="llm-preset" value={presetId} disabled={presetLocked} onChange={(e) => pick(e.currentTarget.value)}>
          <option value="">{t('presetNone')}</option>
          {PRESETS.map((p) => (
            <option value={p.id}>{tOr(`preset_${p.id}_label`, p.label)}</option>
          ))}
        </select>
      </Field>
      {asking && (
        <div class="ask-overwrite" role="alertdialog" aria-label={t('presetAskTitle')}>
          <p>{t('presetAsk', tOr(`preset_${asking.id}_label`, asking.label), asking.baseURL, asking.model)}</p>
          <button name="preset-apply" class="primary" onClick={() => void apply(asking)}>
            {t('presetApply')}
          </button>{' '}
          <button
            name="preset-keep"
            onClick={() => {
              setAsking(null);
              setPresetId('');
            }}
          >
            {t('presetKeep')}
          </button>
        </div>
      )}
      <Field path="llm.baseURL" label={t('baseURL')} locked={isLocked('llm.baseURL')} error={errors.baseURL}>
        <TextInput name="llm-baseURL" value={s.llm.baseURL} disabled={isLocked('llm.baseURL')} placeholder="https://api.openai.com/v1" onCommit={(v) => commit('baseURL', v)} />
      </Field>
      <Field path="llm.apiKey" label={t('apiKey')} locked={isLocked('llm.apiKey')}>
        <TextInput name="llm-apiKey" secret value={s.llm.apiKey} disabled={isLocked('llm.apiKey')} onCommit={(v) => commit('apiKey', v)} />
      </Field>
      <Field path="llm.model" label={t('model')} locked={isLocked('llm.model')}>
        <TextInput name="llm-model" value={s.llm.model} disabled={isLocked('llm.model')} onCommit={(v) => commit('model', v)} />
      </Field>
      <div class="test-row">
        <button name="llm-test" onClick={() => void runTest()}>
          {t('testConnection')}
        </button>{' '}
        <span class={`test-result${shownTest?.ok === false ? ' bad' : shownTest?.ok ? ' good' : ''}`} role="status">
          {shownTest?.text ?? ''}
        </span>
      </div>
    </Section>
  );
}
