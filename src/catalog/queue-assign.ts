import { z } from 'zod';
import { findButton, findField } from '../dom/find.ts';
import { optionsOf, pickOption, setValue } from '../dom/set-value.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { fail, ok } from '../tools/errors.ts';
import type { WriteTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { recordIdOf, refusalKind, statusNear, watchStatus } from './shared.ts';

const input = z.strictObject({ queue: z.string().trim().min(1).max(60).describe('Queue value or name, e.g. "logistics" or "物流组".') });

export const queueAssign = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'queue.assign',
  title: 'Assign queue',
  description:
    'Move the open conversation to another team queue. Only queues on the allow-list in settings can be chosen. ' +
    'Returns the queue the console confirms. For a note to colleagues use note.add instead.',
  sideEffect: 'write',
  risk: 'medium',
  featureFlag: 'queues',
  facets: ['assign', 'conversation'],
  input,
  async preview({ queue }) {
    const f = findField('queue', { includeHidden: true });
    const option = f ? pickOption(optionsOf(f.el, f.kind), queue) : undefined;
    const id = recordIdOf(deps);
    return { recordId: id ?? undefined, touches: f ? ['queue'] : [], missing: f ? [] : ['queue'], display: { conversation: id, queue: option?.text ?? queue } };
  },
  async run({ queue }, ctx) {
    const allowed = deps.settings().queues;
    const f = findField('queue');
    if (!f) return fail('not_found', 'NO_QUEUE_FIELD', 'No queue selector was found.', 'Open a conversation first.');
    const option = pickOption(optionsOf(f.el, f.kind), queue);
    if (!option) return fail('validation', 'UNKNOWN_QUEUE', `The console has no queue "${queue}".`, `Queues here: ${optionsOf(f.el, f.kind).map((o) => o.text).join(', ')}.`);
    if (!allowed.includes(option.value) && !allowed.includes(option.text)) {
      return fail('forbidden', 'QUEUE_NOT_ALLOWED', `"${option.text}" is not on the queue allow-list.`, `Allowed: ${allowed.join(', ')}. A team lead can change the list in settings.`);
    }
    const set = await setValue(f.el, f.kind, option.value, ctx.signal);
    if (!set.ok) return fail('failed', 'QUEUE_NOT_SET', `Could not choose "${option.text}": ${set.detail ?? ''}`, 'Assign it by hand.');
    const section = f.el.closest('section, form, div') ?? document.body;
    const button = findButton(BUTTON_SYNONYMS.assign, { scope: section });
    if (!button) return fail('not_found', 'NO_ASSIGN_BUTTON', 'No assign button was found.', 'Assign it by hand.');
    const status = statusNear(section, deps);
    const before = status?.textContent ?? '';
    button.click();
    const seen = await watchStatus(status, section, deps.observeMs ?? 5_000, ctx.signal, before);
    if (seen.kind === 'done') return ok({ assigned: option.value, message: seen.value, conversationId: recordIdOf(deps) });
    if (seen.kind === 'error') {
      const kind = refusalKind(seen.detail);
      return fail(kind, kind === 'failed' ? 'CONSOLE_REFUSED' : 'ASSIGN_UNCERTAIN', `The console answered: ${seen.detail}`, 'Check the queue shown on the console before assigning again.');
    }
    return fail('uncertain', 'ASSIGN_UNCONFIRMED', 'The console did not confirm the assignment.', 'Check the queue shown on the console before assigning again.');
  },
});
