/**
 * Assigning the open record — to a queue/department (queue.assign) or to an agent
 * (ticket.assign) — through whatever the console offers: a field on the page with its
 * button, or an ajax dialog (osTicket's Transfer and Assign) opened through the console's
 * own control. The profile's rule wins (`assign.transfer` / `assign.assign` / `assign.queue`);
 * else the generic heuristics. A dialog is cancelled on any failure before its submit.
 */
import { currentValue, listOptions, pickOption, setValue, type OptionLike } from '../dom/set-value.ts';
import { detectEditor } from '../dom/editors/index.ts';
import { describeEl } from '../dom/describe.ts';
import { cancelDialog, describeControl, dialogField, findOpener, openDialog, openDialogNow, pressForDialog, submitDialog, type Control, type DialogSpec, type OpenedDialog } from '../dom/dialog.ts';
import { mentions } from '../dom/composer.ts';
import { findField, findFields, triedFor, type FoundField } from '../dom/find.ts';
import { isMenuButton, openMenu } from '../dom/controls/menu.ts';
import { noticeBaseline, watchOutcome } from '../dom/outcome.ts';
import { queryOne } from '../dom/query.ts';
import { FIELD_SYNONYMS } from '../dom/synonyms.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import { fail } from '../tools/errors.ts';
import type { RunCtx, RunResult, ToolPreview } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { deliver, handOnLeaving, leftResult } from './landed.ts';
import { composerOf, recordIdOf } from './composer.ts';
import { buttonNear, fromOutcome, type OutcomeWords } from './press.ts';
import { assignByRecipe, jobOf } from './assign-recipe.ts';
import { recipeSteps } from './recipe.ts';
import { carryTo, jobPage, opensPage } from './carry.ts';

type Dialog = NonNullable<NonNullable<ConsoleProfile['assign']>['transfer']>;
type FieldRule = NonNullable<NonNullable<ConsoleProfile['assign']>['queue']>;

export interface AssignKind {
  key: 'queue' | 'agent';
  /** For reports: "transfer dialog", "assign dialog". */
  dialogName: string;
  dialogRule(deps: CatalogDeps): Dialog | undefined;
  fieldRule(deps: CatalogDeps): FieldRule | undefined;
  openWords: readonly string[];
  submitWords: readonly string[];
  /** An error detail when the option may not be chosen (the queue allow-list). */
  refuse?(deps: CatalogDeps, option: OptionLike): { detail: string; suggestion: string } | null;
  words: OutcomeWords;
}

/** Menu items that lead to the list of that kind of choice ("Agent", "Team", 部门). */
const KIND_WORDS: Record<AssignKind['key'], readonly string[]> = {
  agent: ['agent', 'agents', 'staff', 'assignee', 'member', '客服', '员工', '坐席', '处理人', '成员'],
  queue: ['department', 'departments', 'queue', 'queues', 'group', 'groups', 'team', 'teams', 'mailbox', '部门', '队列', '小组', '团队', '邮箱'],
};

type Where =
  | { kind: 'field'; field: FoundField; via: 'profile' | 'heuristics' }
  | { kind: 'dialog'; spec: DialogSpec; field: Control; opener: string; via: 'profile' | 'heuristics' }
  | { kind: 'menu'; opener: HTMLElement; label: string; via: 'heuristics' };

function dialogSpec(k: AssignKind, rule: Dialog | undefined, deps: CatalogDeps): { spec: DialogSpec; field: Control } {
  const signals = deps.model().current().signals();
  const extra = rule?.field.label ?? deps.model().current().fieldWords(k.key);
  return {
    spec: {
      name: k.dialogName,
      open: rule ? { css: rule.open, words: [] } : { words: k.openWords },
      ...(rule?.form ? { form: rule.form } : {}),
      submit: rule?.submit ? { css: rule.submit, words: k.submitWords } : { words: k.submitWords },
      ...(signals ? { signals } : {}),
      ...(k.words.acts ? { acts: k.words.acts } : {}),
    },
    field: { ...(rule?.field.css ? { css: rule.field.css } : {}), words: [...extra, ...FIELD_SYNONYMS[k.key]] },
  };
}

