/**
 * What each hotkey does, through the registry under the `hotkey` caller (plans under
 * `plan`), and the toast that says what happened. Sends end in the side panel.
 */
import { isKbOutage } from '../kb/types.ts';
import type { FillReport } from '../catalog/fill.ts';
import { runFlow } from './flows.ts';
import { draftReplyPlan, type UsedArticle } from '../plans/draft-reply.ts';
import type { HotkeyAction } from '../settings/schema.ts';
import { runPlan, stepFailed } from '../tools/plan.ts';
import type { ToolResult } from '../tools/types.ts';
import type { Host } from './host.ts';
import { stepTitle } from '../ui/describe.ts';
import { errorText as shownError, fieldName } from '../ui/errors.ts';
import { joinList, t, tOr, uiLang } from '../ui/i18n.ts';
import { money } from '../ui/money.ts';
import { toast } from './toast.ts';

/** The customer's language: the console page's own lang, else the agent's UI language. */
export function pageLang(): 'zh' | 'en' {
  const lang = document.documentElement.lang.toLowerCase();
  if (lang.startsWith('zh')) return 'zh';
  if (lang.startsWith('en')) return 'en';
  return uiLang();
}

export type ActionReport = { tone: 'ok' | 'warn' | 'error' | 'info'; text: string };

const fieldNames = (keys: string[]) => joinList(keys.map(fieldName));

function errorText(r: ToolResult): string {
  if ('error' in r) return shownError(r.error);
  return t('toastFailed');
}

function fillReport(r: ToolResult): ActionReport {
  if (r.status !== 'done') return { tone: 'error', text: errorText(r) };
  const data = r.data as FillReport;
  const filled = data.filled.length;
  const missed = [...data.missed, ...data.failed.map((f) => f.field)];
  if (missed.length === 0) return { tone: 'ok', text: t('toastFilled', filled) };
  return { tone: 'warn', text: t('toastFilledMissed', filled, fieldNames(missed)) };
}

/** Actions that work in the ticket form; on a page without one they say so, and where it is. */
const FORM_ACTIONS: readonly HotkeyAction[] = ['fillCustomer', 'matchCategory', 'quickTicket'];

interface PageFacts {
  ticketForm?: { found?: boolean; elsewhere?: { label: string; path: string } };
  refundForm?: { found?: boolean };
}

/**
 * What page.inspect reports of the forms here (a read: the action asks the page model through
 * a tool). Null when it did not answer: then the tool the key runs decides, as it would anyway.
 */
async function pageFacts(host: Host): Promise<PageFacts | null> {
  const r = await host.core.registry.invoke('page.inspect', {}, host.ctx('hotkey'));
  return r.status === 'done' ? ((r.data as { capabilities?: PageFacts }).capabilities ?? null) : null;
}

/**
 * On a record page whose console keeps the new-ticket form on a page of its own ("Open a New
 * Ticket"): a clear refusal that names that page — the profile's `ticketForm.path`, else the
 * page's own link to it — instead of a generic "not on this page".
 */
async function ticketFormElsewhere(host: Host): Promise<ActionReport | null> {
  const facts = await pageFacts(host);
  const form = facts?.ticketForm;
  if (!facts || form?.found) return null;
  const at = form?.elsewhere;
  if (at) return { tone: 'warn', text: t('toastTicketFormAt', at.label || t('toastTicketFormPage'), at.path) };
  return { tone: 'warn', text: t('toastNoTicketForm') };
}

