import { z } from '../tools/zod.ts';
import { behindModal } from '../dom/editors/kit.ts';
import { ACT_WORDS } from '../dom/synonyms.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { fail } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { deliver, fillComposer } from './landed.ts';
import { modeCommit, modeControls } from '../dom/composer-mode.ts';
import { composerOf, openerName, recipeCommit, recordIdOf } from './composer.ts';
import { isFailure, recipeOf, recipeSteps } from './recipe.ts';
import { buttonNear, enabledAfterFill, foreignCommit } from './press.ts';
import { composerHereOrThere, jobPage, opensPage } from './carry.ts';

const WORDS = {
  refused: 'NOTE_REFUSED',
  unclear: 'NOTE_UNCERTAIN',
  silent: 'NOTE_UNCONFIRMED',
  fix: 'Fix what it says and add the note again.',
  check: 'Check the notes list before adding it again.',
  acts: ACT_WORDS.note,
};

const input = z.strictObject({ text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000)) });

/** The profile's button (icon-only ones have no words), else the nearest note button around the box. */
function noteButton(deps: CatalogDeps, box: Element): ReturnType<typeof buttonNear> {
  const s = deps.model().current();
  const own = s.submit('note');
  if (own) return { ok: true, el: own, label: '' };
  const found = buttonNear(s.composer('note')?.container ?? box, BUTTON_SYNONYMS.addNote, { disabledOk: true });
  // "Internal note" beside "Public reply" switches the box's mode; it saves nothing.
  const modes = modeControls(box);
  const near = found.ok && (found.el === modes.note || found.el === modes.reply) ? { ok: false as const, detail: `"${found.label}" switches the box to note mode; it saves nothing` } : found;
  // One editor for reply and note with one generic submit ("提交"): that button, once the mode is note.
  const shared = near.ok ? null : modeCommit(box);
  return shared ? { ok: true, el: shared, label: '' } : near;
}

export const noteAdd = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'note.add',
  title: 'Add internal note',
  description:
    'Add an internal note (seen by colleagues, never by the customer) to the open conversation, through the console\'s own note box. ' +
    'Returns when the console lists the note. To write to the customer use reply.draft.',
  sideEffect: 'write',
  risk: 'low',
  featureFlag: 'notes',
  facets: ['conversation'],
  input,
  timeoutMs: 20_000,
  async preview({ text }) {
    const f = composerOf(deps, 'note', true);
    const id = recordIdOf(deps);
    const recipe = recipeOf(deps, 'note');
    const opens = openerName(deps, 'note');
    const away = f || opens || recipe ? null : jobPage(deps, 'note');
    return { recordId: id ?? undefined, touches: f || away ? ['note'] : [], missing: f || away ? [] : ['note'], display: { conversation: id, text, ...(opens ? { opens } : {}), ...opensPage(away), ...(recipe ? { steps: recipeSteps(recipe, { text }) } : {}) } };
  },
  async run({ text }, ctx) {
    const f = await composerHereOrThere(deps, 'note', { tool: 'note.add', input: { text }, words: WORDS }, ctx);
    if (!f) return fail('not_found', 'NO_NOTE_BOX', 'No internal-note box was found.', 'Open a conversation first.');
    if (isFailure(f)) return f;
    const byRecipe = !!deps.model().current().recipe('note');
    // Found before the fill (no button: nothing is typed), pressed only once it is enabled. A
    // recipe's commit is found after the fill, by the recipe (its steps may come between).
    let button = byRecipe ? null : noteButton(deps, f.el);
    if (button && !button.ok) return fail('not_found', 'NO_NOTE_BUTTON', `The note box has no save button deskhand can use: ${button.detail}.`, 'Add the note by hand.');
    // An internal note never goes out through the reply's Send or another form's submit.
    const foreign = button?.ok ? foreignCommit(deps, 'note', button.el) : null;
    if (foreign) return foreign;
    const blocked = behindModal(f.el);
    if (blocked) return fail('failed', 'COMPOSER_BLOCKED', `The note box cannot be edited now${blocked}.`, 'Close the dialog, then add the note again.');
    const filled = await fillComposer(f, text, ctx.signal);
    if (!filled.ok) return fail('failed', 'NOTE_NOT_TAKEN', `The note box did not take the text: ${filled.detail}`, 'Type it by hand.');
    if (byRecipe) {
      const c = await recipeCommit(deps, 'note', ctx.signal);
      if (c && isFailure(c)) return c;
      if (!c?.commit) return fail('not_found', 'NO_NOTE_BUTTON', 'The recipe names no save button for the note.', 'Add the note by hand.');
      button = { ok: true, el: c.commit, label: '' };
      const foreignNow = foreignCommit(deps, 'note', c.commit);
      if (foreignNow) return foreignNow;
    }
    if (!button?.ok) return fail('not_found', 'NO_NOTE_BUTTON', 'The note box has no save button deskhand can use.', 'Add the note by hand.');
    if (!(await enabledAfterFill(button.el, ctx.signal))) {
      return fail('failed', 'NOTE_BUTTON_DISABLED', `The note is in the box, but ${button.label ? `the "${button.label}" button` : 'its save button'} stayed disabled, so it was not pressed.`, 'Check the note box and save it by hand.');
    }
    return deliver(
      deps,
      {
        tool: 'note.add',
        button: button.el,
        text,
        record: 'same',
        composer: f.el,
        ready: deps.model().current().ready('note'),
        words: WORDS,
        data: { added: true, conversationId: recordIdOf(deps) },
        timeoutMs: deps.observeMs ?? 5_000,
        fillMs: filled.ms,
      },
      ctx,
    );
  },
});
