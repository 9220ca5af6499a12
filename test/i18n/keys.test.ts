/**
 * Both locales have the same keys, sorted, with the same placeholders; every key the code
 * uses exists; every key is used; and every family of keys built at run time (tool titles,
 * statuses, error codes, flow steps…) is complete for the values that exist in code.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_TITLES } from '../../src/catalog/fill.ts';
import { GRADES } from '../../src/catalog/grades.ts';
import { IMPORT_ERROR_CODES, SKIP_CODES } from '../../src/kb/import.ts';
import { PICKS, SEARCH_URL_PROBLEMS } from '../../src/kb/sample.ts';
import { URL_FAIL_CODES } from '../../src/kb/store.ts';
import { ENDPOINT_CODES } from '../../src/llm/errors.ts';
import { PRESETS } from '../../src/llm/presets.ts';
import { AuditRecordSchema, ErrorTypeSchema, PlanRunSchema } from '../../src/messages/schemas.ts';
import { plans } from '../../src/plans/index.ts';
import { RESERVED } from '../../src/settings/hotkeys.ts';
import { FEATURES, HOTKEY_ACTIONS } from '../../src/settings/schema.ts';
import { PROBLEM_CODES } from '../../src/tools/problems.ts';
import { THING_KINDS } from '../../src/dom/name.ts';
import { CAPABILITY_STATES, WHY_CODES } from '../../src/teach/report.ts';
import { CALLERS, RISKS } from '../../src/tools/types.ts';
import { toolKey } from '../../src/ui/i18n.ts';
import { formatLocale, LOCALES, localePath, placeholders, readLocale, ROOT, sourceFiles } from '../../scripts/locale-files.ts';

const zh = readLocale('zh_CN');
const en = readLocale('en');
const sources = [...sourceFiles('src'), { path: 'manifest.config.ts', text: readFileSync(join(ROOT, 'manifest.config.ts'), 'utf8') }];
const allText = sources.map((s) => s.text).join('\n');

/** Codes only a developer or the model reads (DevTools bridge, the chat loop, message plumbing): English `detail` is right there. */
const DEVELOPER_CODES = new Set([
  'BAD_MESSAGE', 'NOT_CONTENT', 'NOT_PANEL', 'NOT_FROM_PANEL', 'NOT_FROM_BACKGROUND', 'NOT_EXTENSION_PAGE', 'NOT_ALLOWED',
  'ROUTER_FAILED', 'HANDLER_FAILED', 'BINDING_MISMATCH', 'GRADE_MISMATCH', 'NOT_CONFIRMABLE', 'DUPLICATE_ACTION',
  'RATE_LIMITED', 'BRIDGE_FAILED', 'UNKNOWN_PLAN', 'INPUT_NOT_CLONEABLE', 'BAD_REPLY',
  'TOOL_NOT_OFFERED', 'ARGUMENTS_NOT_JSON', 'TOO_MANY_CALLS', 'NOT_ALLOWED_FOR_CALLER',
  'INPUT_NOT_OBJECT', 'INPUT_TOO_LARGE', 'INPUT_CYCLE', 'INPUT_TOO_DEEP', 'INPUT_NOT_JSON', 'PANEL_NOT_OPENED', 'NOT_CONSOLE', 'NOT_OPTIONS',
  // the page that pressed a submit, asked about its own next page: the worker asks again
  'SAME_PAGE',
]);

