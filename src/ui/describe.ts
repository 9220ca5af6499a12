/**
 * Words for what deskhand did: flow and step titles, a step's outcome, an activity row's
 * tool. Internal ids (`plan:quickTicket/draft`, `needs_confirmation`) stay in data
 * attributes and exports; people read these.
 */
import type { FillReport } from '../catalog/fill.ts';
import { stepFailed, type StepEntry } from '../tools/plan.ts';
import { errorParam, errorText, fieldName } from './errors.ts';
import { joinList, t, tOr, toolTitle } from './i18n.ts';

/** A fixed flow's title ("quickTicket" -> 快速建单); plans keep an English title for developers. */
export const flowTitle = (plan: string, fallback = plan): string => tOr(`flow_${plan}`, fallback);

export const stepTitle = (plan: string, step: string, fallback = step): string => tOr(`flow_${plan}_${step}`, fallback);

/** An audit record's `tool` as words: a tool's title, or "flow › step" for a flow's own steps. */
export function toolLabel(tool: string): string {
  const m = /^plan:([A-Za-z]+)\/([A-Za-z]+)$/.exec(tool);
  if (m) return `${flowTitle(m[1]!)} › ${stepTitle(m[1]!, m[2]!)}`;
  return toolTitle(tool, tool);
}

/** One input value, short: text quoted and cut, numbers as they are, anything else as short JSON. */
function shortValue(v: unknown, max: number): string {
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : (JSON.stringify(v) ?? '');
  const cut = s.length > max ? `${s.slice(0, max - 1)}…` : s;
  return typeof v === 'string' ? t('quoted', cut) : cut;
}

/**
 * A tool call's input as words for a chat chip ("查询：“发票抬头” · 条数：3"): each key by its
 * field name, each value shortened. The raw JSON stays one click away (the chip's details).
 */
export function inputWords(input: unknown, max = 30): string {
  if (input === null || input === undefined) return '';
  if (typeof input !== 'object' || Array.isArray(input)) return shortValue(input, max);
  return Object.entries(input as Record<string, unknown>)
    .map(([k, v]) => t('keyValue', tOr(`field_${k.replace(/[^A-Za-z0-9]/g, '_')}`, k), shortValue(v, max)))
    .join(' · ');
}

/** What a finished tool step produced, in a few words (empty when the status says it all). */
function toolOutcome(tool: string, data: unknown): string {
  const d = (data ?? {}) as Record<string, unknown>;
  switch (tool) {
    case 'customer.fill':
    case 'ticket.fill': {
      const r = d as unknown as FillReport;
      if (!Array.isArray(r.filled)) return '';
      const missed = [...(r.missed ?? []), ...(r.failed ?? []).map((f) => f.field)];
      return missed.length ? t('toastFilledMissed', r.filled.length, joinList(missed.map(fieldName))) : t('toastFilled', r.filled.length);
    }
    case 'category.match': {
      const choice = d.choice as { label?: string } | null | undefined;
      return choice?.label ? t('sumCategory', choice.label) : t('toastNoCategory');
    }
    case 'conversation.read':
      return Array.isArray(d.messages) ? t('sumMessages', d.messages.length) : '';
    case 'ticket.history':
      return Array.isArray(d.tickets) ? t('sumTickets', d.tickets.length) : '';
    case 'kb.search':
      return Array.isArray(d.results) ? t('sumKbResults', d.results.length) : '';
    case 'ticket.submit':
      return typeof d.ticketId === 'string' ? t('sumTicketCreated', d.ticketId) : '';
    case 'reply.draft':
      return t('toastDrafted');
    default:
      return '';
  }
}

/** A step's line under its title: the outcome, the reason it failed, or nothing. */
export function stepSummary(plan: string, entry: StepEntry, output: unknown): string {
  if (entry.status === 'needs_confirmation') return t('sumAwaitConfirm');
  if (stepFailed(entry.status) && entry.error) {
    if (entry.error.code === 'CHECK_FAILED') return tOr(`flow_${plan}_${entry.id}_failed`, errorText(entry.error), errorParam(entry.error));
    return errorText(entry.error);
  }
  if (entry.status !== 'done') return '';
  if (entry.kind === 'tool') return toolOutcome(entry.name, output);
  if (entry.kind === 'generate') {
    const title = (output as { title?: unknown } | undefined)?.title;
    return typeof title === 'string' ? t('sumGenerated', title) : '';
  }
  return '';
}
