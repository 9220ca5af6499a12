/**
 * MCP / WebMCP tool annotations, derived from a tool's grade (its side effect and risk live
 * in code, DESIGN.md "The one rule") plus two facts per tool that the grade does not say.
 * - readOnlyHint: a read. destructiveHint: a send, or a high/critical write (cannot simply
 *   be redone). idempotentHint: a read, or a write that sets a value (the same call twice
 *   leaves the same state). openWorldHint: it reaches outside the console page (the customer,
 *   the KB endpoint). untrustedContentHint (WebMCP): its result carries text from the page.
 * https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-annotations
 * https://github.com/webmachinelearning/webmcp
 * Hints describe; they never decide: the registry's gates do (a hint is not a permission).
 */
import type { Risk, SideEffect } from '../tools/types.ts';

export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
  untrustedContentHint: boolean;
}

interface Facts {
  /** The result includes text the page (or the KB) wrote: labels, messages, profiles. */
  pageText: boolean;
  /** A write that sets a value rather than adding one. Reads are idempotent anyway. */
  setsValue?: boolean;
  /** It reaches something outside the console page. */
  openWorld?: boolean;
}

/** Every catalog tool, by name (test/extension/annotations.test.ts keeps it equal to the catalog). */
export const TOOL_FACTS: Readonly<Record<string, Facts>> = {
  'kb.search': { pageText: true, openWorld: true },
  'conversation.read': { pageText: true },
  'customer.read': { pageText: true },
  'ticket.history': { pageText: true },
  'page.inspect': { pageText: true },
  'customer.fill': { pageText: true, setsValue: true },
  'category.match': { pageText: true, setsValue: true },
  'ticket.fill': { pageText: false, setsValue: true },
  'reply.draft': { pageText: false, setsValue: true },
  'note.add': { pageText: false },
  'ticket.submit': { pageText: true },
  'queue.assign': { pageText: true, setsValue: true },
  'ticket.assign': { pageText: true, setsValue: true },
  'refund.request': { pageText: true },
  'reply.send': { pageText: false, openWorld: true },
};

export function annotationsOf(name: string, grade: { sideEffect: SideEffect; risk: Risk | null | undefined }): ToolAnnotations {
  const facts = TOOL_FACTS[name] ?? { pageText: true };
  const read = grade.sideEffect === 'read';
  return {
    readOnlyHint: read,
    destructiveHint: grade.sideEffect === 'send' || (!read && (grade.risk === 'high' || grade.risk === 'critical')),
    idempotentHint: read || facts.setsValue === true,
    openWorldHint: facts.openWorld === true,
    untrustedContentHint: facts.pageText,
  };
}
