/**
 * Page text reaches the model wrapped in per-call random delimiters (DESIGN.md "The chat
 * loop"), so text inside cannot close the block and pose as instructions.
 */
import type { ToolResult } from '../tools/types.ts';

function nonce(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
}

/** The content of a tool message: the result (or error) as JSON inside fresh markers. */
export function toolMessageContent(result: ToolResult | { status: 'refused'; error: unknown }): string {
  let id = nonce();
  const body = JSON.stringify(result);
  while (body.includes(id)) id = nonce();
  return `<<data:${id}>>\n${body}\n<</data:${id}>>`;
}
