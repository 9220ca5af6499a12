/**
 * The keys, as they are set now (issue 23 item 7; Vimium's `?`): the console hotkeys from
 * settings (an admin policy's included) and the card keys. `?` in the panel opens it, Esc or
 * `?` closes it; the header's ? button does the same for the mouse.
 */
import { useEffect, useState } from 'preact/hooks';
import { HOTKEY_ACTIONS, type Settings } from '../settings/schema.ts';
import { t } from '../ui/i18n.ts';

/** A key typed into a field is text, not a command. */
const typing = (el: EventTarget | null) => el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

export function useKeySheet(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.isTrusted || typing(e.target)) return;
      if (e.key === '?') setOpen((o) => !o);
      else if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return [open, setOpen];
}

/** The card keys (src/sidepanel/ConfirmCard.tsx) by the names printed on keyboards, and what each does. */
const cardKeys = (): [string, string][] => [
  ['Enter', t('keysEnter')],
  ['Esc', t('keysEsc')],
  ['↑ ↓', t('keysArrows')],
  ['?', t('keysSheet')],
];

export function KeySheet({ hotkeys, onClose }: { hotkeys: Settings['hotkeys']; onClose: () => void }) {
  return (
    <section class="key-sheet" role="dialog" aria-modal="false" aria-label={t('keysTitle')}>
      <header>
        <strong>{t('keysTitle')}</strong>
        <button type="button" class="close" aria-label={t('close')} onClick={onClose}>
          ×
        </button>
      </header>
      <h4>{t('keysConsole')}</h4>
      <dl>
        {HOTKEY_ACTIONS.map((a) => (
          <>
            <dt>
              <kbd data-action={a}>{hotkeys[a]}</kbd>
            </dt>
            <dd>{t(`hk_${a}`)}</dd>
          </>
        ))}
      </dl>
      <h4>{t('keysCards')}</h4>
      <dl>
        {cardKeys().map(([key, what]) => (
          <>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </>
        ))}
      </dl>
    </section>
  );
}
