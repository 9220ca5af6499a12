import { z } from '../tools/zod.ts';
import { behindModal } from '../dom/editors/kit.ts';
import { setValue } from '../dom/set-value.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { composerOf, openComposer, openerName } from './composer.ts';
import { isFailure, recipeOf, recipeSteps } from './recipe.ts';

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
    return { touches: f ? ['reply'] : [], missing: f ? [] : ['reply'], display: { text, ...(opens ? { opens } : {}), ...(recipe ? { steps: recipeSteps(recipe, { text }).slice(0, -1) } : {}) } };
  },
  async run({ text }, ctx) {
    const f = await openComposer(deps, 'reply', ctx.signal);
    if (!f) return fail('not_found', 'NO_COMPOSER', 'No reply composer was found.', 'Open a conversation first, or use page.inspect.');
    if (isFailure(f)) return f;
    const blocked = behindModal(f.el);
    if (blocked) return fail('failed', 'COMPOSER_BLOCKED', `The reply composer cannot be edited now${blocked}.`, 'Close the dialog, then draft again.');
    const res = await setValue(f.el, f.kind, text, ctx.signal);
    if (!res.ok) return fail('failed', 'DRAFT_NOT_TAKEN', `The composer did not take the text: ${res.detail ?? ''}`, 'Paste it by hand.');
    return ok({ drafted: true, chars: res.value.length, via: f.via });
  },
});
