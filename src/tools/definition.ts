/**
 * The rules a tool definition must keep to be registered, each refusal saying what to fix.
 * JSON Schema export is checked by the catalog meta-test, not here: it is the slowest part of
 * registration, and registration runs on every console page that uses a tool.
 */
import { FACETS, RISKS, type SendTool, type Tool } from './types.ts';
import { isStrictObject } from './validate.ts';
import type { StoredTool } from './vault.ts';
import { nameProblem } from './wire.ts';

export function definitionProblem(tool: Tool, existing: ReadonlyMap<string, StoredTool>): string | null {
  if (!tool || typeof tool !== 'object') return 'a tool must be an object.';
  return nameRule(tool, existing) ?? textRule(tool) ?? gradeRule(tool) ?? functionRule(tool) ?? facetRule(tool);
}

function nameRule(tool: Tool, existing: ReadonlyMap<string, StoredTool>): string | null {
  const name = nameProblem(String(tool.name));
  if (name) return name;
  return existing.has(tool.name) ? 'a tool with this name is already registered; names must be unique.' : null;
}

function textRule(tool: Tool): string | null {
  if (typeof tool.title !== 'string' || !tool.title.trim()) return 'give it a short `title` for people.';
  if (typeof tool.description !== 'string' || !tool.description.trim()) return 'give it a `description` for the model: when to use it, when not, what it returns.';
  if (!isStrictObject(tool.input)) return '`input` must be a strict zod object (z.strictObject({...})).';
  if (tool.prepared && !isStrictObject(tool.prepared)) return '`prepared` must be a strict zod object too.';
  return null;
}

function gradeRule(tool: Tool): string | null {
  if (!['read', 'write', 'send'].includes(tool.sideEffect)) return '`sideEffect` must be read, write or send.';
  if (tool.sideEffect === 'read' && tool.risk !== undefined) return 'a read tool has no `risk`; remove it.';
  if (tool.sideEffect !== 'read' && !RISKS.includes(tool.risk as never)) return `a ${tool.sideEffect} tool needs a \`risk\` (${RISKS.join(' | ')}).`;
  return null;
}

function functionRule(tool: Tool): string | null {
  if (tool.sideEffect === 'send' && typeof (tool as SendTool).deliver !== 'function') return 'a send tool needs a separate `deliver` function; its `run` only prepares.';
  if (tool.sideEffect !== 'send' && 'deliver' in tool) return 'only send tools have `deliver`.';
  return typeof tool.run !== 'function' ? 'it needs a `run(input, ctx)` function.' : null;
}

function facetRule(tool: Tool): string | null {
  const badFacet = tool.facets?.find((f) => !FACETS.includes(f));
  return badFacet ? `unknown facet "${badFacet}" (known: ${FACETS.join(', ')}).` : null;
}
