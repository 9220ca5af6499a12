import { z } from '../tools/zod.ts';
import { behindModal } from '../dom/editors/kit.ts';
import { currentValue, setValue } from '../dom/set-value.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { composerOf, openerName } from './composer.ts';
import { isFailure, recipeOf, recipeSteps } from './recipe.ts';
import { composerHereOrThere, jobPage, opensPage } from './carry.ts';

/** A draft carried to the reply page: its codes if that page cannot be reached or answers unclearly. */
const WORDS = { refused: 'DRAFT_REFUSED', unclear: 'DRAFT_UNCERTAIN', silent: 'DRAFT_UNCONFIRMED', fix: 'Nothing was drafted.', check: 'Look at the reply box before drafting again.' };

const MODES = ['replace', 'append', 'ifEmpty'] as const;

const input = z
  .strictObject({
    text: z.string().check(z.trim(), z.maxLength(2_000)),
    mode: z.optional(z.enum(MODES)).check(
      z.describe('replace (default) puts the text in place of what is there; append adds it after a blank line; ifEmpty writes only into an empty box, else fails with DRAFT_HAS_TEXT and changes nothing.'),
    ),
    expected: z.optional(z.string().check(z.maxLength(20_000))).check(z.describe('Write only if the box holds exactly this now (an Undo that must not overwrite later edits), else DRAFT_CHANGED.')),
  })
  // An empty text clears the box: only when asked for in so many words (Undo of an insert into an empty box).
  .check(z.refine((i) => i.text.length > 0 || i.mode === 'replace', { message: 'text is empty: give the draft, or mode "replace" to clear the box', path: ['text'] }));

/** The box's text after an append: the draft below what is there, a blank line between. */
const appended = (before: string, text: string) => (before.trim() ? `${before.trimEnd()}\n\n${text}` : text);

export const replyDraft = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'reply.draft',
  title: 'Draft reply',
  description:
    'Put text into the reply composer of the open conversation without sending it (replacing what is there, or appended, or only into an empty box). ' +
    'The agent reviews and sends it; to send, use reply.send, which a person must confirm. Returns whether the composer took the text, what it held before and what it holds now.',
  sideEffect: 'write',
  risk: 'low',
  featureFlag: 'replies',
  facets: ['composer', 'conversation'],
  input,
  async preview({ text }) {
    const f = composerOf(deps, 'reply', true);
    const recipe = recipeOf(deps, 'reply');
    const opens = openerName(deps, 'reply');
    const away = f || opens || recipe ? null : jobPage(deps, 'reply');
    return { touches: f || away ? ['reply'] : [], missing: f || away ? [] : ['reply'], display: { text, ...(opens ? { opens } : {}), ...opensPage(away), ...(recipe ? { steps: recipeSteps(recipe, { text }).slice(0, -1) } : {}) } };
  },
  async run({ text, mode = 'replace', expected }, ctx) {
    const asked = { text, ...(mode !== 'replace' ? { mode } : {}), ...(expected !== undefined ? { expected } : {}) };
    const f = await composerHereOrThere(deps, 'reply', { tool: 'reply.draft', input: asked, words: WORDS }, ctx);
    if (!f) return fail('not_found', 'NO_COMPOSER', 'No reply composer was found.', 'Open a conversation first, or use page.inspect.');
    if (isFailure(f)) return f;
    const blocked = behindModal(f.el);
    if (blocked) return fail('failed', 'COMPOSER_BLOCKED', `The reply composer cannot be edited now${blocked}.`, 'Close the dialog, then draft again.');
    const before = currentValue(f.el, f.kind);
    if (expected !== undefined && before.trim() !== expected.trim()) return fail('failed', 'DRAFT_CHANGED', 'The reply box was edited since; nothing was changed.', 'Edit the reply box by hand.');
    if (mode === 'ifEmpty' && before.trim()) return fail('failed', 'DRAFT_HAS_TEXT', `The reply box already holds ${before.trim().length} characters; nothing was changed.`, 'Ask whether to replace it or add to it (mode replace or append).');
    const res = await setValue(f.el, f.kind, mode === 'append' ? appended(before, text) : text, ctx.signal);
    if (!res.ok) return fail('failed', 'DRAFT_NOT_TAKEN', `The composer did not take the text: ${res.detail ?? ''}`, 'Paste it by hand.');
    return ok({ drafted: true, chars: res.value.length, via: f.via, previous: before, now: res.value });
  },
});
