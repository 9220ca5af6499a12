/**
 * Chat history per tab in chrome.storage.session: it survives closing the panel and a
 * service-worker restart, and is gone when the browser session ends. A different
 * conversation on the console starts a fresh context.
 */
import type { Incomplete, ToolChip } from '../llm/loop.ts';

export interface StoredTurn {
  /** Stable key of the turn (its streamed rendering carries over when it finishes). */
  id?: string;
  question: string;
  answer: string;
  chips: ToolChip[];
  rounds: number;
  stopped: 'answered' | 'round_cap' | 'aborted' | 'error' | 'incomplete';
  incomplete?: Incomplete;
  /** The answer was cut at the cap (64 KB). */
  capped?: true;
  error?: string;
  at: number;
  /** Wall time of the whole question, in ms. */
  ms?: number;
}

export interface Thread {
  conversationId: string | null;
  turns: StoredTurn[];
}

const key = (tabId: number) => `chat:${tabId}`;
const MAX_TURNS = 30;

export async function loadThread(tabId: number, conversationId: string | null): Promise<Thread> {
  const got = await chrome.storage.session.get(key(tabId));
  const stored = got[key(tabId)] as Thread | undefined;
  if (!stored || stored.conversationId !== conversationId) return { conversationId, turns: [] };
  return stored;
}

export async function saveThread(tabId: number, thread: Thread): Promise<void> {
  await chrome.storage.session.set({ [key(tabId)]: { ...thread, turns: thread.turns.slice(-MAX_TURNS) } });
}
