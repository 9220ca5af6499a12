/**
 * Source chips under a chat answer that used kb.search: each article's title and where it
 * came from. Like links in answers, a URL is inert text until the agent clicks it, and the
 * full URL is shown.
 */
import { usedCitations, type Citation } from '../kb/citations.ts';
import type { ToolChip } from '../llm/loop.ts';
import { t } from '../ui/i18n.ts';

/** A source as people say it: an unnamed provider is named by its address (kb/config.ts providerName), shown as "the console's KB". */
const sourceLabel = (source: string) => source.split(', ').map((s) => (s === 'local' ? t('kbSourceLocal') : s.startsWith('/') ? t('kbSourceConsole') : s)).join(' · ');

export function Citations({ chips, answer, onOpen }: { chips: readonly ToolChip[]; answer: string; onOpen: (url: string) => void }) {
  const all = chips.flatMap((c) => (c.status === 'ok' || c.status === 'cached' ? ((c as ToolChip & { citations?: Citation[] }).citations ?? []) : []));
  if (!all.length || !answer) return null;
  return (
    <div class="citations" aria-label={t('citations')}>
      <span class="citations-label">{t('citations')}</span>
      <ul>
        {usedCitations(all, answer).map((c) => (
          <li class="citation" data-id={c.id} key={`${c.id}|${c.url}`}>
            <span class="citation-title">{c.title}</span> <span class="citation-source">{sourceLabel(c.source)}</span>
            {/^https?:\/\//i.test(c.url) && (
              <>
                {' '}
                <button type="button" class="md-url citation-url" title={c.url} onClick={() => onOpen(c.url)}>
                  {c.url}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
