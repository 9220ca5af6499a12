import { z } from '../tools/zod.ts';
import { ACT_WORDS, BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import type { WriteTool } from '../tools/types.ts';
import { previewAssign, runAssign, type AssignKind } from './assign.ts';
import type { CatalogDeps } from './deps.ts';

const input = z.strictObject({ queue: z.string().check(z.trim(), z.minLength(1), z.maxLength(60), z.describe('Queue or department value or name, e.g. "logistics", "物流组" or "Support".')) });

const QUEUE: AssignKind = {
  key: 'queue',
  dialogName: 'transfer dialog',
  dialogRule: (deps) => deps.model().current().assignRule('transfer'),
  fieldRule: (deps) => deps.model().current().assignRule('queue'),
  openWords: BUTTON_SYNONYMS.transfer,
  submitWords: [...BUTTON_SYNONYMS.assign, ...BUTTON_SYNONYMS.transfer, ...BUTTON_SYNONYMS.confirm],
  refuse(deps, option) {
    const allowed = deps.settings().queues;
    // "Sales (sales@example.com)", "Billing (3)": the queue's name is what comes before a trailing aside.
    const bare = option.text.replace(/\s*[（(][^()（）]*[)）]\s*$/, '');
    if (allowed.includes(option.value) || allowed.includes(option.text) || (bare && allowed.includes(bare))) return null;
    return { detail: `"${option.text}" is not on the queue allow-list.`, suggestion: `Allowed: ${allowed.join(', ')}. A team lead can change the list in settings.` };
  },
  words: {
    refused: 'CONSOLE_REFUSED',
    unclear: 'ASSIGN_UNCERTAIN',
    silent: 'ASSIGN_UNCONFIRMED',
    fix: 'Fix what it says and assign again.',
    check: 'Check the queue shown on the console before assigning again.',
    acts: ACT_WORDS.queue,
  },
};

export const queueAssign = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'queue.assign',
  title: 'Assign queue',
  description:
    'Move the open conversation to another team queue or department: through a queue field on the page, or the console\'s Transfer dialog, which it opens, fills, submits and reads the result of. ' +
    'Only queues on the allow-list in settings can be chosen. Returns the queue the console confirms and its notice. To assign an agent use ticket.assign; for a note to colleagues use note.add.',
  sideEffect: 'write',
  risk: 'medium',
  featureFlag: 'queues',
  facets: ['assign', 'conversation'],
  input,
  preview: ({ queue }, ctx) => previewAssign(deps, QUEUE, queue, ctx.signal),
  run: ({ queue }, ctx) => runAssign(deps, QUEUE, queue, ctx),
});
