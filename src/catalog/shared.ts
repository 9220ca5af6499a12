/**
 * Helpers shared by catalog tools: the quick-ticket form, filling a set of fields with a
 * report of what was filled and what was missed, and reading the console's answer.
 */
import { findButton, findFields, type Control, type FoundField } from '../dom/find.ts';
import { idFromText } from '../dom/ids.ts';
import { observe, type Observed } from '../dom/observe.ts';
import { queryAll } from '../dom/query.ts';
import { currentValue, setValue, wait } from '../dom/set-value.ts';
import { BUTTON_SYNONYMS, type FieldKey } from '../dom/synonyms.ts';
import { isVisible, squash } from '../dom/text.ts';
import { visibleTextOf } from '../dom/visible.ts';
import { pickValue } from '../profiles/identity.ts';
import type { Snapshot } from '../profiles/model.ts';
import { fail } from '../tools/errors.ts';
import type { RunResult } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';

/** Field names as agents read them in a report ("missed: 邮箱"). */
export const FIELD_TITLES: Record<FieldKey, { zh: string; en: string }> = {
  name: { zh: '姓名', en: 'name' },
  phone: { zh: '手机', en: 'phone' },
  email: { zh: '邮箱', en: 'email' },
  orderId: { zh: '订单号', en: 'order ID' },
  membership: { zh: '会员等级', en: 'membership' },
  title: { zh: '标题', en: 'title' },
  category: { zh: '分类', en: 'category' },
  priority: { zh: '优先级', en: 'priority' },
  description: { zh: '描述', en: 'description' },
  amount: { zh: '金额', en: 'amount' },
  currency: { zh: '币种', en: 'currency' },
  reason: { zh: '原因', en: 'reason' },
  note: { zh: '备注', en: 'note' },
  queue: { zh: '队列', en: 'queue' },
  reply: { zh: '回复', en: 'reply' },
};

export interface FillReport {
  filled: { field: FieldKey; value: string; via: string }[];
  missed: FieldKey[];
  failed: { field: FieldKey; detail: string }[];
}

/** The quick-ticket form, opening it through the console's own button when it is closed. */
export async function ticketForm(deps: CatalogDeps, open: boolean, signal?: AbortSignal): Promise<{ form: Element | null; opened: boolean }> {
  const form = deps.model().current().ticketForm()?.el ?? null;
  if (!form) return { form: null, opened: false };
  if (isVisible(form) || !open) return { form, opened: false };
  const opener = findButton(BUTTON_SYNONYMS.openTicket);
  opener?.click();
  await wait(0, signal);
  return { form, opened: isVisible(form) };
}

/** The fields that were given a value (empty strings mean "leave as it is"). */
const givenKeys = (values: Partial<Record<FieldKey, string>>): FieldKey[] =>
  (Object.keys(values) as FieldKey[]).filter((k) => values[k] !== undefined && values[k] !== '');

/** Fills what it can, reports the rest. Never throws. */
export async function fillValues(
  values: Partial<Record<FieldKey, string>>,
  scope: Element | Document,
  signal: AbortSignal,
  controls?: readonly Control[],
): Promise<FillReport> {
  const keys = givenKeys(values);
  const { found, missing } = findFields(keys, { scope, ...(controls ? { controls } : {}) });
  const report: FillReport = { filled: [], missed: [...missing], failed: [] };
  for (const key of keys) {
    const f = found[key];
    if (!f) continue;
    signal.throwIfAborted();
    const res = await setValue(f.el, f.kind, values[key]!, signal);
    if (res.ok) report.filled.push({ field: key, value: res.value, via: f.via });
    else report.failed.push({ field: key, detail: res.detail ?? 'not accepted' });
  }
  return report;
}

/** Dry-run twin of fillValues: which fields would be filled, and how they were found. */
export function planValues(values: Partial<Record<FieldKey, string>>, scope: Element | Document): FillReport {
  const keys = givenKeys(values);
  const { found, missing } = findFields(keys, { scope, includeHidden: true });
  return {
    filled: keys.filter((k) => found[k]).map((k) => ({ field: k, value: values[k]!, via: (found[k] as FoundField).via })),
    missed: missing,
    failed: [],
  };
}

export function currentOf(f: FoundField): string {
  return currentValue(f.el, f.kind);
}

export function requireConversation(deps: CatalogDeps): RunResult<never> | null {
  if (deps.model().current().identity().recordId) return null;
  return fail('not_found', 'NO_CONVERSATION', 'No conversation is open in this tab.', 'Open a conversation in the console first.');
}

/** The open record's id (what prepared calls bind to). */
export function recordIdOf(deps: CatalogDeps): string | null {
  return deps.model().current().identity().recordId;
}

