/**
 * deskhand's own in-page runner for recipes: a slice of a Recorder flow replayed over
 * src/dom — presses as a person's (controls/events.ts), text through the editor adapters
 * and set-value, options chosen by their visible name. Never eval, never a page script.
 *
 * The runner never leaves the page: a `navigate` step to another page, or a step that
 * asserts a navigation, ends the run with `leaves` so the caller decides (a hand-over).
 * It never presses a commit: callers run the steps before it and press the commit
 * themselves, through the delivery check (catalog/landed.ts).
 */
import { describeEl } from '../describe.ts';
import { kindOf } from '../find.ts';
import { key, press, emit } from '../controls/events.ts';
import { quiet, waitFor } from '../observe.ts';
import { setValue } from '../set-value.ts';
import { resolveStep, type Resolved } from './selectors.ts';
import { fill, paramsIn, selectorsOf, type Step, type StepType } from './steps.ts';

export const STEP_MS = 5_000;

export type StepStatus = 'done' | 'skipped' | 'found' | 'not_found' | 'failed';

export interface StepReport {
  index: number;
  type: StepType;
  status: StepStatus;
  /** The element, in words (describe.ts), when one was found. */
  what?: string;
  detail?: string;
}

export type RunEnd =
  | { kind: 'done' }
  | { kind: 'not_found'; at: number; detail: string }
  | { kind: 'failed'; at: number; detail: string }
  | { kind: 'missing_param'; at: number; detail: string }
  /** The caller's guard refused the step before it acted. */
  | { kind: 'refused'; at: number; detail: string }
  /** A step takes the page elsewhere: `url` is where (same origin). */
  | { kind: 'leaves'; at: number; url: string | null };

export interface RunResult {
  end: RunEnd;
  reports: StepReport[];
  /** The element each step acted on, by index. */
  elements: Map<number, Element>;
  /** `findAfter`'s element: null when nothing answers it. */
  next?: Resolved | null;
}

export interface RunOptions {
  params: Readonly<Record<string, string>>;
  /** Parameters that may be absent: their change steps are skipped (a form's optional fields). */
  optional?: ReadonlySet<string>;
  signal: AbortSignal;
  doc?: Document;
  /** Per step, at most (a step's own `timeout` is capped by it). */
  stepMs?: number;
  /**
   * Once the steps are done, wait for this step's element without acting on it (the commit,
   * which the tool presses through its own checks), preferring what the run just showed.
   */
  findAfter?: number;
  /** Asked before a step acts on its element: a reason refuses it (nothing of it happens). */
  guard?: (step: Step, el: Element) => string | null;
}

