/**
 * draftReply: a fixed flow behind the "draft reply" hotkey. No model: it reads the
 * conversation, looks the subject up in the knowledge base and drafts a polite reply from
 * a template with the best article. The agent edits and sends it (or prepares a send).
 */
import { z } from 'zod';
import type { Plan, PlanEnv } from '../tools/plan.ts';

interface Conv {
  subject: string;
  messages: { role: string; author: string; text: string }[];
}
interface Kb {
  results: { title: string; snippet: string }[];
}

/** "耳机左耳无声 #C-1001" -> "耳机左耳无声": the record id is not a search term. */
const cleanSubject = (s: string) => s.replace(/\s*#\S+$/, '').trim();

export function draftText(env: PlanEnv, lang: 'zh' | 'en'): string {
  const conv = env.outputs.read as Conv;
  const kb = env.outputs.kb as Kb | undefined;
  const name = conv.messages.find((m) => m.role === 'customer')?.author ?? '';
  const subject = cleanSubject(conv.subject);
  const hit = kb?.results[0];
  if (lang === 'en') {
    return [`Hello ${name},`.replace(' ,', ','), `thank you for contacting us about "${subject}".`, hit ? `${hit.title}: ${hit.snippet}` : 'We are looking into it and will get back to you shortly.', 'Let us know if there is anything else we can do.'].join(' ');
  }
  return [`您好${name ? ` ${name}` : ''}，`, `关于「${subject}」，`, hit ? `${hit.title}：${hit.snippet}` : '我们正在为您处理，稍后给您答复。', '如有其他问题请随时联系我们。'].join('');
}

export const draftReplyPlan = (lang: () => 'zh' | 'en'): Plan => ({
  name: 'draftReply',
  title: 'Draft a reply',
  description: 'Read the conversation, search the KB for its subject, draft a reply from a template (not sent).',
  input: z.strictObject({}),
  steps: [
    { kind: 'tool', id: 'read', title: 'Read conversation', tool: 'conversation.read', input: () => ({ limit: 20 }) },
    {
      kind: 'tool',
      id: 'kb',
      title: 'Search knowledge base',
      tool: 'kb.search',
      input: (env) => ({ query: cleanSubject((env.outputs.read as Conv).subject || 'help').slice(0, 100).padEnd(2, ' '), limit: 1 }),
    },
    { kind: 'tool', id: 'draft', title: 'Draft reply', tool: 'reply.draft', input: (env) => ({ text: draftText(env, lang()) }) },
  ],
});
