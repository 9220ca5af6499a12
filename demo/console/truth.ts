/**
 * What the demo console holds, in the shape the fixture consoles report it
 * (fixtures/types.ts RecordTruth subset): what a person sees on each conversation page — the
 * visible messages (the hidden one and invisible characters left out), the customer and the
 * earlier tickets. `npm run bench:consoles` judges deskhand's read tools against it.
 */
import { seedConversations } from './data.ts';

const AGENT = { zh: '李客服', en: 'Alex' } as const;

export interface DemoRecordTruth {
  recordId: string;
  displayId: string;
  urls: { zh: string; en: string };
  messages: { role: 'customer' | 'agent'; author: string; text: string }[];
  customer: { name: string; email: string; phone: string };
  history: { id: string }[];
}

export function demoTruth(base: string): DemoRecordTruth[] {
  return seedConversations().map((c) => ({
    recordId: c.id,
    displayId: c.id,
    urls: { zh: `${base}/?c=${c.id}`, en: `${base}/?lang=en&c=${c.id}` },
    messages: c.messages
      .filter((m) => !m.hidden)
      .map((m) => ({ role: m.role, author: m.role === 'customer' ? c.customer.name : AGENT.zh, text: m.text.replace(/\u200b/g, '') })),
    customer: { name: c.customer.name, email: c.customer.email, phone: c.customer.phone },
    history: c.tickets.map((t) => ({ id: t.id })),
  }));
}

/** The agent's display name differs by language; everything else is data. */
export function demoAgentName(lang: 'zh' | 'en'): string {
  return AGENT[lang];
}
