/** The configured model's text, asked of the service worker (the flows' generate step, category.match). */
import { toBackground } from '../messages/client.ts';
import { errorText } from '../ui/errors.ts';

/**
 * The request runs in the worker. An abort (a flow's Stop, category.match's wait running out)
 * cancels the worker's request to the model and rejects at once with the signal's reason, so
 * the caller can tell a person's Stop from a timeout.
 */
export async function generateInWorker(req: { system: string; user: string }, signal: AbortSignal): Promise<string> {
  const requestId = crypto.randomUUID();
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => {
      void toBackground({ type: 'llm.cancel', requestId });
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Stopped.', 'AbortError'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  const r = await Promise.race([toBackground<{ text: string }>({ type: 'llm.generate', requestId, system: req.system, user: req.user }), aborted]);
  // Shown to the agent inside the step's error (GENERATE_FAILED), so in the agent's language.
  if (!r.ok) throw new Error(errorText(r.error));
  return r.text;
}
