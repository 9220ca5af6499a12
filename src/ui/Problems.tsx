/**
 * Why a profile or a setting was refused, in the agent's language: where (the JSON path, as
 * code) and what is wrong (`problem_<code>` from _locales; the developer's English only when
 * the locale has no sentence for that kind). Shared by the side panel and the options page.
 */
import type { Problem } from '../tools/problems.ts';
import { tOr } from './i18n.ts';

export function problemText(p: Problem): string {
  return tOr(`problem_${p.code}`, p.detail, ...p.params);
}

export function Problems({ problems, max = 12 }: { problems: readonly Problem[]; max?: number }) {
  if (!problems.length) return null;
  return (
    <ul class="problems">
      {problems.slice(0, max).map((p) => (
        <li>
          {p.path && <code>{p.path}</code>} {problemText(p)}
        </li>
      ))}
    </ul>
  );
}
