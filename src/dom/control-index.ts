/**
 * What the control listing keeps across DOM changes (issue 22 §3: the first fill after a
 * change paid for listing and naming every control of the document again). Two things are
 * kept, and the MutationObserver records the page model hands over say what is stale:
 *
 * - **Which elements are controls**, per search root (document, open shadow roots,
 *   same-origin frames): elements in added subtrees are matched, an element whose attributes
 *   changed is matched again, detached ones drop out. An added subtree that brings a shadow
 *   root or a frame, an unknown root or too many records start the discovery over (a full
 *   walk, as before).
 * - **Each control's names** (find.ts labelsOf / groupLabels), with what the naming read:
 *   subtrees (a label, the text just before, the cell before, its own attributes), parents
 *   whose child list was read (previous siblings, child counts) and ids (a `<label for>`, an
 *   `aria-labelledby` target that may appear anywhere). A control is named again when a
 *   record touched one of them, when one of them left the page, when the control itself was
 *   moved (added under a new parent), or when its own display/visibility changed (the
 *   accessible name of a hidden element is empty).
 *
 * Not seen (as before: no record says so): a CSS rule that starts hiding part of a label's
 * text without touching the label, and a role put on a far ancestor.
 */
import { collectRoots, type SearchRoot } from './roots.ts';

/** What a naming function read: subtrees, child lists, ids (elements that may appear anywhere). */
export interface Deps {
  sub(n: Node | null | undefined): void;
  kids(n: Node | null | undefined): void;
  id(s: string | null | undefined): void;
}

/** For callers without an index: records nothing. */
export const NO_DEPS: Deps = { sub() {}, kids() {}, id() {} };

interface Entry<V> {
  value: V;
  key: string;
  subs: Node[];
  kids: Node[];
  ids: string[];
}

/** More records than this between two listings: cheaper to start over than to sort them out. */
const MAX_PENDING = 2_000;

class Recorder implements Deps {
  readonly subs: Node[] = [];
  readonly kidLists: Node[] = [];
  readonly ids: string[] = [];
  sub(n: Node | null | undefined): void {
    if (n && !this.subs.includes(n)) this.subs.push(n);
  }
  kids(n: Node | null | undefined): void {
    if (n && !this.kidLists.includes(n)) this.kidLists.push(n);
  }
  id(s: string | null | undefined): void {
    if (s && !this.ids.includes(s)) this.ids.push(s);
  }
}

interface Found {
  roots: SearchRoot[];
  byRoot: Map<Node, { set: Set<Element>; list: Element[]; sorted: boolean }>;
}

interface ReachEntry<R> {
  value: R;
  /** The control, its proxy, its group's items: whose attributes, content and places the verdict read. */
  els: Element[];
  /** The scope, when an element (a closed form is "behind an opener"): its attributes and place. */
  scope: Element | null;
}

export class ControlIndex<V, R = unknown> {
  private readonly names = new Map<Element, Entry<V>>();
  /** Reach verdicts per scope (find.ts reachOf: layout, which a read after any change forces). */
  private readonly reach = new Map<Document | Element, Map<Element, ReachEntry<R>>>();
  private pending: MutationRecord[] = [];
  private found: Found | null = null;

  /** `selector`: what is a control (find.ts lists from it). */
  constructor(
    readonly doc: Document,
    private readonly selector: string,
  ) {}

  /** The page model's MutationObserver records (kept until the next listing). */
  note(records: readonly MutationRecord[]): void {
    if (!this.names.size && !this.found) return;
    if (this.pending.length + records.length > MAX_PENDING) this.reset();
    else for (const r of records) this.pending.push(r);
  }

  /** Forget everything (a navigation, a frame that loaded another page, an unseen change). */
  reset(): void {
    this.names.clear();
    this.reach.clear();
    this.pending = [];
    this.found = null;
  }

