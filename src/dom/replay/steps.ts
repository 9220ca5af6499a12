/**
 * The steps of a recipe, as plain data: a subset of the Chrome DevTools Recorder user-flow
 * format (`@puppeteer/replay`'s schema, https://github.com/puppeteer/replay/blob/main/docs/api/README.md),
 * so a flow recorded in DevTools imports here and deskhand's recordings open there.
 *
 * What is left out on purpose: `waitForExpression` and `customStep` (page code, never eval),
 * `close`, `emulateNetworkConditions` and `setViewport` (they act on the browser, not the page;
 * `setViewport` is accepted and skipped, Recorder puts one first in every recording).
 *
 * A `{name}` in a change step's value or in an `aria/` or `text/` selector is a parameter
 * (`{text}`, `{assignee}`, `{queue}` …), filled when the recipe runs. No parameter may sit in a
 * CSS or XPath selector: a value would become selector syntax.
 */

/** One selector, or a path of selectors through shadow roots (Recorder's `string[]`). */
export type Selector = string | string[];

export interface NavigationEvent {
  type: 'navigation';
  url?: string;
  title?: string;
}

interface Base {
  timeout?: number;
  assertedEvents?: NavigationEvent[];
  target?: string;
  frame?: number[];
}

export interface ClickStep extends Base {
  type: 'click' | 'doubleClick';
  selectors: Selector[];
  offsetX: number;
  offsetY: number;
  button?: 'primary' | 'auxiliary' | 'secondary' | 'back' | 'forward';
  deviceType?: 'mouse' | 'pen' | 'touch';
  duration?: number;
}
export interface ChangeStep extends Base {
  type: 'change';
  selectors: Selector[];
  value: string;
}
export interface HoverStep extends Base {
  type: 'hover';
  selectors: Selector[];
}
export interface KeyStep extends Base {
  type: 'keyDown' | 'keyUp';
  key: string;
}
export interface NavigateStep extends Base {
  type: 'navigate';
  url: string;
}
export interface ScrollStep extends Base {
  type: 'scroll';
  selectors?: Selector[];
  x?: number;
  y?: number;
}
export interface WaitForElementStep extends Base {
  type: 'waitForElement';
  selectors: Selector[];
  operator?: '>=' | '==' | '<=';
  count?: number;
  visible?: boolean;
}
export interface SetViewportStep extends Base {
  type: 'setViewport';
  width: number;
  height: number;
  deviceScaleFactor: number;
  isMobile: boolean;
  hasTouch: boolean;
  isLandscape: boolean;
}

export type Step = ClickStep | ChangeStep | HoverStep | KeyStep | NavigateStep | ScrollStep | WaitForElementStep | SetViewportStep;
export type StepType = Step['type'];

/** A recipe: Recorder's `UserFlow`. Its last acting step is the commit (Send, Save, the chosen person). */
export interface Flow {
  title: string;
  timeout?: number;
  selectorAttribute?: string;
  steps: Step[];
}

/** `{name}`: a parameter's place in a value or a name selector. */
export const PARAM = /\{([a-z][a-zA-Z]{0,30})\}/g;

/** The parameters a text names. */
export function paramsIn(text: string): string[] {
  return [...text.matchAll(PARAM)].map((m) => m[1]!);
}

/** The text with each `{name}` replaced; null when a parameter has no value. */
export function fill(text: string, params: Readonly<Record<string, string>>): string | null {
  let missing = false;
  const out = text.replace(PARAM, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) missing = true;
    return v ?? '';
  });
  return missing ? null : out;
}

/** Steps that act on the page (the commit is the last of them). */
export const ACTS: ReadonlySet<StepType> = new Set(['click', 'doubleClick', 'change', 'keyDown']);

/** The index of the commit step: the last acting step (-1 when there is none). */
export function commitIndex(flow: Pick<Flow, 'steps'>): number {
  for (let i = flow.steps.length - 1; i >= 0; i--) if (ACTS.has(flow.steps[i]!.type)) return i;
  return -1;
}

export function selectorsOf(step: Step): Selector[] {
  return 'selectors' in step && step.selectors ? step.selectors : [];
}