export async function runAction(host: Host, action: HotkeyAction): Promise<ActionReport> {
  const { registry } = host.core;
  const elsewhere = FORM_ACTIONS.includes(action) ? await ticketFormElsewhere(host) : null;
  if (elsewhere) return elsewhere;
  switch (action) {
    case 'fillCustomer':
      return fillReport(await registry.invoke('customer.fill', {}, host.ctx('hotkey')));
    case 'matchCategory': {
      const r = await registry.invoke('category.match', {}, host.ctx('hotkey'));
      if (r.status !== 'done') return { tone: 'error', text: errorText(r) };
      const d = r.data as { choice: { label: string } | null; runnerUp: { label: string } | null; confidence: 'high' | 'medium' | 'low' };
      if (!d.choice) return { tone: 'warn', text: t('toastNoCategory') };
      // How sure, in words (not the scorer's number); the runner-up only when there is one.
      const sure = t(`confidence_${d.confidence}`);
      return { tone: 'ok', text: d.runnerUp ? t('toastCategory', d.choice.label, sure, d.runnerUp.label) : t('toastCategoryAlone', d.choice.label, sure) };
    }
    case 'draftReply': {
      // Only where there is no reply box either: a box on a page the heuristics read no thread from is still drafted into.
      const away = host.model.current().facets()?.includes('composer') ? null : noConversation(host);
      if (away) return away;
      const res = await runPlan(draftReplyPlan(pageLang), {}, { registry, ctx: host.ctx('plan'), audit: registry.audit });
      const used = res.outputs.used as UsedArticle | null | undefined;
      // A knowledge base that could not be asked is an outage, never "no article was found".
      const kbDown = res.steps.find((s) => s.id === 'kb' && stepFailed(s.status) && isKbOutage(s.error?.code));
      // The toast names the next key: the draft is sent with S, as the agent has it set.
      const next = ` · ${t('toastNextSend', host.settings().hotkeys.prepareSend)}`;
      if (res.status === 'completed') return used ? { tone: 'ok', text: t('toastDraftedFrom', used.title) + next } : kbDown ? { tone: 'warn', text: t('toastDraftedKbDown') + next } : { tone: 'warn', text: t('toastDraftedNoArticle') + next };
      const failed = res.steps.find((s) => stepFailed(s.status));
      return { tone: 'error', text: failed?.error ? t('flowStepFailed', stepTitle('draftReply', failed.id), shownError(failed.error)) : t('toastFailed') };
    }
    case 'prepareSend': {
      // The draft in the reply box: reply.send reads it and prepares exactly that text.
      const r = await registry.invoke('reply.send', {}, host.ctx('hotkey'));
      if (r.status === 'needs_confirmation') return { tone: 'info', text: t('toastAwaitConfirm') };
      // Nothing to send: say why as it is — no conversation on this page, or an empty reply box.
      if ('error' in r && ['EMPTY_DRAFT', 'NO_COMPOSER', 'WRONG_PAGE'].includes(r.error.code)) return noConversation(host) ?? (r.error.code === 'WRONG_PAGE' ? { tone: 'error', text: errorText(r) } : { tone: 'warn', text: t('toastEmptyDraft') });
      return { tone: 'error', text: errorText(r) };
    }
    case 'quickTicket': {
      const res = await runFlow(host, 'quickTicket', pageLang);
      // The flow toasts its own progress; this is only the final word for the caller.
      return { tone: res.status === 'completed' ? 'ok' : 'error', text: res.status };
    }
    case 'requestRefund':
      return prepareRefund(host);
    case 'openPanel':
      return { tone: 'info', text: t('toastOpenPanel') };
  }
}

/**
 * A conversation key on a page that shows no conversation (a KB article, a list, a report):
 * the real reason, naming a knowledge-base page as such (issue 23 item 6). Null where a
 * conversation is open or the page is not understood at all (then the tool's own word stands).
 */
function noConversation(host: Host): ActionReport | null {
  const facets = host.model.current().facets();
  if (!facets || facets.includes('conversation')) return null;
  return { tone: 'warn', text: facets.includes('kb') ? t('toastKbPageNoConversation') : t('toastNoConversationHere') };
}

/** Refund from the console's own refund form: the agent types, refund.request prepares it from the form, a person confirms. */
async function prepareRefund(host: Host): Promise<ActionReport> {
  const facts = await pageFacts(host);
  if (facts && !facts.refundForm?.found) return { tone: 'warn', text: t('toastNoRefundForm') };
  const r = await host.core.registry.invoke('refund.request', {}, host.ctx('hotkey'));
  if (r.status === 'needs_confirmation') {
    const { amount, currency, orderId } = r.call.input as { amount: number; currency: string; orderId: string };
    // Who confirms, named as people say it ("a refund approver"), never the role's code.
    const who = r.call.requiredRole ? tOr(`role_${r.call.requiredRole}`, r.call.requiredRole) : t('anyAgent');
    return { tone: 'info', text: t('toastRefundAwait', money(amount, currency), orderId, who) };
  }
  if (!('error' in r)) return { tone: 'error', text: t('toastFailed') };
  // The refund is the one the agent typed: without the console's form there is nothing to prepare.
  if (r.error.code === 'WRONG_PAGE' || r.error.code === 'NO_REFUND_FORM') return { tone: 'warn', text: t('toastNoRefundForm') };
  if (r.error.code === 'INVALID_INPUT' && r.error.fields?.length) return { tone: 'warn', text: t('toastRefundMissing', fieldNames([...new Set(r.error.fields.map((f) => f.path.split('.')[0]!))])) };
  return { tone: 'error', text: errorText(r) };
}

export async function runActionWithToast(host: Host, action: HotkeyAction): Promise<ActionReport> {
  let report: ActionReport;
  try {
    report = await runAction(host, action);
  } catch (e) {
    // The agent reads the toast; the cause is for developers (the console of the page).
    console.warn('deskhand:', action, e);
    report = { tone: 'error', text: t('toastFailed') };
  }
  // Flows toast their own progress and result (a flow refused before it starts does not).
  if (action !== 'quickTicket' || report.tone === 'warn') toast(report.text, report.tone, report.tone === 'info' ? 7_000 : 4_500);
  return report;
}
