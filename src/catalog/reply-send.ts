import { z } from '../tools/zod.ts';
import { findButton } from '../dom/find.ts';
import { ACT_WORDS } from '../dom/synonyms.ts';
import { currentValue } from '../dom/set-value.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import { fail, ok } from '../tools/errors.ts';
import type { SendTool } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { recordFacts } from '../page/facts.ts';
import { noHiddenControls } from '../tools/unicode.ts';
import { deliver, fillComposer } from './landed.ts';
import { foreignCommit } from './press.ts';
import { modeCommit } from '../dom/composer-mode.ts';
import { composerOf, recipeCommit, recordIdOf, replyBoxNow } from './composer.ts';
import { isFailure } from './recipe.ts';
import { composerHereOrThere, jobPage, opensPage } from './carry.ts';

/** The composer's Send: the profile's, the one found with the composer, else one named Send near it (then anywhere). */
function sendButton(deps: CatalogDeps, editor: Element): HTMLElement | null {
  const s = deps.model().current();
  // A recipe's commit is its only Send: never a button the heuristics would guess instead.
  if (s.recipe('reply')) return s.submit('reply');
  const info = s.composer('reply', true);
  const scope = info?.container ?? editor.closest('form, section, [role=region], [role=form]') ?? document.body;
  // One editor for reply and note with one generic submit ("提交"): that button, once the mode is set.
  return s.submit('reply') ?? info?.sendButton ?? findButton(BUTTON_SYNONYMS.send, { scope }) ?? modeCommit(editor) ?? findButton(BUTTON_SYNONYMS.send);
}

/** A prepared send holds the exact text. */
const prepared = z.strictObject({ text: z.string().check(z.trim(), z.minLength(1), z.maxLength(2_000), z.superRefine(noHiddenControls)) });
/** Without `text`: the draft the agent typed in the reply box (what S sends), read when it is prepared. */
const input = z.partial(prepared);

const WORDS = {
  refused: 'SEND_REFUSED',
  unclear: 'SEND_UNCERTAIN',
  silent: 'SEND_UNCONFIRMED',
  fix: 'The message was not sent.',
  check: 'Check the conversation before sending again.',
  acts: ACT_WORDS.reply,
};

/**
 * `run` only prepares: it reads which conversation and customer the message would go to.
 * `deliver` is the only sending code, reached from a confirmation in the side panel.
 */
export const replySend = (deps: CatalogDeps): SendTool<typeof input, unknown> => ({
  name: 'reply.send',
  title: 'Send reply',
  description:
    'Send a message to the customer of the open conversation. Never sent directly: it prepares the exact text for a person to confirm in the side panel, and only then goes out through the console\'s Send button. ' +
    'Without text it sends the draft already typed in the reply box. To only put text in the composer use reply.draft.',
  sideEffect: 'send',
  risk: 'high',
  featureFlag: 'replies',
  facets: ['composer', 'conversation'],
  input,
  prepared,
  timeoutMs: 20_000,
  async run({ text }) {
    const facts = recordFacts(deps.model().current(), { person: 'to' });
    const id = facts.recordId;
    if (!id) return fail('not_found', 'NO_CONVERSATION', 'No conversation is open, so there is no one to send to.', 'Open the conversation first.');
    const composer = replyBoxNow(deps);
    // The reply box on a page of its own (the record's update page): a given text is sent there, once confirmed.
    const away = composer || !text ? null : jobPage(deps, 'reply');
    if (away) {
      // The card says where it will be sent from: the page the link opens.
      const via = { field: 'opensPage', value: `${away.label} (${away.path})`, source: 'link' as const };
      return ok({ recordId: id, touches: ['reply', 'send'], provenance: [...facts.provenance, via], display: { text, ...opensPage(away) }, input: { text } });
    }
    if (!composer) return fail('not_found', 'NO_COMPOSER', 'No reply composer was found.', text ? 'Open the conversation first.' : 'Open the reply box and type the reply first.');
    // Without text: what the reply box holds; a box in note mode holds a note, never sent as a reply.
    if (!text && !composerOf(deps, 'reply', true)) return fail('validation', 'EMPTY_DRAFT', 'The editor is in internal-note mode: there is no reply draft to send.', 'Switch the editor to Reply and type the reply first.');
    const message = text ?? currentValue(composer.el, composer.kind).trim();
    if (!message) return fail('validation', 'EMPTY_DRAFT', 'The reply box is empty: there is nothing to send.', 'Type or draft the reply first.');
    // No card for a send whose button is another job's: checked here and again at delivery.
    const button = sendButton(deps, composer.el);
    const foreign = button ? foreignCommit(deps, 'reply', button) : null;
    if (foreign) return foreign;
    return ok({ recordId: id, touches: ['reply', 'send'], provenance: facts.provenance, display: { text: message }, input: { text: message } });
  },
  async deliver({ text }, call, ctx) {
    // The executor checked the call against `prepared`: the text is there. Belt and braces.
    if (!text) return fail('failed', 'EMPTY_DRAFT', 'The prepared message has no text. Nothing was sent.', 'Prepare the send again.');
    // Nothing is typed here when the box is on the record's reply page: the confirmed call goes there and is checked and sent there.
    const f = await composerHereOrThere(deps, 'reply', { tool: 'reply.send', input: { text }, actionId: call.actionId, words: WORDS }, ctx);
    if (f && isFailure(f)) return f;
    let button = f ? sendButton(deps, f.el) : null;
    const byRecipe = !!deps.model().current().recipe('reply');
    if (!f || (!button && !byRecipe)) return fail('failed', 'NO_COMPOSER', 'The composer or its Send button is gone. Nothing was sent.', 'Open the conversation and try again.');
    const foreign = button ? foreignCommit(deps, 'reply', button) : null;
    if (foreign) return foreign;
    const filled = await fillComposer(f, text, ctx.signal);
    if (!filled.ok) return fail('failed', 'TEXT_NOT_TAKEN', `The composer did not take the text (${filled.detail}). Nothing was sent.`, 'Send it by hand.');
    if (byRecipe) {
      // The recipe's steps after the text, then its commit: found (and checked again) only now.
      const c = await recipeCommit(deps, 'reply', ctx.signal);
      if (c && isFailure(c)) return c;
      button = c?.commit ?? null;
      if (!button) return fail('failed', 'NO_COMPOSER', 'The recipe names no Send button. Nothing was sent.', 'Send it by hand.');
      const foreignNow = foreignCommit(deps, 'reply', button);
      if (foreignNow) return foreignNow;
    }
    return deliver(
      deps,
      {
        tool: 'reply.send',
        button: button!,
        text,
        record: 'same',
        composer: f.el,
        ready: deps.model().current().ready('reply'),
        words: WORDS,
        data: { sent: true, conversationId: recordIdOf(deps) },
        timeoutMs: deps.observeMs ?? 10_000,
        fillMs: filled.ms,
      },
      ctx,
    );
  },
});
