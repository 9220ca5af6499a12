/**
 * Names of the tools a console page declares (WebMCP): `console.<name>`, the page's name in
 * deskhand's `<domain>.<capability>` shape. Pure, shared by the kit (which registers them) and
 * the worker (which knows them only by this domain: they are in no catalog).
 */
export const DECLARED_DOMAIN = 'console';

/**
 * `reply_to-customer` → `console.replyToCustomer`; null when nothing usable is left (the
 * registry's name rules still apply: at most 64 characters on the wire, a leading letter).
 */
export function declaredToolName(pageName: string): string | null {
  const words = pageName.split(/[^A-Za-z0-9]+/).filter(Boolean);
  if (!words.length || !/^[A-Za-z]/.test(words[0]!)) return null;
  const capability = words.map((w, i) => (i === 0 ? w[0]!.toLowerCase() + w.slice(1) : w[0]!.toUpperCase() + w.slice(1))).join('');
  const name = `${DECLARED_DOMAIN}.${capability}`;
  return name.length + 1 <= 64 ? name : null;
}
