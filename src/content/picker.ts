/**
 * Teach mode on the page: the picker, and the content script's side of teaching.
 *
 * The picker is an overlay in a closed shadow root over the whole viewport. Only trusted
 * pointer and key events drive it (`isTrusted`: a page script's `el.click()` or
 * `dispatchEvent` is never trusted, and cannot reach listeners inside a closed root anyway);
 * what is under the pointer is found with `document.elementsFromPoint`, skipping the
 * overlay, and outlined. ↑/↓ widen or narrow the pick, Enter or a click takes it, Esc leaves.
 * The overlay swallows the click, so pointing at the console's Send button sends nothing.
 *
 * A pick becomes a rule here (src/teach/rules.ts) and goes back to the side panel as
 * data; this script never stores a profile. The panel asks for a report of a draft (what each
 * read tool returns with it, what a write would touch) before the agent saves.
 */
import { describeEl } from '../dom/describe.ts';
import { queryAll } from '../dom/query.ts';
import { classifySender, refusal, type Reply, type ToContent } from '../messages/index.ts';
import { PageModel } from '../page/model.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import type { Capability, Slot } from '../teach/capabilities.ts';
import { buildReport, previewCore, type ReportDeps } from '../teach/report.ts';
import { normalise, ruleFor, type Picks, type ProfilePatch } from '../teach/rules.ts';
import { t } from '../ui/i18n.ts';
import type { Host } from './host.ts';

const Z = '2147483646';
const FONT = 'font:13px/1.4 system-ui,"Noto Sans CJK SC",sans-serif';

/** Shows the overlay until a trusted click/Enter (the element) or Esc / abort (null). */
export function pick(label: string, signal: AbortSignal): Promise<Element | null> {
  return new Promise((resolve) => {
    const host = document.createElement('deskhand-picker');
    const root = host.attachShadow({ mode: 'closed' });
    const layer = div(`position:fixed;inset:0;z-index:${Z};cursor:crosshair;background:rgba(30,58,95,.04)`);
    const box = div('position:fixed;pointer-events:none;border:2px solid #2563eb;background:rgba(37,99,235,.12);border-radius:3px;display:none');
    const tip = div(`position:fixed;left:50%;top:10px;transform:translateX(-50%);pointer-events:none;padding:6px 12px;border-radius:8px;background:#1e3a5f;color:#fff;${FONT};box-shadow:0 4px 16px rgba(0,0,0,.25)`);
    tip.textContent = `deskhand · ${label} · ${t('pickerKeys')}`;
    const what = div(`position:fixed;pointer-events:none;padding:1px 6px;border-radius:4px;background:#2563eb;color:#fff;font:11px/1.4 ui-monospace,monospace;display:none`);
    root.append(layer, box, what, tip);
    document.documentElement.append(host);

    let current: Element | null = null;
    const narrower: Element[] = [];
    const under = (x: number, y: number) => document.elementsFromPoint(x, y).find((el) => el !== host && !host.contains(el) && el !== document.documentElement) ?? null;
    const show = (el: Element | null) => {
      current = el;
      if (!el) return void (box.style.display = what.style.display = 'none');
      const r = el.getBoundingClientRect();
      Object.assign(box.style, { display: 'block', left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
      what.textContent = describeEl(el).slice(0, 60);
      Object.assign(what.style, { display: 'block', left: `${Math.max(0, r.left)}px`, top: `${Math.max(0, r.top - 18)}px` });
    };
    const finish = (el: Element | null) => {
      cleanup();
      resolve(el && el.isConnected ? el : null);
    };
    const swallow = (e: Event) => {
      e.preventDefault();
      e.stopPropagation();
    };
    const onMove = (e: PointerEvent) => {
      if (!e.isTrusted) return;
      narrower.length = 0;
      show(under(e.clientX, e.clientY));
    };
    const onClick = (e: MouseEvent) => {
      swallow(e);
      if (!e.isTrusted || !host.isConnected) return;
      finish(current ?? under(e.clientX, e.clientY));
    };
    const onWheel = (e: WheelEvent) => {
      if (!e.isTrusted) return;
      // The overlay covers the page: scroll what is under the pointer ourselves.
      for (let el = under(e.clientX, e.clientY); el; el = el.parentElement) {
        if (el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY)) return void el.scrollBy(0, e.deltaY);
      }
      window.scrollBy(0, e.deltaY);
    };
    const onKey = (e: KeyboardEvent) => {
      if (!e.isTrusted) return;
      if (e.key === 'Escape') return swallow(e), finish(null);
      if (e.key === 'Enter' && current) return swallow(e), finish(current);
      if (e.key === 'ArrowUp' && current?.parentElement && current.parentElement !== document.body) return swallow(e), narrower.push(current), show(current.parentElement);
      if (e.key === 'ArrowDown' && narrower.length) return swallow(e), show(narrower.pop()!);
    };
    const onAbort = () => finish(null);
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'dblclick', 'contextmenu', 'auxclick']) layer.addEventListener(type, swallow);
    layer.addEventListener('pointermove', onMove);
    layer.addEventListener('click', onClick);
    layer.addEventListener('wheel', onWheel, { passive: true });
    window.addEventListener('keydown', onKey, true);
    signal.addEventListener('abort', onAbort);
    function cleanup() {
      window.removeEventListener('keydown', onKey, true);
      signal.removeEventListener('abort', onAbort);
      host.remove();
    }
  });
}

