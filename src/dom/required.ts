/**
 * What a new ticket needs before it is submitted — a title, a description, and a category
 * where the form has a category field (FreeScout's new conversation has none) — and which of
 * them the form leaves empty. One rule for ticket.submit's check and quickTicket's.
 */
import { findFields } from './find.ts';
import { currentValue } from './set-value.ts';
import type { FieldKey } from './synonyms.ts';

const REQUIRED = ['title', 'category', 'description'] as const;
type RequiredKey = (typeof REQUIRED)[number];
const IF_PRESENT: readonly RequiredKey[] = ['category'];

/** The required fields found (a profile's pinned ones first), those the form lacks, those left empty. */
export function emptyRequired(form: Element, pinned: Partial<Record<FieldKey, Element>>) {
  const { found, missing } = findFields(REQUIRED, { scope: form, pinned });
  const absent = (missing as RequiredKey[]).filter((k) => !IF_PRESENT.includes(k));
  const empty = REQUIRED.filter((k) => (found[k] ? !currentValue(found[k]!.el, found[k]!.kind) : absent.includes(k)));
  return { found, missing: absent, empty };
}
