/**
 * Hotkeys, the one place they are set (README "Shortcuts"). Each field captures the next key
 * combination pressed in it; a combination another action already uses, one the browser or
 * text editing reserves, or one without Ctrl/Alt is refused with the reason next to it.
 */
import { useState } from 'preact/hooks';
import { comboOf, duplicateActions, hotkeyProblem, type HotkeyProblem } from '../settings/hotkeys.ts';
import { defaultSettings, HOTKEY_ACTIONS, type HotkeyAction } from '../settings/schema.ts';
import { t } from '../ui/i18n.ts';
import { Field, Section, useFieldErrors } from './fields.tsx';
import type { SettingsView } from './use-settings.ts';

const MODIFIER_KEYS = ['Shift', 'Control', 'Alt', 'Meta', 'AltGraph'];

function problemText(p: HotkeyProblem, combo: string): string {
  switch (p.code) {
    case 'invalid':
      return t('hkErr_invalid');
    case 'needsModifier':
      return t('hkErr_needsModifier', combo);
    case 'reserved':
      return t('hkErr_reserved', combo, t(`reserved_${p.use}`));
    case 'duplicate':
      return t('hkErr_duplicate', combo, t(`hk_${p.other}`));
  }
}

export function HotkeysSection({ view }: { view: SettingsView }) {
  const { s, isLocked, save } = view;
  const [errors, setError] = useFieldErrors();
  const [capturing, setCapturing] = useState<HotkeyAction | null>(null);
  const dupes = duplicateActions(s.hotkeys);

  const tryCombo = (a: HotkeyAction, combo: string, input?: HTMLInputElement) => {
    const problem = hotkeyProblem(a, combo, s.hotkeys);
    if (problem) return setError(a, problemText(problem, combo));
    setError(a, null);
    input?.blur();
    if (combo !== s.hotkeys[a]) void save({ hotkeys: { [a]: combo } }, t(`hk_${a}`));
  };
  const onKey = (a: HotkeyAction, e: KeyboardEvent & { currentTarget: HTMLInputElement }) => {
    if (e.key === 'Tab' && !e.ctrlKey && !e.altKey && !e.metaKey) return; // keyboard navigation still works
    e.preventDefault();
    e.stopPropagation();
    if (e.key === 'Escape') return e.currentTarget.blur();
    if (MODIFIER_KEYS.includes(e.key) || e.repeat) return; // wait for the key that completes the combination
    const combo = comboOf(e);
    if (!combo) return setError(a, t('hkErr_invalid'));
    tryCombo(a, combo, e.currentTarget);
  };

  return (
    <Section name="hotkeys" title={t('hotkeys')} locked={view.anyLocked('hotkeys')}>
      <p class="hint">{t('hotkeysHint')}</p>
      {HOTKEY_ACTIONS.map((a) => {
        const locked = isLocked(`hotkeys.${a}`);
        const error = errors[a] ?? (dupes.includes(a) ? t('hkErr_duplicateStored', s.hotkeys[a]) : null);
        return (
          <Field key={a} path={`hotkeys.${a}`} label={t(`hk_${a}`)} locked={locked} error={error} inline>
            <input
              class="hotkey"
              name={`hotkey-${a}`}
              readOnly
              value={capturing === a ? t('pressKeys') : s.hotkeys[a]}
              disabled={locked}
              onFocus={() => setCapturing(a)}
              onBlur={() => setCapturing(null)}
              onKeyDown={(e) => onKey(a, e)}
            />
            <button name={`hotkey-reset-${a}`} disabled={locked || s.hotkeys[a] === defaultSettings().hotkeys[a]} onClick={() => tryCombo(a, defaultSettings().hotkeys[a])}>
              {t('resetDefault')}
            </button>
          </Field>
        );
      })}
    </Section>
  );
}
