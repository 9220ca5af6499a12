/**
 * What a thread taught from examples says beyond where its entries are: the order the console
 * lists them in, and whether only the poster tells the customer from the staff.
 *
 * The order is the agent's to say when they pick the oldest message (the conversation's first
 * one); else the entries' own times say it, read as the thread reader reads them. Roles by
 * identity are taught when nothing in the markup tells the two examples apart and the
 * customer's example is signed by the person the customer panel names.
 */
import { entryParts } from '../dom/entry.ts';
import type { ThreadOrder, ThreadRule } from '../dom/rules.ts';
import { listedOrder } from '../dom/thread.ts';

type Parts = Pick<ThreadRule, 'author' | 'time' | 'body'>;

const partsRule = (rule: Parts) => ({ ...(rule.author ? { author: rule.author } : {}), ...(rule.time ? { time: rule.time } : {}), ...(rule.body ? { body: rule.body } : {}) });

/** The order of `entries` (all of the list, in page order), from the picked oldest one or their times. */
export function taughtOrder(entries: readonly Element[], rule: Parts, oldest: Element | undefined): { order: ThreadOrder; from: 'oldest' | 'times' } | null {
  if (oldest && entries.length > 1) {
    const at = entries.findIndex((e) => e === oldest || e.contains(oldest));
    if (at === entries.length - 1) return { order: 'newest-first', from: 'oldest' };
    if (at === 0) return { order: 'oldest-first', from: 'oldest' };
  }
  const listed = listedOrder(entries.map((e) => ({ timeIso: entryParts(e, partsRule(rule)).timeIso })), undefined);
  return listed.by === 'times' ? { order: listed.order, from: 'times' } : null;
}

const norm = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The customer's example is signed by the customer panel's person, the agent's by someone else. */
export function byIdentity(customer: Element, agent: Element, rule: Parts, who: { name?: string | undefined; email?: string | undefined } | undefined): boolean {
  const name = norm(who?.name);
  const email = norm(who?.email);
  if (!name && !email) return false;
  const is = (a: string) => !!a && ((!!name && a === name) || (!!email && a.includes(email)));
  const c = norm(entryParts(customer, partsRule(rule)).author);
  const a = norm(entryParts(agent, partsRule(rule)).author);
  return is(c) && !!a && !is(a);
}
