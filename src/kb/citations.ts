/** The articles a kb.search result offered, kept on the chat's tool chip for source chips. */
import type { ToolResult } from '../tools/types.ts';

export interface Citation {
  id: string;
  title: string;
  url: string;
  source: string;
}

export function kbCitations(tool: string, res: ToolResult): { citations?: Citation[] } {
  if (tool !== 'kb.search' || res.status !== 'done') return {};
  const results = (res.data as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return {};
  const citations = results.slice(0, 10).flatMap((r): Citation[] => {
    const h = r as Partial<Record<keyof Citation, unknown>>;
    return typeof h.title === 'string' && h.title ? [{ id: String(h.id ?? ''), title: h.title, url: typeof h.url === 'string' ? h.url : '', source: String(h.source ?? '') }] : [];
  });
  return { citations };
}

/** The articles an answer used: those it names (title, id or URL), else every one it was given. */
export function usedCitations(all: readonly Citation[], answer: string): Citation[] {
  const unique = all.filter((c, i) => all.findIndex((x) => x.title === c.title && x.url === c.url) === i);
  const named = unique.filter((c) => answer.includes(c.title) || (c.id.length > 2 && answer.includes(c.id)) || (!!c.url && answer.includes(c.url)));
  return named.length ? named : unique;
}
