import { z } from 'zod';
import { findButton, findField, findSection } from '../dom/find.ts';
import { observe } from '../dom/observe.ts';
import { conversationId } from '../dom/read.ts';
import { setValue } from '../dom/set-value.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';

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
  pageTypes: ['conversation'],
  input,
  async preview({ text }) {
    const f = findField('note', { includeHidden: true });
    return { recordId: conversationId() ?? undefined, touches: f ? ['note'] : [], missing: f ? [] : ['note'], display: { conversation: conversationId(), text } };
  },
  async run({ text }, ctx) {
    const f = findField('note');
    const section = f?.el.closest('section, form, div') ?? null;
    const button = section ? findButton(BUTTON_SYNONYMS.addNote, { scope: section }) : null;
    if (!f || !button) return fail('not_found', 'NO_NOTE_BOX', 'No internal-note box was found.', 'Open a conversation first.');
    const set = await setValue(f.el, f.kind, text, ctx.signal);
    if (!set.ok) return fail('failed', 'NOTE_NOT_TAKEN', `The note box did not take the text: ${set.detail ?? ''}`, 'Type it by hand.');
    button.click();
    const list = section!.querySelector('ul, ol') ?? findSection('conversation') ?? document.body;
    const seen = await observe(
      list,
      () => (Array.from(list.querySelectorAll('li')).some((li) => li.textContent?.trim() === text) ? { kind: 'done', value: true } : null),
      deps.observeMs ?? 5_000,
      ctx.signal,
    );
    if (seen.kind !== 'done') {
      return fail('uncertain', 'NOTE_UNCONFIRMED', 'The console did not show the note after saving.', 'Check the notes list before adding it again.');
    }
    return ok({ added: true, conversationId: conversationId() });
  },
});
