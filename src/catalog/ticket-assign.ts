import { z } from '../tools/zod.ts';
import { ACT_WORDS, BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import type { WriteTool } from '../tools/types.ts';
import { previewAssign, runAssign, type AssignKind } from './assign.ts';
import type { CatalogDeps } from './deps.ts';

const input = z.strictObject({ agent: z.string().check(z.trim(), z.minLength(1), z.maxLength(80), z.describe('The agent (colleague) as the console lists them, e.g. "Ben Becker" or "李娜".')) });

const AGENT: AssignKind = {
  key: 'agent',
  dialogName: 'assign dialog',
  dialogRule: (deps) => deps.model().current().assignRule('assign'),
  fieldRule: () => undefined,
  openWords: BUTTON_SYNONYMS.assign,
  submitWords: [...BUTTON_SYNONYMS.assign, ...BUTTON_SYNONYMS.confirm],
  words: {
    refused: 'CONSOLE_REFUSED',
    unclear: 'ASSIGN_UNCERTAIN',
    silent: 'ASSIGN_UNCONFIRMED',
    fix: 'Fix what it says and assign again.',
    check: 'Check who the ticket is assigned to on the console before assigning again.',
    acts: ACT_WORDS.agent,
  },
};

export const ticketAssign = (deps: CatalogDeps): WriteTool<typeof input, unknown> => ({
  name: 'ticket.assign',
  title: 'Assign agent',
  description:
    'Assign the open ticket to an agent (a colleague) through the console\'s own Assign control: an agent field on the page, or the Assign dialog, which it opens, fills, submits and reads the result of. ' +
    'Returns the agent the console confirms and its notice. To move the ticket to a team queue or department use queue.assign.',
  sideEffect: 'write',
  risk: 'medium',
  featureFlag: 'queues',
  facets: ['assign', 'conversation'],
  input,
  preview: ({ agent }, ctx) => previewAssign(deps, AGENT, agent, ctx.signal),
  run: ({ agent }, ctx) => runAssign(deps, AGENT, agent, ctx),
});
