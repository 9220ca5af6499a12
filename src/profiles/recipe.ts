/**
 * Recipes: how an agent does one job on this console, as a short Chrome DevTools Recorder
 * user flow (steps with selector alternatives; src/dom/replay/steps.ts) whose last acting
 * step is the **commit** (the Send press, the person chosen). Data only; the page floor
 * (src/page/recipes.ts) replays them, the tools press the commit through their own checks.
 *
 * The schema accepts what a Recorder export holds (extra keys a newer Recorder adds are
 * dropped, never trusted) and refuses what deskhand will not replay: page code
 * (`waitForExpression`, `customStep`), browser settings, a navigation off this console, and a
 * parameter a job does not have.
 */
import { z } from '../tools/zod.ts';
import { fromIssues, HINTS, type Problem } from '../tools/problems.ts';
import { commitIndex, paramsIn, type Flow, type Step } from '../dom/replay/steps.ts';

/** The step vocabulary, for the pages above (the panel records and shows steps). */
export type { Flow, Step };

/** The jobs a recipe can say how to do, and the parameters each fills. */
export const RECIPE_JOBS = {
  reply: ['text'],
  note: ['text'],
  assign: ['assignee'],
  transfer: ['queue'],
} as const;
export type RecipeJob = keyof typeof RECIPE_JOBS;
export const JOB_NAMES = Object.keys(RECIPE_JOBS) as RecipeJob[];

const Text = (max: number) => z.string().check(z.maxLength(max));
const SelectorPart = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(500)));
const Selector = z.lazy(() => z.union([SelectorPart, z.array(SelectorPart).check(z.minLength(1), z.maxLength(8))]));
const Selectors = z.lazy(() => z.array(Selector).check(z.minLength(1), z.maxLength(12)));
const Ms = z.lazy(() => z.number().check(z.int(), z.minimum(1), z.maximum(30_000)));
const NavigationEvent = z.lazy(() => z.object({ type: z.literal('navigation'), url: z.optional(Text(2_000)), title: z.optional(Text(300)) }));
/** Functions, not objects: their schemas are built with the step schema, on first use. */
const base = () => ({
  timeout: z.optional(Ms),
  assertedEvents: z.optional(z.array(NavigationEvent).check(z.maxLength(3))),
  target: z.optional(Text(200)),
  frame: z.optional(z.array(z.number().check(z.int(), z.minimum(0))).check(z.maxLength(5))),
});
const click = () => ({
  ...base(),
  selectors: Selectors,
  offsetX: z.number(),
  offsetY: z.number(),
  button: z.optional(z.enum(['primary', 'auxiliary', 'secondary', 'back', 'forward'])),
  deviceType: z.optional(z.enum(['mouse', 'pen', 'touch'])),
  duration: z.optional(z.number()),
});

export const StepSchema = z.lazy(() => z.discriminatedUnion('type', [
  z.object({ type: z.literal('click'), ...click() }),
  z.object({ type: z.literal('doubleClick'), ...click() }),
  z.object({ type: z.literal('change'), ...base(), selectors: Selectors, value: Text(2_000) }),
  z.object({ type: z.literal('hover'), ...base(), selectors: Selectors }),
  z.object({ type: z.literal('keyDown'), ...base(), key: Text(30) }),
  z.object({ type: z.literal('keyUp'), ...base(), key: Text(30) }),
  z.object({ type: z.literal('navigate'), ...base(), url: Text(2_000) }),
  z.object({ type: z.literal('scroll'), ...base(), selectors: z.optional(Selectors), x: z.optional(z.number()), y: z.optional(z.number()) }),
  z.object({
    type: z.literal('waitForElement'),
    ...base(),
    selectors: Selectors,
    operator: z.optional(z.enum(['>=', '==', '<='])),
    count: z.optional(z.number().check(z.int(), z.minimum(0))),
    visible: z.optional(z.boolean()),
  }),
  z.object({
    type: z.literal('setViewport'),
    ...base(),
    width: z.number(),
    height: z.number(),
    deviceScaleFactor: z.number(),
    isMobile: z.boolean(),
    hasTouch: z.boolean(),
    isLandscape: z.boolean(),
  }),
]));

/** Recorder's selector kinds that name things: the only ones a parameter may sit in. */
const NAMES = /^(aria|text)\//;

/** Where a step breaks the job's rules (empty = fine). */
export function stepProblems(step: Step, job: RecipeJob): string[] {
  const allowed = new Set<string>(RECIPE_JOBS[job]);
  const out: string[] = [];
  for (const sel of 'selectors' in step && step.selectors ? step.selectors : []) {
    for (const part of typeof sel === 'string' ? [sel] : sel) {
      const ps = paramsIn(part);
      if (ps.length && !NAMES.test(part)) out.push(HINTS.recipeParam);
      else if (ps.some((p) => !allowed.has(p))) out.push(HINTS.recipeParam);
    }
  }
  if (step.type === 'change' && paramsIn(step.value).some((p) => !allowed.has(p))) out.push(HINTS.recipeParam);
  // Stored recipes name pages by path only (recorder.ts turns this console's URLs into paths).
  const urls = [...(step.type === 'navigate' ? [step.url] : []), ...(step.assertedEvents ?? []).map((e) => e.url ?? '/')];
  if (urls.some((u) => !/^\/(?!\/)/.test(u))) out.push(HINTS.recipeStep);
  return out;
}

function recipeOf(job: RecipeJob) {
  return z
    .object({
      title: Text(200),
      timeout: z.optional(Ms),
      selectorAttribute: z.optional(Text(60)),
      steps: z.array(StepSchema).check(z.minLength(1), z.maxLength(40)),
    })
    .check(
      z.superRefine((flow, ctx) => {
        const steps = flow.steps as Step[];
        const c = commitIndex({ steps });
        if (c < 0 || steps.slice(c + 1).some((s) => s.type !== 'waitForElement' && s.type !== 'keyUp')) ctx.issues.push({ code: 'custom', message: HINTS.recipeCommit, input: flow, path: ['steps'] });
        for (const [i, s] of steps.entries()) {
          for (const message of new Set(stepProblems(s, job))) ctx.issues.push({ code: 'custom', message, input: s, path: ['steps', i] });
        }
      }),
    );
}

/** The profile's `recipes`: one Recorder flow per job. */
export const Recipes = z.lazy(() => z.strictObject(Object.fromEntries(JOB_NAMES.map((j) => [j, z.optional(recipeOf(j))])) as { [J in RecipeJob]: z.ZodMiniOptional<ReturnType<typeof recipeOf>> }));
export type Recipes = Partial<Record<RecipeJob, Flow>>;

/** One job's recipe, checked; the problems name every wrong step (for the panel). */
export function parseRecipe(raw: unknown, job: RecipeJob): { ok: true; flow: Flow } | { ok: false; problems: Problem[] } {
  const r = recipeOf(job).safeParse(raw);
  if (r.success) return { ok: true, flow: r.data as Flow };
  return { ok: false, problems: fromIssues(r.error.issues, `recipes.${job}`) };
}
