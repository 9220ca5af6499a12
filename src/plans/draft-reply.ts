/**
 * draftReply: a fixed flow behind the "draft reply" hotkey. No model: it reads the
 * conversation, looks the subject up in the knowledge base and drafts a polite reply from a
 * template with the best article's answer text. The agent edits and sends it (or prepares a
 * send).
 *
 * The knowledge base never stops the draft: no source, no hit or a failing source and the
 * reply is still written from the conversation alone (the KB step is optional); the `article`
 * step records which article was used, or that none was, in the flow output and the audit log.
 */
import { z } from '../tools/zod.ts';
import type { Plan, PlanEnv } from '../tools/plan.ts';

interface Conv {
  subject: string;
  messages: { role: string; author: string; text: string }[];
}
interface KbResult {
  results: { id: string; title: string; snippet: string; url: string; source: string; answer?: string }[];
}

/** The article a draft used, as the flow output says it (`outputs.article`). */
export interface UsedArticle {
  id: string;
  title: string;
  url: string;
  source: string;
}

/** "耳机左耳无声 #C-1001" -> "耳机左耳无声": the record id is not a search term. */
const cleanSubject = (s: string) => s.replace(/\s*#\S+$/, '').trim();

const best = (env: PlanEnv) => (env.outputs.kb as KbResult | undefined)?.results[0];

export function draftText(env: PlanEnv, lang: 'zh' | 'en'): string {
  const conv = env.outputs.read as Conv;
  const name = conv.messages.find((m) => m.role === 'customer')?.author ?? '';
  const subject = cleanSubject(conv.subject);
  const hit = best(env);
  const answer = hit ? (hit.answer || hit.snippet).trim() : '';
  if (lang === 'en') {
    return [`Hello ${name},`.replace(' ,', ','), `thank you for contacting us about "${subject}".`, hit ? `${hit.title}: ${answer}` : 'We are looking into it and will get back to you shortly.', 'Let us know if there is anything else we can do.'].join(' ');
  }
  return [`您好${name ? ` ${name}` : ''}，`, `关于「${subject}」，`, hit ? `${hit.title}：${answer}` : '我们正在为您处理，稍后给您答复。', '如有其他问题请随时联系我们。'].join('');
}

export const draftReplyPlan = (lang: () => 'zh' | 'en'): Plan => ({
  name: 'draftReply',
  title: 'Draft a reply',
  description: 'Read the conversation, search the KB for its subject, draft a reply from a template with the best article (not sent). Without an article the draft is still written.',
  input: z.strictObject({}),
  steps: [
    { kind: 'tool', id: 'read', title: 'Read conversation', tool: 'conversation.read', input: () => ({ limit: 20 }) },
    {
      kind: 'tool',
      id: 'kb',
      title: 'Search knowledge base',
      tool: 'kb.search',
      optional: true,
      input: (env) => ({ query: cleanSubject((env.outputs.read as Conv).subject || 'help').slice(0, 100).padEnd(2, ' '), limit: 3 }),
    },
    {
      kind: 'check',
      id: 'article',
      title: 'Choose the article',
      check: (env) => {
        const hit = best(env);
        const used: UsedArticle | null = hit ? { id: hit.id, title: hit.title, url: hit.url, source: hit.source } : null;
        env.outputs.used = used;
        return { status: 'passed', summary: used ? `used ${used.id} "${used.title}" (${used.source})` : 'no article found; drafted from the conversation' };
      },
    },
    { kind: 'tool', id: 'draft', title: 'Draft reply', tool: 'reply.draft', input: (env) => ({ text: draftText(env, lang()) }) },
  ],
});
