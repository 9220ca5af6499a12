/**
 * Teach mode on the page: the picker, and the content script's side of teaching.
 *
 * The picker is an overlay in a closed shadow root over the whole viewport, drawn in the
 * browser's **top layer** (a manual popover): above every z-index the page can set, and raised
 * again if the page opens a popover or dialog of its own while it is up. Only trusted
 * pointer and key events drive it (`isTrusted`: a page script's `el.click()` or
 * `dispatchEvent` is never trusted, and cannot reach listeners inside a closed root anyway);
 * what is under the pointer is found with `document.elementsFromPoint`, skipping the
 * overlay, and outlined — including a disabled control that the page made `pointer-events:
 * none` (Send before any text), which hit testing skips. ↑/↓ widen or narrow the pick, Enter or
 * a click takes it, Esc leaves. The overlay swallows the click, so pointing at the console's
 * Send button sends nothing. The label beside the outline names the thing in words.
 *
 * A pick becomes a rule here (src/teach/rules.ts) and goes back to the side panel as
 * data; this script never stores a profile. The panel holds the examples (where each was on
 * the page), so a reload in the middle of teaching loses none. The panel asks for a report of
 * a draft (what each read tool returns with it, what a write would touch) before the agent saves.
 */
import { nameOf, type Named } from '../dom/name.ts';
import { queryAll } from '../dom/query.ts';
import { classifySender, refusal, type Reply, type TeachLink, type ToContent } from '../messages/index.ts';
import { PageModel } from '../page/model.ts';
import type { ConsoleProfile } from '../profiles/schema.ts';
import type { Capability, Slot } from '../teach/capabilities.ts';
import { buildReport, previewCore, type ReportDeps } from '../teach/report.ts';
import { isCustomerCap, normalise, ruleFor, type PickContext, type Picks, type ProfilePatch } from '../teach/rules.ts';
import { locatorOf } from '../teach/selector.ts';
import { t } from '../ui/i18n.ts';
import type { Host } from './host.ts';
import { fetchedSource, ledHere, onLinkFollowed, stopWatchingLinks, watchLinks } from './teach-follow.ts';

const Z = '2147483647';
const FONT = 'font:13px/1.4 system-ui,"Noto Sans CJK SC",sans-serif';
/** The host fills the viewport whatever the page's CSS says of unknown elements or of `[popover]`. */
const HOST_CSS = 'all:initial!important;position:fixed!important;inset:0!important;width:100vw!important;height:100vh!important;max-width:none!important;max-height:none!important;margin:0!important;padding:0!important;border:0!important;background:transparent!important;overflow:visible!important;display:block!important;visibility:visible!important;opacity:1!important;z-index:2147483647!important';

/** A thing in words, as the panel says it ("the “Send Reply” button"). */
export const thingWords = (n: Named): string => (n.name ? t(`thingNamed_${n.kind}`, n.name) : t(`thing_${n.kind}`));

/** Puts `host` in the top layer (again: the newest popover or modal dialog is drawn last). */
function raise(host: HTMLElement): void {
  try {
    if (host.matches(':popover-open')) host.hidePopover();
    host.showPopover();
  } catch {
    // No popover support or not connected: the fixed overlay with the highest z-index remains.
  }
}

/**
 * Where the host must live to take the pointer: inside the page's open modal dialog when there
 * is one. A modal dialog makes everything outside it inert — a popover too: hit testing skips
 * it and a click goes through to the page (measured in Chromium 156: the dialog's own button
 * was pressed). Inside the dialog the host is not inert, and in the top layer still on top.
 */
function homeOfHost(): Element {
  try {
    const modals = document.querySelectorAll('dialog:modal');
    return modals[modals.length - 1] ?? document.documentElement;
  } catch {
    return document.documentElement;
  }
}

/** Moves `host` where it takes the pointer and puts it on top again (a modal dialog opened or closed). */
function rehome(host: HTMLElement): void {
  const home = homeOfHost();
  if (host.parentElement !== home) home.append(host);
  raise(host);
}

/** A fixed, full-viewport host in the top layer, its closed shadow root to draw in. */
function topLayerHost(tag: string, pointer: boolean): { host: HTMLElement; root: ShadowRoot } {
  const host = document.createElement(tag);
  host.setAttribute('popover', 'manual');
  host.style.cssText = `${HOST_CSS};pointer-events:${pointer ? 'auto' : 'none'}!important`;
  const root = host.attachShadow({ mode: 'closed' });
  rehome(host);
  return { host, root };
}

