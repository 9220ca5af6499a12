/**
 * Open-on-demand across a page load: the record's page for a job (its reply box, its
 * assignment) is another page of the console, reached by a link on this one — a classic
 * helpdesk's "✎ Reply" to `/ticket/5/update`, a CRUD app's "Edit". The job is carried there as
 * a person does it: the link is pressed, and as this document unloads the job goes to the
 * worker with the check (`deps.leaving`), which hands it to the next page's content script
 * (src/content/carry.ts). That page does the job — re-checking the record, and a confirmed
 * send through the executor again — and its result is the caller's answer. A link that routes
 * inside a single-page app unloads nothing: the caller then finds its box on this document.
 */
import { recordSubPage, type SubPage, type SubPageJob } from '../dom/elsewhere.ts';
import { press } from '../dom/controls/events.ts';
import type { RunCtx, RunResult } from '../tools/types.ts';
import type { CatalogDeps } from './deps.ts';
import { handOnLeaving, leftResult } from './landed.ts';
import { openComposer } from './composer.ts';
import type { FoundField } from '../dom/find.ts';
import type { OutcomeWords } from './press.ts';

/** How long a pressed link may take to start unloading this document before it counts as an in-app route. */
const UNLOAD_MS = 4_000;

/** The page of this record that holds the job, when this page does not and the call may still go there. */
export function jobPage(deps: CatalogDeps, job: SubPageJob): SubPage | null {
  // A call carried here already is not carried on: one hop, never a walk through the console.
  if (deps.carried?.()) return null;
  return recordSubPage(document, job);
}

export interface CarriedJob {
  tool: string;
  /** The input the next page runs the tool with (a confirmed call's own input, for the record). */
  input: Record<string, unknown>;
  /** A confirmed call: its ledger action, which the worker hands to the next page. */
  actionId?: string;
  words: OutcomeWords;
}

/**
 * Presses the link to the job's page and hands the job on as this document unloads. The
 * result while the next page works is uncertain (the caller's answer comes from there); null
 * when nothing unloaded (an in-app route): the caller looks for its box here again.
 */
export async function carryTo(deps: CatalogDeps, page: SubPage, job: CarriedJob, ctx: RunCtx): Promise<RunResult<never> | null> {
  const hand = handOnLeaving(deps, { tool: job.tool, record: 'same', words: job.words, data: {}, carry: { path: page.path, input: job.input, ...(job.actionId ? { actionId: job.actionId } : {}) } }, ctx);
  let handed = false;
  let unloaded: () => void = () => {};
  const left = new Promise<void>((resolve) => (unloaded = resolve));
  const leave = () => {
    if (handed) return;
    handed = true;
    hand();
    unloaded();
  };
  window.addEventListener('beforeunload', leave);
  window.addEventListener('pagehide', leave);
  try {
    // The whole press, as on any control: a link a page script routes on mousedown is followed too.
    press(page.el);
    const timer = new Promise<void>((resolve) => setTimeout(resolve, UNLOAD_MS));
    const aborted = new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    await Promise.race([left, timer, aborted]);
  } finally {
    window.removeEventListener('beforeunload', leave);
    window.removeEventListener('pagehide', leave);
  }
  return handed ? leftResult(job, `"${page.label}" was opened to do it there`) : null;
}

/**
 * The composer of a kind: opened on this page as usual, else the job carried to the record's
 * page that has it (a failure result while that page does it), else none.
 */
export async function composerHereOrThere(deps: CatalogDeps, kind: 'reply' | 'note', job: CarriedJob, ctx: RunCtx): Promise<FoundField | null | RunResult<never>> {
  const f = await openComposer(deps, kind, ctx.signal);
  const away = f ? null : jobPage(deps, kind);
  if (!away) return f;
  return (await carryTo(deps, away, job, ctx)) ?? openComposer(deps, kind, ctx.signal);
}

/** For previews and cards: the page a job would be done on ("would open ✎ 回复 and write there"). */
export function opensPage(page: SubPage | null): { opensPage: string } | Record<string, never> {
  return page ? { opensPage: `${page.label} (${page.path})` } : {};
}
