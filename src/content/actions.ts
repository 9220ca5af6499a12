/**
 * What each hotkey does, through the registry under the `hotkey` caller (plans under
 * `plan`), and the toast that says what happened. Sends end in the side panel.
 */
import type { FillReport } from '../catalog/shared.ts';
import { FIELD_TITLES } from '../catalog/shared.ts';
import { findFields } from '../dom/find.ts';
import { currentValue } from '../dom/set-value.ts';
import { runFlow } from './flows.ts';
import { draftReplyPlan, type UsedArticle } from '../plans/draft-reply.ts';
import type { HotkeyAction } from '../settings/schema.ts';
import { runPlan } from '../tools/plan.ts';
import type { ToolResult } from '../tools/types.ts';
import type { Host } from './host.ts';
import { t, uiLang } from '../ui/i18n.ts';
import { toast } from './toast.ts';

/** The customer's language: the console page's own lang, else the agent's UI language. */
export function pageLang(): 'zh' | 'en' {
  const lang = document.documentElement.lang.toLowerCase();
  if (lang.startsWith('zh')) return 'zh';
  if (lang.startsWith('en')) return 'en';
  return uiLang();
}

export type ActionReport = { tone: 'ok' | 'warn' | 'error' | 'info'; text: string };

const fieldNames = (keys: string[]) => keys.map((k) => FIELD_TITLES[k as keyof typeof FIELD_TITLES]?.[uiLang()] ?? k).join(uiLang() === 'zh' ? '、' : ', ');

function errorText(r: ToolResult): string {
  if (!r.ok && 'error' in r) return `${r.error.detail} ${r.error.suggestion}`;
  return t('toastFailed');
}

function fillReport(r: ToolResult): ActionReport {
  if (!r.ok || r.dryRun) return { tone: 'error', text: errorText(r) };
  const data = r.data as FillReport;
  const filled = data.filled.length;
  const missed = [...data.missed, ...data.failed.map((f) => f.field)];
  if (missed.length === 0) return { tone: 'ok', text: t('toastFilled', filled) };
  return { tone: 'warn', text: t('toastFilledMissed', filled, fieldNames(missed)) };
}

export async function runAction(host: Host, action: HotkeyAction): Promise<ActionReport> {
  const { registry } = host.core;
  switch (action) {
    case 'fillCustomer':
      return fillReport(await registry.invoke('customer.fill', {}, host.ctx('hotkey')));
    case 'matchCategory': {
      const r = await registry.invoke('category.match', {}, host.ctx('hotkey'));
      if (!r.ok || r.dryRun) return { tone: 'error', text: errorText(r) };
      const d = r.data as { choice: { label: string; score: number } | null; runnerUp: { label: string } | null };
      if (!d.choice) return { tone: 'warn', text: t('toastNoCategory') };
      return { tone: 'ok', text: t('toastCategory', d.choice.label, d.choice.score, d.runnerUp?.label ?? '—') };
    }
    case 'draftReply': {
      const res = await runPlan(draftReplyPlan(pageLang), {}, { registry, ctx: host.ctx('plan'), audit: registry.audit });
      const used = res.outputs.used as UsedArticle | null | undefined;
      if (res.status === 'completed') return used ? { tone: 'ok', text: t('toastDraftedFrom', used.title) } : { tone: 'warn', text: t('toastDraftedNoArticle') };
      const failed = res.steps.find((s) => s.status === 'error');
      return { tone: 'error', text: failed?.error ? `${failed.title}: ${failed.error.detail}` : t('toastFailed') };
    }
    case 'prepareSend': {
      const f = host.model.current().composer('reply');
      const text = f ? currentValue(f.el, f.field?.kind ?? (f.el.tagName === 'TEXTAREA' ? 'textarea' : 'editable')).trim() : '';
      if (!text) return { tone: 'warn', text: t('toastEmptyDraft') };
      const r = await registry.invoke('reply.send', { text }, host.ctx('hotkey'));
      if (!r.ok && 'requiresConfirm' in r) return { tone: 'info', text: t('toastAwaitConfirm') };
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

/** Refund from the console's own refund form: the agent types, deskhand prepares, a person confirms. */
async function prepareRefund(host: Host): Promise<ActionReport> {
  const s = host.model.current();
  const form = s.refundForm()?.el ?? null;
  const { found } = form ? findFields(['orderId', 'amount', 'currency', 'reason'], { scope: form }) : { found: {} as Record<string, undefined> };
  const value = (k: 'orderId' | 'amount' | 'currency' | 'reason') => {
    const f = found[k];
    return f ? currentValue(f.el, f.kind).trim() : '';
  };
  const orderId = value('orderId') || (s.customer().fields.orderId ?? '');
  const amount = Number(value('amount').replace(/[^\d.]/g, ''));
  const currency = (/[A-Z]{3}/.exec(value('currency'))?.[0] ?? 'CNY') as 'CNY';
  const reason = value('reason');
  const missing = [!orderId && 'orderId', !(amount > 0) && 'amount', reason.length < 4 && 'reason'].filter(Boolean) as string[];
  if (missing.length) return { tone: 'warn', text: t('toastRefundMissing', fieldNames(missing)) };
  const r = await host.core.registry.invoke('refund.request', { orderId, amount, currency, reason }, host.ctx('hotkey'));
  if (!r.ok && 'requiresConfirm' in r) return { tone: 'info', text: t('toastRefundAwait', amount, currency, orderId) };
  return { tone: 'error', text: errorText(r) };
}

export async function runActionWithToast(host: Host, action: HotkeyAction): Promise<ActionReport> {
  let report: ActionReport;
  try {
    report = await runAction(host, action);
  } catch (e) {
    report = { tone: 'error', text: `${t('toastFailed')} ${e instanceof Error ? e.message : ''}` };
  }
  // Flows toast their own progress and result.
  if (action !== 'quickTicket') toast(report.text, report.tone, report.tone === 'info' ? 7_000 : 4_500);
  return report;
}