/** Error codes written in src/: `code: 'X'`, and the error helpers' code arguments. */
export function errorCodes(): string[] {
  // Also a tool's outcome words (`refused: 'NOTE_REFUSED'`, catalog OutcomeWords): its codes for a console's answers.
  const re = /(?:\bcode:\s*|\b(?:refused|unclear|silent):\s*|\b(?:refusal|refused|refuse|notNow|stepError|outcomeError|failure|failed|fail|err|errorSpec)\(\s*(?:'[a-z_]+',\s*)?)'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,})'/g;
  return [...new Set([...allText.matchAll(re)].map((m) => m[1]!))].sort();
}

const CALL_STATES = ['pending', 'dispatched', 'executed', 'failed', 'uncertain', 'rejected', 'expired']; // src/tools/ledger.ts CallState

/** Families of keys built at run time, with every member the code can produce. */
function families(): Record<string, string[]> {
  const allPlans = plans(() => 'en', () => {
    throw new Error('no page: step lists only');
  });
  const roles = ['AGENT', ...Object.values(GRADES).flatMap((g) => (g.requiredRole ? [g.requiredRole] : []))];
  return {
    hk_: HOTKEY_ACTIONS.map((a) => `hk_${a}`),
    thing_: THING_KINDS.map((k) => `thing_${k}`),
    thingNamed_: THING_KINDS.map((k) => `thingNamed_${k}`),
    capState_: CAPABILITY_STATES.map((c) => `capState_${c}`),
    capWhy_: WHY_CODES.map((c) => `capWhy_${c}`),
    f_: FEATURES.map((f) => `f_${f}`),
    caller_: CALLERS.map((c) => `caller_${c}`),
    risk_: RISKS.map((r) => `risk_${r}`),
    astatus_: AuditRecordSchema._zod.innerType.shape.status.options.map((s) => `astatus_${s}`),
    state_: CALL_STATES.map((s) => `state_${s}`),
    step_: [...PlanRunSchema._zod.innerType.shape.steps._zod.def.element.shape.status.options].map((s) => `step_${s}`),
    run_: [...PlanRunSchema._zod.innerType.shape.status.options].map((s) => `run_${s}`),
    tool_: Object.keys(GRADES).flatMap((n) => [`tool_${toolKey(n)}_title`, `tool_${toolKey(n)}_summary`]),
    reserved_: [...new Set(RESERVED.values())].map((u) => `reserved_${u}`),
    flow_: Object.values(allPlans).flatMap((p) => [
      `flow_${p.name}`,
      ...p.steps.map((s) => `flow_${p.name}_${s.id}`),
      ...p.steps.filter((s) => s.kind === 'check').map((s) => `flow_${p.name}_${s.id}_failed`),
    ]),
    fieldName_: Object.keys(FIELD_TITLES).map((k) => `fieldName_${k}`),
    errType_: ErrorTypeSchema.options.map((t) => `errType_${t}`),
    preset_: PRESETS.flatMap((p) => [`preset_${p.id}_quirks`, `preset_${p.id}_label`]),
    role_: roles.map((r) => `role_${r}`),
    endpoint_: ENDPOINT_CODES.map((c) => `endpoint_${c}`),
    problem_: PROBLEM_CODES.map((c) => `problem_${c}`),
    kbWhy_: [...SKIP_CODES, ...IMPORT_ERROR_CODES, ...URL_FAIL_CODES, 'write'].map((c) => `kbWhy_${c}`),
    kbPick_: PICKS.map((p) => `kbPick_${p}`),
    kbUrlProblem_: SEARCH_URL_PROBLEMS.map((p) => `kbUrlProblem_${p}`),
  };
}

describe('the locales', () => {
  it('have the same keys, each with a message, and the same placeholders', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(zh)) {
      expect(v.message.trim(), `zh_CN ${k}`).not.toBe('');
      expect(en[k]!.message.trim(), `en ${k}`).not.toBe('');
      expect(placeholders(v.message), k).toEqual(placeholders(en[k]!.message));
    }
  });

  it('are sorted by key (npm run locales), so parallel additions rarely collide', () => {
    for (const l of LOCALES) expect(readFileSync(localePath(l), 'utf8'), l).toBe(formatLocale(readLocale(l)));
  });

  it('speak one language each: no Chinese in en, no long English run in zh_CN outside names and codes', () => {
    for (const [k, v] of Object.entries(en)) expect(v.message, k).not.toMatch(/\p{Script=Han}/u);
    for (const [k, v] of Object.entries(zh)) {
      if (k === 'listSeparator') continue;
      // Brand and product words, role and key names, codes and URLs may stay as they are.
      const words = v.message.replace(/https?:\/\/\S+|[A-Z_]{2,}|\b[A-Z][a-z]+\+|\$\d|\b(?:deskhand|JSONL?|API|URL|OpenAI|Ollama|vLLM|DeepSeek|Qwen|DashScope|Moonshot|Kimi|Azure|ms|s|v1|tool_choice|required|reasoning_content|api-key|deepseek-chat|deepseek-reasoner|window\.__extTools|chrome:\/\/\S+|Enter|Tab|Esc|Ctrl|Alt|Shift|Meta)\b/g, '');
      expect(words, k).not.toMatch(/[A-Za-z]{3,}\s+[A-Za-z]{3,}/);
    }
  });
});

describe('keys in code', () => {
  const literal = [...allText.matchAll(/\b(?:t|tOr|getMessage)\(\s*'([A-Za-z0-9_]+)'/g), ...allText.matchAll(/__MSG_([A-Za-z0-9_]+)__/g)].map((m) => m[1]!);
  const dynamicPrefixes = new Set([...allText.matchAll(/`([A-Za-z]+_)\$\{/g)].map((m) => m[1]!));
  const fam = families();

  it('every key the code names exists in both locales', () => {
    const missing = [...new Set(literal)].filter((k) => !(k in zh) || !(k in en));
    expect(missing).toEqual([]);
  });

  it('every run-time family is complete: tool titles, statuses, flow steps, field names, reserved keys…', () => {
    for (const [prefix, members] of Object.entries(fam)) {
      expect(dynamicPrefixes.has(prefix), `${prefix} is built somewhere in src/`).toBe(true);
      expect(members.filter((k) => !(k in zh)), prefix).toEqual([]);
    }
  });

  it('every person-facing error code has a message (err_<CODE>, or err_<CODE>_<type>)', () => {
    const codes = errorCodes();
    expect(codes.length).toBeGreaterThan(40);
    const missing = codes.filter((c) => !DEVELOPER_CODES.has(c) && !c.startsWith('ENDPOINT_') && !Object.keys(zh).some((k) => k === `err_${c}` || k.startsWith(`err_${c}_`)));
    expect(missing).toEqual([]);
  });

  it('every key is used: named in code, or a member of a family built at run time', () => {
    const members = new Set(Object.values(fam).flat());
    const codes = new Set(errorCodes());
    const unused = Object.keys(zh).filter((k) => {
      if (literal.includes(k) || members.has(k)) return false;
      const err = /^err_([A-Z0-9_]+?)(?:_[a-z_]+)?$/.exec(k);
      if (err) return !codes.has(err[1]!);
      const prefix = /^([A-Za-z]+_)/.exec(k)?.[1];
      // A prefix with a known family must be a member of it; other dynamic prefixes are open.
      return !prefix || prefix in fam || !dynamicPrefixes.has(prefix);
    });
    expect(unused).toEqual([]);
  });
});
