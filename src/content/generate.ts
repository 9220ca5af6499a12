/** The configured model's text, asked of the service worker (the flows' generate step, category.match). */
import { toBackground } from '../messages/client.ts';
import { errorText } from '../ui/errors.ts';

/**
 * The generate step runs in the worker; Stop (the step's AbortSignal) cancels the worker's
 * request to the model and ends the step at once, so the flow ends `cancelled`.
 */
export async function generateInWorker(req: { system: string; user: string }, signal: AbortSignal): Promise<string> {
  const requestId = crypto.randomUUID();
  const aborted = new Promise<never>((_, reject) => {
    const onAbort = () => {
      void toBackground({ type: 'llm.cancel', requestId });
      reject(new DOMException('The flow was stopped.', 'AbortError'));
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  const r = await Promise.race([toBackground<{ text: string }>({ type: 'llm.generate', requestId, system: req.system, user: req.user }), aborted]);
  // Shown to the agent inside the step's error (GENERATE_FAILED), so in the agent's language.
  if (!r.ok) throw new Error(errorText(r.error));
  return r.text;
}
