import { z } from '../tools/zod.ts';
import { findField, triedFor } from '../dom/find.ts';
import { quiet } from '../dom/observe.ts';
import { listOptions, optionsOf, setValue, type OptionLike } from '../dom/set-value.ts';
import { categoryPrompt, modelNeed, parseModelChoice, type ModelNeed } from './category-model.ts';
import { confidenceOf, isOtherOption, pickCategory, weighConversation, type CategoryExample, type CategoryPick, type CategoryScore, type WeightedText } from './category-score.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { opensFirst, SETTLE, ticketForm } from './fill.ts';

const input = z.strictObject({
  hint: z.optional(z.string().check(z.trim(), z.maxLength(200))).check(z.describe('Extra words that describe the issue; they count double.')),
  model: z.optional(z.boolean()).check(z.describe('Ask the configured model when the words do not decide (default true; never without an endpoint).')),
});

export const categoryMatch = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'category.match',
  title: 'Match category',
  description:
    'Score the category options of the quick-ticket form against the open conversation (Chinese and English support vocabulary, whole words, the console\'s earlier tickets) and select the best one; ' +
    'when nothing clears the floor it selects the "other" option if the form has one, else nothing, and says so. Where a model is configured and the words do not decide, the model chooses among the listed options. ' +
    'Returns the choice with its score, the words that counted and a confidence (high/medium/low), the runner-up, all scores and who decided. ' +
    'Use ticket.fill to set a category you already know.',
  sideEffect: 'write',
  risk: 'low',
  featureFlag: 'tickets',
  facets: ['ticketForm'],
  input,
  // The same locator as the run; a closed combobox is opened to read its options, then closed.
  async preview({ hint, model }, ctx) {
    const { form, opener } = await ticketForm(deps, false);
    const field = form ? findField('category', { scope: form }) : null;
    // Inside a closed form nothing can be opened: only the options already in the DOM are scored.
    const options = !field ? [] : field.behindOpener ? optionsOf(field.el, field.kind) : await listOptions(field.el, field.kind, ctx.signal);
    const pick = field ? pickCategory(options, await textsOf(deps, hint), { examples: examplesOf(deps) }) : null;
    const first = form ? opensFirst(form, opener) : undefined;
    const ask = pick ? askModel(deps, pick, model) : null;
    return {
      touches: field ? ['category'] : [],
      missing: field ? [] : ['category'],
      display: { choice: pick?.choice?.label ?? null, reason: pick?.reason ?? null, scores: pick?.scores ?? [], ...(ask ? { model: ask } : {}), ...(first ? { opensFirst: first } : {}) },
    };
  },
  async run({ hint, model }, ctx) {
    const { form, opened } = await ticketForm(deps, true, ctx.signal);
    const field = form ? findField('category', { scope: form }) : null;
    if (!field) {
      const tried = form ? triedFor('category', form) : 'no ticket form on this page';
      return fail('not_found', 'NO_CATEGORY_FIELD', `No category field was found in the ticket form: ${tried}.`, 'Use page.inspect to see which fields are found.');
    }
    const options = await listOptions(field.el, field.kind, ctx.signal);
    const texts = await textsOf(deps, hint);
    const pick = pickCategory(options, texts, { examples: examplesOf(deps) });
    const decided = await decide(deps, pick, options, texts, model, ctx.signal);
    const { choice } = decided;
    const runnerUp = runnerUpOf(pick, choice);
    const base = { runnerUp, confidence: confidenceOf(choice, runnerUp, decided.reason), scores: pick.scores, reason: decided.reason, decidedBy: decided.by, ...(decided.model ? { model: decided.model } : {}), opened };
    if (!choice) return ok({ choice: null, ...base, applied: false, detail: 'No category matches the conversation and the form has no "other" option; choose one by hand.' });
    const res = await setValue(field.el, field.kind, choice.value || choice.label, ctx.signal);
    if (!res.ok) return fail('failed', 'CATEGORY_NOT_SET', `Could not select "${choice.label}": ${res.detail ?? ''}`, 'Select it by hand.');
    // The console may load the fields that belong to the category (osTicket's Help Topic form).
    if (form) await quiet(form, SETTLE.quietMs, SETTLE.maxMs, ctx.signal);
    return ok({ choice, ...base, applied: true, via: field.via });
  },
});

