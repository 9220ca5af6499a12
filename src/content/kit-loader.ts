/**
 * The kit on first use (issue 22): the registry, catalog, page model, profiles, editors and
 * KB providers are the kit (its parts in kit-files.ts), which the worker injects into this frame's isolated world
 * (`kit.load`, chrome.scripting.executeScript with `files`), as teach.js is. A packaged file
 * needs no web_accessible_resources, so no page can load or probe for it.
 */
import type { ToBackground } from '../messages/index.ts';
import { KIT_API_KEY, KIT_START_KEY, type KitApi, type KitStart } from './kit-api.ts';

const world = globalThis as unknown as Record<symbol, unknown>;

/**
 * A request to the worker without the reply schemas (they are the kit's): the reply as an
 * object when it says `ok: true`, otherwise null. Never throws.
 */
export async function ask(msg: ToBackground): Promise<Record<string, unknown> | null> {
  try {
    const r: unknown = await chrome.runtime.sendMessage(msg);
    return typeof r === 'object' && r !== null && (r as { ok?: unknown }).ok === true ? (r as Record<string, unknown>) : null;
  } catch {
    return null; // the worker could not be reached: the caller says what that means
  }
}

export interface LazyKit {
  get(): Promise<KitApi>;
  /** Was the kit asked for yet (it may still be loading)? */
  requested(): boolean;
}

export function lazyKit(facts: () => Promise<KitStart>): LazyKit {
  let loading: Promise<KitApi> | null = null;
  const load = async (): Promise<KitApi> => {
    world[Symbol.for(KIT_START_KEY)] = await facts();
    if (!world[Symbol.for(KIT_API_KEY)] && !(await ask({ type: 'kit.load' }))) throw new Error('deskhand could not load its tools on this page.');
    const got = world[Symbol.for(KIT_API_KEY)] as KitApi | undefined;
    if (!got) throw new Error('the kit was injected but did not register.');
    return got;
  };
  return {
    get() {
      loading ??= load().catch((e: unknown) => {
        loading = null; // a failed injection may be retried by the next use
        throw e;
      });
      return loading;
    },
    requested: () => loading !== null,
  };
}
