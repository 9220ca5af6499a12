/**
 * Options: the team's own synonyms for knowledge search, one group per line ("RMA, 退货,
 * return authorisation"). They apply to every source on top of the built-in support lexicon
 * (src/kb/lexicon.ts); an admin policy may set them (`kb.synonyms`), and then they are shown
 * read-only. A source's own groups go in its provider config (`synonyms`).
 */
import { useEffect, useState } from 'preact/hooks';
import { SynonymGroups } from '../kb/config.ts';
import type { Settings } from '../settings/schema.ts';
import { fromIssues } from '../tools/problems.ts';
import { t } from '../ui/i18n.ts';
import { problemText } from '../ui/Problems.tsx';

interface Props {
  s: Settings;
  save: (next: Settings) => Promise<void>;
  isLocked: (path: string) => boolean;
}

/** Phrases of a line: commas, Chinese commas, enumeration commas, semicolons or "=" between them. */
export function parseSynonymLines(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.split(/[,，、;；=]/).map((p) => p.trim()).filter(Boolean))
    .filter((g) => g.length);
}

export const synonymLines = (groups: readonly (readonly string[])[]) => groups.map((g) => g.join(', ')).join('\n');

export function SynonymsSection({ s, save, isLocked }: Props) {
  const saved = synonymLines(s.kb.synonyms);
  const [text, setText] = useState(saved);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  // A policy or another tab may change them while the page is open. Keyed by the text, not
  // the array: every settings reload (any field saved) brings a new array, and that must not
  // wipe lines the person is still typing.
  useEffect(() => setText(saved), [saved]);
  const locked = isLocked('kb.synonyms');
  const apply = async () => {
    const groups = SynonymGroups.safeParse(parseSynonymLines(text));
    if (!groups.success) {
      // Issue paths are [line, phrase]: said as the line a person sees.
      const why = fromIssues(groups.error.issues).map((p) => (p.path ? t('kbSynonymsLine', String(Number(p.path.split('.')[0]) + 1), problemText(p)) : problemText(p)));
      return setStatus({ text: t('kbProvidersInvalid', why.join('; ')), error: true });
    }
    await save({ ...s, kb: { ...s.kb, synonyms: groups.data } });
    setStatus({ text: t('kbSynonymsSaved', groups.data.length), error: false });
  };
  return (
    <div class="kb-synonyms">
      <h3>{t('kbSynonyms')}</h3>
      <p class="hint">{t('kbSynonymsHint')}</p>
      {locked && <p class="hint">{t('kbSynonymsLocked')}</p>}
      <textarea name="kb-synonyms" aria-label={t('kbSynonyms')} rows={6} cols={70} value={text} disabled={locked} placeholder={t('kbSynonymsPlaceholder')} onInput={(e) => setText(e.currentTarget.value)} />
      <div class="row">
        <button name="kb-synonyms-save" disabled={locked} onClick={() => void apply()}>
          {t('kbSynonymsSave')}
        </button>
        {status && (
          <span role="status" class={`kb-synonyms-status ${status.error ? 'warn' : ''}`} data-error={String(status.error)}>
            {status.text}
          </span>
        )}
      </div>
    </div>
  );
}
