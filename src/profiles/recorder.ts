/**
 * Chrome DevTools Recorder files ↔ recipes. A Recorder export names pages by absolute URL
 * and holds what the person typed and chose; a recipe names pages by path (a taught profile
 * is bound to its one origin) and holds parameters. Pure: the panel imports and exports.
 *
 * Import turns a recording into a job's recipe:
 * - the page it was recorded on is not part of the job: the leading `setViewport` and
 *   `navigate` (to the record the person happened to have open) are dropped, so the recipe
 *   runs on whichever record is open;
 * - this console's URLs become paths; a step that leads to another origin is refused;
 * - reply / note: the last text typed before the commit becomes `{text}`;
 * - assign / transfer: the choice — the option set in a select, or the item clicked as the
 *   commit — becomes `{assignee}` / `{queue}`, found by its visible name. Selector
 *   alternatives that pin the recorded item by position or id (CSS, XPath) are dropped from
 *   that step: they would choose the recorded person whatever the parameter says.
 */
import { commitIndex, paramsIn, type Flow, type Selector, type Step } from '../dom/replay/steps.ts';
import { problem, type Problem } from '../tools/problems.ts';
import { parseRecipe, RECIPE_JOBS, type RecipeJob } from './recipe.ts';

type Loose = Record<string, unknown>;
const isObj = (v: unknown): v is Loose => !!v && typeof v === 'object' && !Array.isArray(v);

/** `url` as a path on `origin`, or null when it is on another origin. */
function toPath(url: string, origin: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const u = new URL(url);
    return u.origin === origin ? `${u.pathname}${u.search}${u.hash}` : null;
  } catch {
    return null;
  }
}

