/** The fixed flows, listed explicitly. */
import type { Snapshot } from '../page/model.ts';
import type { Plan } from '../tools/plan.ts';
import { draftReplyPlan } from './draft-reply.ts';
import { inspectPlan } from './inspect.ts';
import { quickTicketPlan } from './quick-ticket.ts';

export function plans(lang: () => 'zh' | 'en', page: () => Snapshot): Record<string, Plan> {
  return { inspect: inspectPlan(), draftReply: draftReplyPlan(lang), quickTicket: quickTicketPlan(lang, page) };
}
