/**
 * Where a profile's recipe meets the page (the page floor: nothing outside src/page reads a
 * profile). A recipe's parts, as the tools need them: the steps that get the agent there (open
 * the editor, switch it to note mode, open the menu), the step that takes the job's text, and
 * the commit (src/profiles/recipe.ts).
 */
import { resolveStep } from '../dom/replay/selectors.ts';
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
