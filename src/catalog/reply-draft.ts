import { z } from 'zod';
import { findComposer } from '../dom/composer.ts';
import { findField, findSection, type FoundField } from '../dom/find.ts';
import { setValue } from '../dom/set-value.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';

const input = z.strictObject({ text: z.string().trim().min(1).max(2_000) });

export function composer(includeHidden = false): FoundField | null {
  const scope = findSection('conversation', { includeHidden }) ?? document;
  const f = findField('reply', { scope, includeHidden });
  if (f && (f.kind === 'editable' || f.kind === 'textarea')) return f;
  // No labelled reply field: the composer by what it is (an editor, its size, its Send button).
  const c = findComposer();
  if (!c.ok) return null;
  const kind = c.target.kind !== 'textarea' ? 'editable' : c.target.editable.tagName === 'INPUT' ? 'text' : 'textarea';
  return { key: 'reply', el: c.target.editable, kind, via: 'nearby', label: c.why.join('; '), score: c.score };
}

export const replyDraft = (): WriteTool<typeof input, unknown> => ({
  name: 'reply.draft',
  title: 'Draft reply',
  description:
    'Put text into the reply composer of the open conversation without sending it (replacing what is there). ' +
    'The agent reviews and sends it; to send, use reply.send, which a person must confirm. Returns whether the composer took the text.',
  sideEffect: 'write',
  risk: 'low',
  featureFlag: 'replies',
  pageTypes: ['conversation'],
  input,
  async preview({ text }) {
    const f = composer(true);
    return { touches: f ? ['reply'] : [], missing: f ? [] : ['reply'], display: { text } };
  },
  async run({ text }, ctx) {
    const f = composer();
    if (!f) return fail('not_found', 'NO_COMPOSER', 'No reply composer was found.', 'Open a conversation first.');
    const res = await setValue(f.el, f.kind, text, ctx.signal);
    if (!res.ok) return fail('failed', 'DRAFT_NOT_TAKEN', `The composer did not take the text: ${res.detail ?? ''}`, 'Paste it by hand.');
    return ok({ drafted: true, chars: res.value.length, via: f.via });
  },
});