/** Where the choice is made, without touching the page (dry runs and runs alike). */
export function whereToAssign(deps: CatalogDeps, k: AssignKind): Where | { missing: string } {
  const rule = k.dialogRule(deps);
  if (rule) {
    const { spec, field } = dialogSpec(k, rule, deps);
    const opener = openDialogNow(spec) ? { label: 'open already' } : findOpener(spec.open);
    if (opener) return { kind: 'dialog', spec, field, opener: opener.label, via: 'profile' };
  }
  const fr = k.fieldRule(deps);
  const byRule = fr?.css ? queryOne(document, fr.css) : null;
  if (byRule) {
    const f = findField(k.key, { scope: byRule.parentElement ?? document });
    if (f && (f.el === byRule || f.el.contains(byRule))) return { kind: 'field', field: f, via: 'profile' };
  }
  // Queue and agent fields compete: each control is the one its label names best ("Assignee" is not a queue).
  const onPage = findFields(['queue', 'agent']).found[k.key];
  if (onPage && onPage.kind !== 'text' && onPage.kind !== 'textarea' && onPage.kind !== 'editable') return { kind: 'field', field: onPage, via: 'heuristics' };
  const { spec, field } = dialogSpec(k, undefined, deps);
  const opener = findOpener(spec.open);
  // "Transfer ▾" that pops up a list of departments, not a dialog with a field.
  if (opener && !opener.disabled && isMenuButton(opener.el)) return { kind: 'menu', opener: opener.el, label: opener.label, via: 'heuristics' };
  if (opener) return { kind: 'dialog', spec, field, opener: opener.label, via: 'heuristics' };
  return {
    missing: `no ${k.key} control: ${triedFor(k.key)}; and no ${k.dialogName} opener (${describeControl(spec.open)})${rule ? `; the profile's ${k.dialogName} opener ${rule.open} is not on the page` : ''}`,
  };
}

export async function previewAssign(deps: CatalogDeps, k: AssignKind, wanted: string, signal: AbortSignal): Promise<ToolPreview> {
  const id = recordIdOf(deps);
  const recipe = deps.model().current().recipe(jobOf(k));
  if (recipe) return { ...(id ? { recordId: id } : {}), touches: [k.key], missing: [], display: { conversation: id, [k.key]: wanted, via: 'profile recipe', steps: recipeSteps(recipe, { [k.key === 'queue' ? 'queue' : 'assignee']: wanted }) } };
  const where = whereToAssign(deps, k);
  const base = { ...(id ? { recordId: id } : {}) };
  if ('missing' in where) {
    const away = jobPage(deps, 'assign');
    if (away) return { ...base, touches: [k.key], missing: [], display: { conversation: id, [k.key]: wanted, ...opensPage(away) } };
    return { ...base, touches: [], missing: [k.key], display: { conversation: id, [k.key]: wanted, tried: where.missing } };
  }
  if (where.kind === 'dialog') {
    return { ...base, touches: [k.key], missing: [], display: { conversation: id, [k.key]: wanted, opensFirst: `the ${k.dialogName}, through "${where.opener}"`, via: where.via } };
  }
  if (where.kind === 'menu') return { ...base, touches: [k.key], missing: [], display: { conversation: id, [k.key]: wanted, opensFirst: `the menu of "${where.label}"`, via: where.via } };
  const option = pickOption(await listOptions(where.field.el, where.field.kind, signal), wanted);
  return { ...base, touches: [k.key], missing: [], display: { conversation: id, [k.key]: option?.text ?? wanted, via: where.via } };
}