  /** The search roots of the document as the last discovery found them. */
  roots(): readonly SearchRoot[] {
    return this.discover().roots;
  }

  /** Whether the roots known are still all there are (a shadow root attached without a record). */
  rootsCurrent(): boolean {
    if (!this.found) return true;
    const now = collectRoots(this.doc);
    return now.length === this.found.roots.length && now.every((r, i) => r === this.found!.roots[i]);
  }

  /** Every element of the document matching `selector`, root by root, in tree order (as querySelectorAll per root would give). */
  candidates(): Element[] {
    const found = this.discover();
    const out: Element[] = [];
    for (const root of found.roots) {
      const r = found.byRoot.get(root);
      if (!r) continue;
      if (!r.sorted) {
        r.list = [...r.set].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
        r.sorted = true;
      }
      // Detached, or moved into another root: dropped here (an add record lists it there).
      if (r.list.some((el) => !el.isConnected || el.getRootNode() !== root)) {
        r.list = r.list.filter((el) => el.isConnected && el.getRootNode() === root);
        r.set = new Set(r.list);
      }
      for (const el of r.list) out.push(el);
    }
    return out;
  }

  /** `el`'s names: kept when nothing they were read from changed, else `compute` (recording what it reads). */
  named(el: Element, key: string, compute: (d: Deps) => V): V {
    // Only where records come from: a root the page model observes (one found by the last discovery).
    if (!this.found?.byRoot.has(el.getRootNode())) return compute(NO_DEPS);
    const hit = this.names.get(el);
    if (hit && hit.key === key) return hit.value;
    const rec = new Recorder();
    const value = compute(rec);
    this.names.set(el, { value, key, subs: rec.subs, kids: rec.kidLists, ids: rec.ids });
    return value;
  }

  /**
   * Whether a person can reach `el` in `scope`, kept while no record touched what decides it:
   * the attributes (class, style, hidden, …) of the control, its proxy, its items, the scope
   * or any of their ancestors, their own content, their place, and no style sheet came or went.
   * (As before, a snapshot's verdicts did not follow a scroll or a resize either.)
   */
  reached(el: Element, scope: Document | Element, compute: () => { value: R; els: Element[] }): R {
    if (!this.found?.byRoot.has(el.getRootNode())) return compute().value;
    let per = this.reach.get(scope);
    if (!per) this.reach.set(scope, (per = new Map()));
    const hit = per.get(el);
    if (hit) return hit.value;
    const { value, els } = compute();
    per.set(el, { value, els, scope: scope.nodeType === Node.ELEMENT_NODE ? (scope as Element) : null });
    return value;
  }