/**
 * Below the hit-tested element, the deepest child under the point that hit testing skipped
 * because it is `pointer-events: none` (a disabled Send button styled so, and what is inside it).
 */
function throughPointerNone(el: Element, x: number, y: number): Element {
  for (let cur = el; ; ) {
    const next = Array.from(cur.children)
      .reverse()
      .find((c) => {
        const r = c.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || x < r.left || x > r.right || y < r.top || y > r.bottom) return false;
        const st = getComputedStyle(c);
        return st.pointerEvents === 'none' && st.visibility !== 'hidden' && st.display !== 'none';
      });
    if (!next) return cur;
    cur = next;
  }
}

/**
 * Shows the overlay until a trusted click/Enter (the element) or Esc / abort (null). `taken` is
 * what a pick of an element stands for (the button around an icon): the outline and its words
 * show that, so the person sees what will be taken.
 */
export function pick(label: string, signal: AbortSignal, taken: (el: Element) => Element = (el) => el): Promise<Element | null> {
  return new Promise((resolve) => {
    const layer = div(`position:fixed;inset:0;z-index:${Z};cursor:crosshair;background:rgba(30,58,95,.04)`);
    const box = div('position:fixed;pointer-events:none;border:2px solid #2563eb;background:rgba(37,99,235,.12);border-radius:3px;display:none');
    const tip = div(`position:fixed;left:50%;top:10px;transform:translateX(-50%);pointer-events:none;padding:6px 12px;border-radius:8px;background:#1e3a5f;color:#fff;${FONT};box-shadow:0 4px 16px rgba(0,0,0,.25)`);
    tip.textContent = `deskhand · ${label} · ${t('pickerKeys')}`;
    const what = div(`position:fixed;pointer-events:none;padding:1px 6px;border-radius:4px;background:#2563eb;color:#fff;font:12px/1.4 system-ui,"Noto Sans CJK SC",sans-serif;max-width:60vw;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;display:none`);
    const { host, root } = topLayerHost('deskhand-picker', true);
    root.append(layer, box, what, tip);
    // The page opens or closes a modal dialog while the picker is up: follow it, or the picker
    // turns inert and a click reaches the page.
    const dialogs = new MutationObserver(() => host.isConnected && rehome(host));
    dialogs.observe(document, { subtree: true, attributes: true, attributeFilter: ['open'] });

    let current: Element | null = null;
    const narrower: Element[] = [];
    const under = (x: number, y: number) => {
      const hit = document.elementsFromPoint(x, y).find((el) => el !== host && !host.contains(el) && el !== document.documentElement) ?? null;
      return hit ? throughPointerNone(hit, x, y) : null;
    };
    const show = (el: Element | null) => {
      current = el;
      if (!el) return void (box.style.display = what.style.display = 'none');
      const shown = taken(el);
      const r = shown.getBoundingClientRect();
      Object.assign(box.style, { display: 'block', left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
      what.textContent = thingWords(nameOf(shown));
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
      // The page opened a popover or a modal dialog over the picker: go back on top.
      if (document.elementFromPoint(e.clientX, e.clientY) !== host) raise(host);
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
      dialogs.disconnect();
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
  const { host, root } = topLayerHost('deskhand-marks', false);
  marks = host;
  for (const el of els.slice(0, 60)) {
    const r = el.getBoundingClientRect();
    root.append(div(`position:fixed;pointer-events:none;z-index:${Z};left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;outline:2px dashed #0f7b3f;background:rgba(15,123,63,.08);border-radius:3px`));
  }
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
    ...Object.values(patch.ticketForm?.fields ?? {}).map((f) => f?.css),
    patch.ticketForm?.submit,
    ...(patch.identity?.dom ?? []).map((d) => d.css),
  ].filter((c): c is string => !!c);
  return css.flatMap((c) => queryAll(document, c));
}

// ------------------------------------------------------------------ the content side of teaching

type TeachMsg = Extract<ToContent, { type: 'teach.pick' | 'teach.watch' | 'teach.cancel' | 'console.report' }>;
type PickMsg = Extract<ToContent, { type: 'teach.pick' }>;

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
    stopWatchingLinks();
    showMatches([]);
    return { ok: true };
  }
  if (msg.type === 'console.report') {
    // The live view right after a save must not race the worker's profiles.changed push.
    if (!msg.draft) await host.refreshProfiles();
    const model = msg.draft ? draftModel(host, msg.draft) : host.model;
    return { ok: true, report: await buildReport(model, coreFor(host, model), reportDeps(host)) };
  }
  if (msg.type === 'teach.watch') {
    // While a session is open: the links the person follows from a record's page.
    watchLinks(() => !!host.model.current().identity().recordId);
    return { ok: true, ...(await settledChange(host)) };
  }
  return pickOne(host, msg);
}

/** How long one watch waits for a change before it answers `false` (the panel asks again). */
const WATCH_MS = 20_000;

/**
 * Answers once the page changed and settled (the page model's own signal), or at once when the
 * person follows a link from this record (the page is about to go: the panel keeps the link),
 * else `changed: false` after WATCH_MS.
 */
function settledChange(host: Host): Promise<{ changed: boolean; link?: TeachLink }> {
  return new Promise((resolve) => {
    const off = host.model.onSettled(() => done({ changed: true }));
    const offLink = onLinkFollowed((link) => done({ changed: false, link }));
    const timer = setTimeout(() => done({ changed: false }), WATCH_MS);
    function done(answer: { changed: boolean; link?: TeachLink }) {
      off();
      offLink();
      clearTimeout(timer);
      resolve(answer);
    }
  });
}

/**
 * The examples the panel holds for this capability, as elements: the one picked on this page
 * when it is still there, else found again where it was (after a reload). What the panel
 * does not send (an undone rule) is forgotten.
 */
function heldPicks(cap: Capability, earlier: PickMsg['earlier']): Picks {
  const had = state.picks.get(cap) ?? {};
  const out: Picks = {};
  for (const { slot, at } of earlier ?? []) {
    const el = had[slot]?.isConnected ? had[slot] : safeQuery(at);
    if (el) out[slot] = el;
  }
  return out;
}

function safeQuery(css: string): Element | null {
  try {
    return document.querySelector(css);
  } catch {
    return null;
  }
}

/** Where what was picked is read from on the record's page: behind the link followed here, or the popup's own address. */
async function sourceOf(cap: Capability, el: Element, recordId: string | null, cameBy: TeachLink | undefined): Promise<Pick<PickContext, 'followLink' | 'fetched'>> {
  const followLink = (cap === 'history' || isCustomerCap(cap)) && ledHere(cameBy) ? cameBy!.css : undefined;
  if (followLink) return { followLink };
  const fetched = isCustomerCap(cap) ? await fetchedSource(el, recordId, AbortSignal.timeout(15_000)) : null;
  return fetched ? { fetched } : {};
}

async function pickOne(host: Host, { capability: cap, slot, earlier, cameBy }: PickMsg): Promise<Reply<Record<string, unknown>>> {
  state.picking?.abort();
  const ctl = new AbortController();
  state.picking = ctl;
  // A forgotten picker ends by itself.
  const timer = setTimeout(() => ctl.abort(), 5 * 60_000);
  const raw = await pick(`${t(`teachCap_${cap}`)} — ${t(`teachSlot_${slot}`)}`, ctl.signal, (el) => normalise(cap, el, slot));
  clearTimeout(timer);
  if (state.picking === ctl) state.picking = null;
  if (!raw) return { ok: true, cancelled: true };
  const el = normalise(cap, raw, slot);
  const picks: Picks = { ...heldPicks(cap, earlier), [slot]: el };
  state.picks.set(cap, picks);
  // The customer panel's person, as the page model reads it: roles can be taught by who wrote each message.
  const now = host.model.current();
  const customer = now.customer().fields;
  // A form on a page that shows no record (a "new ticket" page) lives on a page of its own.
  const formPage = cap === 'ticketForm' && !now.identity().recordId && !now.thread()?.entries.length;
  const source = await sourceOf(cap, el, now.identity().recordId, cameBy);
  const rule = ruleFor(cap, picks, { customer: { name: customer.name, email: customer.email }, formPage, ...source });
  showMatches(rule.patch ? matchedBy(rule.patch) : [el]);
  const named = nameOf(el);
  return {
    ok: true,
    cancelled: false,
    picked: { slot, what: thingWords(named), thing: named, text: (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80), at: locatorOf(el) ?? '' },
    // Every example it was made from, so the panel can send them back after a reload.
    held: Object.entries(picks).map(([s, e]) => ({ slot: s as Slot, at: locatorOf(e) ?? '' })).filter((h) => h.at),
    rule,
  };
}