function pickChecked(deps: CatalogDeps, k: AssignKind, options: OptionLike[], wanted: string): { option: OptionLike } | RunResult<never> {
  const option = pickOption(options, wanted);
  if (!option) {
    const names = options.map((o) => o.text).join(', ');
    return fail('validation', k.key === 'queue' ? 'UNKNOWN_QUEUE' : 'UNKNOWN_AGENT', `The console has no ${k.key} "${wanted}".`, `Choices here: ${names || 'none'}.`);
  }
  const refused = k.refuse?.(deps, option);
  if (refused) return fail('forbidden', 'QUEUE_NOT_ALLOWED', refused.detail, refused.suggestion);
  return { option };
}

const toolOf = (k: AssignKind) => (k.key === 'queue' ? 'queue.assign' : 'ticket.assign');

const errorCode = (k: AssignKind, what: 'FIELD' | 'BUTTON') => (k.key === 'queue' ? `NO_QUEUE_${what}` : `NO_AGENT_${what}`);

export async function runAssign(deps: CatalogDeps, k: AssignKind, wanted: string, ctx: RunCtx): Promise<RunResult<unknown>> {
  const recipe = deps.model().current().recipe(jobOf(k));
  if (recipe) return assignByRecipe(deps, k, recipe, wanted, ctx);
  const signal = ctx.signal;
  let where = whereToAssign(deps, k);
  const away = 'missing' in where ? jobPage(deps, 'assign') : null;
  if (away) {
    const carried = await carryTo(deps, away, { tool: toolOf(k), input: { [k.key]: wanted }, words: k.words }, ctx);
    if (carried) return carried;
    where = whereToAssign(deps, k);
  }
  if ('missing' in where) return fail('not_found', errorCode(k, 'FIELD'), `Nothing to assign with was found: ${where.missing}.`, 'Open the ticket first, or teach deskhand the console (profile assign rules).');
  const data = (notice: string, option: OptionLike) => ({ assigned: option.value || option.text, to: option.text, message: notice, conversationId: recordIdOf(deps) });
  if (where.kind === 'field') {
    const f = where.field;
    const picked = pickChecked(deps, k, await listOptions(f.el, f.kind, signal), wanted);
    if (!('option' in picked)) return picked;
    const near = buttonNear(f.el, k.submitWords);
    // A menu button beside the field ("Assign ▾") opens another choice; it confirms nothing.
    const button = near.ok && isMenuButton(near.el) ? { ok: false as const, detail: `"${near.label}" opens a menu; it confirms nothing` } : near;
    if (!button.ok && appliesOnChange(f.el)) return chooseAndWatch(deps, k, f, picked.option, ctx, data);
    if (!button.ok) return fail('not_found', errorCode(k, 'BUTTON'), `No button to confirm the ${k.key} was found: ${button.detail}. Nothing was changed.`, 'Assign it by hand.');
    const posts = postsDraft(deps, button.el);
    if (posts) return posts;
    const set = await setValue(f.el, f.kind, picked.option.value || picked.option.text, signal);
    if (!set.ok) return fail('failed', k.key === 'queue' ? 'QUEUE_NOT_SET' : 'AGENT_NOT_SET', `Could not choose "${picked.option.text}": ${set.detail ?? ''}`, 'Assign it by hand.');
    // A console form may post the whole page (the classic helpdesk's Transfer tab): deliver reads the next page then.
    return deliver(deps, { tool: toolOf(k), button: button.el, record: 'same', words: k.words, data: data('', picked.option), fromNotice: (n) => ({ message: n }), timeoutMs: deps.observeMs ?? 5_000 }, ctx);
  }
  if (where.kind === 'menu') return inMenu(deps, k, where, wanted, ctx, data);
  const d = await openDialog(where.spec, signal);
  if ('stage' in d) return fail('not_found', errorCode(k, 'FIELD'), `The ${k.dialogName} could not be used: ${d.detail}.`, 'Assign it by hand.');
  return inDialog(deps, k, where, d, wanted, ctx, data);
}

