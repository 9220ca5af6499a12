import { z } from 'zod';
import { findButton } from '../dom/find.ts';
import { observe } from '../dom/observe.ts';
import { setValue } from '../dom/set-value.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { squash } from '../dom/text.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { composerOf, openComposer, recordIdOf, textCount } from './shared.ts';

const input = z.strictObject({ text: z.string().trim().min(1).max(2_000) });

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
  async preview({ text }) {
    const f = composerOf(deps, 'note', true);
    const id = recordIdOf(deps);
    return { recordId: id ?? undefined, touches: f ? ['note'] : [], missing: f ? [] : ['note'], display: { conversation: id, text } };
  },
  async run({ text }, ctx) {
    const f = await openComposer(deps, 'note', ctx.signal);
    const info = deps.model().current().composer('note');
    const section = info?.container ?? f?.el.closest('section, form, fieldset, [role=region], [role=tabpanel]') ?? f?.el.parentElement ?? null;
    const button = section ? findButton(BUTTON_SYNONYMS.addNote, { scope: section }) : null;
    if (!f || !button) return fail('not_found', 'NO_NOTE_BOX', 'No internal-note box was found.', 'Open a conversation first.');
    const set = await setValue(f.el, f.kind, text, ctx.signal);
    if (!set.ok) return fail('failed', 'NOTE_NOT_TAKEN', `The note box did not take the text: ${set.detail ?? ''}`, 'Type it by hand.');
    const before = textCount(document.body, squash(text), f.el);
    button.click();
    const seen = await observe(
      document.body,
      () => (textCount(document.body, squash(text), f.el) > before ? { kind: 'done', value: true } : null),
      deps.observeMs ?? 5_000,
      ctx.signal,
    );
    if (seen.kind !== 'done') {
      return fail('uncertain', 'NOTE_UNCONFIRMED', 'The console did not show the note after saving.', 'Check the notes list before adding it again.');
    }
    return ok({ added: true, conversationId: recordIdOf(deps) });
  },
});