function localise(raw: Loose, origin: string): { steps: Loose[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const steps = (Array.isArray(raw.steps) ? raw.steps : []).filter(isObj).map((s, i) => {
    const out: Loose = { ...s };
    if (s.type === 'navigate' && typeof s.url === 'string') {
      const p = toPath(s.url, origin);
      if (p === null) problems.push(problem(`steps.${i}.url`, 'hint_recipeStep', `another site: ${s.url}`));
      out.url = p ?? s.url;
    }
    if (Array.isArray(s.assertedEvents)) {
      out.assertedEvents = s.assertedEvents.filter(isObj).map((e) => {
        if (typeof e.url !== 'string' || !e.url) return { ...e, url: undefined };
        const p = toPath(e.url, origin);
        if (p === null) problems.push(problem(`steps.${i}.assertedEvents`, 'hint_recipeStep', `another site: ${e.url}`));
        return { ...e, url: p ?? e.url };
      });
    }
    return out;
  });
  return { steps, problems };
}

const nameOf = (sel: Selector): string | null => {
  const part = typeof sel === 'string' ? sel : sel[sel.length - 1]!;
  const m = /^aria\/(.*?)(\[role="[^"]*"\])?$/.exec(part) ?? /^text\/(.*)$/.exec(part);
  return m ? m[1]! : null;
};

/** A name selector with its name replaced by `{param}`; other kinds are dropped. */
function byParam(selectors: readonly Selector[], param: string): Selector[] {
  const out: Selector[] = [];
  for (const sel of selectors) {
    const part = typeof sel === 'string' ? sel : sel[sel.length - 1]!;
    const aria = /^aria\/.*?(\[role="[^"]*"\])?$/.exec(part);
    if (aria) out.push(`aria/{${param}}${aria[1] ?? ''}`);
    else if (part.startsWith('text/')) out.push(`text/{${param}}`);
  }
  return [...new Set(out)];
}

const isSelectStep = (s: Step): boolean => s.type === 'change' && s.selectors.some((x) => /select|combobox|listbox/i.test(JSON.stringify(x)));

const printable = (s: Step): boolean => (s.type === 'keyDown' || s.type === 'keyUp') && [...s.key].length === 1;

/**
 * Recorder records typing into a contenteditable (most rich editors) as one keyDown/keyUp
 * pair per key, not as a change: the last such run before the commit becomes one change step
 * on the element clicked before it. Returns the commit's new index.
 */
function typedAsKeys(steps: Step[], commit: number): number {
  if (steps.slice(0, commit).some((s) => s.type === 'change' && !isSelectStep(s))) return commit;
  let end = commit - 1;
  while (end >= 0 && !printable(steps[end]!)) end--;
  let start = end;
  while (start > 0 && printable(steps[start - 1]!)) start--;
  const click = steps.slice(0, Math.max(start, 0)).filter((s) => s.type === 'click').pop();
  if (end < 0 || !click || click.type !== 'click') return commit;
  steps.splice(start, end - start + 1, { type: 'change', selectors: click.selectors, value: '' });
  return commit - (end - start);
}

/** Puts the job's parameter where the person's own text or choice was. */
function parameterise(flow: Flow, job: RecipeJob): Flow | string {
  const steps = flow.steps.map((s) => ({ ...s })) as Step[];
  const [param] = RECIPE_JOBS[job];
  if (steps.some((s) => [...('selectors' in s && s.selectors ? s.selectors.flat() : []), s.type === 'change' ? s.value : ''].some((t) => paramsIn(t).length))) return { ...flow, steps };
  let c = commitIndex({ steps });
  if (job === 'reply' || job === 'note') {
    c = typedAsKeys(steps, c);
    const i = steps.slice(0, c).map((s, k) => [s, k] as const).filter(([s]) => s.type === 'change' && !isSelectStep(s)).pop()?.[1];
    if (i === undefined) return 'the recording types no text before its last step';
    (steps[i] as Extract<Step, { type: 'change' }>).value = `{${param}}`;
    return { ...flow, steps };
  }
  // assign / transfer: a select set before the commit (a dialog's "Move"), else the item clicked last.
  const sel = steps.slice(0, c).map((s, k) => [s, k] as const).filter(([s]) => s.type === 'change').pop()?.[1];
  if (sel !== undefined) {
    (steps[sel] as Extract<Step, { type: 'change' }>).value = `{${param}}`;
    return { ...flow, steps };
  }
  const commit = steps[c]!;
  if (commit.type !== 'click' && commit.type !== 'doubleClick') return 'the recording ends with no choice (no option set, no item clicked)';
  const named = byParam(commit.selectors, param);
  if (!named.length || !commit.selectors.some((s) => nameOf(s))) return 'the item chosen last has no name to find it by (no aria/ or text/ selector)';
  steps[c] = { ...commit, selectors: named };
  return { ...flow, steps };
}

/** The steps from the first one that acts on the page. */
function fromFirstAct(steps: unknown): unknown[] {
  const list = Array.isArray(steps) ? steps : [];
  const first = list.findIndex((s) => !isObj(s) || (s.type !== 'setViewport' && s.type !== 'navigate'));
  return first < 0 ? list : list.slice(first);
}

/** A Recorder export (JSON text) as the recipe for `job` on this console. */
export function importRecording(text: string, job: RecipeJob, origin: string): { ok: true; flow: Flow } | { ok: false; problems: Problem[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [problem('', 'not_json', `not JSON: ${e instanceof Error ? e.message : String(e)}`)] };
  }
  if (!isObj(raw)) return { ok: false, problems: [problem('', 'invalid_type', 'a recording is an object with title and steps')] };
  const local = localise({ ...raw, steps: fromFirstAct(raw.steps) }, origin);
  if (local.problems.length) return { ok: false, problems: local.problems };
  const first = parseRecipe({ ...raw, steps: local.steps }, job);
  if (!first.ok) return first;
  const flow = parameterise(first.flow, job);
  if (typeof flow === 'string') return { ok: false, problems: [problem('steps', 'hint_recipeCommit', flow)] };
  return parseRecipe(flow, job);
}

/** A recipe as a file DevTools Recorder opens (absolute URLs on this console). */
export function exportRecording(flow: Flow, origin: string): string {
  const abs = (u: string) => new URL(u, origin).href;
  const steps = flow.steps.map((s) => {
    const out = { ...s } as Step;
    if (out.type === 'navigate') out.url = abs(out.url);
    if (out.assertedEvents) out.assertedEvents = out.assertedEvents.map((e) => ({ ...e, ...(e.url ? { url: abs(e.url) } : {}) }));
    return out;
  });
  return `${JSON.stringify({ ...flow, steps }, null, 2)}\n`;
}