/**
 * One button that saves the whole form (an update page's "Update") also posts what its reply
 * or note box holds: an assignment never publishes a draft that way, unconfirmed. Nothing is
 * changed; the agent sends or clears the draft first.
 */
function postsDraft(deps: CatalogDeps, button: HTMLElement): RunResult<never> | null {
  const form = (button as HTMLButtonElement).form ?? button.closest('form');
  for (const kind of ['reply', 'note'] as const) {
    const box = composerOf(deps, kind, true);
    const el = box ? (detectEditor(box.el)?.frame ?? box.el) : null;
    if (!form || !box || !el || !form.contains(el) || !currentValue(box.el, box.kind).trim()) continue;
    return fail('forbidden', 'ASSIGN_WOULD_POST', `${describeEl(button)} would also post the text waiting in the ${kind} box; nothing was changed.`, 'Send or clear the draft first, then assign.');
  }
  return null;
}

/**
 * A choice outside any form, with no button to confirm it: the console applies it on change
 * (an SPA's team or assignee select in the record header). Chosen once, as a person does,
 * then the console's notice decides: success, its refusal, or uncertain.
 */
function appliesOnChange(el: Element): boolean {
  return !el.closest('form') && (el.tagName === 'SELECT' || el.getAttribute('role') === 'combobox');
}

async function chooseAndWatch(deps: CatalogDeps, k: AssignKind, f: FoundField, option: OptionLike, ctx: RunCtx, data: (notice: string, option: OptionLike) => Record<string, unknown>): Promise<RunResult<unknown>> {
  let shown: string | undefined;
  return watchChoice(deps, k, option, ctx, data, async () => {
    const set = await setValue(f.el, f.kind, option.value || option.text, ctx.signal);
    // A controlled select shows the old value until the console's own request answers: the change was made all the same.
    if (!set.ok) shown = set.detail ?? 'another value';
    return null;
  }, () => shown);
}

/**
 * Makes a choice that the console acts on at once (no submit), and reads its notice. `act`
 * returns a failure when nothing was chosen; `doubt` says why, with no notice, it may still
 * have happened (then uncertain, never failed).
 */
async function watchChoice(
  deps: CatalogDeps,
  k: AssignKind,
  option: OptionLike,
  ctx: RunCtx,
  data: (notice: string, option: OptionLike) => Record<string, unknown>,
  act: () => Promise<RunResult<never> | null>,
  doubt: () => string | undefined = () => undefined,
): Promise<RunResult<unknown>> {
  const signals = deps.model().current().signals();
  const before = noticeBaseline(document, signals);
  const refused = await act();
  if (refused) return refused;
  // A console that reloads the page once it applied the choice (FreeScout's Assignee menu):
  // the check goes to the next page, as after a submit, and this answer is uncertain until then.
  const onLeave = handOnLeaving(deps, { tool: toolOf(k), record: 'same', words: k.words, data: data('', option) }, ctx);
  const outcome = await watchOutcome(before, { timeoutMs: deps.observeMs ?? 5_000, signal: ctx.signal, onLeave, ...(signals ? { signals } : {}), ...(k.words.acts ? { acts: k.words.acts } : {}) });
  if (outcome.left) return leftResult(k, `"${option.text}" was chosen`);
  const why = doubt();
  if (outcome.kind === 'uncertain' && why) return fail('uncertain', k.words.silent, `Chose "${option.text}", but the control shows ${why} and the console said nothing.`, k.words.check);
  return fromOutcome(outcome, (n) => data(n, option), k.words);
}

