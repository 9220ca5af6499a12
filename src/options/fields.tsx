/** The parts every setting is made of: its label, its lock, its own error, its hint. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { t } from '../ui/i18n.ts';
import { Origin } from '../settings/schema.ts';

/** A padlock drawn here (no emoji font needed): reads the same on every system. */
const Padlock = () => (
  <svg class="padlock" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
    <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" stroke-width="1.8" />
    <rect x="3" y="7" width="10" height="7.5" rx="1.5" fill="currentColor" />
  </svg>
);

/** The lock on a managed setting: the words on a section, the padlock (words for screen readers and on hover) on a field. */
export function Lock({ on, compact }: { on: boolean; compact?: boolean }) {
  if (!on) return null;
  return (
    <span class={compact ? 'locked compact' : 'locked'} title={t('lockedByAdmin')}>
      <Padlock /> <span class={compact ? 'sr-only' : ''}>{t('lockedShort')}</span>
    </span>
  );
}

/** A group of settings, with one lock when the policy sets any of them. */
export function Section(p: { name: string; title: string; locked: boolean; children: ComponentChildren }) {
  return (
    <section class={p.name}>
      <h2>
        {p.title} <Lock on={p.locked} />
      </h2>
      {p.children}
    </section>
  );
}

/** One setting. `data-path` names it (tests and the policy docs use the same dotted path). */
export function Field(p: { path: string; label: string; locked: boolean; error?: string | null; hint?: string; inline?: boolean; children: ComponentChildren }) {
  return (
    <div class={`field${p.inline ? ' inline' : ''}${p.locked ? ' is-locked' : ''}${p.error ? ' has-error' : ''}`} data-path={p.path}>
      <label>
        <span class="field-label">
          {p.label} <Lock on={p.locked} compact />
        </span>
        {p.children}
      </label>
      {p.error && (
        <p class="field-error" role="alert">
          {p.error}
        </p>
      )}
      {p.hint && <p class="hint">{p.hint}</p>}
    </div>
  );
}

/**
 * A text input that keeps what the person typed until it is saved: an invalid value stays in
 * the box (with the error next to it) instead of silently snapping back.
 */
export function TextInput(p: { name: string; value: string; disabled: boolean; onCommit: (v: string) => void; secret?: boolean; placeholder?: string }) {
  // The draft belongs to the value it was typed over: once the stored value changes (saved,
  // or a policy arrived or went) that same render shows the new value — an effect that reset
  // the draft would leave one render where the lock is gone but the old value still shows.
  const [draft, setDraft] = useState<{ over: string; text: string } | null>(null);
  const shown = draft && draft.over === p.value ? draft.text : p.value;
  const common = {
    name: p.name,
    autocomplete: 'off',
    spellcheck: false,
    value: shown,
    disabled: p.disabled,
    placeholder: p.placeholder,
    onInput: (e: { currentTarget: HTMLInputElement }) => setDraft({ over: p.value, text: e.currentTarget.value }),
    onChange: (e: { currentTarget: HTMLInputElement }) => p.onCommit(e.currentTarget.value),
  };
  return p.secret ? <input type="password" {...common} /> : <input type="text" {...common} />;
}

export const splitList = (v: string): string[] => v.split(/[,，\n]/).map((x) => x.trim()).filter(Boolean);

/** Errors by field path, each shown next to its own field. */
export function useFieldErrors(): [Record<string, string>, (path: string, error: string | null) => void] {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (path: string, error: string | null) =>
    setErrors((cur) => {
      const next = { ...cur };
      if (error) next[path] = error;
      else delete next[path];
      return next;
    });
  return [errors, set];
}

/** A list of console origins ("https://a.example, http://127.0.0.1:5173"): each checked before anything is saved. */
export function OriginsField(p: { path: string; name: string; label: string; locked: boolean; value: readonly string[]; onSave: (list: string[]) => void }) {
  const [errors, setError] = useFieldErrors();
  return (
    <Field path={p.path} label={p.label} locked={p.locked} error={errors.origins} hint={t('listHint')}>
      <TextInput
        name={p.name}
        value={p.value.join(', ')}
        disabled={p.locked}
        onCommit={(v) => {
          const list = splitList(v).map((o) => o.replace(/\/+$/, ''));
          const bad = list.find((o) => !Origin.safeParse(o).success);
          if (bad) return setError('origins', t('invalidOriginNamed', bad));
          setError('origins', null);
          p.onSave(list);
        }}
      />
    </Field>
  );
}
