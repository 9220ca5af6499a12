/**
 * A chat answer, said once to a screen reader when it is finished (issue 23 item 9): a polite
 * live region that stays empty while the answer streams (announcing every token would talk
 * over the agent) and holds the finished answer's words afterwards. Only answers to questions
 * asked in this panel: the history loaded when the panel opens is not read out.
 */
import { useRef } from 'preact/hooks';
import { t } from '../ui/i18n.ts';
import type { StoredTurn } from './chat-store.ts';
import { parseBlocks } from './markdown.tsx';

/** An answer's words without the markdown marks (`**`, backticks, link syntax): what is heard. */
export function spokenAnswer(markdown: string): string {
  return parseBlocks(markdown)
    .flatMap((b) => (b.kind === 'p' ? [b.text] : b.kind === 'code' ? [b.text] : b.items))
    .map((s) => s.replace(/!?\[([^\]\n]*)\]\(([^)\s]+)\)/g, (_m, label: string, url: string) => label || url).replace(/\*\*([^*\n]+)\*\*/g, '$1').replace(/`([^`\n]+)`/g, '$1'))
    .join('\n');
}

/** `running`: the id of the question being answered now, if any. */
export function AnswerAnnouncer({ turns, running }: { turns: readonly StoredTurn[]; running: string | null }) {
  const asked = useRef(new Set<string>());
  if (running) asked.current.add(running);
  const last = turns.at(-1);
  const said = !running && last?.id && asked.current.has(last.id) && last.answer ? t('chatAnswerAnnounced', spokenAnswer(last.answer)) : '';
  return (
    <p class="sr-only answer-announced" aria-live="polite">
      {said}
    </p>
  );
}