  /** Apply the records seen since the last listing. Call before `candidates` / `named`. */
  flush(): void {
    if (!this.pending.length) return;
    const records = this.pending;
    this.pending = [];
    const touched = new Set<Node>();
    const kids = new Set<Node>();
    const ids = new Set<string>();
    const added = new Set<Element>();
    const retest: Element[] = [];
    const attrs = new Set<Node>();
    let sheets = false;
    const up = (n: Node | null) => {
      for (; n && !touched.has(n); n = n.parentNode) touched.add(n);
    };
    for (const r of records) {
      up(r.target);
      if (r.type === 'childList') {
        kids.add(r.target);
        if ((r.target as Element).localName === 'style') sheets = true;
        for (const n of Array.from(r.addedNodes)) if (n.nodeType === Node.ELEMENT_NODE) { added.add(n as Element); idsIn(n as Element, ids); sheets ||= bringsSheet(n as Element); }
        for (const n of Array.from(r.removedNodes)) if (n.nodeType === Node.ELEMENT_NODE) { idsIn(n as Element, ids); sheets ||= bringsSheet(n as Element); }
      } else if (r.type === 'characterData') {
        if (r.target.parentNode) kids.add(r.target.parentNode);
        if ((r.target.parentNode as Element | null)?.localName === 'style') sheets = true;
      } else {
        retest.push(r.target as Element);
        attrs.add(r.target);
        if (r.attributeName === 'id' || r.attributeName === 'for') {
          if (r.oldValue) ids.add(r.oldValue);
          const now = (r.target as Element).getAttribute(r.attributeName);
          if (now) ids.add(now);
        }
      }
    }
    const movedIn = (el: Element) => {
      if (!added.size) return false;
      for (let n: Node | null = el; n; n = n.parentNode) if (added.has(n as Element)) return true;
      return false;
    };
    for (const [el, e] of this.names) {
      const stale =
        !el.isConnected ||
        movedIn(el) ||
        e.subs.some((s) => touched.has(s) || !s.isConnected) ||
        e.kids.some((k) => kids.has(k)) ||
        e.ids.some((i) => ids.has(i));
      if (stale) this.names.delete(el);
    }
    if (sheets) this.reach.clear();
    // An attribute of the element or an ancestor (across shadow hosts and frames) may hide or show it.
    const styled = (el: Element) => {
      for (let n: Node | null = el; n; n = n.parentNode ?? (n as ShadowRoot).host ?? (n as Document).defaultView?.frameElement ?? null) if (attrs.has(n)) return true;
      return false;
    };
    for (const per of this.reach.values()) {
      for (const [el, e] of per) {
        const gone = (x: Element) => !x.isConnected || movedIn(x) || (attrs.size > 0 && styled(x));
        const stale = e.els.some((x) => gone(x) || touched.has(x)) || (e.scope !== null && gone(e.scope));
        if (stale) per.delete(el);
      }
    }
    this.update(added, retest);
  }

  private discover(): Found {
    this.flush();
    if (this.found) return this.found;
    const selector = this.selector;
    const roots = collectRoots(this.doc);
    const byRoot: Found['byRoot'] = new Map();
    for (const root of roots) {
      const list = Array.from(root.querySelectorAll(selector));
      byRoot.set(root, { set: new Set(list), list, sorted: true });
    }
    this.found = { roots, byRoot };
    return this.found;
  }

  /** Which elements are controls, after the records: added subtrees matched, changed attributes matched again. */
  private update(added: Set<Element>, retest: Element[]): void {
    const found = this.found;
    const selector = this.selector;
    if (!found) return;
    for (const el of added) {
      if (!el.isConnected) continue;
      const r = found.byRoot.get(el.getRootNode());
      // A subtree that brings its own shadow roots or frames, or lands in a root not known: start over.
      if (!r || collectRoots(el).length > 1) {
        this.found = null;
        return;
      }
      // New, or moved (already known, now elsewhere in tree order): sorted again either way.
      const inside = [...(el.matches(selector) ? [el] : []), ...Array.from(el.querySelectorAll(selector))];
      for (const c of inside) r.set.add(c);
      if (inside.length) r.sorted = false;
    }
    for (const el of retest) {
      if (!el.isConnected) continue;
      const r = found.byRoot.get(el.getRootNode());
      if (!r) continue;
      const is = el.matches(selector);
      if (is === r.set.has(el)) continue;
      if (is) r.set.add(el);
      else r.set.delete(el);
      r.sorted = false;
    }
  }
}

/** A style sheet (or an element holding one) that came or went: any verdict on visibility may change. */
function bringsSheet(el: Element): boolean {
  return el.localName === 'style' || el.localName === 'link' || !!el.querySelector('style, link');
}

/** Ids an added or removed subtree brings or takes (its elements' ids, its labels' `for`). */
function idsIn(el: Element, ids: Set<string>): void {
  const one = (e: Element) => {
    const id = e.getAttribute('id');
    if (id) ids.add(id);
    const f = e.localName === 'label' ? e.getAttribute('for') : null;
    if (f) ids.add(f);
  };
  one(el);
  for (const e of Array.from(el.querySelectorAll('[id], label[for]'))) one(e);
}