function div(css: string): HTMLDivElement {
  const d = document.createElement('div');
  d.style.cssText = css;
  return d;
}

let marks: HTMLElement | null = null;
let marksTimer: ReturnType<typeof setTimeout> | undefined;

/** Outlines what a rule matches on the page for a few seconds (closed shadow root, no pointer events). */
export function showMatches(els: readonly Element[], ms = 6_000): void {
  marks?.remove();
  clearTimeout(marksTimer);
  if (!els.length) return;
  marks = document.createElement('deskhand-marks');
  const root = marks.attachShadow({ mode: 'closed' });
  for (const el of els.slice(0, 60)) {
    const r = el.getBoundingClientRect();
    root.append(div(`position:fixed;pointer-events:none;z-index:${Z};left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;outline:2px dashed #0f7b3f;background:rgba(15,123,63,.08);border-radius:3px`));
  }
  document.documentElement.append(marks);
  marksTimer = setTimeout(() => marks?.remove(), ms);
}

/** What a patch's new selectors match here (for the outline). */
function matchedBy(patch: ProfilePatch): Element[] {
  const th = patch.thread;
  if (th) {
    const list = th.container ? document.querySelector(th.container) : null;
    return list ? queryAll(list, th.entry) : [];
  }
  const h = patch.history;
  if (h?.container) {
    const list = document.querySelector(h.container);
    return list && h.item ? queryAll(list, h.item) : list ? [list] : [];
  }
  const css = [
    ...Object.values(patch.customer?.fields ?? {}).map((f) => f?.css),
    patch.composers?.reply?.editor,
    patch.composers?.reply?.submit,
    patch.composers?.note?.editor,
    patch.composers?.note?.submit,
    patch.ticketForm?.container,
    ...(patch.identity?.dom ?? []).map((d) => d.css),
  ].filter((c): c is string => !!c);
  return css.flatMap((c) => queryAll(document, c));
}

// ------------------------------------------------------------------ the content side of teaching

type TeachMsg = Extract<ToContent, { type: 'teach.pick' | 'teach.cancel' | 'console.report' }>;

interface TeachState {
  picks: Map<Capability, Picks>;
  picking: AbortController | null;
  draft: ConsoleProfile | null;
  draftModel: PageModel | null;
  cores: WeakMap<PageModel, ReturnType<typeof previewCore>>;
}

const state: TeachState = { picks: new Map(), picking: null, draft: null, draftModel: null, cores: new WeakMap() };

function reportDeps(host: Host): ReportDeps {
  return { settings: host.settings, ctx: (caller, extra) => host.ctx(caller, extra) };
}

function coreFor(host: Host, model: PageModel) {
  let core = state.cores.get(model);
  if (!core) state.cores.set(model, (core = previewCore(model, reportDeps(host))));
  return core;
}

/** One page model for drafts: the same readers, with the draft as the only profile. */
function draftModel(host: Host, draft: ConsoleProfile): PageModel {
  state.draft = draft;
  state.draftModel ??= new PageModel(document, {
    profiles: () => (state.draft ? [{ profile: state.draft, source: 'taught' }] : []),
    choice: () => state.draft?.id,
    agentName: () => host.settings().agentName,
  });
  state.draftModel.invalidate();
  return state.draftModel;
}

/** teach.pick, teach.cancel, console.report: from the side panel only. */
export async function handleTeach(host: Host, msg: TeachMsg, sender: chrome.runtime.MessageSender): Promise<Reply<Record<string, unknown>>> {
  const from = classifySender(sender, chrome.runtime.id, chrome.runtime.getURL(''));
  if (from.kind !== 'sidepanel') return refusal('NOT_FROM_PANEL', 'Only the side panel teaches deskhand or asks for a console report.');
  if (msg.type === 'teach.cancel') {
    state.picking?.abort();
    state.picks.clear();
    showMatches([]);
    return { ok: true };
  }
  if (msg.type === 'console.report') {
    // The live view right after a save must not race the worker's profiles.changed push.
    if (!msg.draft) await host.refreshProfiles();
    const model = msg.draft ? draftModel(host, msg.draft) : host.model;
    return { ok: true, report: await buildReport(model, coreFor(host, model), reportDeps(host)) };
  }
  return pickOne(host, msg.capability, msg.slot);
}

async function pickOne(host: Host, cap: Capability, slot: Slot): Promise<Reply<Record<string, unknown>>> {
  state.picking?.abort();
  const ctl = new AbortController();
  state.picking = ctl;
  // A forgotten picker ends by itself.
  const timer = setTimeout(() => ctl.abort(), 5 * 60_000);
  const raw = await pick(`${t(`teachCap_${cap}`)} — ${t(`teachSlot_${slot}`)}`, ctl.signal);
  clearTimeout(timer);
  if (state.picking === ctl) state.picking = null;
  if (!raw) return { ok: true, cancelled: true };
  const el = normalise(cap, raw);
  const picks = { ...(state.picks.get(cap) ?? {}), [slot]: el };
  for (const [s, e] of Object.entries(picks)) if (!e.isConnected) delete picks[s as Slot];
  state.picks.set(cap, picks);
  // The customer panel's person, as the page model reads it: roles can be taught by who wrote each message.
  const customer = host.model.current().customer().fields;
  const rule = ruleFor(cap, picks, { customer: { name: customer.name, email: customer.email } });
  showMatches(rule.patch ? matchedBy(rule.patch) : [el]);
  return { ok: true, cancelled: false, picked: { slot, what: describeEl(el), text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80) }, rule };
}
