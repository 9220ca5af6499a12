/**
 * Flows that outlive a page: a flow whose console reloads the page in the middle (a customer
 * lookup that reloads the form, a submit that posts the whole page) hands its state over as
 * the page goes; the same tab's next page on the same origin takes it back, once, within
 * HANDOVER_MS. Kept in memory only: a worker restart in between loses it; the flow then ends
 * with the old page (the panel's progress stays at that step) and never runs twice.
 */
import type { FlowHandover } from '../messages/schemas.ts';

/** Long enough for a console's next page to load; short enough that a later visit never resumes it. */
export const HANDOVER_MS = 30_000;

const handovers = new Map<number, { handover: FlowHandover; origin: string; at: number }>();

export function handOver(handover: FlowHandover, sender: { tabId: number; origin: string }): void {
  handovers.set(sender.tabId, { handover, origin: sender.origin, at: Date.now() });
}

export function takeHandover(sender: { tabId: number; origin: string }): FlowHandover | null {
  const h = handovers.get(sender.tabId);
  if (!h) return null;
  handovers.delete(sender.tabId);
  return h.origin === sender.origin && Date.now() - h.at <= HANDOVER_MS ? h.handover : null;
}
