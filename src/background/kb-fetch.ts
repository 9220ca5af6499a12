/**
 * `kb.fetch`: a console's own KB provider URL whose credentials the content script never saw
 * (src/messages/sealed.ts). The worker puts the sealed values back from the settings of the
 * sender's origin (as the browser stamped it), fetches with the console's cookies, and answers
 * with status, content type and body only — never the URL it fetched.
 */
import { refusal, type Reply, type SenderKind } from '../messages/index.ts';
import { unsealUrl } from '../messages/sealed.ts';
import { isConsoleOrigin } from '../settings/schema.ts';
import { loadSettings } from '../settings/store.ts';

const MAX_BODY = 2_000_000;

export async function kbFetch(msg: { url: string; accept: string }, from: SenderKind): Promise<Reply<Record<string, unknown>>> {
  const { settings } = await loadSettings();
  if (from.kind !== 'content' || from.frameId !== 0 || !isConsoleOrigin(from.origin, settings)) return refusal('NOT_CONSOLE', 'Only a console tab fetches its knowledge source.');
  let requested: URL;
  try {
    requested = new URL(msg.url, from.origin);
  } catch {
    return refusal('KB_BAD_URL', 'Not a URL.', 'validation');
  }
  if (requested.origin !== from.origin) return refusal('KB_OFF_ORIGIN', 'A knowledge source is fetched from its own console only.', 'validation');
  const url = unsealUrl(requested, settings.kb.providers[from.origin] ?? []);
  if (!url) return refusal('KB_NOT_SEALED', 'This URL is not one of this console\'s knowledge sources.', 'validation');
  let res: Response;
  try {
    res = await fetch(url.href, { credentials: 'include', redirect: 'follow', headers: { accept: msg.accept }, signal: AbortSignal.timeout(8_000) });
  } catch {
    return { ok: true, status: 0, contentType: '', body: '' };
  }
  if (res.url && new URL(res.url).origin !== from.origin) return refusal('KB_OFF_ORIGIN', `${requested.pathname} redirected to another origin; not read.`);
  const body = (await res.text()).slice(0, MAX_BODY);
  return { ok: true, status: res.status, contentType: res.headers.get('content-type') ?? '', body };
}
