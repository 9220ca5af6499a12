/**
 * Teach mode on demand (issue 10: content-script size). The picker, the rule builder,
 * @medv/finder and the console report are not in the content script; the first teach or
 * report message loads dist/teach.js through the worker (`teach.load`), once per frame.
 */
import { toBackground } from '../messages/client.ts';
import type { handleTeach } from './picker.ts';
import type { handleRecord } from './recorder.ts';
import { KIT_KEY, TEACH_KEY } from './teach-keys.ts';
import { TEACH_KIT } from './teach-kit.ts';

export interface TeachModule {
  handleTeach: typeof handleTeach;
  handleRecord: typeof handleRecord;
}

const world = globalThis as unknown as Record<symbol, unknown>;
let loading: Promise<TeachModule> | null = null;

/** teach.js's entry points, injecting it first if this frame has not loaded it yet. */
export function teachModule(): Promise<TeachModule> {
  loading ??= load().catch((e: unknown) => {
    loading = null; // a failed injection may be retried by the next message
    throw e;
  });
  return loading;
}

async function load(): Promise<TeachModule> {
  world[Symbol.for(KIT_KEY)] = TEACH_KIT;
  if (!world[Symbol.for(TEACH_KEY)]) {
    const reply = await toBackground({ type: 'teach.load' });
    if (!reply.ok) throw new Error(reply.error.detail);
  }
  const mod = world[Symbol.for(TEACH_KEY)] as TeachModule | undefined;
  if (!mod) throw new Error('teach.js was injected but did not register.');
  return mod;
}
