/**
 * The content-script half of "verify on the next page". When a tool's submit makes the
 * console load a new page (a full-page POST), this document dies with the tool's answer
 * unknown: as it unloads it tells the worker what the next page must show (one
 * `delivery.navigating` message, sent synchronously from beforeunload, while it still can)
 * and gives the caller the check's id. The worker then asks the next page's content script
 * (`delivery.verify`), which answers from what that page shows — never this document.
 */
import { postToBackground } from '../messages/client.ts';
import type { NextPageCheck } from '../messages/schemas.ts';

/** Checks this document handed on: their ids by the tool call's trace id. */
const announced = new Map<string, string>();
const own = new Set<string>();

/** Ids callers chose for the checks of their calls (by trace id), so they can ask for them. */
const chosen = new Map<string, string>();

/** The check a call hands on as the page goes takes this id (the side panel's `tools.invoke` `checkId`). */
export function chooseCheckId(traceId: string, checkId: string): () => void {
  chosen.set(traceId, checkId);
  return () => chosen.delete(traceId);
}

export function announceLeaving(check: NextPageCheck): void {
  if (announced.has(check.traceId)) return;
  const checkId = chosen.get(check.traceId) ?? crypto.randomUUID();
  announced.set(check.traceId, checkId);
  own.add(checkId);
  // Not awaited: the page is going; the message is queued before it goes.
  postToBackground({ type: 'delivery.navigating', checkId, check });
  for (const fn of leaving) fn(checkId, check);
}

const leaving = new Set<(checkId: string, check: NextPageCheck) => void>();

/** Told when a check is handed on as the page goes (a running flow hands itself over with it). */
export function onLeaving(fn: (checkId: string, check: NextPageCheck) => void): () => void {
  leaving.add(fn);
  return () => leaving.delete(fn);
}

/** The check the call with this trace id handed on, if any (the caller then asks the worker). */
export function takeAnnounced(traceId: string): string | undefined {
  const id = announced.get(traceId);
  announced.delete(traceId);
  return id;
}

/** This document is the one that pressed the submit: it cannot tell what the next page shows. */
export const isOwnCheck = (checkId: string): boolean => own.has(checkId);
