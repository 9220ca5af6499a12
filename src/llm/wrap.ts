/**
 * Page text reaches the model wrapped in per-call random delimiters (DESIGN.md "The chat
 * loop"), so text inside cannot close the block and pose as instructions.
 */
import { dataBlock } from '../tools/data-block.ts';
import type { ToolResult } from '../tools/types.ts';

/** The content of a tool message: the result (or error) as JSON inside fresh markers. */
export function toolMessageContent(result: ToolResult | { status: 'refused'; error: unknown }): string {
  return dataBlock(JSON.stringify(result));
}
