/**
 * What a person does on each blind-pattern console (fixtures/pat-*), for deskhand's write judge
 * (e2e/consoles/write-run.ts `Hands`): which requests of the console's log are replies, notes,
 * tickets and assignments, how its own Send / submit is pressed, how the new-ticket page is
 * reached; and the queue, the agent and the per-record category the write tools are asked for.
 * Test-side knowledge of each console: deskhand never sees it.
 */
import type { Page } from 'puppeteer-core';
import type { PatternFixtureName } from '../fixtures/index.ts';
import { click } from '../fixtures/kit/person.ts';
import type { FixtureServer, Lang } from '../fixtures/types.ts';
import { truthTarget, type Hands, type WriteTarget } from './consoles/write-run.ts';

/** Clicks something that loads another document, and waits for it. */
const load = async (page: Page, selector: string) => {
  const el = await page.waitForSelector(selector, { visible: true });
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), el!.click()]);
};

export interface PatternTarget {
  hands: Hands;
  /** The queue queue.assign is asked for: its backend value, its label as the agent says it. No record is in it. */
  queue: { value: string; label: Record<Lang, string> };
  /** The person ticket.assign is asked for, by name. No record is assigned to them. */
  agent: string;
  /** The category each record's ticket should be filed under, by record id. */
  category: Record<string, string>;
}

/** pat-summernote's hands; pat-kbdown is the same console with its help centre down. */
const SUMMERNOTE: PatternTarget = {
  hands: {
    paths: {
      reply: /^\/api\/_\/tickets\/\d+\/reply$/,
      note: /^\/api\/_\/tickets\/\d+\/notes$/,
      ticket: /^\/a\/tickets(\?|$)/,
      assign: { queue: /^\/api\/_\/tickets\/\d+$/, agent: /^\/api\/_\/tickets\/\d+$/ },
    },
    send: (page) => click(page, '#composer button.send'),
    submitTicket: (page) => load(page, '#new-ticket button.create'),
    ticketPage: (page) => load(page, 'a.new-ticket'),
    assigns: { queue: true, agent: true },
  },
  queue: { value: 'escalations', label: { en: 'Escalations', zh: '升级处理' } },
  agent: 'Omar Haddad',
  category: { '1571': 'refund', '1583': 'return' },
};

export const PATTERN_TARGETS: Record<PatternFixtureName, PatternTarget> = {
  'pat-bootstrap': {
    hands: {
      paths: {
        reply: /^\/conversation\/\d+\/reply/,
        note: /^\/conversation\/\d+\/note/,
        ticket: /^\/conversation\/new/,
        assign: { queue: /^\/conversation\/\d+\/move/, agent: /^\/conversation\/ajax/ },
      },
      send: (page) => load(page, '#reply-form button[type=submit]'),
      submitTicket: (page) => load(page, '#new-conversation-form button[type=submit]'),
      ticketPage: (page) => load(page, 'a.new-conversation'),
      assigns: { queue: true, agent: true },
    },
    queue: { value: 'tech', label: { en: 'Technical', zh: '技术支持' } },
    agent: 'Diego Ramos',
    category: { '7': 'refund', '3': 'invoice' },
  },
  'pat-select2': {
    hands: {
      paths: {
        reply: /^\/tickets\/\d+\/comments/,
        note: /^\/tickets\/\d+\/comments/,
        ticket: /^\/tickets(\?|$)/,
        assign: { queue: /^\/api\/tickets\/\d+/, agent: /^\/api\/tickets\/\d+/ },
      },
      send: (page) => load(page, '#comment-form button[type=submit]'),
      submitTicket: (page) => load(page, '#new-ticket button[type=submit]'),
      ticketPage: (page) => load(page, 'a.new-ticket'),
      assigns: { queue: true, agent: true },
    },
    queue: { value: 'vip', label: { zh: 'VIP 专席', en: 'VIP desk' } },
    agent: 'Priya Nair',
    category: { '8812': 'product', '8820': 'delivery' },
  },
  'pat-ckeditor': {
    hands: {
      // One "Update" posts the whole update page: replies, notes and both assignments alike.
      paths: {
        reply: /^\/ticket\/\d+\/update/,
        note: /^\/ticket\/\d+\/update/,
        ticket: /^\/ticket\/new/,
        assign: { queue: /^\/ticket\/\d+\/update/, agent: /^\/ticket\/\d+\/update/ },
      },
      send: (page) => load(page, 'form.update button[type=submit]'),
      submitTicket: (page) => load(page, '#ticket-form button[type=submit]'),
      ticketPage: (page) => load(page, 'a.open-ticket'),
      assigns: { queue: true, agent: true },
    },
    queue: { value: 'key', label: { zh: '大客户部', en: 'Key accounts' } },
    agent: 'Sarah Kim',
    category: { '5': 'refund', '9': 'technical' },
  },
  'pat-summernote': SUMMERNOTE,
  'pat-radix': {
    hands: {
      paths: {
        reply: /^\/api\/tickets\/[0-9a-f-]{36}\/messages$/,
        note: /^\/api\/tickets\/[0-9a-f-]{36}\/messages$/,
        ticket: /^\/api\/tickets$/,
        assign: { queue: /^\/api\/tickets\/[0-9a-f-]{36}$/, agent: /^\/api\/tickets\/[0-9a-f-]{36}$/ },
      },
      // The open tab's own button (Send, or Add note).
      send: (page) => click(page, '.composer [role=tabpanel] .editor-foot button.primary'),
      submitTicket: (page) => click(page, 'form.ticket-form button[type=submit]'),
      // An SPA route: the form renders in place of the ticket. A person reads the ticket for a
      // moment first; deskhand notes the record (and opens the closed "Customer" accordion to
      // learn who it is) once the page is idle, and an SPA route leaves nothing to read after.
      ticketPage: async (page) => {
        await new Promise((r) => setTimeout(r, 1_500));
        await click(page, 'a.new-ticket');
        await page.waitForSelector('form.ticket-form', { visible: true });
      },
      assigns: { queue: true, agent: true },
    },
    queue: { value: 'trust', label: { en: 'Trust & Safety', zh: '安全合规' } },
    agent: 'Lucas Moreau',
    category: { '3f2c9a1e-7b4d-4c8e-9f21-6a5d0c7e2b13': 'login', 'a91d5e07-2c6b-4f3a-8e10-5b7c9d2f4a68': 'invoice' },
  },
  'pat-kbdown': SUMMERNOTE,
};

export const PATTERN_HANDS: Record<PatternFixtureName, Hands> = Object.fromEntries(
  Object.entries(PATTERN_TARGETS).map(([name, x]) => [name, x.hands]),
) as Record<PatternFixtureName, Hands>;

/** A pattern console as deskhand's write judge takes it: its truth and log, its hands, its queue, agent and categories. */
export function patternTarget(name: PatternFixtureName, fx: FixtureServer): WriteTarget {
  const p = PATTERN_TARGETS[name];
  const target = truthTarget(name, fx, p.hands, (r) => {
    const category = p.category[r.recordId];
    if (!category) throw new Error(`${name}: no category for record ${r.recordId}`);
    const option = r.options.categories.find((c) => c.value === category);
    if (!option) throw new Error(`${name}: no category option ${category}`);
    return { category, categoryLabel: option.label };
  });
  return { ...target, queue: p.queue, agent: p.agent };
}