/**
 * The record's subject: the profile's rule, else a heading that carries the record id
 * (without the id), else the page's first main heading.
 */
export function subjectOf(s: Snapshot): string {
  for (const pick of s.profile?.identity?.subject ?? []) {
    for (const el of queryAll(document, pick.css).slice(0, 3)) {
      const v = pickValue(el, pick);
      if (v) return v.trim();
    }
  }
  const headings = Array.from(document.querySelectorAll('main h1, main h2, [role=main] h1, [role=main] h2, h1, h2')).filter((h) => isVisible(h));
  const withId = headings.find((h) => idFromText(h.textContent ?? ''));
  const h = withId ?? headings[0];
  if (!h) return '';
  const text = visibleTextOf(h).text.replace(/\n/g, ' ');
  const id = idFromText(text);
  return id ? text.replace(new RegExp(`\\s*[(（]?#?\\s?${id.replace(/[-]/g, '\\-')}[)）]?\\s*`), ' ').trim() : text;
}

/**
 * After pressing a console button: read its status line. `ok` = the console confirmed,
 * `error` = it said no (4xx-like) or failed (5xx-like), `silent` = no answer in time.
 */
export function watchStatus(
  status: Element | null,
  root: Node,
  timeoutMs: number,
  signal: AbortSignal,
  before = status?.textContent ?? '',
): Promise<Observed<string>> {
  return observe<string>(
    root,
    () => {
      const state = status?.getAttribute('data-state');
      const text = (status?.textContent ?? '').trim();
      if (!status || text === before.trim() || text === '…') return null;
      if (state === 'error' || /失败|拒绝|错误|✗|failed|refused|error/i.test(text)) return { kind: 'error', detail: text };
      if (state === 'ok' || text) return { kind: 'done', value: text };
      return null;
    },
    timeoutMs,
    signal,
  );
}

/** A 4xx-like refusal is a clear "no" (failed); anything else unclear is uncertain. */
export function refusalKind(detail: string): 'failed' | 'uncertain' {
  const code = /\b([45]\d\d)\b/.exec(detail)?.[1];
  if (code?.startsWith('4')) return 'failed';
  if (code?.startsWith('5')) return 'uncertain';
  return /拒绝|refused|rejected|不能|invalid|missing|请填写|must/i.test(detail) ? 'failed' : 'uncertain';
}


/** The element where the console reports the result of an action in `container`: ARIA live regions, `<output>`. */
export function statusNear(container: Element, _deps: CatalogDeps): Element | null {
  return container.querySelector('[role=status], [role=alert], [aria-live=polite], [aria-live=assertive], output');
}

/** The composer of a kind as a fillable field: its element and how set-value writes it. */
export function composerOf(deps: CatalogDeps, kind: 'reply' | 'note', includeHidden = false): FoundField | null {
  const c = deps.model().current().composer(kind, includeHidden);
  if (!c || (c.activate && !includeHidden && c.el === c.activate)) return null;
  if (c.field) return c.field;
  const el = c.el;
  const fieldKind = el.tagName === 'TEXTAREA' ? 'textarea' : el.tagName === 'INPUT' ? 'text' : 'editable';
  return { key: kind, el, kind: fieldKind, via: c.via === 'profile' ? 'label' : 'nearby', label: c.via, score: 1 };
}

/** How many elements outside the composer show exactly this text (a landed message or note). */
export function textCount(root: Element, text: string, composer?: Element): number {
  let n = 0;
  for (const el of Array.from(root.querySelectorAll('li, p, div, [role=article], [role=listitem], article, td, span'))) {
    if (composer && (composer.contains(el) || el.contains(composer))) continue;
    if (el.childElementCount > 3) continue;
    if (squash(el.textContent ?? '') === text) n += 1;
  }
  return n;
}

/**
 * The composer, shown: when it sits behind a tab (osTicket's "Post Internal Note"), the tab is
 * clicked as a person would and the composer awaited. Null when there is none to show.
 */
export async function openComposer(deps: CatalogDeps, kind: 'reply' | 'note', signal: AbortSignal): Promise<FoundField | null> {
  const c = deps.model().current().composer(kind);
  if (!c?.activate) return composerOf(deps, kind);
  c.activate.click();
  const seen = await observe<FoundField>(
    document.documentElement,
    () => {
      const now = deps.model().current().composer(kind);
      const f = now && !now.activate ? composerOf(deps, kind) : null;
      return f ? { kind: 'done', value: f } : null;
    },
    3_000,
    signal,
  );
  return seen.kind === 'done' ? seen.value : null;
}
