/**
 * Internal names keep their dots (`kb.search`); OpenAI-style function names may not.
 * The chat path maps `.` <-> `__` at its edge only (DESIGN.md "Wire names").
 */

/** Leading letter for Gemini/Moonshot; 64 chars for OpenAI. */
export const WIRE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** `<domain>.<capability>`: lowercase domain, camelCase capability. */
export const TOOL_NAME = /^[a-z][a-zA-Z0-9]*\.[a-z][a-zA-Z0-9]*$/;

export const toWire = (name: string): string => name.replace(/\./g, '__');
export const fromWire = (wire: string): string => wire.replace(/__/g, '.');

/** Why a name cannot be registered, or null when it is fine. */
export function nameProblem(name: string): string | null {
  if (name.includes('__')) {
    return `"${name}" contains "__", which the wire mapping uses for "."; rename it without "__".`;
  }
  if (!TOOL_NAME.test(name)) {
    return `"${name}" is not <domain>.<capability> (e.g. "kb.search": lowercase domain, one dot, camelCase capability).`;
  }
  const wire = toWire(name);
  if (!WIRE_NAME.test(wire)) {
    return `wire name "${wire}" must match ${WIRE_NAME} (start with a letter, at most 64 characters).`;
  }
  if (fromWire(wire) !== name) {
    return `"${name}" does not round-trip through its wire name "${wire}".`;
  }
  return null;
}
