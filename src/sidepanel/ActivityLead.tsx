/**
 * The team lead's parts of the Activity view: per-agent counts (a name filters the list) and
 * the import of several agents' JSONL exports (src/sidepanel/audit-import.ts), with what
 * could not be read reported per file.
 */
import { useState } from 'preact/hooks';
import type { AgentCounts } from '../tools/audit-actions.ts';
import { t } from '../ui/i18n.ts';
import { readFiles } from './audit-import.ts';
import { addImported, clearImported, type ImportedEntry } from './imported-store.ts';

export function AgentCountsTable({ counts, selected, onPick }: { counts: AgentCounts[]; selected: string; onPick: (agent: string) => void }) {
  return (
    <table class="agent-counts">
      <caption>{t('countsTitle')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('countAgent')}</th>
          <th scope="col">{t('countActions')}</th>
          <th scope="col">{t('countConfirmed')}</th>
          <th scope="col">{t('countRejected')}</th>
          <th scope="col">{t('countFailed')}</th>
        </tr>
      </thead>
      <tbody>
        {counts.map((c) => (
          <tr data-agent={c.agent} class={selected === c.agent ? 'picked' : ''}>
            <th scope="row">
              <button type="button" class="pick-agent" aria-pressed={selected === c.agent} onClick={() => onPick(selected === c.agent ? '' : c.agent)}>
                {c.agent}
              </button>
            </th>
            <td class="n-actions">{c.actions}</td>
            <td class="n-confirmed">{c.confirmed}</td>
            <td class="n-rejected">{c.rejected}</td>
            <td class="n-failed">{c.failed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ImportBox({ files }: { files: ImportedEntry[] }) {
  const [busy, setBusy] = useState(false);
  const onPick = async (input: HTMLInputElement) => {
    const picked = [...(input.files ?? [])];
    if (!picked.length) return;
    setBusy(true);
    try {
      addImported(await readFiles(picked));
    } finally {
      setBusy(false);
      // The same file may be picked again later (it is then reported as already imported).
      input.value = '';
    }
  };
  return (
    <div class="import-box" aria-busy={busy}>
      <label class="import-pick">
        {t('importJsonl')}
        <input type="file" name="import-jsonl" multiple accept=".jsonl,.ndjson,application/x-ndjson,application/jsonl" onChange={(e) => void onPick(e.currentTarget)} />
      </label>
      <p class="hint">{t('importHint')}</p>
      {files.length > 0 && (
        <>
          <ul class="import-report">
            {files.map((f) => (
              <li data-file={f.name} data-records={f.records.length} data-bad={f.bad} class={f.bad || f.tooLarge || f.skipped ? 'file has-problem' : 'file'}>
                {f.tooLarge ? t('importedTooLarge', f.name) : t('importedFile', f.name, f.records.length)}
                {f.bad > 0 && <span class="bad"> · {t('importedBad', f.bad, f.badLines.join(t('listSeparator')))}</span>}
                {f.skipped > 0 && <span class="skipped"> · {t('importedSkipped', f.skipped)}</span>}
                {f.duplicates > 0 && <span class="dupes"> · {t('importedDuplicates', f.duplicates)}</span>}
              </li>
            ))}
          </ul>
          <button type="button" class="clear-imported" onClick={clearImported}>
            {t('clearImported')}
          </button>
        </>
      )}
    </div>
  );
}