/** Opens the menu, checks the choice (allow-list) before clicking it, and reads the console's notice. */
async function inMenu(deps: CatalogDeps, k: AssignKind, where: Extract<Where, { kind: 'menu' }>, wanted: string, ctx: RunCtx, data: (notice: string, option: OptionLike) => Record<string, unknown>): Promise<RunResult<unknown>> {
  const menu = await openMenu(where.opener, ctx.signal);
  if ('detail' in menu) return fail('not_found', errorCode(k, 'FIELD'), `The ${k.key} menu could not be used: ${menu.detail}. Nothing was changed.`, 'Assign it by hand.');
  const picked = pickChecked(deps, k, menu.options, wanted);
  if (!('option' in picked)) {
    // "Assign ▾ → Agent / Team" (osTicket's sticky bar): an item naming the kind of choice opens
    // the dialog that lists them.
    const kind = !pickOption(menu.options, wanted) ? menu.options.find((o) => mentions(o.text, KIND_WORDS[k.key])) : undefined;
    const item = kind ? menu.itemOf(kind) : null;
    if (kind && item) {
      const { spec, field } = dialogSpec(k, undefined, deps);
      const d = await pressForDialog(item, kind.text, spec, ctx.signal);
      if ('stage' in d) return fail('not_found', errorCode(k, 'FIELD'), `The ${k.key} menu's "${kind.text}" could not be used: ${d.detail}. Nothing was changed.`, 'Assign it by hand.');
      return inDialog(deps, k, { kind: 'dialog', spec, field, opener: `${where.label} → ${kind.text}`, via: 'heuristics' }, d, wanted, ctx, data);
    }
    menu.close();
    return picked;
  }
  const option = picked.option;
  return watchChoice(deps, k, option, ctx, data, async () =>
    menu.choose(option) ? null : fail('failed', k.key === 'queue' ? 'QUEUE_NOT_SET' : 'AGENT_NOT_SET', `The menu item "${option.text}" went away before it was clicked. Nothing was changed.`, 'Assign it by hand.'),
  );
}

async function inDialog(
  deps: CatalogDeps,
  k: AssignKind,
  where: Extract<Where, { kind: 'dialog' }>,
  d: OpenedDialog,
  wanted: string,
  ctx: RunCtx,
  data: (notice: string, option: OptionLike) => Record<string, unknown>,
): Promise<RunResult<unknown>> {
  const signal = ctx.signal;
  const abandon = async <T>(r: T): Promise<T> => {
    await cancelDialog(d, signal);
    return r;
  };
  const f = dialogField(d, where.field);
  if (!f) return abandon(fail('not_found', errorCode(k, 'FIELD'), `The ${k.dialogName} has no ${k.key} field: ${triedFor(where.field.words, d.form)}. It was closed; nothing was changed.`, 'Assign it by hand.'));
  const picked = pickChecked(deps, k, await listOptions(f.el, f.kind, signal), wanted);
  if (!('option' in picked)) return abandon(picked);
  const set = await setValue(f.el, f.kind, picked.option.value || picked.option.text, signal);
  if (!set.ok) return abandon(fail('failed', k.key === 'queue' ? 'QUEUE_NOT_SET' : 'AGENT_NOT_SET', `Could not choose "${picked.option.text}" in the ${k.dialogName}: ${set.detail ?? ''}. It was closed; nothing was changed.`, 'Assign it by hand.'));
  // A "dialog" that is a form in a tab may post the whole page (the classic helpdesk): the next page decides.
  const leaving = handOnLeaving(deps, { tool: toolOf(k), record: 'same', words: k.words, data: data('', picked.option) }, ctx);
  const outcome = await submitDialog(d, where.spec, deps.observeMs ?? 8_000, signal, leaving);
  if ('stage' in outcome) return abandon(fail('not_found', errorCode(k, 'BUTTON'), `${outcome.detail}. It was closed; nothing was changed.`, 'Assign it by hand.'));
  // Nothing may wait now: the page is going, and this answer must leave before it does.
  if (outcome.left) return leftResult(k, `the ${k.dialogName} was submitted`);
  if (outcome.kind !== 'success') await cancelDialog(d, signal);
  return fromOutcome(outcome, (n) => data(n, picked.option), k.words);
}
