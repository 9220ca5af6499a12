import { z } from '../tools/zod.ts';
import { behindModal } from '../dom/editors/kit.ts';
import { setValue } from '../dom/set-value.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { composerOf, openerName } from './composer.ts';
import { isFailure, recipeOf, recipeSteps } from './recipe.ts';
import { composerHereOrThere, jobPage, opensPage } from './carry.ts';

/** A draft carried to the reply page: its codes if that page cannot be reached or answers unclearly. */
const WORDS = { refused: 'DRAFT_REFUSED', unclear: 'DRAFT_UNCERTAIN', silent: 'DRAFT_UNCONFIRMED', fix: 'Nothing was drafted.', check: 'Look at the reply box before drafting again.' };

const input = z.strictObject({ text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)) });

export const replyDraft = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'reply.draft',
  title: 'Draft reply',
  description:
    'Put text into the reply composer of the open conversation without sending it (replacing what is there). ' +
    'The agent reviews and sends it; to send, use reply.send, which a person must confirm. Returns whether the composer took the text.',
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
  async run({ text }, ctx) {
    const f = await composerHereOrThere(deps, 'reply', { tool: 'reply.draft', input: { text }, words: WORDS }, ctx);
    if (!f) return fail('not_found', 'NO_COMPOSER', 'No reply composer was found.', 'Open a conversation first, or use page.inspect.');
    if (isFailure(f)) return f;
    const blocked = behindModal(f.el);
    if (blocked) return fail('failed', 'COMPOSER_BLOCKED', `The reply composer cannot be edited now${blocked}.`, 'Close the dialog, then draft again.');
    const res = await setValue(f.el, f.kind, text, ctx.signal);
    if (!res.ok) return fail('failed', 'DRAFT_NOT_TAKEN', `The composer did not take the text: ${res.detail ?? ''}`, 'Paste it by hand.');
    return ok({ drafted: true, chars: res.value.length, via: f.via });
  },
});
