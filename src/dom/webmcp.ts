/**
 * The tools a page declares to in-browser agents (WebMCP: `document.modelContext`), read from
 * the isolated world. Checked in Debian's Chromium 156 with `--enable-features=WebMCP`:
 * `getTools()` lists imperative tools (`registerTool`) and declarative ones (`<form toolname>`)
 * with `name`, `description`, `inputSchema` (an object) and `annotations` (`readOnlyHint`,
 * `consequentialHint`, `untrustedContentHint`, `debugging`; absent when the page gave none);
 * `executeTool(tool, input)` runs the page's `execute` (looked up by name: a re-registered tool
 * runs its new code) and resolves to its result as a string; there is no unregister (a page
 * aborts the signal it registered with) and `toolchange` fires on every change.
 *
 * Everything here is page data: copied out as plain JSON, bounded, never kept by reference
 * except the tool object `executeTool` needs. No profile, no grade: src/catalog/declared.ts decides those.
 */
import { setValue } from './set-value.ts';
import { kindOf } from './find.ts';

/** The tool objects `getTools()` returns (they also hold page references: read fields, never serialise). */
export interface PageToolRef {
  readonly name: string;
  readonly description: string;
  readonly inputSchema?: unknown;
  readonly annotations?: unknown;
}

export interface ModelContextLike extends EventTarget {
  getTools(): Promise<readonly PageToolRef[]>;
  executeTool(tool: PageToolRef, input: Record<string, unknown>): Promise<unknown>;
  registerTool?(tool: OfferedTool, opts?: { signal?: AbortSignal }): void;
}

/** What deskhand registers when it offers its own tools (content/offer.ts). */
export interface OfferedTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  annotations: { readOnlyHint: boolean; destructiveHint?: boolean };
  execute(input: Record<string, unknown>): Promise<unknown>;
}

/**
 * The names deskhand's own offered tools carry. A tool registered from the isolated world is
 * listed to every world, deskhand's reader included: it never takes these back as the console's.
 */
export const OFFER_PREFIX = 'deskhand_';

export interface Annotations {
  readOnlyHint?: boolean;
  consequentialHint?: boolean;
  untrustedContentHint?: boolean;
}

/** One declared tool as plain data, plus the handle to run it. */
export interface DeclaredOnPage {
  name: string;
  description: string;
  /** A JSON copy of the page's schema (undefined when it could not be copied or was too large). */
  inputSchema: unknown;
  annotations: Annotations | null;
  /** Declared by a `<form toolname>`. */
  form: boolean;
  ref: PageToolRef;
}

export const DECLARED_LIMITS = { tools: 30, description: 1_000, schemaChars: 8_000, name: 64 } as const;

export function modelContextOf(doc: Document): ModelContextLike | null {
  try {
    const mc = (doc as unknown as { modelContext?: unknown }).modelContext;
    if (!mc || typeof mc !== 'object') return null;
    const m = mc as Partial<ModelContextLike>;
    return typeof m.getTools === 'function' && typeof m.executeTool === 'function' && typeof m.addEventListener === 'function' ? (mc as ModelContextLike) : null;
  } catch {
    return null;
  }
}

/** The page's declared tools, at most DECLARED_LIMITS.tools of them; never throws. */
export async function readDeclared(mc: ModelContextLike, doc: Document): Promise<DeclaredOnPage[]> {
  let tools: readonly PageToolRef[];
  try {
    tools = await mc.getTools();
  } catch {
    return [];
  }
  const out: DeclaredOnPage[] = [];
  for (const ref of [...tools].slice(0, DECLARED_LIMITS.tools)) {
    const name = typeof ref.name === 'string' ? ref.name.slice(0, DECLARED_LIMITS.name) : '';
    if (!name || name.startsWith(OFFER_PREFIX)) continue;
    out.push({
      name,
      description: typeof ref.description === 'string' ? ref.description.slice(0, DECLARED_LIMITS.description) : '',
      inputSchema: jsonCopy(ref.inputSchema),
      annotations: annotationsOf(ref.annotations),
      form: !!declaredForm(doc, name),
      ref,
    });
  }
  return out;
}

function jsonCopy(v: unknown): unknown {
  try {
    const text = JSON.stringify(v);
    return text === undefined || text.length > DECLARED_LIMITS.schemaChars ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function annotationsOf(v: unknown): Annotations | null {
  if (!v || typeof v !== 'object') return null;
  const a = v as Record<string, unknown>;
  const out: Annotations = {};
  for (const k of ['readOnlyHint', 'consequentialHint', 'untrustedContentHint'] as const) if (typeof a[k] === 'boolean') out[k] = a[k];
  return out;
}

/** Runs the page's own `execute`; its result as text (what Chromium hands back is a string). */
export async function runDeclared(mc: ModelContextLike, ref: PageToolRef, input: Record<string, unknown>): Promise<string> {
  const r = await mc.executeTool(ref, input);
  if (typeof r === 'string') return r;
  try {
    return JSON.stringify(r) ?? '';
  } catch {
    return String(r);
  }
}

export function declaredForm(doc: Document, name: string): HTMLFormElement | null {
  for (const f of doc.querySelectorAll('form[toolname]')) if (f.getAttribute('toolname') === name) return f as HTMLFormElement;
  return null;
}

/**
 * Fills a declarative tool's form with the input, as a person would type it, and never submits
 * it (not even a `toolautosubmit` form: the agent reviews and submits). Deskhand fills it itself
 * rather than through `executeTool`, which submits such forms.
 */
export async function fillDeclaredForm(doc: Document, name: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<{ filled: string[]; missing: string[] }> {
  const form = declaredForm(doc, name);
  const filled: string[] = [];
  const missing: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const el = form ? [...form.elements].find((e) => e.getAttribute('name') === key) : undefined;
    if (!el || value === undefined || value === null) {
      missing.push(key);
      continue;
    }
    const r = await setValue(el, kindOf(el), typeof value === 'string' ? value : JSON.stringify(value), signal);
    (r.ok ? filled : missing).push(key);
  }
  return { filled, missing };
}

/** Calls `cb` when the page's tools change; returns the unsubscribe. */
export function onToolsChanged(mc: ModelContextLike, cb: () => void): () => void {
  mc.addEventListener('toolchange', cb);
  return () => mc.removeEventListener('toolchange', cb);
}
