/**
 * Why a file or setting was refused, as data: where (`path`), what kind (`code`, a key the UI
 * translates with `problem_<code>`), the values that belong in the sentence (`params`) and
 * the developer's English (`detail`, for logs and tests). Pure: no DOM, no chrome.*.
 *
 * zod's issue messages are English only (src/tools/zod.ts configures one locale), so the UI
 * never shows them: it shows its own sentence for the issue's kind. Checks with a message
 * of their own (a refine, a regex with a hint) are recognised by that message in HINTS.
 */
import type { z } from './zod.ts';

export interface Problem {
  path: string;
  code: string;
  params: string[];
  detail: string;
}

/** The schema hints the UI has a sentence for (message → code). Schema files use these texts. */
export const HINTS = {
  badRegex: 'not a valid regular expression',
  slowRegex: 'a pattern that can take too long: no back-references, lookarounds, or repeated groups holding a repetition or an alternative',
  samePath: 'a path on the console itself, starting with one "/"',
  relativeUrl: 'a path on the console itself (no scheme, no host)',
  linkOrPath: 'give either `link` or `path`',
  profileId: 'lowercase letters, digits, . _ -',
  recognise: 'a profile must say how to recognise its console',
  sameOriginUrl: 'Use a path on the console itself (e.g. /api/kb/search); other origins are not allowed.',
  jsonPath: 'A dotted path like data.items or title',
  recipeCommit: 'a recipe ends with its commit: a click, a key or a change (the Send, the Save, the person chosen)',
  recipeParam: 'a parameter this job does not have, or one inside a CSS or XPath selector (parameters go in values and aria/ or text/ selectors)',
  recipeStep: 'a step deskhand does not replay (page code, browser settings) or a navigation to another site',
} as const;

/** Every kind of issue zod 4 reports (z.core.$ZodIssue['code']). */
const ISSUE_CODES = ['invalid_type', 'too_big', 'too_small', 'invalid_format', 'not_multiple_of', 'unrecognized_keys', 'invalid_union', 'invalid_key', 'invalid_element', 'invalid_value', 'custom'] as const;
/** Our own checks (profiles taught or imported). */
const OWN_CODES = ['not_json', 'taught_origin', 'builtin_id', 'kb_offsite', 'not_here', 'too_slow_here'] as const;

/** Every `code` a Problem can have: the UI has a `problem_<code>` sentence for each (test/i18n/keys.test.ts). */
export const PROBLEM_CODES: readonly string[] = [...ISSUE_CODES, ...OWN_CODES, ...Object.keys(HINTS).map((k) => `hint_${k}`)];

const HINT_CODE = new Map<string, string>(Object.entries(HINTS).map(([k, v]) => [v, `hint_${k}`]));

type Issue = z.core.$ZodIssue;

/** One of our problems (not from zod). */
export function problem(path: string, code: string, detail: string, ...params: string[]): Problem {
  return { path, code, params, detail };
}

/** zod's issues as problems, each path under `prefix` ("profiles.2"). */
export function fromIssues(issues: readonly Issue[], prefix = ''): Problem[] {
  return issues.map((i) => {
    const path = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    const hint = HINT_CODE.get(i.message);
    return { path, code: hint ?? i.code, params: hint ? [] : paramsOf(i), detail: i.message };
  });
}

function paramsOf(i: Issue): string[] {
  switch (i.code) {
    case 'invalid_type':
      return [String(i.expected)];
    case 'too_small':
      return [String(i.minimum)];
    case 'too_big':
      return [String(i.maximum)];
    case 'unrecognized_keys':
      return [i.keys.join(', ')];
    case 'invalid_value':
      return [i.values.map((v) => String(v)).join(', ')];
    case 'invalid_format':
      return [String(i.format)];
    default:
      return [];
  }
}

/** For logs and tests: "path: detail". */
export function problemLine(p: Problem): string {
  return `${p.path || '(profile)'}: ${p.detail}`;
}