const MODEL_WAIT_MS = 6_000;

/** The best-scored other option: the words' runner-up, unless the model chose that one. */
function runnerUpOf(pick: CategoryPick, choice: CategoryScore | null): CategoryScore | null {
  const same = (s: CategoryScore | null) => !!s && s.value === choice?.value && s.label === choice.label;
  if (!same(pick.runnerUp)) return pick.runnerUp;
  return pick.scores.filter((s) => !same(s) && s.score > 0).sort((a, b) => b.score - a.score)[0] ?? null;
}

interface ModelPlan {
  /** Whether the model is asked, and why (the dry run says so). */
  ask: boolean;
  why: ModelNeed | 'off' | 'no endpoint';
}

function askModel(deps: CatalogDeps, pick: CategoryPick, wanted: boolean | undefined): ModelPlan {
  const need = modelNeed(pick);
  if (wanted === false) return { ask: false, why: 'off' };
  // Content scripts never see the model settings (settings-view.ts): the worker says
  // NO_ENDPOINT when none is configured, and the words decide.
  if (!deps.generate) return { ask: false, why: 'no endpoint' };
  return { ask: need !== 'confident', why: need };
}

interface Decision {
  choice: CategoryScore | null;
  reason: CategoryPick['reason'] | 'model';
  by: 'words' | 'model';
  model?: ModelPlan & { answer?: string; used: boolean; detail?: string };
}

/** The lexical pick, or the model's where the words do not decide and it names a listed option. */
async function decide(deps: CatalogDeps, pick: CategoryPick, options: readonly OptionLike[], texts: readonly WeightedText[], wanted: boolean | undefined, signal: AbortSignal): Promise<Decision> {
  const words: Decision = { choice: pick.choice, reason: pick.reason, by: 'words' };
  const plan = askModel(deps, pick, wanted);
  if (!plan.ask || !deps.generate) return { ...words, model: { ...plan, used: false } };
  let answer: string;
  try {
    // A slow model must not hold the form: past MODEL_WAIT_MS the words decide.
    answer = await deps.generate(categoryPrompt(options, texts), AbortSignal.any([signal, AbortSignal.timeout(MODEL_WAIT_MS)]));
  } catch (e) {
    if (signal.aborted) throw e;
    const late = e instanceof Error && e.name === 'TimeoutError';
    const detail = late ? `No answer within ${MODEL_WAIT_MS / 1000} s; the words decide.` : e instanceof Error ? e.message : String(e);
    return { ...words, model: { ...plan, used: false, detail } };
  }
  const named = parseModelChoice(answer, options);
  const score = named ? pick.scores.find((s) => s.value === named.value && s.label === named.text) : undefined;
  if (!named || !score) return { ...words, model: { ...plan, answer: answer.slice(0, 80), used: false, detail: 'The answer is not one of the options; the words decide.' } };
  // Where the words found candidates and only could not choose between them, "other" is the
  // model not knowing either, not evidence against them: the words' choice stands.
  if (pick.reason === 'matched' && isOtherOption(named)) return { ...words, model: { ...plan, answer: answer.slice(0, 80), used: false, detail: 'The model answered "other" where the words found candidates; the words decide.' } };
  return { choice: score, reason: 'model', by: 'model', model: { ...plan, answer: answer.slice(0, 80), used: true } };
}

/** Earlier tickets on this page that show the category a person filed them under. */
function examplesOf(deps: CatalogDeps): CategoryExample[] {
  const rows = deps.model().current().history() ?? [];
  return rows.flatMap((r) => (r.category && r.title ? [{ category: r.category, text: r.title }] : []));
}

/** What the category is matched against: this page's conversation, else the one the form was opened from. */
async function textsOf(deps: CatalogDeps, hint?: string): Promise<WeightedText[]> {
  const s = deps.model().current();
  const here = s.thread()?.entries ?? [];
  const from = here.length ? null : await deps.model().cameFromRecord();
  const subject = here.length ? s.subject() : (from?.subject ?? '');
  return weighConversation(here.length ? here : (from?.messages ?? []), subject || undefined, hint);
}
