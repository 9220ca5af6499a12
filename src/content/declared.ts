/**
 * Keeps THE registry in step with the tools this console page declares (WebMCP, issue 24):
 * read once the kit is ready, again on every `toolchange`. Only on a console origin, and only
 * where the browser offers `document.modelContext` (without it nothing is read or registered).
 * Each `toolchange` counts: a call prepared before it is bound to the tools of then, so the
 * executor refuses it (a page that re-registers a tool may have swapped its code).
 */
import { declaredTools, type DeclaredReport } from '../catalog/declared.ts';
import { modelContextOf, onToolsChanged, readDeclared } from '../dom/webmcp.ts';
import type { Registry } from '../tools/registry.ts';
import type { PageModel } from '../page/model.ts';

export interface DeclaredSync {
  /** Reads the page's tools now and registers them; resolves when done. */
  sync(): Promise<void>;
  report(): readonly DeclaredReport[];
}

export function watchDeclared(registry: Registry, model: PageModel, doc: Document = document): DeclaredSync | null {
  const mc = modelContextOf(doc);
  if (!mc) return null;
  let epoch = 0;
  let report: readonly DeclaredReport[] = [];
  let running: Promise<void> = Promise.resolve();
  const once = async () => {
    const list = await readDeclared(mc, doc);
    const s = model.current();
    const built = await declaredTools(list, { doc, mc, epoch, profileGrade: (name) => s.declaredGrade(name) });
    const problems = registry.replaceDeclared(built.tools);
    report = built.report.map((r) => {
      const p = r.tool ? problems.find((x) => x.name === r.tool) : undefined;
      return p ? { ...r, tool: null, problem: p.problem } : r;
    });
  };
  // One read at a time, in order: a burst of toolchange events ends with the page's latest tools.
  const sync = () => (running = running.then(once, once));
  onToolsChanged(mc, () => {
    epoch += 1;
    // At once, before the page's new list is read: a confirmation executed in between must find
    // no tool (refused), never the old definition with the page's new code behind its name.
    registry.replaceDeclared([]);
    void sync();
  });
  return { sync, report: () => report };
}