/** Elements that appeared or changed during a run: a name found among them is the one just shown. */
class Fresh {
  private readonly changed = new Set<Node>();
  private readonly observer: MutationObserver;
  constructor(doc: Document) {
    this.observer = new (doc.defaultView ?? window).MutationObserver((records) => {
      for (const r of records) {
        const n = r.type === 'childList' ? [...r.addedNodes] : [r.target];
        for (const x of n) if (x !== doc.body && x !== doc.documentElement) this.changed.add(x);
      }
    });
    this.observer.observe(doc.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style', 'hidden', 'open', 'aria-expanded', 'aria-hidden'] });
  }
  has = (el: Element): boolean => {
    for (const n of this.changed) if (n === el || n.contains(el)) return true;
    return false;
  };
  stop(): void {
    this.observer.disconnect();
  }
}

/** Is this page the one `url` names (path and query; the origin is the page's own)? */
export function isHere(doc: Document, url: string): boolean {
  try {
    const u = new URL(url, doc.location.href);
    const here = new URL(doc.location.href);
    return u.origin === here.origin && u.pathname === here.pathname && (!u.search || u.search === here.search);
  } catch {
    return false;
  }
}

function navigationOf(step: Step): string | null | undefined {
  const nav = step.assertedEvents?.find((e) => e.type === 'navigation');
  return nav ? (nav.url ?? null) : undefined;
}

/** Waits for the step's element; a disabled control waits to be enabled (Send before any text). */
async function find(step: Step, o: RunOptions, doc: Document, fresh: Fresh): Promise<Resolved | null> {
  const visible = step.type === 'waitForElement' ? step.visible !== false : true;
  const ms = Math.min(step.timeout ?? o.stepMs ?? STEP_MS, o.stepMs ?? STEP_MS);
  return waitFor(() => {
    const r = resolveStep(doc, selectorsOf(step), o.params, { visible, fresh: fresh.has });
    return r && !(r.el as HTMLButtonElement).disabled ? r : null;
  }, ms, o.signal);
}

async function act(step: Step, el: Element | null, o: RunOptions, doc: Document): Promise<string | null> {
  switch (step.type) {
    case 'click':
      press(el!);
      return null;
    case 'doubleClick':
      press(el!);
      press(el!);
      emit(el!, 'dblclick');
      return null;
    case 'hover':
      for (const t of ['pointerover', 'mouseover', 'pointerenter', 'mouseenter', 'pointermove', 'mousemove']) emit(el!, t);
      return null;
    case 'change': {
      const value = fill(step.value, o.params)!;
      const r = await setValue(el!, kindOf(el!), value, o.signal);
      return r.ok ? null : (r.detail ?? 'the field did not take the value');
    }
    case 'keyDown':
      key(doc.activeElement ?? doc.body, step.key);
      return null;
    case 'scroll':
      if (el) el.scrollTo(step.x ?? 0, step.y ?? 0);
      else doc.defaultView?.scrollTo(step.x ?? 0, step.y ?? 0);
      return null;
    default:
      return null;
  }
}

/** The parameters a step needs that have no value. */
function missingParams(step: Step, o: RunOptions): string[] {
  const texts = [...selectorsOf(step).flat(), ...(step.type === 'change' ? [step.value] : [])];
  return texts.flatMap(paramsIn).filter((p) => o.params[p] === undefined);
}

/**
 * Runs `steps[from, to)`. Each step waits for its element (up to its timeout), acts, and
 * lets the page settle. Stops at the first step it cannot do, and says which and why.
 */
export async function runSteps(steps: readonly Step[], from: number, to: number, o: RunOptions): Promise<RunResult> {
  const doc = o.doc ?? document;
  const reports: StepReport[] = [];
  const elements = new Map<number, Element>();
  const fresh = new Fresh(doc);
  const end = (e: RunEnd): RunResult => (fresh.stop(), { end: e, reports, elements });
  try {
    for (let i = from; i < to; i++) {
      const step = steps[i]!;
      const report = (status: StepStatus, extra: Partial<StepReport> = {}) => reports.push({ index: i, type: step.type, status, ...extra });
      if (step.type === 'setViewport' || step.type === 'keyUp') {
        report('skipped');
        continue;
      }
      if (step.type === 'navigate') {
        if (isHere(doc, step.url)) {
          report('skipped', { detail: 'on that page already' });
          continue;
        }
        return end({ kind: 'leaves', at: i, url: step.url });
      }
      const missing = missingParams(step, o);
      if (missing.length && missing.every((p) => o.optional?.has(p))) {
        report('skipped', { detail: `no ${missing.join(', ')}` });
        continue;
      }
      if (missing.length) return end({ kind: 'missing_param', at: i, detail: `no value for {${missing.join('}, {')}}` });
      const needsEl = selectorsOf(step).length > 0;
      let found = needsEl ? await find(step, o, doc, fresh) : null;
      // What the click before should have shown is not there: a person clicks it once more (a
      // menu whose script was still binding, a toggle that swallowed the first press).
      const before = i > from && steps[i - 1]!.type === 'click' ? elements.get(i - 1) : undefined;
      if (needsEl && !found && before?.isConnected) {
        press(before);
        await quiet(doc.documentElement, 80, 1_000, o.signal);
        found = await find(step, o, doc, fresh);
      }
      if (needsEl && !found) {
        report('not_found');
        return end({ kind: 'not_found', at: i, detail: `step ${i + 1} (${step.type}): nothing on the page answers ${JSON.stringify(selectorsOf(step)[0])}` });
      }
      if (found) elements.set(i, found.el);
      const what = found ? describeEl(found.el) : undefined;
      const target = found?.el ?? (step.type === 'keyDown' ? doc.activeElement : null);
      const refused = target ? o.guard?.(step, target) : null;
      if (refused) {
        report('failed', { ...(what ? { what } : {}), detail: refused });
        return end({ kind: 'refused', at: i, detail: `step ${i + 1} (${step.type} ${what ?? ''}): ${refused}` });
      }
      const failed = await act(step, found?.el ?? null, o, doc);
      if (failed) {
        report('failed', { ...(what ? { what } : {}), detail: failed });
        return end({ kind: 'failed', at: i, detail: `step ${i + 1} (${step.type} ${what ?? ''}): ${failed}` });
      }
      report('done', what ? { what } : {});
      const nav = navigationOf(step);
      if (nav !== undefined) return end({ kind: 'leaves', at: i + 1, url: nav });
      await quiet(doc.documentElement, 80, 1_000, o.signal);
    }
    if (o.findAfter === undefined) return end({ kind: 'done' });
    const next = await find(steps[o.findAfter]!, o, doc, fresh);
    fresh.stop();
    return { end: { kind: 'done' }, reports, elements, next };
  } catch (e) {
    return end({ kind: 'failed', at: reports.length + from, detail: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * What each step finds now, without acting (a dry run, the teach check): `found`, or
 * `not_found` — which for a step after one that opens something means "shown later".
 */
export function findSteps(steps: readonly Step[], from: number, to: number, params: Readonly<Record<string, string>>, doc: Document = document): StepReport[] {
  const out: StepReport[] = [];
  for (let i = from; i < to; i++) {
    const step = steps[i]!;
    if (!selectorsOf(step).length) {
      out.push({ index: i, type: step.type, status: 'skipped' });
      continue;
    }
    const r = resolveStep(doc, selectorsOf(step), params);
    out.push({ index: i, type: step.type, status: r ? 'found' : 'not_found', ...(r ? { what: describeEl(r.el) } : {}) });
  }
  return out;
}
