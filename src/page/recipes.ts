/**
 * Where a profile's recipe meets the page (the page floor: nothing outside src/page reads a
 * profile). A recipe's parts, as the tools need them: the steps that get the agent there (open
 * the editor, switch it to note mode, open the menu), the step that takes the job's text, and
 * the commit (src/profiles/recipe.ts).
 */
import { buttonNames } from '../dom/controls/button.ts';
import { describeEl } from '../dom/describe.ts';
import { resolveStep } from '../dom/replay/selectors.ts';
import { BUTTON_SYNONYMS } from '../dom/synonyms.ts';
import type { RecipeJob } from '../profiles/recipe.ts';
import { commitIndex, paramsIn, selectorsOf, type Flow, type Step } from '../dom/replay/steps.ts';

export interface RecipeParts {
  flow: Flow;
  /** The step that types `{text}` (reply, note), -1 when none. */
  text: number;
  commit: number;
}

export function partsOf(flow: Flow): RecipeParts {
  const text = flow.steps.findIndex((s) => s.type === 'change' && paramsIn(s.value).includes('text'));
  return { flow, text, commit: commitIndex(flow) };
}

const stepAt = (p: RecipeParts, i: number): Step | undefined => (i >= 0 ? p.flow.steps[i] : undefined);

/** The element a step names now (visible, or any for `includeHidden`), without waiting. */
export function elementOf(doc: Document, p: RecipeParts, i: number, params: Readonly<Record<string, string>> = {}, includeHidden = false): Element | null {
  const step = stepAt(p, i);
  if (!step || !selectorsOf(step).length) return null;
  return resolveStep(doc, selectorsOf(step), params, includeHidden ? { visible: false } : {})?.el ?? null;
}

/** The first step that acts on an element: what opens the job (the Reply button). */
export function openerOf(doc: Document, p: RecipeParts): Element | null {
  const first = p.flow.steps.findIndex((s) => s.type === 'click' || s.type === 'doubleClick');
  return first >= 0 && first < (p.text >= 0 ? p.text : p.commit) ? elementOf(doc, p, first) : null;
}

/** The form a press on `el` would submit (a submit button, or Enter in one of its fields). */
function submits(el: Element, step: Step): HTMLFormElement | null {
  const control = el as HTMLButtonElement | HTMLInputElement;
  if (step.type === 'keyDown') return step.key === 'Enter' && el.tagName === 'INPUT' ? control.form : null;
  const isSubmit = (el.tagName === 'BUTTON' && control.type === 'submit') || (el.tagName === 'INPUT' && (control.type === 'submit' || control.type === 'image'));
  return isSubmit ? control.form : null;
}

/** Words only other jobs' commits carry: a reply recipe's way to the editor never says "refund". */
function foreignWords(job: RecipeJob): readonly string[] {
  const others = [...BUTTON_SYNONYMS.submitRefund, 'submit ticket', '提交工单'];
  if (job !== 'reply') others.push(...BUTTON_SYNONYMS.send);
  if (job !== 'note') others.push(...BUTTON_SYNONYMS.addNote.filter((w) => !/send|发送/i.test(w)));
  return others.map((w) => w.toLowerCase());
}

/**
 * What a recipe may not do before its commit (issue 20 with issue 19's rule: a profile says
 * how a job is done, never makes it do another): submit a form, press another job's control,
 * or make a choice that a console applies at once (a select outside any form), unless that
 * choice is the job's own parameter. The commit itself is checked by the tool (owners.ts).
 */
export function preCommitGuard(job: RecipeJob): (step: Step, el: Element) => string | null {
  const words = foreignWords(job);
  return (step, el) => {
    if (step.type === 'click' || step.type === 'doubleClick' || step.type === 'keyDown') {
      const form = submits(el, step);
      if (form) return `it would submit ${describeEl(form)}; only a recipe's last step commits`;
      const names = buttonNames(el).map((n) => n.toLowerCase());
      const named = words.find((w) => names.some((n) => n === w || n.startsWith(`${w} `)));
      if (named) return `it is another job's control ("${named}")`;
    }
    if (step.type === 'change' && !el.closest('form') && (el.tagName === 'SELECT' || el.getAttribute('role') === 'combobox') && !/\{(assignee|queue)\}/.test(step.value)) {
      return 'a choice there takes effect at once, before anyone confirmed it';
    }
    return null;
  };
}
