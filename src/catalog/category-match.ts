import { z } from '../tools/zod.ts';
import { findField, triedFor } from '../dom/find.ts';
import { quiet } from '../dom/observe.ts';
import { listOptions, optionsOf, setValue, type OptionLike } from '../dom/set-value.ts';
import { normLabel } from '../dom/text.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { opensFirst, SETTLE, ticketForm } from './fill.ts';

const input = z.strictObject({
  hint: z.optional(z.string().check(z.trim(), z.maxLength(200))).check(z.describe('Extra words that describe the issue; they count double.')),
});

/**
 * Concepts a category option can stand for, recognised by words in its label, and the
 * words (zh + en) in a conversation that point to it. Hand-written: the lexicon is the
 * product's domain knowledge, not something a library knows.
 */
const CONCEPTS: { label: string[]; words: string[] }[] = [
  { label: ['物流', '配送', '快递', 'shipping', 'delivery', 'logistics'], words: ['包裹', '快递', '物流', '发货', '配送', '到货', '没收到', '未送达', '运单', '签收', 'tracking', 'package', 'parcel', 'shipping', 'delivery', 'delivered', 'arrive', 'courier', 'warehouse'] },
  { label: ['退款', '退货', 'refund', 'return'], words: ['退款', '退货', '退钱', '退回', 'refund', 'return', 'money back'] },
  { label: ['发票', '开票', 'invoice', 'billing'], words: ['发票', '抬头', '税号', '开票', 'invoice', 'receipt', 'tax id'] },
  { label: ['账户', '账号', '登录', 'account', 'login'], words: ['登录', '密码', '验证码', '账号', '账户', '短信', 'login', 'log in', 'password', 'sign in', 'verification', 'account', 'sms'] },
  { label: ['质量', '故障', '维修', 'quality', 'defect'], words: ['没有声音', '没声音', '无声', '坏了', '故障', '质量', '损坏', '破损', '不工作', '不能用', 'defect', 'broken', 'not working', 'faulty', 'silent', 'damaged', 'no sound'] },
];

export interface CategoryScore {
  label: string;
  value: string;
  score: number;
}

function count(text: string, word: string): number {
  let n = 0;
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + word.length)) n += 1;
  return n;
}

/** Scores every option against the conversation: customer words 1, agent words 0.5, hint 2. */
export function scoreOptions(options: OptionLike[], texts: { text: string; weight: number }[]): CategoryScore[] {
  const lowered = texts.map((t) => ({ text: t.text.toLowerCase(), weight: t.weight }));
  return options
    .map((o) => {
      const label = normLabel(`${o.text} ${o.value}`);
      const concept = CONCEPTS.find((c) => c.label.some((w) => label.includes(w)));
      const score = concept
        ? lowered.reduce((s, t) => s + t.weight * concept.words.reduce((n, w) => n + count(t.text, w), 0), 0)
        : 0;
      return { label: o.text, value: o.value, score: Math.round(score * 100) / 100 };
    })
    .sort((a, b) => b.score - a.score);
}

export const categoryMatch = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'category.match',
  title: 'Match category',
  description:
    'Score the category options of the quick-ticket form against the open conversation (Chinese and English keywords) and select the best one. ' +
    'Returns the choice with its score, the runner-up and all scores; when nothing matches it selects nothing and says so. ' +
    'Use ticket.fill to set a category you already know.',
  sideEffect: 'write',
  risk: 'low',
  featureFlag: 'tickets',
  facets: ['ticketForm'],
  input,
  // The same locator as the run; a closed combobox is opened to read its options, then closed.
  async preview({ hint }, ctx) {
    const { form, opener } = await ticketForm(deps, false);
    const field = form ? findField('category', { scope: form }) : null;
    // Inside a closed form nothing can be opened: only the options already in the DOM are scored.
    const options = !field ? [] : field.behindOpener ? optionsOf(field.el, field.kind) : await listOptions(field.el, field.kind, ctx.signal);
    const scores = field ? scoreOptions(options, await textsOf(deps, hint)) : [];
    const first = form ? opensFirst(form, opener) : undefined;
    return { touches: field ? ['category'] : [], missing: field ? [] : ['category'], display: { choice: scores[0]?.score ? scores[0].label : null, scores, ...(first ? { opensFirst: first } : {}) } };
  },
  async run({ hint }, ctx) {
    const { form, opened } = await ticketForm(deps, true, ctx.signal);
    const field = form ? findField('category', { scope: form }) : null;
    if (!field) {
      const tried = form ? triedFor('category', form) : 'no ticket form on this page';
      return fail('not_found', 'NO_CATEGORY_FIELD', `No category field was found in the ticket form: ${tried}.`, 'Use page.inspect to see which fields are found.');
    }
    const scores = scoreOptions(await listOptions(field.el, field.kind, ctx.signal), await textsOf(deps, hint));
    const [choice, runnerUp] = scores;
    if (!choice || choice.score === 0) {
      return ok({ choice: null, runnerUp: null, scores, applied: false, opened, detail: 'No category matches the conversation; choose one by hand.' });
    }
    const res = await setValue(field.el, field.kind, choice.value || choice.label, ctx.signal);
    if (!res.ok) return fail('failed', 'CATEGORY_NOT_SET', `Could not select "${choice.label}": ${res.detail ?? ''}`, 'Select it by hand.');
    // The console may load the fields that belong to the category (osTicket's Help Topic form).
    if (form) await quiet(form, SETTLE.quietMs, SETTLE.maxMs, ctx.signal);
    return ok({ choice, runnerUp: runnerUp ?? null, scores, applied: true, opened, via: field.via });
  },
});

/** What the category is matched against: this page's conversation, else the one the form was opened from. */
async function textsOf(deps: CatalogDeps, hint?: string): Promise<{ text: string; weight: number }[]> {
  const s = deps.model().current();
  const here = s.thread()?.entries ?? [];
  const from = here.length ? null : await deps.model().cameFromRecord();
  const entries = (here.length ? here : (from?.messages ?? [])).filter((m) => m.role !== 'system' && m.role !== 'note');
  const texts = entries.map((m) => ({ text: m.text, weight: m.role === 'customer' ? 1 : 0.5 }));
  const subject = here.length ? s.subject() : (from?.subject ?? '');
  if (subject) texts.push({ text: subject, weight: 1 });
  if (hint) texts.push({ text: hint, weight: 2 });
  return texts;
}
