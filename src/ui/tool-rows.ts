/**
 * `__extTools.list()` rows, made for `console.table`: a localised title and a short
 * (≤ 80 chars) description, one effect column (`sideEffect`), `why` only when a tool is not
 * available here, and the tool's MCP / WebMCP annotations. The model's long description
 * stays in the registry and in docs/tools.json.
 */
import type { ToolInfo } from '../tools/types.ts';
import { annotationsOf, type ToolAnnotations } from './annotations.ts';
import { errorText } from './errors.ts';
import { toolSummary, toolTitle } from './i18n.ts';

export interface ToolRow {
  name: string;
  title: string;
  description: string;
  domain: string;
  sideEffect: ToolInfo['sideEffect'];
  risk: ToolInfo['risk'];
  available: boolean;
  why?: string;
  /** Where its capability comes from here: "profile <id>", "heuristics" or "not found". */
  source?: string;
  annotations: ToolAnnotations;
}

export const SHORT_MAX = 80;

/** The first sentence of a long description, cut to SHORT_MAX (fallback when a locale has no summary). */
export function firstSentence(text: string, max = SHORT_MAX): string {
  const first = /^[^.!?。！？]*[.!?。！？]?/.exec(text)?.[0]?.trim() || text;
  return first.length > max ? `${first.slice(0, max - 1)}…` : first;
}

export function toolRow(info: ToolInfo, source?: string): ToolRow {
  return {
    name: info.name,
    title: toolTitle(info.name, info.title),
    description: toolSummary(info.name, firstSentence(info.description)),
    domain: info.domain,
    sideEffect: info.sideEffect,
    risk: info.risk,
    available: info.available,
    // Listed tools are hidden when their feature is off, so "not available" means another page type.
    ...(info.available ? {} : { why: errorText({ code: 'WRONG_PAGE', type: 'unavailable', detail: info.reason ?? '' }) }),
    ...(source ? { source } : {}),
    annotations: annotationsOf(info.name, info),
  };
}
